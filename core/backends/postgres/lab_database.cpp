// [SECTION] index: statements · the pool · PostgresLabDatabase
#include "core/backends/postgres/lab_database.hpp"

#include <libpq-fe.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "core/backends/postgres/sql_text.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// [SECTION] statements
std::string next_schema_name(const std::string& prefix) {
  static std::atomic<unsigned long> counter{0};
  return prefix + "_" + std::to_string(++counter);
}

// [SECTION] the pool
// Each idle lab keeps its connections open: a handful, well under a server's default 100.
IdleLabs<PostgresLabDatabase>& idle_postgres_labs() {
  static IdleLabs<PostgresLabDatabase> labs(6);
  return labs;
}

std::string reuse_key_of(const pg::ServerInfo& server, const CaseFamily& family, Model model,
                         const std::vector<std::string>& names) {
  return lab_reuse_key(server.schema_prefix, family, model, names);
}

std::string quoted_identifier(const std::string& name) {
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

LabDatabaseHandle open_postgres_lab_database(const pg::ServerInfo& server, const Scenario& scenario,
                                             const CaseFamily& family,
                                             const std::vector<std::string>& session_names, Model model) {
  if (auto reused = idle_postgres_labs().take(reuse_key_of(server, family, model, session_names))) {
    LabDatabaseHandle handle(reused.release());
    static_cast<PostgresLabDatabase&>(*handle).reset(scenario);
    return handle;
  }
  return LabDatabaseHandle(new PostgresLabDatabase(server, scenario, family, session_names, model));
}

LabDatabaseHandle open_postgres_lab_database(const Scenario& scenario, const CaseFamily& family,
                                             const std::vector<std::string>& session_names, Model model) {
  try {
    return open_postgres_lab_database(pg::server(pg::server_options("", false)), scenario, family,
                                      session_names, model);
  } catch (const pg::BackendUnavailable& e) {
    throw BackendUnavailableError(e.what());
  }
}

// [SECTION] PostgresLabDatabase
PostgresLabDatabase::PostgresLabDatabase(const pg::ServerInfo& server, const Scenario& scenario,
                                         const CaseFamily& family,
                                         const std::vector<std::string>& session_names, Model model)
    : m_family(family),
      m_reuse_key(reuse_key_of(server, family, model, session_names)),
      m_schema(next_schema_name(server.schema_prefix)),
      m_server_version(server.server_version) {
  for (const auto& table : family.tables) m_select_all.push_back(select_all_rows(table));
  m_monitor = std::make_unique<pg::LockMonitor>(server.conninfo);
  const std::string schema = quoted_identifier(m_schema);
  m_monitor->control().must("CREATE SCHEMA " + schema);
  const std::string search_path = "SET search_path TO " + schema;
  m_monitor->control().must(search_path);
  for (const auto& ddl : family.ddl(model)) {
    const pg::TranslatedDdl translated = pg::translate_ddl(ddl);
    m_monitor->control().must(translated.sql);
    if (!translated.identity_column.empty())
      m_identities.emplace_back(translated.table, translated.identity_column);
  }

  // Waiters are gated on the private server only: its backends are processes reslab may signal.
  m_observer = std::make_unique<pg::PostgresSession>(server.conninfo, "observer", *m_monitor,
                                                     server.deterministic, server.ours);
  m_observer->setup(search_path);
  std::vector<std::pair<int, std::string>> lab_sessions;
  for (const auto& name : session_names) {
    auto session = std::make_unique<pg::PostgresSession>(server.conninfo, name, *m_monitor,
                                                         server.deterministic, server.ours);
    session->setup(search_path);
    lab_sessions.emplace_back(session->backend_pid(), name);
    m_sessions.emplace(name, std::move(session));
  }
  m_monitor->set_lab_sessions(std::move(lab_sessions));
  insert_initial_rows(scenario, false);
}

void PostgresLabDatabase::insert_initial_rows(const Scenario& scenario, bool empty_first) {
  pg::PostgresSession& observer = *m_observer;
  observer.run("BEGIN");
  try {
    if (empty_first)
      for (const auto& table : m_family.tables) {
        const std::string sql = "DELETE FROM " + table.name;
        const auto result = observer.run(sql);
        if (!result.ok()) throw SqlError(sql, result.code_name(), result.message);
      }
    // Identity values start at 1 for the initial rows and continue after them, as SQLite's rowids do
    // (a reused lab's counters are where its last run left them).
    const auto restart_identities = [&] {
      for (const auto& [table, column] : m_identities) {
        const std::string sql = "SELECT setval(pg_get_serial_sequence('" + table + "', '" + column +
                                "'), COALESCE(MAX(" + column + "), 0) + 1, false) FROM " + table;
        const auto result = observer.run(sql);
        if (!result.ok()) throw SqlError(sql, result.code_name(), result.message);
      }
    };
    if (empty_first) restart_identities();
    for (const auto& row : scenario.initial) insert_initial_row(observer, m_family, row);
    restart_identities();
  } catch (...) {
    observer.run("ROLLBACK");
    throw;
  }
  const auto commit = observer.run("COMMIT");
  if (!commit.ok()) throw SqlError("COMMIT", commit.code_name(), commit.message);
}

void PostgresLabDatabase::reset(const Scenario& scenario) {
  insert_initial_rows(scenario, true);
}

bool PostgresLabDatabase::make_idle() {
  bool all_idle = m_observer->make_idle();
  for (auto& [name, session] : m_sessions) all_idle = session->make_idle() && all_idle;
  return all_idle;
}

void PostgresLabDatabase::release() {
  std::unique_ptr<PostgresLabDatabase> owned(this);
  try {
    if (owned->make_idle()) idle_postgres_labs().give(std::move(owned));
  } catch (const BackendUnavailableError&) {
    // A lost connection: the lab is simply dropped.
  }
}

pg::PostgresSession& PostgresLabDatabase::session(const std::string& name) {
  auto it = m_sessions.find(name);
  if (it == m_sessions.end()) throw std::logic_error("no session named " + name);
  return *it->second;
}

// PostgreSQL reads every table in one round trip: `only` is not needed to keep it cheap.
bool PostgresLabDatabase::read_tables(Session& session, std::vector<TableData>& out,
                                      const std::set<std::string>*) {
  out.clear();
  if (!readable(session)) return false;
  // Every table in one round trip: reads never wait on PostgreSQL.
  auto results = static_cast<pg::PostgresSession&>(session).run_batch(m_select_all);
  if (results.size() != m_family.tables.size())
    throw BackendUnavailableError("PostgreSQL answered " + std::to_string(results.size()) + " of " +
                                  std::to_string(m_family.tables.size()) + " table reads");
  for (std::size_t i = 0; i < m_family.tables.size(); ++i)
    out.push_back({m_family.tables[i].name, m_family.tables[i].columns, std::move(results[i].rows)});
  return true;
}

std::int64_t PostgresLabDatabase::data_version() {
  // The snapshot (xmin:xmax:in-progress xids) changes whenever a transaction that wrote commits or
  // rolls back; an unchanged one means nothing committed since the last read.
  const auto snapshot = m_observer->run("SELECT pg_current_snapshot()::text");
  if (!snapshot.ok() || snapshot.rows.empty()) return -1;
  const std::string text = to_display(snapshot.rows[0][0]);
  if (text != m_last_snapshot) {
    m_last_snapshot = text;
    ++m_version;
  }
  return m_version;
}

std::vector<std::string> PostgresLabDatabase::waits_for(Session& session) {
  return m_monitor->blocking_sessions(static_cast<pg::PostgresSession&>(session).backend_pid());
}

bool PostgresLabDatabase::readable(Session& session) {
  const auto& asked = static_cast<pg::PostgresSession&>(session);
  return !asked.waiting() && !asked.transaction_failed();
}

}  // namespace reslab
