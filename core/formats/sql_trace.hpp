#pragma once
// An SQL scenario's run as Markdown (for slides and handouts) and as JSON (for scripts), and
// `reslab isolation`'s table in both.
#include <nlohmann/json.hpp>
#include <string>

#include "core/sim/isolation_lab.hpp"
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

// Every order of an SQL scenario under one variant, counted by what the runs gave (reslab explore).
struct SqlExploredVariant {
  const SqlVariant* variant = nullptr;
  std::size_t orders = 0;
  struct Outcome {
    bool anomaly = false;
    std::string how;
    bool stuck = false;
    std::size_t orders = 0;
    std::vector<std::string> example;  // the first interleaving that gave it
    std::size_t example_number = 0;    // its number among the interleavings (0: not one of them)
  };
  std::vector<Outcome> outcomes;  // in the order they first appeared
  void add(const SqlRunResult& run, std::size_t interleaving = 0);
};
// The first `limit` interleavings (at most kDefaultInterleavings) of the sessions' steps under `variant`,
// each on a fresh lab, counted by what they gave.
SqlExploredVariant explore_sql_variant(const SqlScenario& scenario, const SqlVariant& variant,
                                       std::size_t limit, const SqlRunOptions& options = {});
std::string sql_exploration_to_markdown(const SqlScenario& scenario,
                                        const std::vector<SqlExploredVariant>& explored, Lang lang);
nlohmann::ordered_json sql_exploration_to_json(const SqlScenario& scenario,
                                               const std::vector<SqlExploredVariant>& explored);

}  // namespace reslab
