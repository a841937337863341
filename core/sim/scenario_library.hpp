#pragma once
// Where bundled scenarios live, and how a name on the command line becomes a file.
#include <string>
#include <vector>

namespace reslab {

// Folders searched for bundled scenarios, first match wins: $RESLAB_SCENARIO_DIR,
// next to the installed binary (../share/reslab/scenarios), the install prefix, the source tree.
std::vector<std::string> scenario_dirs();

// "h1" -> the bundled h1 file; a path ending in .toml or naming an existing file is kept.
// Throws UsageError when nothing matches.
std::string resolve_scenario(const std::string& name_or_path);

// Whether `path` is one of the bundled scenario files (not an instructor's own file, even a copy).
bool is_bundled_scenario(const std::string& path);

// Every bundled scenario file, sorted by name, from the first folder that has any.
std::vector<std::string> bundled_scenario_files();

// The bundled SQL scenarios of the isolation lab (Hermitage's tests), sorted by name: the `isolation`
// folder of the first scenario folder that has one.
std::vector<std::string> isolation_scenario_files();

// The ids the bundled files go by (h1, h3b, h5_1, t2, ...), in file order.
std::vector<std::string> bundled_scenario_ids();

}  // namespace reslab
