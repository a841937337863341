#pragma once
// The cases' and the live labs' SQL is written for SQLite; this turns it into PostgreSQL's. Statements:
// placeholders become `$N` (outside quotes), numbered as SQLite numbers them: `?N` is N, a bare `?` one
// more than the largest before it; SQLite's BEGIN IMMEDIATE / DEFERRED / EXCLUSIVE become BEGIN
// (PostgreSQL locks rows, not the database, when they are written). DDL: an INTEGER PRIMARY KEY becomes
// an identity column and INTEGER becomes BIGINT, so values match the engine's 64-bit integers.
#include <string>
#include <vector>

namespace reslab::pg {

std::string translate_statement(const std::string& sql);

struct TranslatedDdl {
  std::string sql;
  std::string table;            // the table a CREATE TABLE makes; empty otherwise
  std::string identity_column;  // its INTEGER PRIMARY KEY column, if any
};
TranslatedDdl translate_ddl(const std::string& sql);
// Only the types: every INTEGER becomes BIGINT (tables whose ids are always given, as the live labs').
std::string translate_types(const std::string& sql);

// What kind of statement this is, by its first word(s), for the session's own bookkeeping.
bool is_begin(const std::string& sql);
bool ends_transaction(const std::string& sql);  // COMMIT, END, ROLLBACK (not ROLLBACK TO)
bool takes_row_locks(const std::string& sql);   // INSERT, UPDATE, DELETE, SELECT ... FOR UPDATE/SHARE

}  // namespace reslab::pg
