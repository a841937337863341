#pragma once
// PostgreSQL's lab database: a fresh schema per lab (`<schema_prefix>_<n>`, dropped with the others of the
// prefix when reslab exits) on the process's server, one
// session per actor plus the provider's and the observer's (each with the schema as its search path),
// and a control connection that asks who blocks whom. The observer reads the committed state even while
// other sessions hold row locks. A released lab goes to a small pool and the next lab with the same
// schema, model and sessions reuses it (rows deleted, the initial rows inserted again, identity
// counters reset), so replaying a case costs no new schema or connections.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/backends/postgres/lock_monitor.hpp"
#include "core/backends/postgres/server.hpp"
#include "core/backends/postgres/session.hpp"
#include "core/sim/lab_database.hpp"

namespace reslab {

class PostgresLabDatabase : public LabDatabase {
 public:
  // Throws ScenarioError (at the row's position) when an initial row is rejected by the schema, and
  // BackendUnavailableError when the server cannot be reached or refuses the schema.
  PostgresLabDatabase(const pg::ServerInfo& server, const Scenario& scenario, const CaseFamily& family,
                      const std::vector<std::string>& session_names, Model model);

  pg::PostgresSession& session(const std::string& name) override;
  pg::PostgresSession& observer() override { return *m_observer; }
  bool read_tables(Session& session, std::vector<TableData>& out,
                   const std::set<std::string>* only = nullptr) override;
  std::int64_t data_version() override;
  void release() override;

  Backend backend() const override { return Backend::postgres; }
  std::string server_version() const override { return m_server_version; }
  std::vector<std::string> waits_for(Session& session) override;
  // Not while a statement of it is in flight, nor in a transaction an error aborted.
  bool readable(Session& session) override;

  // Back to the scenario's initial rows. Needs every session idle. Throws like the constructor.
  void reset(const Scenario& scenario);
  bool make_idle();
  const std::string& reuse_key() const { return m_reuse_key; }
  const std::string& schema() const { return m_schema; }

 private:
  void insert_initial_rows(const Scenario& scenario, bool empty_first);

  const CaseFamily& m_family;
  std::string m_reuse_key;
  std::string m_schema;
  std::string m_server_version;
  std::unique_ptr<pg::LockMonitor> m_monitor;
  std::unique_ptr<pg::PostgresSession> m_observer;
  std::map<std::string, std::unique_ptr<pg::PostgresSession>> m_sessions;
  std::vector<std::string> m_select_all;                          // one SELECT per table, in order
  std::vector<std::pair<std::string, std::string>> m_identities;  // table, identity column
  std::string m_last_snapshot;
  std::int64_t m_version = 0;
};

// open_lab_database() for Backend::postgres: on pg::server()'s server. Throws BackendUnavailableError.
LabDatabaseHandle open_postgres_lab_database(const Scenario& scenario, const CaseFamily& family,
                                             const std::vector<std::string>& session_names, Model model);
// The same on a given server (tests, a server started by hand).
LabDatabaseHandle open_postgres_lab_database(const pg::ServerInfo& server, const Scenario& scenario,
                                             const CaseFamily& family,
                                             const std::vector<std::string>& session_names, Model model);

}  // namespace reslab
