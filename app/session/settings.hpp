#pragma once
// What the app remembers between runs, kept in a small TOML file in the config folder.
#include <cstddef>
#include <string>
#include <vector>

namespace reslab {

struct Settings {
  int window_width = 1600, window_height = 900;
  bool maximized = false;
  std::string lang;               // "" = from the locale, else "en" or "zh"
  std::string theme = "light";    // "light" | "dark"
  float zoom = 1.0f;              // 0.6 .. 2.5
  int screenshot_scale = 1;       // 1 | 2
  std::string screenshot_dir;     // "" = default_pictures_dir()
  std::string last_scenario;      // bundled id or a path; "" on the first start
  double seconds_per_step = 1.5;  // play speed, 0.2 .. 10
  bool compare = false;
  std::string backend = "sqlite";  // "sqlite" | "postgres"
  bool compare_backends = false;
  // Scenario files opened by path, the latest first.
  static constexpr std::size_t kRecentFiles = 8;
  std::vector<std::string> recent_files;
};

// Never throws and never refuses to start the app: a missing or unreadable file gives the defaults,
// unknown keys are ignored, a value of the wrong type or an unknown name falls back to its default,
// and numbers out of range are clamped.
Settings load_settings(const std::string& path);
// The same; `warning` says why a file that exists could not be used ("" when it could).
Settings load_settings(const std::string& path, std::string& warning);

// Writes a temporary file next to `path` and renames it over, so a crash never leaves half a file;
// creates the folder first. Returns empty on success, else a message naming the file and the reason.
std::string save_settings(const std::string& path, const Settings& settings);

// config_dir() + "/settings.toml"; empty when there is no config folder (no home folder).
std::string settings_path();

}  // namespace reslab
