#pragma once
// A database session as the engine sees it, whatever the backend: an actor's connection, the
// provider's, the observer's. Statements never throw for database results: BUSY, a constraint
// failure, a deadlock are what the lab is about, so the caller sees the result and decides.
#include <set>
#include <string>
#include <vector>

#include "core/sim/value.hpp"

namespace reslab {

struct StatementResult {
  // How the engine reads a result; the backend's own name for it is `code`.
  enum class Kind {
    ok,          // done, with or without rows
    busy,        // the statement could not go on because another session holds a lock
    constraint,  // a constraint refused the change
    error,       // anything else
  };

  std::vector<std::string> columns;
  std::vector<Row> rows;
  Kind kind = Kind::ok;
  // SQLite: "SQLITE_DONE", "SQLITE_BUSY", "SQLITE_CONSTRAINT_UNIQUE"...; PostgreSQL: the condition name
  // ("successful_completion", "unique_violation", "deadlock_detected"), or "waiting" for a statement
  // still in flight because another session of the lab holds a lock it needs.
  std::string code;
  std::string sqlstate;  // PostgreSQL's five-character SQLSTATE; empty on SQLite
  int native_code = 0;   // SQLite's extended result code (0 on other backends)
  int changes = 0;       // rows changed by this statement (0 unless it wrote)
  std::string message;
  // The server ended a deadlock by failing this statement: its transaction is rolled back (PostgreSQL's
  // 40P01). The kind is busy, like SQLite's BUSY that waiting cannot end.
  bool deadlock_victim = false;
  // What the server said to the session while the statement ran, as "NOTICE:  text" (PostgreSQL's
  // NOTICE, WARNING and INFO; a statement that waits carries those sent before its wait). Empty on SQLite.
  std::vector<std::string> notices;

  bool ok() const { return kind == Kind::ok; }
  bool busy() const { return kind == Kind::busy; }
  bool constraint() const { return kind == Kind::constraint; }
  const std::string& code_name() const { return code; }
};

class Session {
 public:
  virtual ~Session() = default;
  virtual const std::string& name() const = 0;
  virtual StatementResult run(const std::string& sql, const std::vector<Value>& params = {}) = 0;
  virtual bool in_transaction() const = 0;        // any transaction, read or write
  virtual bool in_write_transaction() const = 0;  // holds the write lock
  virtual bool holds_lock() const = 0;            // has read or written since BEGIN: a shared lock at least
  // An error aborted the open transaction (PostgreSQL): it holds no locks any more, but every statement
  // on the connection fails until ROLLBACK. SQLite carries a transaction on after an error.
  virtual bool transaction_failed() const { return false; }
  // The tables the open transaction has written to; nullptr when the backend cannot tell. A table it did
  // not write looks to it as it does to everyone (nobody else commits while it holds the write lock).
  virtual const std::set<std::string>* tables_written() const { return nullptr; }
  // The statement as this backend runs it, for the SQL log (PostgreSQL runs SQLite's BEGIN IMMEDIATE as
  // a plain BEGIN); placeholders stay as written, the log shows the bound values beside them.
  virtual std::string shown(const std::string& sql) const { return sql; }
};

}  // namespace reslab
