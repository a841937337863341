#pragma once
// Reads SQL scenario files (`kind = "sql"`). Every problem is a ScenarioError at file:line:col; a
// statement keeps where it starts in the file, so what the database says about it is reported there too.
#include <string>
#include <string_view>

#include "core/sim/sql_scenario.hpp"

namespace reslab {

// Whether the TOML text says `kind = "sql"` (false for any other kind, or text that does not parse).
bool is_sql_scenario_text(std::string_view text);
bool is_sql_scenario_file(const std::string& path);

SqlScenario parse_sql_scenario(std::string_view text, const std::string& source_name);
SqlScenario load_sql_scenario_file(const std::string& path);

}  // namespace reslab
