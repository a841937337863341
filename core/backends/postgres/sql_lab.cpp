// [SECTION] index: the lab
#include "core/backends/postgres/sql_lab.hpp"

#include <libpq-fe.h>

#include <map>

#include "core/backends/postgres/lab_role.hpp"
#include "core/backends/postgres/lock_monitor.hpp"
#include "core/backends/postgres/server.hpp"
#include "core/backends/postgres/session.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

using pg::pg_identifier;

// [SECTION] the lab
class PostgresSqlLab : public SqlLab {
 public:
  PostgresSqlLab(const pg::ServerInfo& server, const SqlLabOptions& options,
                 const std::vector<SqlStatement>& setup)
      : m_role(server, true), m_server_version(server.server_version) {
    m_monitor = std::make_unique<pg::LockMonitor>(server.conninfo);
    m_observer = std::make_unique<pg::PgConnection>(m_role.conninfo());
    // A session holding a table lock (LOCK TABLE, DDL) must not hang the observer's read.
    m_observer->must("SET lock_timeout = '200ms'");
    for (const auto& statement : setup) {
      const auto result = m_observer->exec(statement.sql);
      const auto status = PQresultStatus(result.get());
      if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        throw ScenarioError(statement.pos,
                            "the setup failed: " + pg::trimmed_message(PQresultErrorMessage(result.get())));
    }
    std::vector<std::pair<int, std::string>> lab_sessions;
    for (const auto& name : options.sessions) {
      auto session = std::make_unique<pg::PostgresSession>(m_role.conninfo(), name, *m_monitor,
                                                           m_role.deterministic(), server.ours, false);
      session->set_verbatim(true);
      session->set_statement_budget(options.budget);
      lab_sessions.emplace_back(session->backend_pid(), name);
      m_sessions.emplace(name, std::move(session));
    }
    m_monitor->set_lab_sessions(std::move(lab_sessions));
  }

  StatementResult run(const std::string& session, const std::string& sql) override {
    const auto found = m_sessions.find(session);
    if (found == m_sessions.end()) throw UsageError("no session named '" + session + "'");
    return found->second->run(sql);
  }

  bool read_tables(const std::vector<std::string>& tables, std::vector<TableData>& out) override {
    std::vector<std::string> names = tables;
    if (names.empty()) {
      const auto list = m_observer->exec(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1");
      if (PQresultStatus(list.get()) != PGRES_TUPLES_OK) return false;
      for (const auto& row : pg::rows_of(list.get())) names.push_back(to_display(row.at(0)));
    }
    std::vector<TableData> read;
    m_observer->exec("BEGIN ISOLATION LEVEL REPEATABLE READ");
    for (const auto& name : names) {
      const auto rows = m_observer->exec("SELECT * FROM " + pg_identifier(name) + " ORDER BY 1");
      if (PQresultStatus(rows.get()) != PGRES_TUPLES_OK) {
        m_observer->exec("ROLLBACK");
        return false;
      }
      read.push_back({name, pg::columns_of(rows.get()), pg::rows_of(rows.get())});
    }
    m_observer->exec("COMMIT");
    out = std::move(read);
    return true;
  }

  bool refused(const StatementResult& result) const override {
    // 42501: a privilege the lab's role does not have (files, programs, other roles); 57014: cancelled at
    // the statement budget.
    return result.sqlstate == "42501" || result.sqlstate == "57014";
  }

  std::string server_version() const override { return m_server_version; }

  int notices(const std::string& session) override {
    const auto found = m_sessions.find(session);
    return found == m_sessions.end() ? 0 : found->second->notices();
  }

  std::vector<std::string> waits_for(const std::string& session) override {
    const auto found = m_sessions.find(session);
    if (found == m_sessions.end()) return {};
    return m_monitor->blocking_sessions(found->second->backend_pid());
  }

 private:
  pg::LabRole m_role;  // first: dropped after the sessions close
  std::string m_server_version;
  std::unique_ptr<pg::LockMonitor> m_monitor;
  std::unique_ptr<pg::PgConnection> m_observer;
  std::map<std::string, std::unique_ptr<pg::PostgresSession>> m_sessions;
};

}  // namespace

std::unique_ptr<SqlLab> open_postgres_sql_lab(const SqlLabOptions& options,
                                              const std::vector<SqlStatement>& setup) {
  try {
    return std::make_unique<PostgresSqlLab>(pg::server(pg::server_options(options.dsn, false)), options,
                                            setup);
  } catch (const pg::BackendUnavailable& e) {
    throw BackendUnavailableError(e.what());
  }
}

}  // namespace reslab
