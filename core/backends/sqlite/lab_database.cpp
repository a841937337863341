// [SECTION] index: statements · initial rows · the pool · SqliteLabDatabase
#include "core/backends/sqlite/lab_database.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>

#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// [SECTION] statements
std::string fresh_memdb_uri() {
  // memdb names are shared process-wide: each lab needs its own.
  static std::atomic<unsigned long> counter{0};
  return "file:/reslab-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "?vfs=memdb";
}

// [SECTION] initial rows
void insert_initial_rows(Connection& observer, const CaseFamily& family, const Scenario& scenario,
                         bool empty_first) {
  observer.run("BEGIN");
  try {
    if (empty_first)
      for (const auto& table : family.tables) {
        // Table names come from the family, never from a scenario file.
        const std::string sql = "DELETE FROM " + table.name;
        const auto result = observer.run(sql);
        if (!result.ok()) throw SqlError(sql, result.code_name(), result.message);
      }
    for (const auto& row : scenario.initial) insert_initial_row(observer, family, row);
  } catch (...) {
    observer.run("ROLLBACK");
    throw;
  }
  observer.run("COMMIT");
}

// [SECTION] the pool
// A handful is enough: a session replays one scenario at a time (two with the compare view), tests and
// benchmarks a few more.
IdleLabs<SqliteLabDatabase>& idle_labs() {
  static IdleLabs<SqliteLabDatabase> labs(8);
  return labs;
}

std::string reuse_key_of(const CaseFamily& family, Model model, const std::vector<std::string>& names) {
  return lab_reuse_key("sqlite", family, model, names);
}

}  // namespace

LabDatabaseHandle open_sqlite_lab_database(const Scenario& scenario, const CaseFamily& family,
                                           const std::vector<std::string>& session_names, Model model) {
  if (auto reused = idle_labs().take(reuse_key_of(family, model, session_names))) {
    LabDatabaseHandle handle(reused.release());
    static_cast<SqliteLabDatabase&>(*handle).reset(scenario);
    return handle;
  }
  return LabDatabaseHandle(new SqliteLabDatabase(scenario, family, session_names, model));
}

// [SECTION] SqliteLabDatabase
SqliteLabDatabase::SqliteLabDatabase(const Scenario& scenario, const CaseFamily& family,
                                     const std::vector<std::string>& connection_names, Model model)
    : m_family(family), m_reuse_key(reuse_key_of(family, model, connection_names)) {
  for (const auto& table : family.tables) m_select_all.push_back(select_all_rows(table));
  const std::string uri = fresh_memdb_uri();
  m_observer = std::make_unique<Connection>(uri, "observer");

  for (const auto& ddl : family.ddl(model)) {
    const auto result = m_observer->run(ddl);
    if (!result.ok()) throw SqlError(ddl, result.code_name(), result.message);
  }
  insert_initial_rows(*m_observer, family, scenario, false);

  mark_every_table_changed();
  m_observer->record_writes_in(&m_changed);
  for (const auto& name : connection_names) {
    auto connection = std::make_unique<Connection>(uri, name);
    connection->record_writes_in(&m_changed);
    // Load the schema now: preparing a statement later, while another actor
    // holds the write lock, would itself meet SQLITE_BUSY.
    connection->run("SELECT count(*) FROM sqlite_schema");
    m_connections.emplace(name, std::move(connection));
  }
}

void SqliteLabDatabase::reset(const Scenario& scenario) {
  insert_initial_rows(*m_observer, m_family, scenario, true);
  mark_every_table_changed();
}

void SqliteLabDatabase::mark_every_table_changed() {
  for (const auto& table : m_family.tables) m_changed.insert(table.name);
}

bool SqliteLabDatabase::make_idle() {
  const auto idle = [](Connection& connection) {
    return !connection.in_transaction() || (connection.run("ROLLBACK").ok() && !connection.in_transaction());
  };
  bool all_idle = idle(*m_observer);
  for (auto& [name, connection] : m_connections) all_idle = idle(*connection) && all_idle;
  return all_idle;
}

void SqliteLabDatabase::release() {
  std::unique_ptr<SqliteLabDatabase> owned(this);
  if (owned->make_idle()) idle_labs().give(std::move(owned));
}

Connection& SqliteLabDatabase::session(const std::string& name) {
  auto it = m_connections.find(name);
  if (it == m_connections.end()) throw std::logic_error("no connection named " + name);
  return *it->second;
}

std::optional<TableData> SqliteLabDatabase::read_table(Session& session, std::size_t index) {
  auto result = session.run(m_select_all[index]);
  if (result.busy()) return std::nullopt;
  if (!result.ok()) throw SqlError(m_select_all[index], result.code_name(), result.message);
  const TableInfo& table = m_family.tables[index];
  return TableData{table.name, table.columns, std::move(result.rows)};
}

bool SqliteLabDatabase::read_tables(Session& session, std::vector<TableData>& out,
                                    const std::set<std::string>* only) {
  out.clear();
  for (std::size_t i = 0; i < m_family.tables.size(); ++i) {
    if (only && !only->count(m_family.tables[i].name)) continue;
    auto table = read_table(session, i);
    if (!table) return false;
    out.push_back(std::move(*table));
  }
  return true;
}

void SqliteLabDatabase::begin_committed_read() {
  if (!m_observer->in_transaction()) m_observer->run("BEGIN");
}

void SqliteLabDatabase::end_committed_read() {
  // A read-only transaction: COMMIT only lets go of the read lock.
  if (m_observer->in_transaction()) m_observer->run("COMMIT");
}

bool SqliteLabDatabase::read_committed_tables(Tables& out, const Tables* previous) {
  const bool can_share = previous && previous->size() == m_family.tables.size();
  out.clear();
  for (std::size_t i = 0; i < m_family.tables.size(); ++i) {
    const std::string& name = m_family.tables[i].name;
    if (can_share && !m_changed.count(name) && (*previous)[i].name == name) {
      out.push_back(previous->shared(i));
      continue;
    }
    auto table = read_table(*m_observer, i);
    if (!table) return false;  // the changed tables stay marked: the next read reads them again
    out.push_back(std::move(*table));
  }
  m_changed.clear();
  return true;
}

std::int64_t SqliteLabDatabase::data_version() {
  // data_version changes whenever another connection commits.
  const auto version = m_observer->run("PRAGMA data_version");
  if (!version.ok() || version.rows.empty()) return -1;
  return as_int(version.rows[0][0]);
}

}  // namespace reslab
