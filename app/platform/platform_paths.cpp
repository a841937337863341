#include "app/platform/platform_paths.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <system_error>

namespace reslab {
namespace fs = std::filesystem;

namespace {

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

// $HOME, else the password database, which still knows it when a launcher cleared the environment.
std::string home_dir() {
  if (std::string home = environment("HOME"); !home.empty()) return home;
  const long buffer_size = sysconf(_SC_GETPW_R_SIZE_MAX);
  std::string buffer(buffer_size > 0 ? static_cast<std::size_t>(buffer_size) : 16384, '\0');
  passwd entry{};
  passwd* found = nullptr;
  if (getpwuid_r(getuid(), &entry, buffer.data(), buffer.size(), &found) == 0 && found && found->pw_dir)
    return found->pw_dir;
  return {};
}

// The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
std::string xdg_config_home() {
  if (std::string dir = environment("XDG_CONFIG_HOME"); !dir.empty() && dir.front() == '/') return dir;
  const std::string home = home_dir();
  return home.empty() ? std::string() : home + "/.config";
}

// The text between the quotes of a user-dirs.dirs value, with its shell-style backslash escapes undone.
std::string unquoted(std::string_view value) {
  std::string text;
  if (value.empty() || value.front() != '"') return text;
  for (std::size_t i = 1; i < value.size(); ++i) {
    if (value[i] == '"') break;
    if (value[i] == '\\' && i + 1 < value.size()) ++i;
    text += value[i];
  }
  return text;
}

// XDG_PICTURES_DIR from user-dirs.dirs, $HOME expanded; empty when unset or unusable.
std::string pictures_dir_from_user_dirs(const std::string& home) {
  const std::string config_home = xdg_config_home();
  if (config_home.empty()) return {};
  std::ifstream file(config_home + "/user-dirs.dirs");
  std::string line;
  std::string pictures;
  // Like the shell that normally sources this file, the last assignment wins.
  while (std::getline(file, line)) {
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    constexpr std::string_view kKey = "XDG_PICTURES_DIR=";
    if (line.compare(start, kKey.size(), kKey) != 0) continue;
    std::string path = unquoted(std::string_view(line).substr(start + kKey.size()));
    if (path == "$HOME" || path.rfind("$HOME/", 0) == 0) {
      if (home.empty()) continue;
      path = home + path.substr(5);
    } else if (path.empty() || path.front() != '/') {
      continue;  // the format allows only "$HOME/..." or an absolute path
    }
    pictures = path;
  }
  // xdg-user-dirs marks a disabled folder by pointing it at home; screenshots should not land there.
  while (pictures.size() > 1 && pictures.back() == '/') pictures.pop_back();
  if (pictures == home) return {};
  return pictures;
}

}  // namespace

std::string config_dir() {
  const std::string config_home = xdg_config_home();
  return config_home.empty() ? std::string() : config_home + "/reslab";
}

std::string data_dir() {
  if (std::string dir = environment("XDG_DATA_HOME"); !dir.empty() && dir.front() == '/')
    return dir + "/reslab";
  const std::string home = home_dir();
  return home.empty() ? std::string() : home + "/.local/share/reslab";
}

std::string home_folder() {
  return home_dir();
}

std::string default_pictures_dir() {
  const std::string home = home_dir();
  std::string pictures = pictures_dir_from_user_dirs(home);
  if (pictures.empty() && !home.empty()) pictures = home + "/Pictures";
  return pictures.empty() ? std::string() : pictures + "/reslab";
}

std::vector<std::string> asset_dirs() {
  std::vector<std::string> dirs;
  if (std::string env = environment("RESLAB_ASSET_DIR"); !env.empty()) dirs.push_back(env);
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) dirs.push_back((exe.parent_path().parent_path() / "share" / "reslab" / "assets").string());
  dirs.push_back(std::string(RESLAB_INSTALL_DATA_DIR) + "/assets");
  dirs.push_back(std::string(RESLAB_SOURCE_DATA_DIR) + "/assets");
  return dirs;
}

std::string find_asset(const std::string& relative) {
  for (const auto& dir : asset_dirs()) {
    const std::string candidate = dir + "/" + relative;
    std::error_code error;
    if (fs::is_regular_file(candidate, error)) return candidate;
  }
  return {};
}

std::string ensure_dir(const std::string& dir) {
  if (dir.empty()) return "cannot create a folder without a name";
  std::error_code error;
  fs::create_directories(dir, error);
  // Whether an existing file at `dir` is an error is left open by the standard (LWG 2935): check.
  if (!error && !fs::is_directory(dir, error) && !error)
    error = std::make_error_code(std::errc::not_a_directory);
  if (!error) return {};
  return "cannot create folder '" + dir + "': " + error.message();
}

}  // namespace reslab
