#include "core/backends/postgres/session.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <cctype>
#include <optional>

#include "core/backends/postgres/condition.hpp"
#include "core/backends/postgres/redact.hpp"
#include "core/backends/postgres/sql_text.hpp"
#include "core/sim/errors.hpp"

namespace reslab::pg {
namespace {

constexpr int kPollMilliseconds = 1;
// A deadlock check further off than this is not waited for: the wait is reported as soon as the server
// says the session is blocked (a spec's session that sets deadlock_timeout = '10s' must not stall a step).
constexpr std::chrono::milliseconds kSettleCeiling{1000};
// A check that should have run this long ago without its notice (a session that hides LOG messages, or
// one stopped before its check) is not waited for any longer.
constexpr std::chrono::milliseconds kSettleMargin{250};

// "20ms", "1s", "10min" as SHOW deadlock_timeout words them; nullopt for anything else.
std::optional<std::chrono::milliseconds> shown_milliseconds(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits > 12) return std::nullopt;
  const long long number = std::stoll(text.substr(0, digits));
  const std::string unit = text.substr(digits);
  static const std::pair<const char*, long long> units[] = {
      {"ms", 1}, {"s", 1000}, {"min", 60'000}, {"h", 3'600'000}, {"d", 86'400'000}, {"", 1}};
  for (const auto& [name, factor] : units)
    if (unit == name) return std::chrono::milliseconds(number * factor);
  return std::nullopt;
}

bool mentions_deadlock_timeout(const std::string& sql) {
  std::string lower = sql;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("deadlock_timeout") != std::string::npos;
}

bool writes_rows(const char* command_status) {
  const std::string status = command_status ? command_status : "";
  return status.rfind("INSERT", 0) == 0 || status.rfind("UPDATE", 0) == 0 || status.rfind("DELETE", 0) == 0 ||
         status.rfind("MERGE", 0) == 0;
}

}  // namespace

PostgresSession::PostgresSession(const std::string& conninfo, std::string name, LockMonitor& monitor,
                                 bool deterministic, bool gate_waiters, bool set_lock_settings)
    : InFlightSession(std::move(name)),
      m_connection(conninfo),
      m_monitor(monitor),
      m_gate(gate_waiters),
      m_deterministic(deterministic) {
  PQsetNoticeReceiver(m_connection.handle(), &PostgresSession::on_notice, this);
  // Wall-clock limits stay off: the stepper has its own budget. The LOG notices of lock waits reach
  // this client, and are the signal that the deadlock check ran.
  m_connection.must("SET lock_timeout = 0");
  m_connection.must("SET statement_timeout = 0");
  m_connection.must("SET idle_in_transaction_session_timeout = 0");
  m_connection.must("SET client_min_messages = log");
  // On a server that is not ours these are set per session (the private server starts with them).
  if (m_deterministic && set_lock_settings) {
    m_connection.must("SET deadlock_timeout = '20ms'");
    m_connection.must("SET log_lock_waits = on");
  }
  read_deadlock_timeout();
}

void PostgresSession::read_deadlock_timeout() {
  const auto shown = m_connection.exec("SHOW deadlock_timeout");
  if (PQresultStatus(shown.get()) != PGRES_TUPLES_OK || PQntuples(shown.get()) != 1)
    return;  // an aborted transaction
  if (const auto timeout = shown_milliseconds(PQgetvalue(shown.get(), 0, 0))) m_deadlock_timeout = *timeout;
}

PostgresSession::~PostgresSession() {
  m_gate.open();  // a stopped backend would not see its connection close
}

void PostgresSession::on_notice(void* self, const PGresult* notice) {
  auto* session = static_cast<PostgresSession*>(self);
  const char* severity = PQresultErrorField(notice, PG_DIAG_SEVERITY_NONLOCALIZED);
  const char* message = PQresultErrorField(notice, PG_DIAG_MESSAGE_PRIMARY);
  if (!severity || !message) return;
  // Every other notice is one isolationtester would receive too (it leaves client_min_messages alone).
  if (std::string(severity) != "LOG") {
    ++session->m_notices;
    session->m_notice_texts.push_back(std::string(severity) + ":  " + message);
    return;
  }
  const std::string text = message;
  const std::string own = "process " + std::to_string(session->backend_pid()) + " ";
  if (text.rfind(own, 0) != 0) return;
  if (text.find(" still waiting for ") != std::string::npos) ++session->m_waits_started;
  if (text.find(" acquired ") != std::string::npos) {
    ++session->m_waits_ended;
    session->m_settle_from = std::chrono::steady_clock::now();
  }
}

bool PostgresSession::transaction_failed() const {
  return !m_flight && PQtransactionStatus(m_connection.handle()) == PQTRANS_INERROR;
}

std::string PostgresSession::shown(const std::string& sql) const {
  return is_begin(sql) && !m_verbatim ? translate_statement(sql) : sql;
}

void PostgresSession::send(const std::string& sql, const std::vector<Value>& params) {
  const std::string text = m_verbatim ? sql : translate_statement(sql);
  const BoundParams bound(params);
  m_waits_started = m_waits_ended = 0;
  m_notice_texts.clear();  // what came outside a statement (the lab's reads, a set-up) belongs to none
  if (!PQsendQueryParams(m_connection.handle(), text.c_str(), static_cast<int>(params.size()),
                         bound.types.data(), bound.values.data(), nullptr, nullptr, 0))
    throw BackendUnavailableError("PostgreSQL session " + m_name + " could not send \"" + sql +
                                  "\": " + m_connection.error_message());
  m_flight = StatementFlight{sql, params, m_in_transaction, takes_row_locks(sql), is_begin(sql)};
  m_settle_from = std::chrono::steady_clock::now();
  m_follows_deadlock_timeout = m_follows_deadlock_timeout || (m_verbatim && mentions_deadlock_timeout(sql));
}

bool PostgresSession::settled_waiting() {
  // With the notices, a wait counts only once the server's deadlock check has run for it, unless that
  // check is far off or overdue.
  const auto unsettled = [&] {
    if (!m_deterministic || m_waits_started > m_waits_ended || m_deadlock_timeout > kSettleCeiling)
      return false;
    return std::chrono::steady_clock::now() - m_settle_from < m_deadlock_timeout + kSettleMargin;
  };
  if (unsettled()) return false;
  if (!m_monitor.blocked_by_lab(backend_pid())) return false;
  // A woken statement that waits again has sent the "acquired" notice of its last wait before the
  // server could report it blocked anew: read what came meanwhile, so that the new wait too counts
  // only once its own deadlock check has run.
  PQconsumeInput(m_connection.handle());
  return !unsettled();
}

StatementResult PostgresSession::await() {
  StatementResult result = drive();
  result.notices = std::move(m_notice_texts);
  m_notice_texts.clear();
  return result;
}

StatementResult PostgresSession::drive() {
  m_gate.open();  // a waiting statement goes on only while it is waited for
  PGconn* conn = m_connection.handle();
  const auto deadline = std::chrono::steady_clock::now() + m_budget;
  while (true) {
    if (!PQconsumeInput(conn))
      throw BackendUnavailableError("PostgreSQL session " + m_name + " lost its connection at \"" +
                                    m_flight->sql + "\": " + m_connection.error_message());
    if (!PQisBusy(conn)) return collect();
    if (settled_waiting()) {
      // The result may have arrived while the question was asked.
      if (PQconsumeInput(conn) && !PQisBusy(conn)) return collect();
      // Nothing of the lab runs now that could grant its lock: it is stopped inside the lock's wait.
      m_gate.close(backend_pid());
      StatementResult waiting;
      waiting.kind = StatementResult::Kind::busy;
      waiting.code = "waiting";
      waiting.message = "waiting for a lock held by another session of the lab";
      return waiting;
    }
    if (std::chrono::steady_clock::now() > deadline) return cancel();
    pollfd descriptor{PQsocket(conn), POLLIN, 0};
    ::poll(&descriptor, 1, kPollMilliseconds);
  }
}

StatementResult PostgresSession::cancel() {
  m_gate.open();  // a stopped backend would not see the cancel request
  const std::string statement = m_flight->sql;
  if (PGcancel* handle = PQgetCancel(m_connection.handle())) {
    char error[256];
    PQcancel(handle, error, sizeof error);
    PQfreeCancel(handle);
  }
  StatementResult result = collect();
  result.kind = StatementResult::Kind::error;
  result.message = "\"" + statement +
                   "\" neither finished nor waited for another session of this lab within " +
                   std::to_string(m_budget.count()) + " ms, so reslab cancelled it (" + result.message + ")";
  return result;
}

StatementResult PostgresSession::collect() {
  StatementResult result;
  ResultHandle last;
  while (PGresult* next = PQgetResult(m_connection.handle())) last.reset(next);
  const bool locks_rows = m_flight && m_flight->takes_row_locks;
  m_flight.reset();
  const auto status = last ? PQresultStatus(last.get()) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
    result.kind = StatementResult::Kind::ok;
    result.sqlstate = "00000";
    result.columns = columns_of(last.get());
    result.rows = rows_of(last.get());
    if (writes_rows(PQcmdStatus(last.get()))) result.changes = std::atoi(PQcmdTuples(last.get()));
    if (locks_rows) m_wrote = true;
  } else {
    const char* state = last ? PQresultErrorField(last.get(), PG_DIAG_SQLSTATE) : nullptr;
    result.sqlstate = state ? state : "08006";
    result.kind = kind_of(result.sqlstate);
    if (result.kind == StatementResult::Kind::ok) result.kind = StatementResult::Kind::error;
    result.deadlock_victim = result.sqlstate == "40P01";
    result.message = m_monitor.with_session_names(
        trimmed_message(last ? PQresultErrorMessage(last.get()) : m_connection.error_message()));
    if (PQstatus(m_connection.handle()) != CONNECTION_OK)
      throw BackendUnavailableError("PostgreSQL session " + m_name +
                                    " lost its connection: " + redact(result.message));
  }
  result.code = condition_name(result.sqlstate);
  const auto transaction = PQtransactionStatus(m_connection.handle());
  m_in_transaction = transaction == PQTRANS_INTRANS || transaction == PQTRANS_INERROR;
  if (!m_in_transaction) m_wrote = false;
  if (m_follows_deadlock_timeout) read_deadlock_timeout();  // SET, SET LOCAL undone at COMMIT...
  return result;
}

std::vector<StatementResult> PostgresSession::run_batch(const std::vector<std::string>& statements) {
  std::string text;
  for (const auto& statement : statements) text += translate_statement(statement) + ";\n";
  PGconn* conn = m_connection.handle();
  if (m_flight || !PQsendQuery(conn, text.c_str()))
    throw BackendUnavailableError("PostgreSQL session " + m_name +
                                  " could not read the tables: " + m_connection.error_message());
  std::vector<StatementResult> results;
  while (PGresult* next = PQgetResult(conn)) {
    ResultHandle result(next);
    if (PQresultStatus(result.get()) != PGRES_TUPLES_OK) {
      std::string message = trimmed_message(PQresultErrorMessage(result.get()));
      while (PGresult* rest = PQgetResult(conn)) PQclear(rest);
      throw BackendUnavailableError("PostgreSQL session " + m_name +
                                    " could not read the tables: " + redact(message));
    }
    StatementResult item;
    item.sqlstate = "00000";
    item.code = condition_name(item.sqlstate);
    item.columns = columns_of(result.get());
    item.rows = rows_of(result.get());
    results.push_back(std::move(item));
  }
  const auto transaction = PQtransactionStatus(conn);
  m_in_transaction = transaction == PQTRANS_INTRANS || transaction == PQTRANS_INERROR;
  return results;
}

bool PostgresSession::make_idle() {
  if (m_flight) cancel();
  if (PQstatus(m_connection.handle()) != CONNECTION_OK) return false;
  if (m_in_transaction) run("ROLLBACK");
  return !m_in_transaction && !m_flight;
}

}  // namespace reslab::pg
