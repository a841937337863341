#pragma once
// What an SQL scenario runs on: a lab database of one backend, made by the scenario's setup SQL and
// sandboxed to itself, with one session per scenario session and an observer that reads the committed
// tables. open_sql_lab() goes to the backends the program handed in (core/sim/lab_backends.hpp).
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/session.hpp"
#include "core/sim/snapshot.hpp"
#include "core/sim/sql_scenario.hpp"

namespace reslab {

class SqlLab {
 public:
  virtual ~SqlLab() = default;
  // Runs one statement exactly as written. A statement that waits for another session of the lab comes
  // back with kind busy (and no deadlock_victim); run it again to go on waiting or finish. A BUSY that
  // waiting cannot end, a serialization failure, a deadlock: an error (kind error, or busy with
  // deadlock_victim).
  virtual StatementResult run(const std::string& session, const std::string& sql) = 0;
  // The committed state of `tables` (every table the setup made when empty), read by the observer; false
  // when it cannot be read now (a writer on SQLite's rollback journal holds the lock readers need).
  virtual bool read_tables(const std::vector<std::string>& tables, std::vector<TableData>& out) = 0;
  // The sandbox refused the statement (a file, a program, an extension, the statement budget).
  virtual bool refused(const StatementResult& result) const = 0;
  virtual std::string server_version() const { return {}; }
  // The sessions `session`'s waiting statement waits for, as the database tells it (SQLite: who holds the
  // lock it wants; PostgreSQL: pg_blocking_pids), in the database's order; empty when it cannot tell.
  virtual std::vector<std::string> waits_for(const std::string& session) {
    (void)session;
    return {};
  }
  // How many notices (PostgreSQL's NOTICE, WARNING, INFO) the session has received so far: what a
  // `notices` marker counts. 0 where the backend sends none.
  virtual int notices(const std::string& session) {
    (void)session;
    return 0;
  }
  // What the database says against `sql` when it only compiles it (SQLite: no such table, a syntax error);
  // empty when it compiles, or when the backend cannot tell without running it.
  virtual std::string compile_error(const std::string& sql) {
    (void)sql;
    return {};
  }
};

struct SqlLabOptions {
  Backend backend = Backend::sqlite;
  SqliteJournal journal = SqliteJournal::rollback;
  std::vector<std::string> sessions;
  // A statement that neither finishes nor waits for another session of the lab is stopped after this
  // (SQLite counts virtual machine steps instead of time).
  std::chrono::milliseconds budget{5000};
  std::string dsn;  // the backend's server (--pg DSN, --mariadb DSN); empty: reslab's own server
};

// A fresh lab with `setup` run in it (sandboxed like every step). Throws ScenarioError at the setup
// statement that fails, BackendUnavailableError when the backend cannot be used for SQL scenarios.
std::unique_ptr<SqlLab> open_sql_lab(const SqlLabOptions& options, const std::vector<SqlStatement>& setup);

// Why `scenario`'s SQL cannot run on `backend`, as "file:line:col: ..." in both languages (the database's
// own words as it gives them); empty when it can.
// SQLite runs the setup on a fresh lab and compiles every statement of the sessions' setups and steps
// against it; a server backend is not asked (its statements are tried as they run).
LocalizedText sql_refused_on(const SqlScenario& scenario, Backend backend);

}  // namespace reslab
