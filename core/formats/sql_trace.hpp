#pragma once
// An SQL scenario's run as Markdown (for slides and handouts) and as JSON (for scripts), and
// `reslab isolation`'s table in both.
#include <nlohmann/json.hpp>
#include <string>

#include "core/sim/isolation_lab.hpp"
#include "core/sim/sql_explore.hpp"
#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario.hpp"
#include "core/sim/text.hpp"

namespace reslab {

std::string sql_run_to_markdown(const SqlRunResult& run, const SqlScenario& scenario, Lang lang);
nlohmann::ordered_json sql_run_to_json(const SqlRunResult& run, const SqlScenario& scenario);
// The steps alone, as the isolation table's JSON gives them per cell.
nlohmann::ordered_json sql_steps_to_json(const SqlRunResult& run);

// "prevented (wait, 40001)" / "anomaly": a cell of the table.
std::string isolation_cell_text(const SqlRunResult& run, Lang lang);
std::string isolation_table_to_markdown(const IsolationTable& table, Lang lang);
nlohmann::ordered_json isolation_table_to_json(const IsolationTable& table);

// What orders of an SQL scenario gave, in words: "anomaly", "prevented (wait, 40001)" where the file has an
// anomaly rule, what stood in the way otherwise; "· sessions left waiting" when they were.
std::string sql_outcome_text(const SqlScenario& scenario, const SqlExploredVariant::Outcome& outcome,
                             Lang lang);
// reslab explore's table of an SQL scenario: each variant's orders, counted by what they gave.
std::string sql_exploration_to_markdown(const SqlScenario& scenario,
                                        const std::vector<SqlExploredVariant>& explored, Lang lang);
nlohmann::ordered_json sql_exploration_to_json(const SqlScenario& scenario,
                                               const std::vector<SqlExploredVariant>& explored);

}  // namespace reslab
