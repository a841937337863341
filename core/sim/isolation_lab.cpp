#include "core/sim/isolation_lab.hpp"

#include <algorithm>

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

IsolationTable run_isolation_table(Backend backend, const SqlRunOptions& options,
                                   const std::function<void(const SqlRunResult&)>& on_cell) {
  IsolationTable table;
  table.backend = backend;
  table.tests = load_isolation_tests();
  for (const auto& test : table.tests) {
    const std::vector<std::string> permutation = sql_permutation(test, 1);
    for (const SqlVariant* variant : test.variants_on(backend)) {
      if (std::find(table.columns.begin(), table.columns.end(), variant->id) == table.columns.end())
        table.columns.push_back(variant->id);
      SqlRunResult result = run_sql_scenario(test, *variant, permutation, options);
      if (table.server_version.empty()) table.server_version = result.server_version;
      if (on_cell) on_cell(result);
      table.results.push_back(std::move(result));
    }
  }
  return table;
}

}  // namespace reslab
