#include "core/sim/scenario_library.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <regex>
#include <system_error>

#include "core/sim/errors.hpp"

namespace reslab {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> toml_files(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code error;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() == ".toml" && it->is_regular_file(error)) files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

std::vector<std::string> scenario_dirs() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("RESLAB_SCENARIO_DIR"); env && *env) dirs.emplace_back(env);
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) dirs.push_back((exe.parent_path().parent_path() / "share" / "reslab" / "scenarios").string());
  dirs.push_back(std::string(RESLAB_INSTALL_DATA_DIR) + "/scenarios");
  dirs.push_back(std::string(RESLAB_SOURCE_DATA_DIR) + "/scenarios");
  return dirs;
}

bool is_bundled_scenario(const std::string& path) {
  // Asked for every run of a scenario: the answer is kept per path (and per RESLAB_SCENARIO_DIR, the one
  // input that can move the folders while reslab runs), since finding canonical paths reads the file
  // system several times, through JavaScript in the browser.
  static std::mutex mutex;
  static std::string scenario_dir_env;
  static std::map<std::string, bool> answers;
  const char* env = std::getenv("RESLAB_SCENARIO_DIR");
  const std::lock_guard lock(mutex);
  if (scenario_dir_env != (env ? env : "")) {
    scenario_dir_env = env ? env : "";
    answers.clear();
  }
  if (const auto known = answers.find(path); known != answers.end()) return known->second;
  std::error_code error;
  const auto folder = fs::weakly_canonical(fs::path(path).parent_path(), error);
  bool bundled = false;
  if (!error) {
    for (const auto& dir : scenario_dirs())
      if (fs::weakly_canonical(dir, error) == folder && !error) {
        bundled = true;
        break;
      }
  }
  answers.emplace(path, bundled);
  return bundled;
}

std::vector<std::string> bundled_scenario_files() {
  for (const auto& dir : scenario_dirs()) {
    auto files = toml_files(dir);
    if (!files.empty()) return files;
  }
  return {};
}

std::vector<std::string> isolation_scenario_files() {
  for (const auto& dir : scenario_dirs()) {
    auto files = toml_files((fs::path(dir) / "isolation").string());
    if (!files.empty()) return files;
  }
  return {};
}

std::vector<std::string> bundled_scenario_ids() {
  // A bundled file is named ID_title.toml (h1_last_room, h5_1_late_payment, h3b_missing_night).
  static const std::regex id_part("^[a-z]+[0-9]+[a-z]*(_[0-9]+)?");
  std::vector<std::string> ids;
  for (const auto& file : bundled_scenario_files()) {
    const std::string stem = fs::path(file).stem().string();
    std::smatch match;
    ids.push_back(std::regex_search(stem, match, id_part) ? match.str() : stem);
  }
  return ids;
}

std::string resolve_scenario(const std::string& name_or_path) {
  std::error_code error;
  if (name_or_path.find('/') != std::string::npos || fs::path(name_or_path).extension() == ".toml" ||
      fs::exists(name_or_path, error)) {
    return name_or_path;  // a path: the loader reports it if it cannot be read
  }
  for (const auto& dir : scenario_dirs()) {
    for (const auto& file : toml_files(dir)) {
      const std::string stem = fs::path(file).stem().string();
      if (stem == name_or_path || stem.rfind(name_or_path + "_", 0) == 0) return file;
    }
  }
  // The isolation lab's tests by their Hermitage names (p4, g1a, pmp-write): a file is named after its
  // test, dashes as underscores (pmp_write_predicate.toml).
  std::string stem_of_test = name_or_path;
  std::replace(stem_of_test.begin(), stem_of_test.end(), '-', '_');
  for (const auto& file : isolation_scenario_files()) {
    const std::string stem = fs::path(file).stem().string();
    if (stem == stem_of_test || stem.rfind(stem_of_test + "_", 0) == 0) return file;
  }
  std::string ids;
  for (const auto& id : bundled_scenario_ids()) ids += (ids.empty() ? "" : ", ") + id;
  throw UsageError("no bundled scenario named '" + name_or_path + "'; the bundled ones are " + ids +
                   ", the isolation tests (p4, g1a, g2-item...), or give a path to a .toml file");
}

}  // namespace reslab
