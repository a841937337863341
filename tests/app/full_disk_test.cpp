// A disk that fills up mid-write: RLIMIT_FSIZE makes every write past a few
// bytes fail (EFBIG), as a full disk would. Each writer must say so, leave no
// half-written file behind, and keep whatever was there before.
#include <doctest/doctest.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "app/platform/png_writer.hpp"
#include "app/session/settings.hpp"
#include "gui_driver.hpp"
#include "tests/app/app_test_support.hpp"

namespace reslab {
namespace {

using test::ScratchDir;

// Limits the size of any file this process writes, for the scope of one test.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    m_previous_handler = std::signal(SIGXFSZ, SIG_IGN);  // EFBIG instead of a signal
    getrlimit(RLIMIT_FSIZE, &m_previous);
    rlimit limit = m_previous;
    limit.rlim_cur = bytes;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &limit) == 0);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &m_previous);
    std::signal(SIGXFSZ, m_previous_handler);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit m_previous{};
  void (*m_previous_handler)(int) = nullptr;
};

int files_in(const std::string& dir) {
  int count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++count;
  return count;
}

RgbaImage noisy_image() {
  RgbaImage image{256, 256, std::vector<std::uint8_t>(256 * 256 * 4)};
  std::uint32_t state = 12345;
  for (auto& byte : image.pixels)
    byte = static_cast<std::uint8_t>((state = state * 1103515245u + 12345u) >> 16);
  return image;
}

TEST_CASE("a PNG that does not fit on the disk is an error and leaves no file") {
  ScratchDir dir;
  std::string error;
  {
    FileSizeLimit limit(4096);
    error = write_png(dir.file("shot.png"), noisy_image());
  }
  CHECK_FALSE(error.empty());
  CHECK(error.find(dir.file("shot.png")) != std::string::npos);
  CHECK(files_in(dir.path()) == 0);
}

TEST_CASE("a PNG that does not fit keeps the earlier file of that name intact") {
  ScratchDir dir;
  RgbaImage small{2, 2, std::vector<std::uint8_t>(16, 255)};
  REQUIRE(write_png(dir.file("shot.png"), small).empty());
  {
    FileSizeLimit limit(4096);
    CHECK_FALSE(write_png(dir.file("shot.png"), noisy_image()).empty());
  }
  RgbaImage back;
  REQUIRE(read_png(dir.file("shot.png"), back).empty());
  CHECK(back.pixels == small.pixels);
  CHECK(files_in(dir.path()) == 1);
}

TEST_CASE("settings that do not fit on the disk are an error and the old file stays") {
  ScratchDir dir;
  Settings before;
  before.lang = "zh";
  REQUIRE(save_settings(dir.file("settings.toml"), before).empty());
  Settings after = before;
  after.screenshot_dir = std::string(8000, 'x');
  {
    FileSizeLimit limit(1024);
    CHECK_FALSE(save_settings(dir.file("settings.toml"), after).empty());
  }
  CHECK(load_settings(dir.file("settings.toml")).lang == "zh");
  CHECK(load_settings(dir.file("settings.toml")).screenshot_dir.empty());
  CHECK(files_in(dir.path()) == 1);
}

TEST_CASE("a Markdown trace that does not fit is an error toast and leaves no file") {
  ScratchDir dir;
  Settings settings;
  settings.lang = "en";
  settings.screenshot_dir = dir.path();
  testing::GuiDriver gui("h1", settings);
  for (int i = 0; i < 4; ++i) gui.app().apply(StepForward{});
  {
    FileSizeLimit limit(200);
    gui.app().apply(SaveTraceMarkdown{});
  }
  REQUIRE_FALSE(gui.app().view().toasts.empty());
  CHECK(gui.app().view().toasts.back().error);
  CHECK(files_in(dir.path()) == 0);
  gui.app().apply(SaveTraceMarkdown{});
  CHECK_FALSE(gui.app().view().toasts.back().error);
  CHECK(std::filesystem::exists(dir.file("h1-atomic-en.md")));
}

TEST_CASE("a corrupt settings file gives the defaults and a warning naming its position") {
  ScratchDir dir;
  std::ofstream(dir.file("settings.toml")) << "zoom = 1.5\nlang = \n";
  std::string warning;
  const Settings settings = load_settings(dir.file("settings.toml"), warning);
  CHECK(settings.zoom == doctest::Approx(1.0f));
  CHECK(warning.rfind(dir.file("settings.toml") + ":2:", 0) == 0);
  CHECK(warning.find("defaults") != std::string::npos);
}

}  // namespace
}  // namespace reslab
