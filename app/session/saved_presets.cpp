#include "app/session/saved_presets.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "app/platform/platform_paths.hpp"
#include "app/text/text_file.hpp"
#include "core/formats/spec_convert.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/preset_toml.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/spec_file.hpp"
#include "core/sim/sql_scenario_loader.hpp"

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

// The user's copy of a scenario file and the text to add to: the copy's when there is one already, else the
// file's own.
struct UserCopy {
  fs::path target;
  std::string text;
  std::string error;
};

UserCopy user_copy_of(const std::string& scenario_file) {
  UserCopy copy;
  const std::string dir = user_scenario_dir();
  if (dir.empty()) {
    copy.error = "there is no home folder to keep your presets in";
    return copy;
  }
  copy.target = inside(scenario_file, dir) ? fs::path(scenario_file)
                                           : fs::path(dir) / fs::path(scenario_file).filename();
  std::error_code exists_error;
  const std::string source = fs::exists(copy.target, exists_error) ? copy.target.string() : scenario_file;
  copy.text = read_text(source, copy.error);
  if (!copy.text.empty() && copy.text.back() != '\n') copy.text += '\n';
  return copy;
}

// Writes the copy, its folder made first; why not, or empty.
std::string write_user_copy(const UserCopy& copy) {
  if (std::string error = ensure_dir(user_scenario_dir()); !error.empty()) return error;
  return write_text_file(copy.target.string(), copy.text);
}

std::string unique_name(const std::string& base, const std::set<std::string>& taken) {
  std::string name = base;
  for (int n = 2; taken.count(name); ++n) name = base + "-" + std::to_string(n);
  return name;
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
    if (entry.is_regular_file(error) &&
        (entry.path().extension() == ".toml" || entry.path().extension() == ".spec"))
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

SavedPreset save_preset(const std::string& scenario_file, Preset preset) {
  SavedPreset saved;
  UserCopy copy = user_copy_of(scenario_file);
  saved.error = copy.error;
  if (!saved.error.empty()) return saved;
  try {
    std::set<std::string> taken;
    for (const auto& existing : parse_scenario(copy.text, copy.target.string()).presets)
      taken.insert(existing.name);
    preset.name = unique_name(slug(preset.title.en), taken);
    copy.text += "\n# Saved in the app.\n" + preset_toml(preset);
    parse_scenario(copy.text, copy.target.string());  // what is written loads, or nothing is written
  } catch (const std::exception& e) {
    saved.error = e.what();
    return saved;
  }
  saved.error = write_user_copy(copy);
  if (!saved.error.empty()) return saved;
  saved.path = copy.target.string();
  saved.preset = preset.name;
  return saved;
}

SavedPreset save_sql_permutation(const std::string& scenario_file, SqlPermutation permutation) {
  SavedPreset saved;
  UserCopy copy = user_copy_of(scenario_file);
  saved.error = copy.error;
  if (!saved.error.empty()) return saved;
  const bool spec = is_spec_path(copy.target.string());
  const auto parse = [&] {
    return spec ? parse_spec(copy.text, copy.target.string())
                : parse_sql_scenario(copy.text, copy.target.string());
  };
  try {
    const SqlScenario before = parse();
    if (spec) {
      // A spec's permutations have no names: they are numbered, and the title goes in a comment above it.
      std::string title = permutation.title.en;
      std::replace(title.begin(), title.end(), '\n', ' ');
      permutation.name = std::to_string(before.permutations.size() + 1);
      copy.text += "\n# Saved in the app: " + title + "\n" + permutation_spec(permutation);
    } else {
      std::set<std::string> taken;
      for (const auto& existing : before.permutations) taken.insert(existing.name);
      permutation.name = unique_name(slug(permutation.title.en), taken);
      copy.text += "\n# Saved in the app.\n" + permutation_toml(permutation, before.isolationtester_rules);
    }
    const SqlScenario after = parse();  // what is written loads, or nothing is written
    if (after.permutations.empty() || after.permutations.back().steps != permutation.steps)
      throw UsageError("the saved permutation did not read back as it was written");
  } catch (const std::exception& e) {
    saved.error = e.what();
    return saved;
  }
  saved.error = write_user_copy(copy);
  if (!saved.error.empty()) return saved;
  saved.path = copy.target.string();
  saved.preset = permutation.name;
  return saved;
}

}  // namespace reslab
