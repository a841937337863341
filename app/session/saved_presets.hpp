#pragma once
// The user's own copies of scenario files, where the app's "Save as preset" puts an order and times an
// instructor prepared: data_dir()/scenarios/<name>.toml, the scenario file's text with [[presets]]
// blocks added at its end. The picker lists them beside the bundled cases.
#include <string>
#include <vector>

#include "core/sim/scenario.hpp"
#include "core/sim/sql_scenario.hpp"

namespace reslab {

// data_dir() + "/scenarios"; empty without a home folder.
std::string user_scenario_dir();
// The .toml and .spec files there, by name.
std::vector<std::string> user_scenario_files();

struct SavedPreset {
  std::string path;    // the copy written
  std::string preset;  // the name the preset got (unique in the file)
  std::string error;   // why nothing was written; empty on success
};

// Adds `preset` to the user's copy of the scenario file `scenario_file` (a file already in the user's
// folder is added to; another is copied there first, or its copy there added to). The preset's name is
// made from its title, unique in the file. Nothing is written when the new file would not load.
SavedPreset save_preset(const std::string& scenario_file, Preset preset);
// The same for an SQL scenario (TOML or a .spec): `permutation` (its title and steps, with any markers) is
// added to the copy, named from its title in TOML, numbered after the others in a spec (whose comment above
// it keeps the title).
SavedPreset save_sql_permutation(const std::string& scenario_file, SqlPermutation permutation);

}  // namespace reslab
