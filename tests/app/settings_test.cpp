#include "app/session/settings.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "app/platform/platform_paths.hpp"
#include "tests/app/app_test_support.hpp"

using namespace reslab;
namespace fs = std::filesystem;

namespace {

using reslab::test::ScratchDir;

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

void check_defaults(const Settings& settings) {
  const Settings defaults;
  CHECK(settings.window_width == defaults.window_width);
  CHECK(settings.window_height == defaults.window_height);
  CHECK(settings.maximized == defaults.maximized);
  CHECK(settings.lang == defaults.lang);
  CHECK(settings.theme == defaults.theme);
  CHECK(settings.zoom == defaults.zoom);
  CHECK(settings.screenshot_scale == defaults.screenshot_scale);
  CHECK(settings.screenshot_dir == defaults.screenshot_dir);
  CHECK(settings.last_scenario == defaults.last_scenario);
  CHECK(settings.seconds_per_step == defaults.seconds_per_step);
  CHECK(settings.compare == defaults.compare);
  CHECK(settings.backend == "sqlite");
  CHECK(settings.compare_backends == defaults.compare_backends);
}

}  // namespace

TEST_CASE("settings saved and loaded again come back unchanged") {
  ScratchDir dir;
  Settings saved;
  saved.window_width = 1280;
  saved.window_height = 720;
  saved.maximized = true;
  saved.lang = "zh";
  saved.theme = "dark";
  saved.zoom = 1.25f;
  saved.screenshot_scale = 2;
  saved.screenshot_dir = "/home/学生/图片 \"课堂\"\\截图";
  saved.last_scenario = "h2_hold_expiry";
  saved.seconds_per_step = 0.7;
  saved.compare = true;
  saved.backend = "postgres";
  saved.compare_backends = true;
  const std::string path = dir.file("settings.toml");
  REQUIRE(save_settings(path, saved) == "");

  const Settings loaded = load_settings(path);
  CHECK(loaded.window_width == 1280);
  CHECK(loaded.window_height == 720);
  CHECK(loaded.maximized);
  CHECK(loaded.lang == "zh");
  CHECK(loaded.theme == "dark");
  CHECK(loaded.zoom == 1.25f);
  CHECK(loaded.screenshot_scale == 2);
  CHECK(loaded.screenshot_dir == saved.screenshot_dir);
  CHECK(loaded.last_scenario == "h2_hold_expiry");
  CHECK(loaded.seconds_per_step == 0.7);
  CHECK(loaded.compare);
  CHECK(loaded.backend == "postgres");
  CHECK(loaded.compare_backends);
}

TEST_CASE("a settings file is plain key = value lines a person can read") {
  ScratchDir dir;
  Settings settings;
  settings.zoom = 1.1f;
  const std::string path = dir.file("settings.toml");
  REQUIRE(save_settings(path, settings) == "");
  const std::string text = read_file(path);
  CHECK(text.find("\nzoom = 1.1\n") != std::string::npos);
  CHECK(text.find("\nseconds_per_step = 1.5\n") != std::string::npos);
  CHECK(text.find("\ntheme = \"light\"\n") != std::string::npos);
}

TEST_CASE("a missing settings file gives the defaults") {
  ScratchDir dir;
  check_defaults(load_settings(dir.file("never_written.toml")));
}

TEST_CASE("an empty settings path gives the defaults and cannot be saved to") {
  check_defaults(load_settings(""));
  CHECK(save_settings("", Settings{}) != "");
}

TEST_CASE("saving creates the settings folder and its parents") {
  ScratchDir dir;
  const std::string path = dir.file("config/reslab/settings.toml");
  REQUIRE(save_settings(path, Settings{}) == "");
  CHECK(fs::is_regular_file(path));
}

TEST_CASE("saving replaces the old file and leaves no temporary file behind") {
  ScratchDir dir;
  const std::string path = dir.file("settings.toml");
  Settings settings;
  REQUIRE(save_settings(path, settings) == "");
  settings.theme = "dark";
  REQUIRE(save_settings(path, settings) == "");
  CHECK(load_settings(path).theme == "dark");
  int files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.file(""))) ++files;
  CHECK(files == 1);
}

TEST_CASE("saving where the folder cannot be created returns a message naming the file") {
  ScratchDir dir;
  write_file(dir.file("blocker"), "a file, not a folder");
  const std::string path = dir.file("blocker/reslab/settings.toml");
  const std::string problem = save_settings(path, Settings{});
  CHECK(problem.find(path) != std::string::npos);
  CHECK(problem.find("blocker/reslab") != std::string::npos);
}

TEST_CASE("a value of the wrong type or an unknown name falls back to its default") {
  ScratchDir dir;
  const std::string path = dir.file("settings.toml");
  write_file(path, R"(window_width = "wide"
window_height = 700
maximized = 1
lang = "fr"
theme = "solarized"
zoom = "big"
screenshot_scale = 1.5
screenshot_dir = 42
last_scenario = ["h1"]
seconds_per_step = nan
compare = "yes"
backend = "oracle"
compare_backends = 2
)");
  const Settings settings = load_settings(path);
  const Settings defaults;
  CHECK(settings.window_width == defaults.window_width);
  CHECK(settings.window_height == 700);  // the good value next to the bad ones is kept
  CHECK(settings.maximized == defaults.maximized);
  CHECK(settings.lang == "");
  CHECK(settings.theme == "light");
  CHECK(settings.zoom == defaults.zoom);
  CHECK(settings.screenshot_scale == defaults.screenshot_scale);
  CHECK(settings.screenshot_dir == "");
  CHECK(settings.last_scenario == "");
  CHECK(settings.seconds_per_step == defaults.seconds_per_step);
  CHECK(settings.compare == defaults.compare);
  CHECK(settings.backend == "sqlite");
  CHECK_FALSE(settings.compare_backends);
}

TEST_CASE("numbers out of range are clamped to the nearest allowed value") {
  ScratchDir dir;
  const std::string path = dir.file("settings.toml");
  write_file(path,
             "window_width = 10\nwindow_height = 99999999999\nzoom = 9.0\nscreenshot_scale = 0\n"
             "seconds_per_step = 0.01\n");
  Settings settings = load_settings(path);
  CHECK(settings.window_width == 640);
  CHECK(settings.window_height == 16384);
  CHECK(settings.zoom == 2.5f);
  CHECK(settings.screenshot_scale == 1);
  CHECK(settings.seconds_per_step == 0.2);

  write_file(path, "zoom = 0\nscreenshot_scale = 3\nseconds_per_step = 60\n");
  settings = load_settings(path);
  CHECK(settings.zoom == 0.6f);
  CHECK(settings.screenshot_scale == 2);
  CHECK(settings.seconds_per_step == 10.0);
}

TEST_CASE("a whole number is accepted where a fraction is expected") {
  ScratchDir dir;
  const std::string path = dir.file("settings.toml");
  write_file(path, "zoom = 2\nseconds_per_step = 3\n");
  const Settings settings = load_settings(path);
  CHECK(settings.zoom == 2.0f);
  CHECK(settings.seconds_per_step == 3.0);
}

TEST_CASE("unknown keys and tables are ignored") {
  ScratchDir dir;
  const std::string path = dir.file("settings.toml");
  write_file(path, "future_option = true\ntheme = \"dark\"\n[panels]\nleft = 300\n");
  const Settings settings = load_settings(path);
  CHECK(settings.theme == "dark");
}

TEST_CASE("a file that is not TOML gives the defaults") {
  ScratchDir dir;
  const std::string path = dir.file("settings.toml");
  write_file(path, "theme = \"dark\"\nthis is not toml [[[\n\x01\xff\xfe");
  check_defaults(load_settings(path));
}

TEST_CASE("a path that is not UTF-8 is left out instead of spoiling the whole file") {
  ScratchDir dir;
  const std::string path = dir.file("settings.toml");
  Settings saved;
  saved.theme = "dark";
  saved.screenshot_dir = "/tmp/\xff\xfe";
  REQUIRE(save_settings(path, saved) == "");
  const Settings loaded = load_settings(path);
  CHECK(loaded.theme == "dark");
  CHECK(loaded.screenshot_dir == "");
}

TEST_CASE("the settings file is settings.toml in the config folder") {
  CHECK(settings_path() == config_dir() + "/settings.toml");
}

TEST_CASE("the files opened lately are kept, the latest first, with any characters in their paths") {
  reslab::test::ScratchDir dir;
  reslab::Settings saved;
  saved.recent_files = {"/tmp/a \"quoted\" case.toml", "/home/u/课程/h9.toml"};
  REQUIRE(reslab::save_settings(dir.file("settings.toml"), saved).empty());
  const reslab::Settings loaded = reslab::load_settings(dir.file("settings.toml"));
  CHECK(loaded.recent_files == saved.recent_files);
}
