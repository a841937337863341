#pragma once
// One in-memory database (memdb VFS) shared by several named connections, so
// that locking between actors is SQLite's own: a second BEGIN IMMEDIATE really
// gets SQLITE_BUSY. Created with the scenario's schema and initial rows.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/backends/sqlite/connection.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/snapshot.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

class LabDatabase;

// Gives a database back to the pool of idle ones (rolled back) instead of closing it.
struct LabDatabaseReturn {
  void operator()(LabDatabase* database) const;
};
using LabDatabaseHandle = std::unique_ptr<LabDatabase, LabDatabaseReturn>;

// A lab database for `scenario` with these connections, at its initial rows. Rewind is replay, so
// the same scenario opens its database over and over: an idle database of the same schema, model
// and connections is reused (every row deleted, the initial rows inserted again), which keeps the
// connections and their prepared statements. Throws like the constructor.
LabDatabaseHandle open_lab_database(const Scenario& scenario, const std::vector<std::string>& connection_names,
                                    Model model = Model::atomic);

class LabDatabase {
 public:
  // Throws ScenarioError (at the row's position) when an initial row is rejected by the schema.
  // The model matters only where its fix is itself a constraint (H4's unique request key).
  LabDatabase(const Scenario& scenario, const std::vector<std::string>& connection_names,
              Model model = Model::atomic);

  // Back to the scenario's initial rows: every table emptied, the initial rows inserted. Needs no
  // open transaction on any connection. Throws like the constructor.
  void reset(const Scenario& scenario);
  // Rolls back what any connection left open; false when a connection cannot be made idle.
  bool make_idle();

  Connection& connection(const std::string& name);
  const std::string& pool_key() const { return m_pool_key; }
  Connection& observer() { return *m_observer; }
  const std::string& schema() const { return m_schema; }

  // Every table of the schema as `connection` sees it (committed state when it is the observer).
  // Returns false when the read met SQLITE_BUSY.
  bool read_tables(Connection& connection, std::vector<TableData>& out);

 private:
  std::string m_schema;
  std::string m_pool_key;
  std::unique_ptr<Connection> m_observer;  // also keeps the memdb alive
  std::map<std::string, std::unique_ptr<Connection>> m_connections;
};

}  // namespace reslab
