#pragma once
// One connection of a live lab to its database file, used by one thread at a time, with the stepped
// lab's defences (no ATTACH, no extension loading) and its statements prepared once and kept.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/labs/connection/lab_statement.hpp"

struct sqlite3;

namespace reslab {

// How a connection opens the file: to look, to write, or to write a file it may create.
enum class LabOpen { read_only, read_write, create };

// A bounded wait for the write lock: yield first (on 2 cores the holder needs the CPU more), then
// short sleeps, about 10 s in all before the statement gives up with SQLITE_BUSY. SQLite's own
// busy_timeout sleeps up to 100 ms at a time, which would measure its sleeps rather than the lab.
struct BusyWait {
  std::int64_t retries = 0;                 // times the lock was found taken and tried again
  const std::atomic<bool>* stop = nullptr;  // set: give up at once (a cancelled run)
};

class LabConnection {
 public:
  // Throws LabSqlError when the file cannot be opened.
  LabConnection(const std::string& file, LabOpen open);
  ~LabConnection();
  LabConnection(const LabConnection&) = delete;
  LabConnection& operator=(const LabConnection&) = delete;

  sqlite3* handle() const { return m_db; }
  // From now on a taken write lock is waited for the bounded way; `wait` must outlive the connection.
  void wait_when_busy(BusyWait& wait);
  // `text` is prepared on first use and kept; the same pointer finds it again.
  LabStatement& sql(const char* text);
  // Runs statements that return no rows; throws LabSqlError.
  void script(const char* text);
  // Leaves no transaction open after a failure, so nobody else is kept waiting for the lock.
  void roll_back_if_open();

 private:
  sqlite3* m_db = nullptr;
  std::vector<std::pair<const char*, std::unique_ptr<LabStatement>>> m_statements;
};

}  // namespace reslab
