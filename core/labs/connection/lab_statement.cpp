#include "core/labs/connection/lab_statement.hpp"

#include <sqlite3.h>

#include "core/labs/connection/lab_sql_error.hpp"

namespace reslab {

LabStatement::LabStatement(sqlite3* db, const char* sql) : m_db(db), m_sql(sql) {
  const int rc = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &m_statement, nullptr);
  if (rc != SQLITE_OK) fail(rc);
}

LabStatement::~LabStatement() {
  sqlite3_finalize(m_statement);
}

LabStatement& LabStatement::bind(int index, std::int64_t value) {
  sqlite3_bind_int64(m_statement, index, value);
  return *this;
}

LabStatement& LabStatement::bind(int index, const char* text) {
  sqlite3_bind_text(m_statement, index, text, -1, SQLITE_STATIC);
  return *this;
}

LabStatement& LabStatement::bind(int index, const std::string& text) {
  sqlite3_bind_text(m_statement, index, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  return *this;
}

int LabStatement::step() {
  return sqlite3_step(m_statement);
}

void LabStatement::reset() {
  sqlite3_reset(m_statement);
}

std::int64_t LabStatement::column_int(int column) const {
  return sqlite3_column_int64(m_statement, column);
}

bool LabStatement::column_null(int column) const {
  return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

std::string LabStatement::column_text(int column) const {
  const auto* text = sqlite3_column_text(m_statement, column);
  return text ? reinterpret_cast<const char*>(text) : "";
}

int LabStatement::run() {
  const int rc = step();
  sqlite3_reset(m_statement);
  if (rc != SQLITE_DONE) fail(rc);
  return sqlite3_changes(m_db);
}

void LabStatement::step_to_row() {
  const int rc = step();
  if (rc != SQLITE_ROW) fail(rc == SQLITE_DONE ? SQLITE_NOTFOUND : rc);
}

std::int64_t LabStatement::integer() {
  step_to_row();
  const std::int64_t value = column_int(0);
  sqlite3_reset(m_statement);
  return value;
}

std::string LabStatement::text() {
  step_to_row();
  std::string value = column_text(0);
  sqlite3_reset(m_statement);
  return value;
}

void LabStatement::fail(int rc) {
  const bool missing = rc == SQLITE_NOTFOUND;
  const int code = missing ? rc : sqlite3_extended_errcode(m_db);
  const std::string message = missing ? "no row" : sqlite3_errmsg(m_db);
  if (m_statement) sqlite3_reset(m_statement);
  throw LabSqlError(m_sql, code, message);
}

}  // namespace reslab
