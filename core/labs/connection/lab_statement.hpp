#pragma once
// One prepared statement of a live lab on a raw SQLite handle. The load lab runs its statements
// 100,000 times a second, so values are bound by hand and nothing is allocated per run.
#include <cstdint>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace reslab {

class LabStatement {
 public:
  // Throws LabSqlError when `sql` does not prepare.
  LabStatement(sqlite3* db, const char* sql);
  ~LabStatement();
  LabStatement(const LabStatement&) = delete;
  LabStatement& operator=(const LabStatement&) = delete;

  LabStatement& bind(int index, std::int64_t value);
  // Not copied: `text` must stay put until the statement is stepped (literals, long-lived buffers).
  LabStatement& bind(int index, const char* text);
  // Copied: for text made on the spot.
  LabStatement& bind(int index, const std::string& text);

  // Steps once and returns the result code; the statement stays on its row until reset().
  int step();
  void reset();
  std::int64_t column_int(int column) const;
  bool column_null(int column) const;
  std::string column_text(int column) const;

  // Steps to the first row, or throws when there is none; the statement stays there until reset().
  void step_to_row();
  // Runs a statement that returns no row and gives the rows it changed; throws unless it finished.
  int run();
  // The first column of the first row, then reset; throws when there is no row.
  std::int64_t integer();
  std::string text();

  // Throws LabSqlError for the result code `rc` of a step (SQLITE_NOTFOUND: a row was due and none
  // came, "no row"), leaving the statement reset.
  [[noreturn]] void fail(int rc);

 private:
  sqlite3* m_db;
  std::string m_sql;
  sqlite3_stmt* m_statement = nullptr;
};

}  // namespace reslab
