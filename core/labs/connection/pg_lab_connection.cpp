#include "core/labs/connection/pg_lab_connection.hpp"

#include <libpq-fe.h>

#include <charconv>

#include "core/backends/live_servers.hpp"
#include "core/sim/errors.hpp"

namespace reslab {

PgLabResult::PgLabResult(pg_result* result) : m_result(result) {}

PgLabResult::~PgLabResult() {
  if (m_result) PQclear(m_result);
}

PgLabResult& PgLabResult::operator=(PgLabResult&& other) noexcept {
  if (this != &other) {
    if (m_result) PQclear(m_result);
    m_result = std::exchange(other.m_result, nullptr);
  }
  return *this;
}

bool PgLabResult::ok() const {
  const ExecStatusType status = m_result ? PQresultStatus(m_result) : PGRES_FATAL_ERROR;
  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

std::string PgLabResult::sqlstate() const {
  if (ok()) return "";
  const char* state = m_result ? PQresultErrorField(m_result, PG_DIAG_SQLSTATE) : nullptr;
  return state ? state : "08006";  // no result at all: the connection failed
}

std::string PgLabResult::message() const {
  std::string text = m_result ? PQresultErrorMessage(m_result) : "no result from the server";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

std::int64_t PgLabResult::rows_changed() const {
  const char* count = m_result ? PQcmdTuples(m_result) : "";
  std::int64_t value = 0;
  std::from_chars(count, count + std::char_traits<char>::length(count), value);
  return value;
}

int PgLabResult::rows() const {
  return m_result ? PQntuples(m_result) : 0;
}

std::int64_t PgLabResult::integer(int row, int column) const {
  const char* text = PQgetvalue(m_result, row, column);
  std::int64_t value = 0;
  std::from_chars(text, text + PQgetlength(m_result, row, column), value);
  return value;
}

std::string PgLabResult::text(int row, int column) const {
  return std::string(PQgetvalue(m_result, row, column),
                     static_cast<std::size_t>(PQgetlength(m_result, row, column)));
}

bool PgLabResult::null(int row, int column) const {
  return PQgetisnull(m_result, row, column) != 0;
}

PgLabConnection::PgLabConnection(const std::string& conninfo) : m_conn(PQconnectdb(conninfo.c_str())) {
  if (!m_conn || PQstatus(m_conn) != CONNECTION_OK) {
    std::string reason = m_conn ? PQerrorMessage(m_conn) : "out of memory";
    while (!reason.empty() && (reason.back() == '\n' || reason.back() == ' ')) reason.pop_back();
    if (m_conn) PQfinish(m_conn);
    m_conn = nullptr;
    throw BackendUnavailableError("cannot connect to PostgreSQL: " +
                                  redact_secrets(Backend::postgres, reason));
  }
  // The server's notices (DROP ... CASCADE lists what went) are not the lab's output.
  PQsetNoticeProcessor(
      m_conn, [](void*, const char*) {}, nullptr);
}

PgLabConnection::~PgLabConnection() {
  if (m_conn) PQfinish(m_conn);
}

void PgLabConnection::script(const std::string& sql) {
  if (!PQsendQuery(m_conn, sql.c_str()))
    throw SqlError(sql, "08006", redact_secrets(Backend::postgres, PQerrorMessage(m_conn)));
  // Every result, so an error in any statement is seen (PQexec keeps only the last).
  PgLabResult failed;
  bool any_failed = false;
  while (PGresult* result = PQgetResult(m_conn)) {
    PgLabResult held(result);
    if (!held.ok() && !any_failed) {
      failed = std::move(held);
      any_failed = true;
    }
  }
  if (any_failed) throw_pg_lab_error(sql, failed);
}

PgLabResult PgLabConnection::run(const char* sql, const std::vector<std::string>& values) {
  const std::string* name = nullptr;
  // By text, not pointer: a caller's temporary string may reuse an address another text had.
  for (const auto& [text, prepared] : m_prepared)
    if (text == sql) name = &prepared;
  if (!name) {
    std::string fresh = "s" + std::to_string(m_prepared.size() + 1);
    PgLabResult prepared(PQprepare(m_conn, fresh.c_str(), sql, 0, nullptr));
    if (!prepared.ok()) return prepared;
    m_prepared.emplace_back(sql, std::move(fresh));
    name = &m_prepared.back().second;
  }
  std::vector<const char*> pointers;
  pointers.reserve(values.size());
  for (const std::string& value : values) pointers.push_back(value.c_str());
  return PgLabResult(PQexecPrepared(m_conn, name->c_str(), static_cast<int>(values.size()), pointers.data(),
                                    nullptr, nullptr, 0));
}

PgLabResult PgLabConnection::must(const char* sql, const std::vector<std::string>& values) {
  PgLabResult result = run(sql, values);
  if (!result.ok()) throw_pg_lab_error(sql, result);
  return result;
}

void PgLabConnection::roll_back_if_open() {
  if (PQtransactionStatus(m_conn) != PQTRANS_IDLE) PQclear(PQexec(m_conn, "ROLLBACK"));
}

void throw_pg_lab_error(const std::string& sql, const PgLabResult& result) {
  throw SqlError(sql, result.sqlstate(), redact_secrets(Backend::postgres, result.message()));
}

}  // namespace reslab
