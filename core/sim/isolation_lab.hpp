#pragma once
// The isolation lab's table: every bundled Hermitage test (scenarios/isolation/) run under each of its
// variants on one backend, each on a fresh lab database.
#include <functional>
#include <string>
#include <vector>

#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario.hpp"

namespace reslab {

// Hermitage's tests, in the order its tables list them.
const std::vector<std::string>& hermitage_tests();

struct IsolationTable {
  Backend backend = Backend::sqlite;
  std::string server_version;
  std::vector<SqlScenario> tests;     // in hermitage_tests() order, then any others by file name
  std::vector<SqlRunResult> results;  // test by test, each test's variants on the backend in file order
  std::vector<std::string> columns;   // the variants' ids, in the order of the first test that has them

  const SqlRunResult* cell(const std::string& test, const std::string& variant) const;
  const SqlScenario* find_test(const std::string& test) const;
};

// The bundled tests, loaded and ordered as the table lists them.
std::vector<SqlScenario> load_isolation_tests();

// Runs them all; `on_cell` (optional) hears of each result as it comes, for a window that fills in.
IsolationTable run_isolation_table(Backend backend, const SqlRunOptions& options = {},
                                   const std::function<void(const SqlRunResult&)>& on_cell = {});

}  // namespace reslab
