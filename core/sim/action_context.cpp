#include "core/sim/action_context.hpp"

#include "core/sim/errors.hpp"

namespace reslab {

std::string ActionContext::text(const std::string& name) const {
  auto it = m.args->find(name);
  if (it == m.args->end()) return {};
  if (const auto* s = std::get_if<std::string>(&it->second)) return *s;
  return to_display(it->second);
}

std::int64_t ActionContext::integer(const std::string& name, std::int64_t fallback) const {
  auto it = m.args->find(name);
  return it == m.args->end() ? fallback : as_int(it->second, fallback);
}

bool ActionContext::has(const std::string& name) const {
  return m.args->count(name) != 0;
}

StatementResult ActionContext::sql(const std::string& statement, std::vector<Value> params) {
  return execute(*m.own, statement, std::move(params));
}

StatementResult ActionContext::must(const std::string& statement, std::vector<Value> params) {
  StatementResult result = execute(*m.own, statement, std::move(params));
  if (result.busy()) throw ActorDeadlocked{statement};
  if (!result.ok()) fail_statement(statement, result);
  return result;
}

StatementResult ActionContext::provider(const std::string& statement, std::vector<Value> params) {
  StatementResult result = execute(*m.provider, statement, std::move(params));
  if (!result.ok()) fail_statement(statement, result);
  return result;
}

StatementResult ActionContext::execute(Session& session, const std::string& statement,
                                       std::vector<Value> params) {
  if (m_replayed < m.journal->results.size()) return m.journal->results[m_replayed++];

  StatementResult result = session.run(statement, params);
  // A BUSY that waiting cannot end goes back to the action (and into the journal, so a woken
  // replay takes the same path); any other BUSY makes the actor wait.
  // A server that finds deadlocks itself fails one statement of the cycle (deadlock_victim).
  const bool deadlocked =
      result.busy() && &session == m.own &&
      (result.deadlock_victim || (m.waiting_would_deadlock && m.waiting_would_deadlock()));
  const bool silent_retry = m.resuming && result.busy() && !deadlocked;
  m.resuming = false;  // only the statement the actor was waiting on is retried silently
  if (!silent_retry) {
    m.sql_log->push_back({session.name(), session.shown(statement), std::move(params), result.code_name(),
                          result.changes, static_cast<int>(result.rows.size()), result.sqlstate,
                          result.ok()});
  }
  if (result.busy() && !deadlocked) throw ActorBlocked{statement};
  m.journal->results.push_back(result);
  ++m_replayed;
  return result;
}

void fail_statement(const std::string& statement, const StatementResult& result) {
  throw SqlError(statement, result.code_name(), result.message);
}

}  // namespace reslab
