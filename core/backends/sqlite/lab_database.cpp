// [SECTION] index: statements · initial rows · the pool · SqliteLabDatabase
#include "core/backends/sqlite/lab_database.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// [SECTION] statements
std::string fresh_memdb_uri() {
  // memdb names are shared process-wide: each lab needs its own.
  static std::atomic<unsigned long> counter{0};
  return "file:/reslab-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "?vfs=memdb";
}

std::string select_all(const TableInfo& table) {
  std::string columns;
  std::string order;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    columns += (i ? ", " : "") + table.columns[i];
    if (i < table.key_columns) order += (i ? ", " : "") + table.columns[i];
  }
  return "SELECT " + columns + " FROM " + table.name + " ORDER BY " + order;
}

// [SECTION] initial rows
void insert_initial_row(Connection& connection, const CaseFamily& family, const InitialRow& row) {
  const TableInfo* table = family.find_table(row.table);
  if (!table) throw ScenarioError(row.pos, "unknown table '" + row.table + "'");
  std::string columns;
  std::string placeholders;
  std::vector<Value> values;
  for (const auto& [column, value] : row.cells) {
    // Column names cannot be bound, so only the schema's own names ever reach the SQL text.
    auto known = std::find(table->columns.begin(), table->columns.end(), column);
    if (known == table->columns.end())
      throw ScenarioError(row.pos, "table " + row.table + " has no column '" + column + "'");
    columns += (values.empty() ? "" : ", ") + *known;
    placeholders += values.empty() ? "?" : ", ?";
    values.push_back(value);
  }
  const std::string sql = "INSERT INTO " + table->name + "(" + columns + ") VALUES (" + placeholders + ")";
  const auto result = connection.run(sql, values);
  if (!result.ok()) {
    throw ScenarioError(row.pos, "initial row of " + row.table + " rejected: " + result.message + " (" +
                                     result.code_name() + ")");
  }
}

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
// Idle databases by schema, model and connection names. A handful is enough: a session replays one
// scenario at a time (two with the compare view), tests and benchmarks a few more.
class LabDatabasePool {
 public:
  static LabDatabasePool& instance() {
    static LabDatabasePool pool;
    return pool;
  }
  std::unique_ptr<SqliteLabDatabase> take(const std::string& key) {
    std::lock_guard lock(m_mutex);
    for (auto it = m_idle.begin(); it != m_idle.end(); ++it) {
      if ((*it)->pool_key() != key) continue;
      auto database = std::move(*it);
      m_idle.erase(it);
      return database;
    }
    return nullptr;
  }
  void give(std::unique_ptr<SqliteLabDatabase> database) {
    std::lock_guard lock(m_mutex);
    if (m_idle.size() == kMaxIdle) m_idle.erase(m_idle.begin());  // the longest idle goes
    m_idle.push_back(std::move(database));
  }

 private:
  static constexpr std::size_t kMaxIdle = 8;
  std::mutex m_mutex;
  std::vector<std::unique_ptr<SqliteLabDatabase>> m_idle;
};

std::string pool_key_of(const CaseFamily& family, Model model, const std::vector<std::string>& names) {
  std::string key = family.name + "/" + std::string(model_name(model));
  for (const auto& name : names) key += "/" + name;
  return key;
}

}  // namespace

LabDatabaseHandle open_sqlite_lab_database(const Scenario& scenario, const CaseFamily& family,
                                           const std::vector<std::string>& session_names, Model model) {
  if (auto reused = LabDatabasePool::instance().take(pool_key_of(family, model, session_names))) {
    LabDatabaseHandle handle(reused.release());
    static_cast<SqliteLabDatabase&>(*handle).reset(scenario);
    return handle;
  }
  return LabDatabaseHandle(new SqliteLabDatabase(scenario, family, session_names, model));
}

// [SECTION] SqliteLabDatabase
SqliteLabDatabase::SqliteLabDatabase(const Scenario& scenario, const CaseFamily& family,
                                     const std::vector<std::string>& connection_names, Model model)
    : m_family(family), m_pool_key(pool_key_of(family, model, connection_names)) {
  for (const auto& table : family.tables) m_select_all.push_back(select_all(table));
  const std::string uri = fresh_memdb_uri();
  m_observer = std::make_unique<Connection>(uri, "observer");

  for (const auto& ddl : family.ddl(model)) {
    const auto result = m_observer->run(ddl);
    if (!result.ok()) throw SqlError(ddl, result.code_name(), result.message);
  }
  insert_initial_rows(*m_observer, family, scenario, false);

  for (const auto& name : connection_names) {
    auto connection = std::make_unique<Connection>(uri, name);
    // Load the schema now: preparing a statement later, while another actor
    // holds the write lock, would itself meet SQLITE_BUSY.
    connection->run("SELECT count(*) FROM sqlite_schema");
    m_connections.emplace(name, std::move(connection));
  }
}

void SqliteLabDatabase::reset(const Scenario& scenario) {
  insert_initial_rows(*m_observer, m_family, scenario, true);
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
  if (owned->make_idle()) LabDatabasePool::instance().give(std::move(owned));
}

Connection& SqliteLabDatabase::session(const std::string& name) {
  auto it = m_connections.find(name);
  if (it == m_connections.end()) throw std::logic_error("no connection named " + name);
  return *it->second;
}

bool SqliteLabDatabase::read_tables(Session& session, std::vector<TableData>& out) {
  out.clear();
  for (std::size_t i = 0; i < m_family.tables.size(); ++i) {
    const TableInfo& table = m_family.tables[i];
    auto result = session.run(m_select_all[i]);
    if (result.busy()) return false;
    if (!result.ok()) throw SqlError(m_select_all[i], result.code_name(), result.message);
    out.push_back({table.name, table.columns, std::move(result.rows)});
  }
  return true;
}

std::int64_t SqliteLabDatabase::data_version() {
  // data_version changes whenever another connection commits.
  const auto version = m_observer->run("PRAGMA data_version");
  if (!version.ok() || version.rows.empty()) return -1;
  return as_int(version.rows[0][0]);
}

}  // namespace reslab
