#pragma once
// A PostgreSQL session of a lab (an actor's, the provider's, the observer's). Each statement is sent
// asynchronously with bound parameters and waited for, polling every millisecond, until it finishes
// or is blocked by another session of the lab *and* past its deadlock check (the server's "still
// waiting" notice, with log_lock_waits on). A blocked statement stays in flight and comes back as
// kind busy, code "waiting"; when the engine runs the same statement again (a woken event re-running
// from the top), the session waits for that statement's result instead of sending it twice. On the
// private server a waiting statement's backend is stopped between those calls (WaiterGate).
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/backends/postgres/connection.hpp"
#include "core/backends/postgres/lock_monitor.hpp"
#include "core/backends/postgres/waiter_gate.hpp"
#include "core/sim/in_flight_session.hpp"

namespace reslab::pg {

class PostgresSession : public InFlightSession<StatementFlight> {
 public:
  // `deterministic`: the server sends the "still waiting" notice (deadlock_timeout and log_lock_waits
  // could be set), so a wait is reported only after the deadlock check; otherwise as soon as the
  // server says the session is blocked. `gate_waiters`: the server is reslab's own, whose backends it
  // may stop while they wait.
  // `set_lock_settings`: false when the server or the role already has them (a role that may not set them).
  PostgresSession(const std::string& conninfo, std::string name, LockMonitor& monitor, bool deterministic,
                  bool gate_waiters, bool set_lock_settings = true);
  ~PostgresSession() override;

  std::string shown(const std::string& sql) const override;

  int backend_pid() const { return m_connection.backend_pid(); }
  // The notices (NOTICE, WARNING, INFO: not the LOG lines of lock waits) received so far.
  int notices() const { return m_notices; }
  // Its waiting statement's backend is stopped until the statement is driven again.
  bool paused() const { return m_gate.closed(); }
  // An error aborted the open transaction: every statement fails (25P02) until ROLLBACK.
  bool transaction_failed() const override;
  // Several statements without parameters in one round trip (the lab's reads of every table), each
  // result in order. Needs the session idle; throws BackendUnavailableError when one fails.
  std::vector<StatementResult> run_batch(const std::vector<std::string>& statements);
  // Runs `sql` at once (set-up, a schema's search path); throws BackendUnavailableError on failure.
  void setup(const std::string& sql) { m_connection.must(sql); }
  // Cancels a statement in flight and rolls back: the session is idle afterwards. False if it cannot be.
  bool make_idle();

  // A statement that neither finishes nor waits for a session of the lab is cancelled after this.
  // Statements are sent exactly as written, not turned from SQLite's dialect (SQL scenarios).
  void set_verbatim(bool verbatim) { m_verbatim = verbatim; }

  static constexpr std::chrono::milliseconds kStatementBudget{10'000};
  void set_statement_budget(std::chrono::milliseconds budget) { m_budget = budget; }

 private:
  static void on_notice(void* self, const struct pg_result* notice);

  void send(const std::string& sql, const std::vector<Value>& params) override;
  StatementResult await() override;
  StatementResult drive();
  StatementResult collect();
  StatementResult cancel();
  bool settled_waiting();
  void read_deadlock_timeout();

  PgConnection m_connection;
  LockMonitor& m_monitor;
  WaiterGate m_gate;  // after the connection: the backend is continued before its connection closes
  bool m_deterministic;
  bool m_verbatim = false;
  std::chrono::milliseconds m_budget = kStatementBudget;
  int m_waits_started = 0;  // "still waiting" notices for the statement in flight
  int m_waits_ended = 0;    // "acquired" notices for it
  int m_notices = 0;
  std::vector<std::string> m_notice_texts;  // received since the last result: the next one carries them
  // The session's own deadlock_timeout, as SHOW gives it: a file's SQL may set it (isolationtester's
  // specs do), and a wait is settled only when its deadlock check comes within reach.
  std::chrono::milliseconds m_deadlock_timeout{20};
  bool m_follows_deadlock_timeout = false;  // the SQL sent so far sets it: read it again after each
  std::chrono::steady_clock::time_point m_settle_from;  // when the statement began its present wait
};

}  // namespace reslab::pg
