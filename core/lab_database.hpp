#pragma once
// One in-memory database (memdb VFS) shared by several named connections, so
// that locking between actors is SQLite's own: a second BEGIN IMMEDIATE really
// gets SQLITE_BUSY. Created with the scenario's schema and initial rows.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/connection.hpp"
#include "core/scenario.hpp"
#include "core/snapshot.hpp"
#include "core/trace.hpp"

namespace reslab {

class LabDatabase {
 public:
  // Throws ScenarioError (at the row's position) when an initial row is rejected by the schema.
  // The model matters only where its fix is itself a constraint (H4's unique request key).
  LabDatabase(const Scenario& scenario, const std::vector<std::string>& connection_names,
              Model model = Model::atomic);

  Connection& connection(const std::string& name);
  Connection& observer() { return *m_observer; }
  const std::string& schema() const { return m_schema; }

  // Every table of the schema as `connection` sees it (committed state when it is the observer).
  // Returns false when the read met SQLITE_BUSY.
  bool read_tables(Connection& connection, std::vector<TableData>& out);

 private:
  std::string m_schema;
  std::unique_ptr<Connection> m_observer;  // also keeps the memdb alive
  std::map<std::string, std::unique_ptr<Connection>> m_connections;
};

}  // namespace reslab
