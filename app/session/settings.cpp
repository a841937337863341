#include "app/session/settings.hpp"

#include <toml++/toml.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string_view>
#include <system_error>

#include "app/platform/platform_paths.hpp"
#include "core/sim/real_text.hpp"
#include "core/sim/toml_text.hpp"

namespace reslab {
namespace fs = std::filesystem;

namespace {

constexpr int kMinWindowWidth = 640, kMinWindowHeight = 400;
constexpr int kMaxWindowSide = 16384;
constexpr double kMinZoom = 0.6, kMaxZoom = 2.5;
constexpr double kMinSecondsPerStep = 0.2, kMaxSecondsPerStep = 10.0;
constexpr int kMinScreenshotScale = 1, kMaxScreenshotScale = 2;
// Ours is well under a kilobyte; anything much larger is not a settings file.
constexpr std::uintmax_t kMaxSettingsBytes = 1 << 20;

void read_integer(const toml::table& root, std::string_view key, int min, int max, int& out) {
  if (const auto value = root[key].value<std::int64_t>())
    out = static_cast<int>(std::clamp<std::int64_t>(*value, min, max));
}

// TOML allows nan and inf; neither means anything for a zoom or a speed.
void read_number(const toml::table& root, std::string_view key, double min, double max, double& out) {
  if (const auto value = root[key].value<double>(); value && std::isfinite(*value))
    out = std::clamp(*value, min, max);
}

void read_boolean(const toml::table& root, std::string_view key, bool& out) {
  if (const auto value = root[key].value_exact<bool>()) out = *value;
}

void read_string(const toml::table& root, std::string_view key, std::string& out) {
  if (const auto value = root[key].value_exact<std::string>()) out = *value;
}

void read_choice(const toml::table& root, std::string_view key,
                 std::initializer_list<std::string_view> allowed, std::string& out) {
  const auto value = root[key].value_exact<std::string>();
  if (value && std::find(allowed.begin(), allowed.end(), *value) != allowed.end()) out = *value;
}

bool read_small_file(const std::string& path, std::string& text) {
  std::error_code error;
  const std::uintmax_t size = fs::file_size(path, error);
  if (error || size > kMaxSettingsBytes) return false;
  std::ifstream file(path, std::ios::binary);
  if (!file) return false;
  std::ostringstream contents;
  contents << file.rdbuf();
  text = contents.str();
  return true;
}

// Shortest text that reads back as the same number ("1.1", not "1.1000000000000001"), always with a
// decimal point so the file shows a fraction where one is meant.
template <typename Number>
std::string decimal(Number value) {
  std::string text = shortest_real_text(value);
  if (text.find_first_of(".en") == std::string::npos) text += ".0";
  return text;
}

// Linux paths may hold bytes that are not UTF-8, which TOML rejects; one such value must not make the
// whole file unreadable on the next start, so a line that would not parse is left out.
bool reads_back(const std::string& line) {
  try {
    (void)toml::parse(line);
    return true;
  } catch (const toml::parse_error&) {
    return false;
  }
}

std::string settings_text(const Settings& settings) {
  std::string text =
      "# reslab settings, rewritten by the app. Unknown keys are ignored and a bad value\n"
      "# falls back to its default, so editing by hand is safe.\n";
  const auto line = [&text](std::string_view key, const std::string& value) {
    std::string entry = std::string(key) + " = " + value + "\n";
    if (reads_back(entry)) text += entry;
  };
  line("window_width", std::to_string(settings.window_width));
  line("window_height", std::to_string(settings.window_height));
  line("maximized", settings.maximized ? "true" : "false");
  line("lang", toml_quoted(settings.lang));
  line("theme", toml_quoted(settings.theme));
  line("zoom", decimal(settings.zoom));
  line("screenshot_scale", std::to_string(settings.screenshot_scale));
  line("screenshot_dir", toml_quoted(settings.screenshot_dir));
  line("last_scenario", toml_quoted(settings.last_scenario));
  line("seconds_per_step", decimal(settings.seconds_per_step));
  line("compare", settings.compare ? "true" : "false");
  line("backend", toml_quoted(settings.backend));
  line("compare_backends", settings.compare_backends ? "true" : "false");
  std::string recent;
  for (const auto& file : settings.recent_files) {
    const std::string item = toml_quoted(file);
    if (reads_back("x = [" + item + "]")) recent += (recent.empty() ? "" : ", ") + item;
  }
  line("recent_files", "[" + recent + "]");
  return text;
}

std::string system_reason() {
  return std::strerror(errno);
}

// Written and flushed to the disk before the rename, so the rename never exposes an empty file.
std::string write_durably(const std::string& path, const std::string& text) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return system_reason();
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size() &&
                       std::fflush(file) == 0 && fsync(fileno(file)) == 0;
  std::string reason = written ? "" : system_reason();
  if (std::fclose(file) != 0 && reason.empty()) reason = system_reason();
  return reason;
}

}  // namespace

Settings load_settings(const std::string& path) {
  std::string ignored;
  return load_settings(path, ignored);
}

Settings load_settings(const std::string& path, std::string& warning) {
  warning.clear();
  Settings settings;
  std::string text;
  if (path.empty() || !read_small_file(path, text)) return settings;
  try {
    const toml::table root = toml::parse(text, std::string_view(path));
    read_integer(root, "window_width", kMinWindowWidth, kMaxWindowSide, settings.window_width);
    read_integer(root, "window_height", kMinWindowHeight, kMaxWindowSide, settings.window_height);
    read_boolean(root, "maximized", settings.maximized);
    read_choice(root, "lang", {"", "en", "zh"}, settings.lang);
    read_choice(root, "theme", {"light", "dark"}, settings.theme);
    double zoom = settings.zoom;
    read_number(root, "zoom", kMinZoom, kMaxZoom, zoom);
    settings.zoom = static_cast<float>(zoom);
    read_integer(root, "screenshot_scale", kMinScreenshotScale, kMaxScreenshotScale,
                 settings.screenshot_scale);
    read_string(root, "screenshot_dir", settings.screenshot_dir);
    read_string(root, "last_scenario", settings.last_scenario);
    read_number(root, "seconds_per_step", kMinSecondsPerStep, kMaxSecondsPerStep, settings.seconds_per_step);
    read_boolean(root, "compare", settings.compare);
    read_choice(root, "backend", {"sqlite", "postgres", "mariadb"}, settings.backend);
    read_boolean(root, "compare_backends", settings.compare_backends);
    if (const toml::array* recent = root["recent_files"].as_array())
      for (const auto& item : *recent)
        if (const auto file = item.value_exact<std::string>();
            file && settings.recent_files.size() < Settings::kRecentFiles)
          settings.recent_files.push_back(*file);
  } catch (const toml::parse_error& error) {
    // A file we cannot read is a file we do not have; it is rewritten on exit.
    const auto& at = error.source().begin;
    warning = path + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
              std::string(error.description()) + " (settings reset to their defaults)";
    return Settings{};
  } catch (const std::exception& error) {
    warning = path + ": " + error.what() + " (settings reset to their defaults)";
    return Settings{};
  }
  return settings;
}

std::string save_settings(const std::string& path, const Settings& settings) {
  if (path.empty()) return "cannot save settings: there is no config folder (HOME is not set)";
  const std::string failed = "cannot save settings to '" + path + "': ";
  if (const fs::path parent = fs::path(path).parent_path(); !parent.empty()) {
    if (std::string problem = ensure_dir(parent.string()); !problem.empty()) return failed + problem;
  }
  // The process id keeps two running copies of the app from writing the same temporary file.
  const std::string temporary = path + ".tmp" + std::to_string(getpid());
  if (std::string reason = write_durably(temporary, settings_text(settings)); !reason.empty()) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    return failed + reason;
  }
  std::error_code error;
  fs::rename(temporary, path, error);
  if (error) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    return failed + error.message();
  }
  return {};
}

std::string settings_path() {
  const std::string dir = config_dir();
  return dir.empty() ? std::string() : dir + "/settings.toml";
}

}  // namespace reslab
