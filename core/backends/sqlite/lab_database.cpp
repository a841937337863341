// [SECTION] index: statements · initial rows · reading rows again · the pool · SqliteLabDatabase
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

// [SECTION] reading rows again
// "SELECT rowid, every column FROM table WHERE rowid = ?": one row read again after a write.
std::string select_row_by_rowid(const TableInfo& table) {
  std::string columns;
  for (const auto& column : table.columns) columns += ", " + column;
  return "SELECT rowid" + columns + " FROM " + table.name + " WHERE rowid = ?";
}

// Whether the family's DDL gives `table` rowids (it is not WITHOUT ROWID).
bool has_rowids(const std::vector<std::string>& ddl, const std::string& table) {
  for (const auto& statement : ddl)
    if (statement.rfind("CREATE TABLE " + table + "(", 0) == 0)
      return statement.find("WITHOUT ROWID") == std::string::npos;
  return false;
}

// -1, 0 or 1 as `a`'s key sorts before, with or after `b`'s in ORDER BY key.
int compare_by_key(const Row& a, const Row& b, std::size_t key_columns) {
  for (std::size_t c = 0; c < key_columns && c < a.size() && c < b.size(); ++c) {
    if (sql_less(a[c], b[c])) return -1;
    if (sql_less(b[c], a[c])) return 1;
  }
  return 0;
}

// [SECTION] the pool
// A handful is enough: a session replays one scenario at a time (two with the compare view), tests and
// benchmarks a few more.
IdleLabs<SqliteLabDatabase>& idle_sqlite_labs() {
  static IdleLabs<SqliteLabDatabase> labs(8);
  return labs;
}

std::string reuse_key_of(const CaseFamily& family, Model model, const std::vector<std::string>& names) {
  return lab_reuse_key("sqlite", family, model, names);
}

}  // namespace

LabDatabaseHandle open_sqlite_lab_database(const Scenario& scenario, const CaseFamily& family,
                                           const std::vector<std::string>& session_names, Model model) {
  if (auto reused = idle_sqlite_labs().take(reuse_key_of(family, model, session_names))) {
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
  for (const auto& table : family.tables) {
    m_select_all.push_back(select_all_rows(table));
    m_select_all_with_rowid.push_back("SELECT rowid, " +
                                      m_select_all.back().substr(std::string("SELECT ").size()));
    m_select_row.push_back(select_row_by_rowid(table));
    m_has_rowids.push_back(has_rowids(family.ddl(model), table.name));
  }
  const std::string uri = fresh_memdb_uri();
  m_observer = std::make_unique<Connection>(uri, "observer");

  for (const auto& ddl : family.ddl(model)) {
    const auto result = m_observer->run(ddl);
    if (!result.ok()) throw SqlError(ddl, result.code_name(), result.message);
  }
  insert_initial_rows(*m_observer, family, scenario, false);

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
  forget_reads();
}

void SqliteLabDatabase::forget_reads() {
  m_last.clear();
  m_changed.clear();
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
  if (owned->make_idle()) idle_sqlite_labs().give(std::move(owned));
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

std::optional<SqliteLabDatabase::TableRead> SqliteLabDatabase::read_whole(std::size_t index) {
  auto result = m_observer->run(m_select_all_with_rowid[index]);
  if (result.busy()) return std::nullopt;
  if (!result.ok()) throw SqlError(m_select_all_with_rowid[index], result.code_name(), result.message);
  const TableInfo& info = m_family.tables[index];
  TableRead read;
  TableData table{info.name, info.columns, {}};
  for (auto& row : result.rows) {
    read.rowids.push_back(as_int(row.front()));
    table.rows.emplace_back(std::make_move_iterator(row.begin() + 1), std::make_move_iterator(row.end()));
  }
  read.table = std::make_shared<const TableData>(std::move(table));
  return read;
}

std::optional<SqliteLabDatabase::TableRead> SqliteLabDatabase::read_rows(std::size_t index,
                                                                         const std::set<std::int64_t>& rowids,
                                                                         bool& whole) {
  const TableInfo& info = m_family.tables[index];
  const TableRead& last = m_last[index];
  // The written rows as they are committed now (a deleted or rolled-back insert is not there).
  std::vector<std::pair<std::int64_t, Row>> fresh;
  for (std::int64_t rowid : rowids) {
    auto result = m_observer->run(m_select_row[index], {rowid});
    if (result.busy()) return std::nullopt;
    if (!result.ok()) throw SqlError(m_select_row[index], result.code_name(), result.message);
    for (auto& row : result.rows)
      fresh.emplace_back(as_int(row.front()),
                         Row(std::make_move_iterator(row.begin() + 1), std::make_move_iterator(row.end())));
  }
  const auto before = [&](const Row& a, const Row& b) { return compare_by_key(a, b, info.key_columns) < 0; };
  std::sort(fresh.begin(), fresh.end(),
            [&](const auto& a, const auto& b) { return before(a.second, b.second); });
  // Merged in key order (the order of ORDER BY key); a key met twice means the key does not order the
  // rows alone, and only a whole read gives SQLite's order then.
  TableRead read;
  TableData table{info.name, info.columns, {}};
  std::size_t next = 0;
  const auto take_fresh = [&] {
    if (!table.rows.empty() && compare_by_key(table.rows.back(), fresh[next].second, info.key_columns) >= 0)
      return false;
    read.rowids.push_back(fresh[next].first);
    table.rows.push_back(std::move(fresh[next++].second));
    return true;
  };
  for (std::size_t r = 0; r < last.table->rows.size(); ++r) {
    if (rowids.count(last.rowids[r])) continue;
    const Row& kept = last.table->rows[r];
    while (next < fresh.size() && before(fresh[next].second, kept))
      if (!take_fresh()) return whole = true, std::nullopt;
    if (!table.rows.empty() && compare_by_key(table.rows.back(), kept, info.key_columns) >= 0)
      return whole = true, std::nullopt;
    read.rowids.push_back(last.rowids[r]);
    table.rows.push_back(kept);
  }
  while (next < fresh.size())
    if (!take_fresh()) return whole = true, std::nullopt;
  read.table = std::make_shared<const TableData>(std::move(table));
  return read;
}

bool SqliteLabDatabase::read_committed_tables(Tables& out, const Tables* previous) {
  // Rows read one by one up to this many per table; past it one whole read is cheaper.
  constexpr std::size_t kRowsReadAlone = 16;
  const std::size_t tables = m_family.tables.size();
  // `previous` must be what this database read last; anything else is read whole.
  bool known = m_last.size() == tables && previous && previous->size() == tables;
  for (std::size_t i = 0; known && i < tables; ++i) known = previous->shared(i) == m_last[i].table;
  std::vector<TableRead> reads;
  for (std::size_t i = 0; i < tables; ++i) {
    const auto written = m_changed.find(m_family.tables[i].name);
    if (known && written == m_changed.end()) {
      reads.push_back(m_last[i]);
      continue;
    }
    std::optional<TableRead> read;
    bool whole = !known || !m_has_rowids[i] || written->second.size() > kRowsReadAlone;
    if (!whole) read = read_rows(i, written->second, whole);
    if (whole) read = read_whole(i);
    if (!read) return false;  // met a lock: the written rows stay marked for the next read
    reads.push_back(std::move(*read));
  }
  out.clear();
  for (const auto& read : reads) out.push_back(read.table);
  m_last = std::move(reads);
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
