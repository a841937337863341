#include "core/sim/isolation_lab.hpp"

#include <algorithm>

#include "core/sim/errors.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/sql_scenario_loader.hpp"

namespace reslab {

const std::vector<std::string>& hermitage_tests() {
  static const std::vector<std::string> tests = {
      "g0",      "g1a", "g1b",     "g1c", "otv", "pmp", "pmp-write", "p4", "g-single", "g-single-write",
      "g2-item", "g2",  "g2-three"};
  return tests;
}

const SqlRunResult* IsolationTable::cell(const std::string& test, const std::string& variant) const {
  for (const auto& result : results) {
    const SqlScenario* scenario = find_test(test);
    if (scenario && result.scenario == scenario->id && result.variant == variant) return &result;
  }
  return nullptr;
}

const SqlScenario* IsolationTable::find_test(const std::string& test) const {
  for (const auto& scenario : tests)
    if (scenario.test == test || scenario.id == test) return &scenario;
  return nullptr;
}

std::vector<SqlScenario> load_isolation_tests() {
  std::vector<SqlScenario> tests;
  for (const auto& file : isolation_scenario_files()) tests.push_back(load_sql_scenario_file(file));
  const auto rank = [](const SqlScenario& scenario) {
    const auto& order = hermitage_tests();
    return static_cast<std::size_t>(std::find(order.begin(), order.end(), scenario.test) - order.begin());
  };
  std::stable_sort(tests.begin(), tests.end(),
                   [&](const SqlScenario& a, const SqlScenario& b) { return rank(a) < rank(b); });
  return tests;
}

IsolationRun::IsolationRun(Backend backend, SqlRunOptions options) : m_options(std::move(options)) {
  m_table.backend = backend;
  m_table.tests = load_isolation_tests();
  for (std::size_t test = 0; test < m_table.tests.size(); ++test)
    for (const SqlVariant* variant : m_table.tests[test].variants_on(backend)) {
      if (std::find(m_table.columns.begin(), m_table.columns.end(), variant->id) == m_table.columns.end())
        m_table.columns.push_back(variant->id);
      m_cells.push_back({test, variant});
    }
}

void IsolationRun::run_next() {
  if (finished()) throw UsageError("every cell of the isolation table has run");
  const Cell& cell = m_cells[m_next++];
  if (m_table.refused.count(cell.variant->id)) return;
  const SqlScenario& test = m_table.tests[cell.test];
  try {
    SqlRunResult result = run_sql_scenario(test, *cell.variant, sql_permutation(test, 1), m_options);
    if (m_table.server_version.empty()) m_table.server_version = result.server_version;
    m_table.results.push_back(std::move(result));
  } catch (const BackendUnavailableError& e) {
    // A server that is not there refuses every variant; a journal this build lacks refuses its own.
    if (cell.variant->backend != Backend::sqlite) throw;
    m_table.refused[cell.variant->id] = e.what();
  }
}

IsolationTable run_isolation_table(Backend backend, const SqlRunOptions& options,
                                   const std::function<void(const SqlRunResult&)>& on_cell) {
  IsolationRun run(backend, options);
  while (!run.finished()) {
    const std::size_t before = run.table().results.size();
    run.run_next();
    if (on_cell && run.table().results.size() > before) on_cell(run.table().results.back());
  }
  return run.table();
}

}  // namespace reslab
