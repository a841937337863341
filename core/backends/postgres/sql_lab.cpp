// [SECTION] index: the role and its schema · the lab
#include "core/backends/postgres/sql_lab.hpp"

#include <libpq-fe.h>

#include <atomic>
#include <map>

#include "core/backends/postgres/conninfo.hpp"
#include "core/backends/postgres/lock_monitor.hpp"
#include "core/backends/postgres/server.hpp"
#include "core/backends/postgres/session.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

std::string pg_identifier(const std::string& name) {
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string pg_literal(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

bool pg_flag(pg::PgConnection& connection, const std::string& sql) {
  const auto result = connection.exec(sql);
  return PQresultStatus(result.get()) == PGRES_TUPLES_OK && PQntuples(result.get()) == 1 &&
         std::string(PQgetvalue(result.get(), 0, 0)) == "t";
}

// [SECTION] the role and its schema
class PostgresSqlLab : public SqlLab {
 public:
  PostgresSqlLab(const pg::ServerInfo& server, const SqlLabOptions& options,
                 const std::vector<SqlStatement>& setup)
      : m_admin(std::make_unique<pg::PgConnection>(server.conninfo)),
        m_server_version(server.server_version) {
    m_admin->exec("SET client_min_messages = warning");  // no NOTICE of the cascading drop on the terminal
    try {
      make(server, options, setup);
    } catch (...) {
      drop();  // a setup that fails leaves no role or schema behind
      throw;
    }
  }

  ~PostgresSqlLab() override { drop(); }

 private:
  void make(const pg::ServerInfo& server, const SqlLabOptions& options,
            const std::vector<SqlStatement>& setup) {
    static std::atomic<unsigned long> counter{0};
    m_role = server.schema_prefix + "_sql_" + std::to_string(++counter);
    const std::string password = pg::random_name_suffix(24);
    const bool superuser = pg_flag(*m_admin, "SELECT rolsuper FROM pg_roles WHERE rolname = current_user");
    if (!superuser && !pg_flag(*m_admin, "SELECT rolcreaterole FROM pg_roles WHERE rolname = current_user"))
      throw BackendUnavailableError(
          "SQL scenarios run on PostgreSQL as a role of their own, without file or program access; the role "
          "of this server's DSN cannot create roles (it needs CREATEROLE), so they are refused here");
    must_admin("CREATE ROLE " + pg_identifier(m_role) +
               " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT PASSWORD " +
               pg_literal(password));
    m_role_made = true;
    if (!superuser) must_admin("GRANT " + pg_identifier(m_role) + " TO CURRENT_USER");
    must_admin("CREATE SCHEMA " + pg_identifier(m_role) + " AUTHORIZATION " + pg_identifier(m_role));
    m_schema_made = true;
    must_admin("ALTER ROLE " + pg_identifier(m_role) + " SET search_path = " + pg_identifier(m_role));
    // Lock waits are reported after the server's deadlock check (see PostgresSession): set for the role
    // where the server does not already run with them and the admin may set them.
    bool deterministic = server.deterministic && server.ours;
    if (!server.ours && superuser) {
      must_admin("ALTER ROLE " + pg_identifier(m_role) + " SET deadlock_timeout = '20ms'");
      must_admin("ALTER ROLE " + pg_identifier(m_role) + " SET log_lock_waits = on");
      deterministic = true;
    }
    const std::string conninfo =
        server.conninfo + " user=" + pg::conninfo_value(m_role) + " password=" + pg::conninfo_value(password);
    m_monitor = std::make_unique<pg::LockMonitor>(server.conninfo);
    m_observer = std::make_unique<pg::PgConnection>(conninfo);
    // A session holding a table lock (LOCK TABLE, DDL) must not hang the observer's read.
    m_observer->must("SET lock_timeout = '200ms'");
    for (const auto& statement : setup) {
      const auto result = m_observer->exec(statement.sql);
      const auto status = PQresultStatus(result.get());
      if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        throw ScenarioError(statement.pos,
                            "the setup failed: " + pg::trimmed_message(PQresultErrorMessage(result.get())));
    }
    std::vector<int> pids;
    for (const auto& name : options.sessions) {
      auto session = std::make_unique<pg::PostgresSession>(conninfo, name, *m_monitor, deterministic,
                                                           server.ours, false);
      session->set_verbatim(true);
      session->set_statement_budget(options.budget);
      pids.push_back(session->backend_pid());
      m_sessions.emplace(name, std::move(session));
    }
    m_monitor->set_lab_pids(std::move(pids));
  }

  void drop() {
    try {
      m_sessions.clear();
      m_observer.reset();
      m_monitor.reset();
      if (m_schema_made) m_admin->exec("DROP SCHEMA IF EXISTS " + pg_identifier(m_role) + " CASCADE");
      if (m_role_made) {
        m_admin->exec("DROP OWNED BY " + pg_identifier(m_role));
        m_admin->exec("DROP ROLE IF EXISTS " + pg_identifier(m_role));
      }
    } catch (...) {
      // The server went away: its schemas and roles went with it.
    }
    m_schema_made = m_role_made = false;
  }

 public:
  // [SECTION] the lab
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

  std::vector<std::string> waits_for(const std::string& session) override {
    const auto found = m_sessions.find(session);
    if (found == m_sessions.end()) return {};
    std::vector<std::string> names;
    for (int pid : m_monitor->blocking_pids(found->second->backend_pid()))
      for (const auto& [name, other] : m_sessions)
        if (other->backend_pid() == pid) names.push_back(name);
    return names;
  }

 private:
  void must_admin(const std::string& sql) {
    const auto result = m_admin->exec(sql);
    if (PQresultStatus(result.get()) != PGRES_COMMAND_OK)
      throw BackendUnavailableError("PostgreSQL refused to prepare the SQL scenario's role: " +
                                    pg::trimmed_message(PQresultErrorMessage(result.get())));
  }

  std::unique_ptr<pg::PgConnection> m_admin;
  std::string m_server_version;
  std::string m_role;  // the schema has the same name
  bool m_role_made = false;
  bool m_schema_made = false;
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
