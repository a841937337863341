#include "app/session/saved_presets.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "app/platform/platform_paths.hpp"
#include "app/text/text_file.hpp"
#include "core/sim/preset_toml.hpp"
#include "core/sim/scenario_loader.hpp"

namespace reslab {
namespace {

namespace fs = std::filesystem;

std::string read_text(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read " + path;
    return {};
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// "my-order" from "My order!"; "preset" when the title has no letter or digit of the Latin alphabet.
std::string slug(const std::string& title) {
  std::string name;
  for (const char c : title) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
      name += c;
    else if (c >= 'A' && c <= 'Z')
      name += static_cast<char>(c - 'A' + 'a');
    else if (!name.empty() && name.back() != '-')
      name += '-';
    if (name.size() >= 40) break;
  }
  while (!name.empty() && name.back() == '-') name.pop_back();
  return name.empty() ? "preset" : name;
}

bool inside(const fs::path& file, const fs::path& dir) {
  std::error_code error;
  const fs::path parent = fs::weakly_canonical(file, error).parent_path();
  return !dir.empty() && parent == fs::weakly_canonical(dir, error);
}

}  // namespace

std::string user_scenario_dir() {
  const std::string data = data_dir();
  return data.empty() ? std::string() : data + "/scenarios";
}

std::vector<std::string> user_scenario_files() {
  std::vector<std::string> files;
  const std::string dir = user_scenario_dir();
  std::error_code error;
  if (dir.empty() || !fs::is_directory(dir, error)) return files;
  for (const auto& entry : fs::directory_iterator(dir, error))
    if (entry.is_regular_file(error) && entry.path().extension() == ".toml")
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

SavedPreset save_preset(const std::string& scenario_file, Preset preset) {
  SavedPreset saved;
  const std::string dir = user_scenario_dir();
  if (dir.empty()) {
    saved.error = "there is no home folder to keep your presets in";
    return saved;
  }
  const fs::path target = inside(scenario_file, dir) ? fs::path(scenario_file)
                                                     : fs::path(dir) / fs::path(scenario_file).filename();
  std::error_code exists_error;
  const std::string source = fs::exists(target, exists_error) ? target.string() : scenario_file;
  std::string text = read_text(source, saved.error);
  if (!saved.error.empty()) return saved;
  try {
    std::set<std::string> taken;
    for (const auto& existing : parse_scenario(text, target.string()).presets) taken.insert(existing.name);
    const std::string base = slug(preset.title.en);
    preset.name = base;
    for (int n = 2; taken.count(preset.name); ++n) preset.name = base + "-" + std::to_string(n);
    if (!text.empty() && text.back() != '\n') text += '\n';
    text += "\n# Saved in the app.\n" + preset_toml(preset);
    parse_scenario(text, target.string());  // what is written loads, or nothing is written
  } catch (const std::exception& e) {
    saved.error = e.what();
    return saved;
  }
  if (std::string error = ensure_dir(dir); !error.empty()) {
    saved.error = error;
    return saved;
  }
  if (std::string error = write_text_file(target.string(), text); !error.empty()) {
    saved.error = error;
    return saved;
  }
  saved.path = target.string();
  saved.preset = preset.name;
  return saved;
}

}  // namespace reslab
