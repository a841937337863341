#include "core/backends/sqlite/lab_database.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "core/sim/errors.hpp"
#include "core/cases/schema.hpp"

namespace reslab {
namespace {

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

void insert_initial_row(Connection& connection, const SchemaInfo& schema, const InitialRow& row) {
  const TableInfo* table = schema.find_table(row.table);
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

void insert_initial_rows(Connection& observer, const SchemaInfo& schema, const Scenario& scenario,
                         bool empty_first) {
  observer.run("BEGIN");
  try {
    if (empty_first)
      for (const auto& table : schema.tables) {
        // Table names come from the schema, never from a scenario file.
        const std::string sql = "DELETE FROM " + table.name;
        const auto result = observer.run(sql);
        if (!result.ok()) throw SqlError(sql, result.code_name(), result.message);
      }
    for (const auto& row : scenario.initial) insert_initial_row(observer, schema, row);
  } catch (...) {
    observer.run("ROLLBACK");
    throw;
  }
  observer.run("COMMIT");
}

const SchemaInfo& schema_of(const Scenario& scenario) {
  const SchemaInfo* schema = find_schema(scenario.schema);
  if (!schema) throw ScenarioError({scenario.file, 0, 0}, "unknown schema '" + scenario.schema + "'");
  return *schema;
}

// Idle databases by schema, model and connection names. A handful is enough: a session replays one
// scenario at a time (two with the compare view), tests and benchmarks a few more.
class LabDatabasePool {
 public:
  static LabDatabasePool& instance() {
    static LabDatabasePool pool;
    return pool;
  }
  std::unique_ptr<LabDatabase> take(const std::string& key) {
    std::lock_guard lock(m_mutex);
    for (auto it = m_idle.begin(); it != m_idle.end(); ++it) {
      if (it->first != key) continue;
      auto database = std::move(it->second);
      m_idle.erase(it);
      return database;
    }
    return nullptr;
  }
  void give(std::string key, std::unique_ptr<LabDatabase> database) {
    std::lock_guard lock(m_mutex);
    if (m_idle.size() == kMaxIdle) m_idle.erase(m_idle.begin());  // the longest idle goes
    m_idle.emplace_back(std::move(key), std::move(database));
  }

 private:
  static constexpr std::size_t kMaxIdle = 8;
  std::mutex m_mutex;
  std::vector<std::pair<std::string, std::unique_ptr<LabDatabase>>> m_idle;
};

std::string pool_key(const std::string& schema, Model model, const std::vector<std::string>& names) {
  std::string key = schema + "/" + std::string(model_name(model));
  for (const auto& name : names) key += "/" + name;
  return key;
}

}  // namespace

void LabDatabaseReturn::operator()(LabDatabase* database) const {
  std::unique_ptr<LabDatabase> owned(database);
  if (!owned || !owned->make_idle()) return;
  std::string key = owned->pool_key();
  LabDatabasePool::instance().give(std::move(key), std::move(owned));
}

LabDatabaseHandle open_lab_database(const Scenario& scenario, const std::vector<std::string>& connection_names,
                                    Model model) {
  auto reused = LabDatabasePool::instance().take(pool_key(scenario.schema, model, connection_names));
  if (reused) {
    LabDatabaseHandle handle(reused.release());
    handle->reset(scenario);
    return handle;
  }
  return LabDatabaseHandle(new LabDatabase(scenario, connection_names, model));
}

LabDatabase::LabDatabase(const Scenario& scenario, const std::vector<std::string>& connection_names,
                         Model model)
    : m_schema(scenario.schema), m_pool_key(reslab::pool_key(scenario.schema, model, connection_names)) {
  const SchemaInfo& schema = schema_of(scenario);
  const std::string uri = fresh_memdb_uri();
  m_observer = std::make_unique<Connection>(uri, "observer");

  for (const auto& ddl : schema_ddl(scenario.schema, model)) {
    const auto result = m_observer->run(ddl);
    if (!result.ok()) throw SqlError(ddl, result.code_name(), result.message);
  }
  insert_initial_rows(*m_observer, schema, scenario, false);

  for (const auto& name : connection_names) {
    auto connection = std::make_unique<Connection>(uri, name);
    // Load the schema now: preparing a statement later, while another actor
    // holds the write lock, would itself meet SQLITE_BUSY.
    connection->run("SELECT count(*) FROM sqlite_schema");
    m_connections.emplace(name, std::move(connection));
  }
}

void LabDatabase::reset(const Scenario& scenario) {
  insert_initial_rows(*m_observer, schema_of(scenario), scenario, true);
}

bool LabDatabase::make_idle() {
  const auto idle = [](Connection& connection) {
    return !connection.in_transaction() || (connection.run("ROLLBACK").ok() && !connection.in_transaction());
  };
  bool all_idle = idle(*m_observer);
  for (auto& [name, connection] : m_connections) all_idle = idle(*connection) && all_idle;
  return all_idle;
}

Connection& LabDatabase::connection(const std::string& name) {
  auto it = m_connections.find(name);
  if (it == m_connections.end()) throw std::logic_error("no connection named " + name);
  return *it->second;
}

bool LabDatabase::read_tables(Connection& connection, std::vector<TableData>& out) {
  const SchemaInfo* schema = find_schema(m_schema);
  out.clear();
  for (const auto& table : schema->tables) {
    auto result = connection.run(select_all(table));
    if (result.busy()) return false;
    if (!result.ok()) throw SqlError(select_all(table), result.code_name(), result.message);
    out.push_back({table.name, table.columns, std::move(result.rows)});
  }
  return true;
}

}  // namespace reslab
