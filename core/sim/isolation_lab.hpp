#pragma once
// The isolation lab's table: every bundled Hermitage test (scenarios/isolation/) run under each of its
// variants on one backend, each on a fresh lab database.
#include <functional>
#include <map>
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
  // Variants this build cannot run, and why (the browser's SQLite keeps no WAL journal): their cells stay
  // empty.
  std::map<std::string, std::string> refused;

  const SqlRunResult* cell(const std::string& test, const std::string& variant) const;
  const SqlScenario* find_test(const std::string& test) const;
};

// The bundled tests, loaded and ordered as the table lists them.
std::vector<SqlScenario> load_isolation_tests();

// The table built one cell at a time, for a window that fills it in as it goes (a thread of its own on the
// desktop, a cell a frame in the browser).
class IsolationRun {
 public:
  // Loads the tests; throws ScenarioError when a bundled file is broken.
  explicit IsolationRun(Backend backend, SqlRunOptions options = {});
  bool finished() const { return m_next >= m_cells.size(); }
  std::size_t cells_done() const { return m_next; }
  std::size_t cell_count() const { return m_cells.size(); }
  // Runs the next cell on a fresh lab. A variant this build cannot run is noted in the table's `refused`
  // (its later cells are skipped); anything else throws as run_sql_scenario() does.
  void run_next();
  const IsolationTable& table() const { return m_table; }

 private:
  struct Cell {
    std::size_t test = 0;
    const SqlVariant* variant = nullptr;
  };
  IsolationTable m_table;
  SqlRunOptions m_options;
  std::vector<Cell> m_cells;
  std::size_t m_next = 0;
};

// Runs them all; `on_cell` (optional) hears of each result as it comes, for a window that fills in.
IsolationTable run_isolation_table(Backend backend, const SqlRunOptions& options = {},
                                   const std::function<void(const SqlRunResult&)>& on_cell = {});

}  // namespace reslab
