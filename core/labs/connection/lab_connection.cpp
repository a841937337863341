#include "core/labs/connection/lab_connection.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "core/backends/sqlite/lockdown.hpp"
#include "core/labs/connection/lab_sql_error.hpp"

namespace reslab {
namespace {

constexpr int kBusySpins = 4;
constexpr int kMaxBusyAttempts = 10'000;

int wait_for_lock(void* context, int attempt) {
  auto* wait = static_cast<BusyWait*>(context);
  if (attempt >= kMaxBusyAttempts || (wait->stop && wait->stop->load(std::memory_order_relaxed))) return 0;
  ++wait->retries;
  if (attempt < kBusySpins) {
    std::this_thread::yield();
  } else {
    std::this_thread::sleep_for(std::chrono::microseconds(50 * std::min(attempt, 20)));
  }
  return 1;
}

int open_flags(LabOpen open) {
  switch (open) {
    case LabOpen::read_only:
      return SQLITE_OPEN_READONLY;
    case LabOpen::read_write:
      return SQLITE_OPEN_READWRITE;
    case LabOpen::create:
      return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  }
  return SQLITE_OPEN_READONLY;
}

}  // namespace

LabConnection::LabConnection(const std::string& file, LabOpen open) {
  // NOMUTEX: one thread at a time uses a connection, so SQLite's own locking would only cost.
  const int rc = sqlite3_open_v2(file.c_str(), &m_db, open_flags(open) | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    const std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
    sqlite3_close_v2(m_db);
    throw LabSqlError("open " + file, rc, message);
  }
  lock_down_connection(m_db);
}

LabConnection::~LabConnection() {
  m_statements.clear();  // finalized first, so that the close below closes the file at once
  sqlite3_close_v2(m_db);
}

void LabConnection::wait_when_busy(BusyWait& wait) {
  sqlite3_busy_handler(m_db, wait_for_lock, &wait);
}

LabStatement& LabConnection::sql(const char* text) {
  for (auto& [key, statement] : m_statements)
    if (key == text) return *statement;
  m_statements.emplace_back(text, std::make_unique<LabStatement>(m_db, text));
  return *m_statements.back().second;
}

void LabConnection::script(const char* text) {
  char* error = nullptr;
  if (sqlite3_exec(m_db, text, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : "error";
    sqlite3_free(error);
    throw LabSqlError(text, sqlite3_extended_errcode(m_db), message);
  }
}

void LabConnection::roll_back_if_open() {
  if (sqlite3_get_autocommit(m_db) == 0) sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

}  // namespace reslab
