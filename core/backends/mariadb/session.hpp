#pragma once
// A MariaDB session of a lab (an actor's, the provider's, the observer's; an SQL scenario's session).
// Each statement is sent asynchronously and driven, polling every millisecond, until it finishes or the
// server reports its thread waiting for another session: in a row-lock wait in InnoDB (seen twice, so its
// deadlock check, which runs as the wait begins, is past), or for a table's metadata lock. A waiting
// statement stays in flight and comes back as kind busy, code "waiting"; when the engine runs the same
// statement again (a woken event re-running from the top), the session drives that statement on instead
// of sending it twice. A statement that neither finishes nor waits within the budget is stopped with
// KILL QUERY from the lab's control connection.
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/backends/mariadb/connection.hpp"
#include "core/backends/mariadb/lock_monitor.hpp"
#include "core/backends/mariadb/sql_text.hpp"
#include "core/sim/in_flight_session.hpp"

namespace reslab::maria {

// A statement on its way, and what InnoDB needs for it to look like the cases' SQL.
struct MariaFlight : StatementFlight {
  std::optional<UpdateReturning> update_returning;
  // A conditional upsert's UPDATE, sent when its INSERT IGNORE added nothing; it may wait like any
  // statement.
  std::string then_update;
};

class MariaSession : public InFlightSession<MariaFlight> {
 public:
  // `keys`: each table's single-column primary key (for UPDATE ... RETURNING).
  MariaSession(const Endpoint& endpoint, std::string name, LockMonitor& monitor,
               const std::map<std::string, std::string>& keys);

  std::string shown(const std::string& sql) const override;

  unsigned long thread_id() const { return m_thread; }
  // At REPEATABLE READ the first plain read of a transaction takes its snapshot: the engine must not
  // read a transaction's own view before the transaction itself has.
  bool has_snapshot() const { return !in_transaction() || m_snapshot; }
  Connection& connection() { return m_connection; }
  // Cancels a statement in flight and rolls back. False if the session cannot be made idle.
  bool make_idle();

  // SQL scenarios: statements run exactly as written (no translation from the cases' SQLite dialect).
  void set_verbatim(bool verbatim) { m_verbatim = verbatim; }
  static constexpr std::chrono::milliseconds kStatementBudget{10'000};
  void set_statement_budget(std::chrono::milliseconds budget) { m_budget = budget; }

 private:
  void send(const std::string& sql, const std::vector<Value>& params) override;
  StatementResult await() override;
  // The statement on the wire finished with `finished`: sends the flight's next part (true), or there is
  // none and the flight ends.
  bool send_next_part(const StatementResult& finished);
  StatementResult complete(StatementResult result);
  StatementResult cancel();
  bool in_row_lock_wait();
  std::string bound(const std::string& sql, const std::vector<Value>& params) const;

  Connection m_connection;
  LockMonitor& m_monitor;
  const std::map<std::string, std::string>& m_keys;
  unsigned long m_thread = 0;
  bool m_snapshot = false;
  bool m_verbatim = false;
  std::chrono::milliseconds m_budget = kStatementBudget;
};

// The sessions of `sessions` that InnoDB says `waiting`'s statement waits for, in the order their connections
// were made.
std::vector<std::string> blocking_sessions(
    LockMonitor& monitor, const MariaSession& waiting,
    const std::map<std::string, std::unique_ptr<MariaSession>>& sessions);

}  // namespace reslab::maria
