#pragma once
// The database schemas of the cases. Table names are part of the contract.
#include <string>
#include <string_view>
#include <vector>

namespace reslab {

enum class Model;  // core/trace.hpp

struct TableInfo {
  std::string name;
  std::vector<std::string> columns;  // in declaration order; the key columns come first
  std::size_t key_columns = 1;       // how many leading columns identify a row (for diffs)
};

struct SchemaInfo {
  std::string name;                     // "hotel" or "seat"
  std::vector<TableInfo> tables;        // in display order
  std::vector<std::string> figures;     // figure names a scenario of this schema may show
  std::vector<std::string> invariants;  // invariant names a scenario of this schema may check
  const TableInfo* find_table(std::string_view table) const;
};

const SchemaInfo* find_schema(std::string_view name);
// CREATE statements for a schema. The only SQL text a schema carries; values are never spliced in.
const std::vector<std::string>& schema_ddl(std::string_view name);
// The same for one model: naive lacks the constraints that are themselves the fix
// (holds.request_key UNIQUE, H4); every other table is the same in both models.
const std::vector<std::string>& schema_ddl(std::string_view name, Model model);

}  // namespace reslab
