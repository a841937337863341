// [SECTION] index: the pool · MariaLabDatabase
#include "core/backends/mariadb/lab_database.hpp"

#include <atomic>

#include "core/backends/mariadb/sql_text.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// [SECTION] the pool
IdleLabs<MariaLabDatabase>& idle_maria_labs() {
  static IdleLabs<MariaLabDatabase> labs(6);
  return labs;
}

// A session of a case's lab: the cases' SQL concatenates with || and wants every bad value refused.
std::unique_ptr<maria::MariaSession> case_session(const maria::Endpoint& endpoint, const std::string& name,
                                                  maria::LockMonitor& monitor,
                                                  const std::map<std::string, std::string>& keys) {
  auto session = std::make_unique<maria::MariaSession>(endpoint, name, monitor, keys);
  session->connection().must(
      "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION,PIPES_AS_CONCAT'");
  return session;
}

std::string next_database_name(const std::string& prefix) {
  static std::atomic<unsigned long> counter{0};
  return prefix + "_" + std::to_string(++counter);
}

}  // namespace

LabDatabaseHandle open_mariadb_lab_database(const maria::ServerInfo& server, const Scenario& scenario,
                                            const CaseFamily& family,
                                            const std::vector<std::string>& session_names, Model model) {
  if (auto reused =
          idle_maria_labs().take(lab_reuse_key(server.database_prefix, family, model, session_names))) {
    LabDatabaseHandle handle(reused.release());
    static_cast<MariaLabDatabase&>(*handle).reset(scenario);
    return handle;
  }
  return LabDatabaseHandle(new MariaLabDatabase(server, scenario, family, session_names, model));
}

LabDatabaseHandle open_mariadb_lab_database(const Scenario& scenario, const CaseFamily& family,
                                            const std::vector<std::string>& session_names, Model model) {
  try {
    return open_mariadb_lab_database(maria::server(maria::server_options("", false)), scenario, family,
                                     session_names, model);
  } catch (const maria::BackendUnavailable& e) {
    throw BackendUnavailableError(e.what());
  }
}

// [SECTION] MariaLabDatabase
MariaLabDatabase::MariaLabDatabase(const maria::ServerInfo& server, const Scenario& scenario,
                                   const CaseFamily& family, const std::vector<std::string>& session_names,
                                   Model model)
    : m_family(family),
      m_reuse_key(lab_reuse_key(server.database_prefix, family, model, session_names)),
      m_database(next_database_name(server.database_prefix)),
      m_server_version(server.server_version) {
  for (const auto& table : family.tables)
    m_select_all.push_back(maria::quote_reserved(select_all_rows(table)));
  m_monitor = std::make_unique<maria::LockMonitor>(server.endpoint);
  m_monitor->control().must("CREATE DATABASE `" + m_database + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
  m_monitor->control().must("USE `" + m_database + "`");
  for (const auto& ddl : family.ddl(model)) {
    const maria::TranslatedDdl translated = maria::translate_ddl(ddl);
    m_monitor->control().must(translated.sql);
    if (!translated.key_column.empty()) m_keys[translated.table] = translated.key_column;
    if (!translated.identity_column.empty()) m_identities.push_back(translated.table);
  }
  maria::Endpoint endpoint = server.endpoint;
  endpoint.database = m_database;
  m_observer = case_session(endpoint, "observer", *m_monitor, m_keys);
  for (const auto& name : session_names)
    m_sessions.emplace(name, case_session(endpoint, name, *m_monitor, m_keys));
  insert_initial_rows(scenario);
}

void MariaLabDatabase::insert_initial_rows(const Scenario& scenario) {
  maria::MariaSession& observer = *m_observer;
  observer.run("BEGIN");
  try {
    for (const auto& row : scenario.initial) insert_initial_row(observer, m_family, row);
  } catch (...) {
    observer.run("ROLLBACK");
    throw;
  }
  const auto commit = observer.run("COMMIT");
  if (!commit.ok()) throw SqlError("COMMIT", commit.code_name(), commit.message);
}

void MariaLabDatabase::reset(const Scenario& scenario) {
  for (const auto& table : m_family.tables) {
    const std::string sql = "DELETE FROM " + table.name;
    const auto result = m_observer->run(sql);
    if (!result.ok()) throw SqlError(sql, result.code_name(), result.message);
  }
  // Identity values start at 1 for the initial rows and continue after them, as SQLite's rowids do.
  for (const auto& table : m_identities)
    m_monitor->control().must("ALTER TABLE " + table + " AUTO_INCREMENT = 1");
  insert_initial_rows(scenario);
}

bool MariaLabDatabase::make_idle() {
  bool all_idle = m_observer->make_idle();
  for (auto& [name, session] : m_sessions) all_idle = session->make_idle() && all_idle;
  return all_idle;
}

void MariaLabDatabase::release() {
  std::unique_ptr<MariaLabDatabase> owned(this);
  try {
    if (owned->make_idle()) idle_maria_labs().give(std::move(owned));
  } catch (const BackendUnavailableError&) {
  }
}

maria::MariaSession& MariaLabDatabase::session(const std::string& name) {
  auto it = m_sessions.find(name);
  if (it == m_sessions.end()) throw std::logic_error("no session named " + name);
  return *it->second;
}

bool MariaLabDatabase::read_tables(Session& session, std::vector<TableData>& out,
                                   const std::set<std::string>* only) {
  out.clear();
  if (!readable(session)) return false;
  auto& reader = static_cast<maria::MariaSession&>(session);
  for (std::size_t i = 0; i < m_family.tables.size(); ++i) {
    const TableInfo& table = m_family.tables[i];
    if (only && !only->count(table.name)) continue;
    StatementResult result = reader.connection().exec(m_select_all[i]);
    if (!result.ok())
      throw BackendUnavailableError("MariaDB could not read " + table.name + ": " + result.message);
    out.push_back({table.name, table.columns, std::move(result.rows)});
  }
  return true;
}

std::vector<std::string> MariaLabDatabase::waits_for(Session& session) {
  return maria::blocking_sessions(*m_monitor, static_cast<maria::MariaSession&>(session), m_sessions);
}

bool MariaLabDatabase::readable(Session& session) {
  const auto& asked = static_cast<maria::MariaSession&>(session);
  return !asked.waiting() && asked.has_snapshot();
}

}  // namespace reslab
