#pragma once
// A session of a server backend (PostgreSQL, MariaDB), whose statement stays in flight while it waits
// for another session's lock: it comes back as kind busy, code "waiting", and running the same statement
// again (a woken event re-running from the top) drives that statement on instead of sending it twice;
// another statement meanwhile is refused. The backend sends and drives its statements; this keeps the
// flight, and what it says about the session's transaction while the statement is out.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/sim/session.hpp"

namespace reslab {

// What every backend's flight holds; a backend's own adds what it needs to drive its statement.
struct StatementFlight {
  std::string sql;
  std::vector<Value> params;
  bool in_transaction_before = false;  // the session was in a transaction when the statement went out
  bool takes_row_locks = false;        // the statement writes or locks rows
  bool begins_transaction = false;     // the statement is a BEGIN
};

template <class Flight>
class InFlightSession : public Session {
 public:
  const std::string& name() const override { return m_name; }

  StatementResult run(const std::string& sql, const std::vector<Value>& params = {}) override {
    if (!m_flight) {
      send(sql, params);
    } else if (m_flight->sql != sql || m_flight->params != params) {
      StatementResult refused;
      refused.kind = StatementResult::Kind::error;
      refused.code = "statement_in_flight";
      refused.message = "session " + m_name + " is still waiting at \"" + m_flight->sql +
                        "\" and cannot run \"" + sql + "\"";
      return refused;
    }
    return await();
  }

  // A statement in flight counts as run: a BEGIN has begun its transaction, a write holds its rows.
  bool in_transaction() const override {
    if (m_flight) return m_flight->in_transaction_before || m_flight->begins_transaction;
    return m_in_transaction;
  }
  bool in_write_transaction() const override {
    return in_transaction() && (m_wrote || (m_flight && m_flight->takes_row_locks));
  }
  bool holds_lock() const override { return in_transaction(); }

  bool waiting() const { return m_flight.has_value(); }

 protected:
  explicit InFlightSession(std::string name) : m_name(std::move(name)) {}

  // Sends `sql` and sets m_flight; await() drives the flight until the statement finishes (the flight
  // ends) or waits for another session (it stays).
  virtual void send(const std::string& sql, const std::vector<Value>& params) = 0;
  virtual StatementResult await() = 0;

  std::string m_name;
  std::optional<Flight> m_flight;
  bool m_in_transaction = false;
  bool m_wrote = false;  // took row locks since BEGIN
};

}  // namespace reslab
