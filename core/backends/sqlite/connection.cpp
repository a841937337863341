#include "core/backends/sqlite/connection.hpp"

#include <SQLiteCpp/Database.h>
#include <sqlite3.h>  // with SQLITE_ENABLE_PREUPDATE_HOOK (CMakeLists.txt)

#include <string_view>

#include "core/backends/sqlite/lockdown.hpp"

namespace reslab {
namespace {

constexpr int kProgressInterval = 1000;  // VM instructions between progress callbacks

int bind_value(sqlite3_stmt* statement, int index, const Value& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value))
    return sqlite3_bind_int64(statement, index, static_cast<sqlite3_int64>(*i));
  if (const auto* d = std::get_if<double>(&value)) return sqlite3_bind_double(statement, index, *d);
  if (const auto* s = std::get_if<std::string>(&value))
    return sqlite3_bind_text(statement, index, s->data(), static_cast<int>(s->size()), SQLITE_TRANSIENT);
  return sqlite3_bind_null(statement, index);
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

Value sqlite_column_value(sqlite3_stmt* statement, int column) {
  switch (sqlite3_column_type(statement, column)) {
    case SQLITE_INTEGER:
      return static_cast<std::int64_t>(sqlite3_column_int64(statement, column));
    case SQLITE_FLOAT:
      return sqlite3_column_double(statement, column);
    case SQLITE_NULL:
      return std::monostate{};
    case SQLITE_BLOB: {
      const auto* bytes = static_cast<const char*>(sqlite3_column_blob(statement, column));
      return std::string(bytes ? bytes : "",
                         static_cast<std::size_t>(sqlite3_column_bytes(statement, column)));
    }
    default: {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement, column));
      return std::string(text ? text : "", static_cast<std::size_t>(sqlite3_column_bytes(statement, column)));
    }
  }
}

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
  lock_down_connection(handle);
  // A statement that runs away is interrupted instead of hanging a step.
  sqlite3_progress_handler(
      handle, kProgressInterval,
      [](void* self) -> int {
        auto* connection = static_cast<Connection*>(self);
        connection->m_budget_left -= kProgressInterval;
        return connection->m_budget_left <= 0 ? 1 : 0;
      },
      this);
  // Which tables the open transaction writes, so that its own view is read from those tables only. The
  // pre-update hook, not the update hook: it sees every row, and while it is set SQLite does not empty a
  // table by its truncate optimization, which the update hook would not see.
  sqlite3_preupdate_hook(
      handle,
      [](void* self, sqlite3*, int op, const char*, const char* table, sqlite3_int64 before,
         sqlite3_int64 after) {
        auto* connection = static_cast<Connection*>(self);
        connection->m_written.insert(table);
        if (!connection->m_changed) return;
        auto rows = connection->m_changed->find(std::string_view(table));
        if (rows == connection->m_changed->end())
          rows = connection->m_changed->emplace(table, std::set<std::int64_t>{}).first;
        // SQLite defines the rowid before the change for UPDATE and DELETE, after it for INSERT and UPDATE.
        if (op != SQLITE_INSERT) rows->second.insert(before);
        if (op != SQLITE_DELETE) rows->second.insert(after);
      },
      this);
}

Connection::~Connection() = default;

void Connection::Finalize::operator()(sqlite3_stmt* statement) const {
  sqlite3_finalize(statement);
}

Connection::Prepared* Connection::prepared(const std::string& sql, StatementResult& failure) {
  if (auto it = m_statements.find(sql); it != m_statements.end()) return &it->second;
  sqlite3* handle = m_db->getHandle();
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v2(handle, sql.c_str(), static_cast<int>(sql.size()), &raw, nullptr);
  Prepared statement{std::unique_ptr<sqlite3_stmt, Finalize>(raw), {}};
  if (rc != SQLITE_OK || !raw) {
    set_code(failure, rc != SQLITE_OK ? sqlite3_extended_errcode(handle) : SQLITE_MISUSE);
    failure.message = rc != SQLITE_OK ? sqlite3_errmsg(handle) : "no statement in '" + sql + "'";
    return nullptr;
  }
  // Column names never change for a prepared statement: read once, copied into every result.
  for (int c = 0; c < sqlite3_column_count(raw); ++c)
    statement.columns.emplace_back(sqlite3_column_name(raw, c));
  return &m_statements.emplace(sql, std::move(statement)).first->second;
}

StatementResult Connection::run(const std::string& sql, const std::vector<Value>& params) {
  StatementResult result;
  m_budget_left = kStatementBudget;
  const Prepared* entry = prepared(sql, result);
  if (!entry) return result;
  sqlite3_stmt* statement = entry->statement.get();
  sqlite3* handle = m_db->getHandle();
  sqlite3_reset(statement);
  sqlite3_clear_bindings(statement);
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (const int rc = bind_value(statement, static_cast<int>(i) + 1, params[i]); rc != SQLITE_OK) {
      set_code(result, rc);
      result.message = "parameter " + std::to_string(i + 1) + ": " + sqlite3_errstr(rc);
      return result;
    }
  }

  result.columns = entry->columns;
  const auto column_count = static_cast<int>(entry->columns.size());
  const int changes_before = sqlite3_total_changes(handle);
  int rc = sqlite3_step(statement);
  while (rc == SQLITE_ROW) {
    Row row;
    row.reserve(static_cast<std::size_t>(column_count));
    for (int c = 0; c < column_count; ++c) row.push_back(sqlite_column_value(statement, c));
    result.rows.push_back(std::move(row));
    rc = sqlite3_step(statement);
  }
  set_code(result, rc == SQLITE_DONE ? rc : sqlite3_extended_errcode(handle));
  if (rc != SQLITE_DONE) {
    result.message = sqlite3_errmsg(handle);
    result.rows.clear();
  }
  sqlite3_reset(statement);
  // total_changes counts only this connection's own writes, so the delta is this statement's.
  result.changes = sqlite3_total_changes(handle) - changes_before;
  if (sqlite3_get_autocommit(handle)) m_written.clear();  // committed or rolled back: a new one starts empty
  return result;
}

bool Connection::in_transaction() const {
  return sqlite3_get_autocommit(m_db->getHandle()) == 0;
}

bool Connection::in_write_transaction() const {
  return sqlite3_txn_state(m_db->getHandle(), nullptr) == SQLITE_TXN_WRITE;
}

bool Connection::holds_lock() const {
  // A deferred BEGIN takes no lock until the first read; a ROLLBACK or failed read leaves none.
  return sqlite3_txn_state(m_db->getHandle(), nullptr) != SQLITE_TXN_NONE;
}

}  // namespace reslab
