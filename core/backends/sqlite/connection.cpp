#include "core/backends/sqlite/connection.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

namespace reslab {
namespace {

constexpr int kProgressInterval = 1000;  // VM instructions between progress callbacks

int refuse_attach(void*, int action, const char*, const char*, const char*, const char*) {
  return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
}

Value column_value(const SQLite::Column& column) {
  switch (column.getType()) {
    case SQLITE_INTEGER:
      return static_cast<std::int64_t>(column.getInt64());
    case SQLITE_FLOAT:
      return column.getDouble();
    case SQLITE_NULL:
      return std::monostate{};
    default:
      return column.getString();
  }
}

void bind_value(SQLite::Statement& statement, int index, const Value& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) {
    statement.bind(index, static_cast<int64_t>(*i));
  } else if (const auto* d = std::get_if<double>(&value)) {
    statement.bind(index, *d);
  } else if (const auto* s = std::get_if<std::string>(&value)) {
    statement.bind(index, *s);
  } else {
    statement.bind(index);
  }
}

// How the engine reads an extended result code.
StatementResult::Kind kind_of(int code) {
  if (code == SQLITE_DONE || code == SQLITE_OK) return StatementResult::Kind::ok;
  if ((code & 0xff) == SQLITE_BUSY || (code & 0xff) == SQLITE_LOCKED) return StatementResult::Kind::busy;
  if ((code & 0xff) == SQLITE_CONSTRAINT) return StatementResult::Kind::constraint;
  return StatementResult::Kind::error;
}

void set_code(StatementResult& result, int code) {
  result.native_code = code;
  result.code = result_code_name(code);
  result.kind = kind_of(code);
}

}  // namespace

std::string result_code_name(int code) {
  switch (code) {
    case SQLITE_OK:
      return "SQLITE_OK";
    case SQLITE_ROW:
      return "SQLITE_ROW";
    case SQLITE_DONE:
      return "SQLITE_DONE";
    case SQLITE_BUSY:
      return "SQLITE_BUSY";
    case SQLITE_BUSY_SNAPSHOT:
      return "SQLITE_BUSY_SNAPSHOT";
    case SQLITE_BUSY_RECOVERY:
      return "SQLITE_BUSY_RECOVERY";
    case SQLITE_BUSY_TIMEOUT:
      return "SQLITE_BUSY_TIMEOUT";
    case SQLITE_LOCKED:
      return "SQLITE_LOCKED";
    case SQLITE_ERROR:
      return "SQLITE_ERROR";
    case SQLITE_INTERRUPT:
      return "SQLITE_INTERRUPT";
    case SQLITE_AUTH:
      return "SQLITE_AUTH";
    case SQLITE_MISUSE:
      return "SQLITE_MISUSE";
    case SQLITE_RANGE:
      return "SQLITE_RANGE";
    case SQLITE_READONLY:
      return "SQLITE_READONLY";
    case SQLITE_FULL:
      return "SQLITE_FULL";
    case SQLITE_NOMEM:
      return "SQLITE_NOMEM";
    case SQLITE_IOERR:
      return "SQLITE_IOERR";
    case SQLITE_CONSTRAINT:
      return "SQLITE_CONSTRAINT";
    case SQLITE_CONSTRAINT_CHECK:
      return "SQLITE_CONSTRAINT_CHECK";
    case SQLITE_CONSTRAINT_UNIQUE:
      return "SQLITE_CONSTRAINT_UNIQUE";
    case SQLITE_CONSTRAINT_PRIMARYKEY:
      return "SQLITE_CONSTRAINT_PRIMARYKEY";
    case SQLITE_CONSTRAINT_NOTNULL:
      return "SQLITE_CONSTRAINT_NOTNULL";
    case SQLITE_CONSTRAINT_FOREIGNKEY:
      return "SQLITE_CONSTRAINT_FOREIGNKEY";
    case SQLITE_CONSTRAINT_TRIGGER:
      return "SQLITE_CONSTRAINT_TRIGGER";
    case SQLITE_CONSTRAINT_DATATYPE:
      return "SQLITE_CONSTRAINT_DATATYPE";
    default:
      return "SQLITE_" + std::to_string(code);
  }
}

Connection::Connection(const std::string& uri, std::string name) : m_name(std::move(name)) {
  m_db = std::make_unique<SQLite::Database>(
      uri, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_URI | SQLITE_OPEN_NOMUTEX);
  sqlite3* handle = m_db->getHandle();
  sqlite3_extended_result_codes(handle, 1);
  sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_db_config(handle, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  sqlite3_set_authorizer(handle, refuse_attach, nullptr);
  // A statement that runs away is interrupted instead of hanging a step.
  sqlite3_progress_handler(
      handle, kProgressInterval,
      [](void* self) -> int {
        auto* connection = static_cast<Connection*>(self);
        connection->m_budget_left -= kProgressInterval;
        return connection->m_budget_left <= 0 ? 1 : 0;
      },
      this);
  // Which tables the open transaction writes, so that its own view is read from those tables only.
  sqlite3_update_hook(
      handle,
      [](void* self, int, const char*, const char* table, sqlite3_int64) {
        static_cast<Connection*>(self)->m_written.insert(table);
      },
      this);
}

Connection::~Connection() = default;

SQLite::Statement& Connection::prepared(const std::string& sql) {
  auto it = m_statements.find(sql);
  if (it == m_statements.end()) {
    it = m_statements.emplace(sql, std::make_unique<SQLite::Statement>(*m_db, sql)).first;
  }
  return *it->second;
}

StatementResult Connection::run(const std::string& sql, const std::vector<Value>& params) {
  StatementResult result;
  m_budget_left = kStatementBudget;
  SQLite::Statement* statement = nullptr;
  try {
    statement = &prepared(sql);
  } catch (const SQLite::Exception& e) {
    set_code(result, e.getExtendedErrorCode());
    result.message = e.what();
    return result;
  }
  statement->tryReset();
  statement->clearBindings();
  for (std::size_t i = 0; i < params.size(); ++i) bind_value(*statement, static_cast<int>(i) + 1, params[i]);

  const int column_count = statement->getColumnCount();
  for (int c = 0; c < column_count; ++c) result.columns.emplace_back(statement->getColumnName(c));

  sqlite3* handle = m_db->getHandle();
  const int changes_before = sqlite3_total_changes(handle);
  int rc = statement->tryExecuteStep();
  while (rc == SQLITE_ROW) {
    Row row;
    row.reserve(static_cast<std::size_t>(column_count));
    for (int c = 0; c < column_count; ++c) row.push_back(column_value(statement->getColumn(c)));
    result.rows.push_back(std::move(row));
    rc = statement->tryExecuteStep();
  }
  set_code(result, rc == SQLITE_DONE ? rc : sqlite3_extended_errcode(handle));
  if (rc != SQLITE_DONE) {
    result.message = sqlite3_errmsg(handle);
    result.rows.clear();
  }
  statement->tryReset();
  // total_changes counts only this connection's own writes, so the delta is this statement's.
  result.changes = sqlite3_total_changes(handle) - changes_before;
  if (sqlite3_get_autocommit(handle)) m_written.clear();  // committed or rolled back: a new one starts empty
  return result;
}

bool Connection::in_transaction() const {
  return sqlite3_get_autocommit(m_db->getHandle()) == 0;
}

bool Connection::in_write_transaction() const {
  return sqlite3_txn_state(m_db->getHandle(), "main") == SQLITE_TXN_WRITE;
}

bool Connection::holds_lock() const {
  // A deferred BEGIN takes no lock until the first read; a ROLLBACK or failed read leaves none.
  return sqlite3_txn_state(m_db->getHandle(), "main") != SQLITE_TXN_NONE;
}

}  // namespace reslab
