#pragma once
// A preset written back as scenario-file TOML: the [[presets]] block an instructor would have written,
// to append to a copy of the scenario file (the app's "Save as preset").
#include <string>

#include "core/sim/scenario.hpp"

namespace reslab {

// "[[presets]]" and the preset's keys (name, title, order, times, args, naive_harm), every value written
// as TOML writes it (strings escaped), ending with a newline.
std::string preset_toml(const Preset& preset);

}  // namespace reslab
