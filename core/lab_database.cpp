#include "core/lab_database.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>

#include "core/errors.hpp"
#include "core/schema.hpp"

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

}  // namespace

LabDatabase::LabDatabase(const Scenario& scenario, const std::vector<std::string>& connection_names,
                         Model model)
    : m_schema(scenario.schema) {
  const SchemaInfo* schema = find_schema(scenario.schema);
  if (!schema) throw ScenarioError({scenario.file, 0, 0}, "unknown schema '" + scenario.schema + "'");
  const std::string uri = fresh_memdb_uri();
  m_observer = std::make_unique<Connection>(uri, "observer");

  for (const auto& ddl : schema_ddl(scenario.schema, model)) {
    const auto result = m_observer->run(ddl);
    if (!result.ok()) throw SqlError(ddl, result.code_name(), result.message);
  }
  m_observer->run("BEGIN");
  for (const auto& row : scenario.initial) {
    try {
      insert_initial_row(*m_observer, *schema, row);
    } catch (...) {
      m_observer->run("ROLLBACK");
      throw;
    }
  }
  m_observer->run("COMMIT");

  for (const auto& name : connection_names) {
    auto connection = std::make_unique<Connection>(uri, name);
    // Load the schema now: preparing a statement later, while another actor
    // holds the write lock, would itself meet SQLITE_BUSY.
    connection->run("SELECT count(*) FROM sqlite_schema");
    m_connections.emplace(name, std::move(connection));
  }
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
