#include "core/backends/mariadb/session.hpp"

#include <algorithm>

#include "core/sim/errors.hpp"

namespace reslab::maria {
namespace {

std::vector<std::string> returning_columns(const std::string& returning) {
  std::vector<std::string> out;
  std::string current;
  for (char c : returning + ",") {
    if (c == ',') {
      const auto first = current.find_first_not_of(" \t\n");
      const auto last = current.find_last_not_of(" \t\n");
      if (first != std::string::npos) out.push_back(current.substr(first, last - first + 1));
      current.clear();
    } else {
      current += c;
    }
  }
  return out;
}

bool writes_with_returning(const std::string& sql) {
  return has_returning(sql) && takes_row_locks(sql);
}

}  // namespace

MariaSession::MariaSession(const Endpoint& endpoint, std::string name, LockMonitor& monitor,
                           const std::map<std::string, std::string>& keys)
    : InFlightSession(std::move(name)), m_connection(endpoint), m_monitor(monitor), m_keys(keys) {
  m_thread = m_connection.thread_id();
  // Wall-clock limits stay out of the way: the stepper has its own budget.
  m_connection.must("SET SESSION innodb_lock_wait_timeout = 100000");
  m_connection.must("SET SESSION autocommit = 1");
}

std::string MariaSession::bound(const std::string& sql, const std::vector<Value>& params) const {
  return bind_literals(sql, params, [this](const Value& value) { return m_connection.literal(value); });
}

std::string MariaSession::shown(const std::string& sql) const {
  return split_update_returning(sql) ? sql : translate_statement(sql);
}

void MariaSession::send(const std::string& sql, const std::vector<Value>& params) {
  MariaFlight flight{{sql, params, m_in_transaction, takes_row_locks(sql), is_begin(sql)}, std::nullopt, {}};
  std::string text;
  if (m_verbatim) {
    text = sql;
  } else if (auto split = split_update_returning(quote_reserved(sql)); split && m_keys.count(split->table)) {
    // InnoDB has no UPDATE ... RETURNING: a locking read of the keys waits where the UPDATE would.
    const std::vector<Value> where_params(
        params.begin() + std::min<std::size_t>(split->set_placeholders, params.size()), params.end());
    text = "SELECT " + m_keys.at(split->table) + " FROM " + split->table + " WHERE " +
           bound(split->where, where_params) + " FOR UPDATE";
    flight.update_returning = std::move(split);
  } else if (auto upsert = split_conditional_upsert(bound(quote_reserved(sql), params))) {
    text = upsert->insert;
    flight.then_update = upsert->update;
  } else {
    text = bound(translate_statement(sql), params);
  }
  m_connection.start(text);
  m_flight = std::move(flight);
}

bool MariaSession::in_row_lock_wait() {
  const auto waiting = m_monitor.waiting_threads();
  return std::find(waiting.begin(), waiting.end(), m_thread) != waiting.end();
}

StatementResult MariaSession::await() {
  auto deadline = std::chrono::steady_clock::now() + m_budget;
  int polls = 0;
  int seen_row_wait = 0;
  int seen_table_wait = 0;
  while (true) {
    if (m_connection.poll(1)) {
      StatementResult finished = m_connection.finish();
      if (!send_next_part(finished)) return complete(std::move(finished));
      deadline = std::chrono::steady_clock::now() + m_budget;
      polls = seen_row_wait = seen_table_wait = 0;
      continue;
    }
    ++polls;
    seen_row_wait = in_row_lock_wait() ? seen_row_wait + 1 : 0;
    // An SQL scenario's DDL or LOCK TABLES waits for a table's metadata lock, which InnoDB does not list:
    // asked of the server's process list every tenth poll.
    if (m_verbatim && polls % 10 == 0)
      seen_table_wait = m_monitor.waits_for_table_lock(m_thread) ? seen_table_wait + 1 : 0;
    if (seen_row_wait >= 2 || seen_table_wait >= 2) {
      if (m_connection.poll(0)) continue;  // the result may have come meanwhile
      StatementResult result;
      result.kind = StatementResult::Kind::busy;
      result.code = "waiting";
      result.message = "waiting for a lock held by another session of the lab";
      return result;
    }
    if (std::chrono::steady_clock::now() > deadline) return cancel();
  }
}

bool MariaSession::send_next_part(const StatementResult& finished) {
  if (m_flight->then_update.empty() || !finished.ok() || finished.changes != 0) return false;
  // The INSERT IGNORE found the key taken: the UPDATE of that row goes out like any statement and may
  // wait for the row's lock (another transaction's shared lock from its own INSERT IGNORE, say).
  m_connection.start(m_flight->then_update);
  m_flight->then_update.clear();
  return true;
}

StatementResult MariaSession::cancel() {
  const std::string statement = m_flight->sql;
  m_monitor.control().exec("KILL QUERY " + std::to_string(m_thread));
  while (!m_connection.poll(100)) {
  }
  StatementResult result = complete(m_connection.finish());
  // SLEEP() ends without an error when killed: the budget names it all the same.
  if (result.native_code == 0) {
    result.native_code = 1317;
    result.sqlstate = "70100";
    result.code = "ER_QUERY_INTERRUPTED";
  }
  result.kind = StatementResult::Kind::error;
  result.message = "\"" + statement +
                   "\" neither finished nor waited for another session of this lab within " +
                   std::to_string(m_budget.count()) + " ms, so reslab cancelled it (" +
                   (result.message.empty() ? "Query execution was interrupted" : result.message) + ")";
  return result;
}

StatementResult MariaSession::complete(StatementResult result) {
  MariaFlight flight = std::move(*m_flight);
  m_flight.reset();
  if (result.ok() && flight.update_returning) {
    const UpdateReturning& split = *flight.update_returning;
    const std::string& key = m_keys.at(split.table);
    std::string keys;
    for (const auto& row : result.rows) keys += (keys.empty() ? "" : ", ") + m_connection.literal(row[0]);
    StatementResult returned;
    returned.sqlstate = "00000";
    returned.code = "OK";
    returned.columns = returning_columns(split.returning);
    if (!keys.empty()) {
      const std::vector<Value> set_params(
          flight.params.begin(),
          flight.params.begin() + std::min<std::size_t>(split.set_placeholders, flight.params.size()));
      const StatementResult update =
          m_connection.exec("UPDATE " + split.table + " SET " + bound(split.set, set_params) + " WHERE " +
                            key + " IN (" + keys + ")");
      if (!update.ok()) {
        result = update;
      } else {
        returned = m_connection.exec("SELECT " + split.returning + " FROM " + split.table + " WHERE " + key +
                                     " IN (" + keys + ") ORDER BY " + key);
        returned.changes = update.changes;
        result = returned;
      }
    } else {
      result = returned;
    }
  } else if (m_verbatim) {
    // An SQL scenario's statement: its result as the server gives it.
  } else if (result.ok() && writes_with_returning(flight.sql)) {
    result.changes = static_cast<int>(result.rows.size());
  } else if (result.ok() && is_upsert(flight.sql)) {
    result.changes = std::min(result.changes, 1);  // ON DUPLICATE KEY UPDATE counts an updated row twice
  }
  m_in_transaction = m_connection.in_transaction();
  if (result.ok() && flight.takes_row_locks && m_in_transaction) m_wrote = true;
  if (result.ok() && m_in_transaction && is_plain_select(flight.sql)) m_snapshot = true;
  if (!m_in_transaction) m_wrote = m_snapshot = false;
  return result;
}

bool MariaSession::make_idle() {
  if (m_flight) cancel();
  if (m_in_transaction) run("ROLLBACK");
  return !m_in_transaction && !m_flight;
}

std::vector<std::string> blocking_sessions(
    LockMonitor& monitor, const MariaSession& waiting,
    const std::map<std::string, std::unique_ptr<MariaSession>>& sessions) {
  std::vector<std::string> names;
  for (unsigned long thread : monitor.blocking_threads(waiting.thread_id()))
    for (const auto& [name, other] : sessions)
      if (other->thread_id() == thread) names.push_back(name);
  return names;
}

}  // namespace reslab::maria
