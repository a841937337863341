#include "core/formats/sql_trace.hpp"
#include "core/formats/trace_json.hpp"
#include "core/sim/sql_scenario_steps.hpp"

namespace reslab {
namespace {

using SqlJson = nlohmann::ordered_json;

SqlJson statement_json(const SqlStatementRun& statement) {
  SqlJson rows = SqlJson::array();
  for (const auto& row : statement.rows) {
    SqlJson cells = SqlJson::array();
    for (const auto& value : row) cells.push_back(value_to_json(value));
    rows.push_back(std::move(cells));
  }
  SqlJson out = {
      {"session", statement.session}, {"step", statement.step},        {"entry", statement.entry},
      {"sql", statement.sql},         {"code", statement.code},        {"message", statement.message},
      {"waiting", statement.waiting}, {"failed", statement.failed},    {"columns", statement.columns},
      {"rows", std::move(rows)},      {"changes", statement.changes},  {"notices", statement.notices},
      {"line", statement.pos.line},   {"column", statement.pos.column}};
  if (!statement.markers.empty()) out["markers"] = statement.markers;
  return out;
}

}  // namespace

SqlJson sql_steps_to_json(const SqlRunResult& run) {
  SqlJson steps = SqlJson::array();
  for (const auto& step : run.steps) {
    SqlJson statements = SqlJson::array();
    for (const auto& statement : step.statements) statements.push_back(statement_json(statement));
    SqlJson wakes = SqlJson::array();
    for (const auto& wake : step.wakes)
      wakes.push_back({{"session", wake.session}, {"steps", wake.steps}, {"entries", wake.entries}});
    steps.push_back({{"index", step.index},
                     {"step", step.step},
                     {"session", step.session},
                     {"outcome", step.outcome},
                     {"statements", std::move(statements)},
                     {"wakes", std::move(wakes)},
                     {"waiting", step.waiting},
                     {"tables", tables_to_json(step.tables)},
                     {"tables_are_previous", step.tables_are_previous}});
  }
  return steps;
}

SqlJson sql_run_to_json(const SqlRunResult& run, const SqlScenario& scenario) {
  return {{"scenario", scenario.id},
          {"kind", "sql"},
          {"variant", run.variant},
          {"level", run.level},
          {"backend", std::string(backend_name(run.backend))},
          {"server_version", run.server_version},
          {"permutation", run.permutation},
          {"initial", tables_to_json(run.initial)},
          {"steps", sql_steps_to_json(run)},
          {"stuck", run.stuck},
          {"anomaly", run.anomaly},
          {"how", run.how},
          {"trace_hash", trace_hash(sql_run_trace(scenario, run))}};
}

SqlJson isolation_table_to_json(const IsolationTable& table) {
  SqlJson results = SqlJson::array();
  for (const auto& result : table.results) {
    std::string test = result.scenario;
    for (const auto& scenario : table.tests)
      if (scenario.id == result.scenario && !scenario.test.empty()) test = scenario.test;
    results.push_back({{"test", test},
                       {"variant", result.level},
                       {"anomaly", result.anomaly},
                       {"how", result.how},
                       {"steps", sql_steps_to_json(result)}});
  }
  return {{"backend", std::string(backend_name(table.backend))},
          {"server_version", table.server_version},
          {"results", std::move(results)}};
}

}  // namespace reslab
