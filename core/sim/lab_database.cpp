#include "core/sim/lab_database.hpp"

#include <algorithm>

#include "core/sim/errors.hpp"

namespace reslab {

std::string select_all_rows(const TableInfo& table) {
  std::string columns;
  std::string order;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    columns += (i ? ", " : "") + table.columns[i];
    if (i < table.key_columns) order += (i ? ", " : "") + table.columns[i];
  }
  return "SELECT " + columns + " FROM " + table.name + " ORDER BY " + order;
}

void insert_initial_row(Session& session, const CaseFamily& family, const InitialRow& row) {
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
  const auto result = session.run(sql, values);
  if (!result.ok()) {
    throw ScenarioError(row.pos, "initial row of " + row.table + " rejected: " + result.message + " (" +
                                     result.code_name() + ")");
  }
}

std::string lab_reuse_key(const std::string& prefix, const CaseFamily& family, Model model,
                          const std::vector<std::string>& session_names) {
  std::string key = prefix + "/" + family.name + "/" + std::string(model_name(model));
  for (const auto& name : session_names) key += "/" + name;
  return key;
}

}  // namespace reslab
