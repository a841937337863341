#pragma once
// Reads scenario files (TOML). Every problem is a ScenarioError with file:line:col.
#include <cstddef>
#include <string>
#include <string_view>

#include "core/sim/scenario.hpp"
#include "core/sim/scenario_limits.hpp"

namespace reslab {

Scenario load_scenario_file(const std::string& path);
Scenario parse_scenario(std::string_view text, const std::string& source_name);
// The text of a scenario file, refusing what is not a regular file or is larger than the limit (a
// ScenarioError at the file).
std::string read_scenario_text(const std::string& path);

}  // namespace reslab
