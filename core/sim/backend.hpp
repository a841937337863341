#pragma once
// The database a lab runs on, and what it can do: SQLite (embedded, in memory, one write lock for the
// whole database), PostgreSQL and MariaDB/InnoDB (servers with row locks, reached through
// core/backends/). The engine and the texts ask the facts, never the name.
#include <string_view>
#include <vector>

namespace reslab {

enum class Backend { sqlite, postgres, mariadb };
std::string_view backend_name(Backend backend);     // "sqlite", "postgres", "mariadb"
std::string_view backend_display(Backend backend);  // "SQLite", "PostgreSQL", "MariaDB"
bool parse_backend(std::string_view text, Backend& out);
const std::vector<Backend>& all_backends();

// What one backend does where the cases' behaviour depends on it.
struct BackendFacts {
  enum class Locks { database, rows };
  // Who picks the victim of a deadlock: the engine (from who waits for whom), the session whose wait
  // closed the cycle, or the lighter transaction (fewer rows locked or changed; on a tie the closer).
  enum class Victim { engine, closer, lighter };
  // How a lock wait ends when nothing else does: BUSY at once (the busy handler's retries are the
  // engine's), or the statement waits until the holder ends its transaction.
  enum class LockWait { busy_at_once, until_released };
  // What names a failed statement where a reader compares results (an SQL scenario's trace, the
  // isolation table): SQLite's result code, PostgreSQL's SQLSTATE (precise: 40001, 40P01), or the server's
  // error number (InnoDB's SQLSTATE is often HY000: 1213, 1205).
  enum class ErrorName { result_code, sqlstate, error_number };

  Locks locks = Locks::database;
  bool failed_statement_aborts_transaction = false;  // PostgreSQL: every statement fails until ROLLBACK
  bool finds_deadlocks = false;                      // the server fails a statement of the cycle itself
  bool deadlock_rolls_back_transaction = false;      // its victim's whole transaction is gone
  Victim victim = Victim::engine;
  bool readers_wait = true;  // a plain read waits while another session writes (SQLite's memdb)
  LockWait lock_wait = LockWait::busy_at_once;
  // The dialect the cases write differently.
  bool update_returning = true;  // UPDATE ... RETURNING (InnoDB has INSERT/DELETE ... RETURNING only)
  bool on_conflict = true;       // INSERT ... ON CONFLICT (InnoDB: INSERT IGNORE / ON DUPLICATE KEY)
  const char* default_isolation = "SERIALIZABLE";
  const char* deadlock_error = "SQLITE_BUSY";  // how the server names a deadlock, for the texts
  ErrorName error_name = ErrorName::result_code;
  // At the default level, a plain SELECT in a transaction reads the snapshot the transaction's first
  // plain read took, while UPDATE, DELETE and locking reads read the latest committed row (InnoDB's
  // REPEATABLE READ). Elsewhere a plain read and a write's WHERE see the same committed state.
  bool plain_reads_keep_snapshot = false;

  bool row_locks() const { return locks == Locks::rows; }
};
const BackendFacts& backend_facts(Backend backend);

}  // namespace reslab
