#pragma once
// MariaDB's lab database: a database of its own per lab (`<prefix>_<n>`, dropped with the others of the
// prefix when reslab exits, or with the private server) on InnoDB at its default REPEATABLE READ, one
// session per actor plus the provider's and the observer's, and a control connection that asks who
// waits for whom. A released lab goes to a small pool and the next lab with the same family, model and
// sessions reuses it (rows deleted, AUTO_INCREMENT reset, the initial rows inserted again).
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/backends/mariadb/lock_monitor.hpp"
#include "core/backends/mariadb/server.hpp"
#include "core/backends/mariadb/session.hpp"
#include "core/sim/lab_database.hpp"

namespace reslab {

class MariaLabDatabase : public LabDatabase {
 public:
  // Throws ScenarioError (at the row's position) when an initial row is rejected by the schema, and
  // BackendUnavailableError when the server cannot be reached or refuses the schema.
  MariaLabDatabase(const maria::ServerInfo& server, const Scenario& scenario, const CaseFamily& family,
                   const std::vector<std::string>& session_names, Model model);

  maria::MariaSession& session(const std::string& name) override;
  maria::MariaSession& observer() override { return *m_observer; }
  bool read_tables(Session& session, std::vector<TableData>& out,
                   const std::set<std::string>* only = nullptr) override;
  std::int64_t data_version() override { return -1; }
  void release() override;

  Backend backend() const override { return Backend::mariadb; }
  std::string server_version() const override { return m_server_version; }
  std::vector<std::string> waits_for(Session& session) override;
  bool readable(Session& session) override;

  void reset(const Scenario& scenario);
  bool make_idle();
  const std::string& reuse_key() const { return m_reuse_key; }
  const std::string& database() const { return m_database; }

 private:
  void insert_initial_rows(const Scenario& scenario);

  const CaseFamily& m_family;
  std::string m_reuse_key;
  std::string m_database;
  std::string m_server_version;
  std::map<std::string, std::string> m_keys;  // table -> its single-column primary key
  std::vector<std::string> m_identities;      // tables with an AUTO_INCREMENT key
  std::unique_ptr<maria::LockMonitor> m_monitor;
  std::unique_ptr<maria::MariaSession> m_observer;
  std::map<std::string, std::unique_ptr<maria::MariaSession>> m_sessions;
  std::vector<std::string> m_select_all;
};

// open_lab_database() for Backend::mariadb, on maria::server()'s server. Throws BackendUnavailableError.
LabDatabaseHandle open_mariadb_lab_database(const Scenario& scenario, const CaseFamily& family,
                                            const std::vector<std::string>& session_names, Model model);
LabDatabaseHandle open_mariadb_lab_database(const maria::ServerInfo& server, const Scenario& scenario,
                                            const CaseFamily& family,
                                            const std::vector<std::string>& session_names, Model model);

}  // namespace reslab
