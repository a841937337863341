#pragma once
// The cases' SQL is written for SQLite; this turns it into MariaDB's. Statements: SQLite's BEGIN
// IMMEDIATE / DEFERRED / EXCLUSIVE become BEGIN (InnoDB locks rows, not the database), `ON CONFLICT ...
// DO NOTHING` becomes INSERT IGNORE and `ON CONFLICT ... DO UPDATE SET c = excluded.c` becomes `ON
// DUPLICATE KEY UPDATE c = VALUES(c)`, and `?` placeholders take the bound values as literals. An
// UPDATE ... RETURNING (which InnoDB lacks) is split into a locking read of the rows' keys, the UPDATE
// of those keys and a read of what RETURNING names. DDL: INTEGER PRIMARY KEY becomes a BIGINT
// AUTO_INCREMENT key, INTEGER becomes BIGINT, TEXT a VARCHAR (keys need a length), byte-order collation.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/value.hpp"

namespace reslab::maria {

// `sql` with the column names MariaDB reserves (`change`) in backquotes, outside string literals.
std::string quote_reserved(const std::string& sql);

// `sql` with its `?` placeholders (outside quotes) replaced by `literal(param)`.
std::string bind_literals(const std::string& sql, const std::vector<Value>& params,
                          const std::function<std::string(const Value&)>& literal);

// A statement as MariaDB runs it (placeholders kept).
std::string translate_statement(const std::string& sql);
// Whether the statement was an upsert whose "2 rows" for an updated row means one.
bool is_upsert(const std::string& sql);

// UPDATE t SET s WHERE w RETURNING r, taken apart (when `sql` is one).
struct UpdateReturning {
  std::string table;
  std::string set;
  std::string where;  // may hold placeholders: they come after those of `set`
  std::string returning;
  int set_placeholders = 0;
};
std::optional<UpdateReturning> split_update_returning(const std::string& sql);

// INSERT ... ON CONFLICT(k) DO UPDATE SET ... WHERE c (InnoDB's ON DUPLICATE KEY UPDATE has no WHERE and
// counts an unchanged row as matched) taken apart, from a statement whose values are bound: an INSERT
// IGNORE, then, when it added nothing, the UPDATE of the row with that key where c holds.
struct ConditionalUpsert {
  std::string insert;
  std::string update;
};
std::optional<ConditionalUpsert> split_conditional_upsert(const std::string& bound_sql);

struct TranslatedDdl {
  std::string sql;
  std::string table;            // the table a CREATE TABLE makes; empty otherwise
  std::string identity_column;  // its INTEGER PRIMARY KEY column, if any
  std::string key_column;       // its single-column primary key, if any
};
TranslatedDdl translate_ddl(const std::string& sql);

bool is_begin(const std::string& sql);
bool takes_row_locks(const std::string& sql);  // INSERT, UPDATE, DELETE, SELECT ... FOR UPDATE/SHARE
bool is_plain_select(const std::string& sql);  // a consistent read (takes the RR snapshot)
bool has_returning(const std::string& sql);

}  // namespace reslab::maria
