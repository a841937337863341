#include "core/backends/postgres/connection.hpp"

#include <libpq-fe.h>

#include <charconv>
#include <cstdlib>

#include "core/backends/postgres/redact.hpp"
#include "core/sim/errors.hpp"

namespace reslab::pg {
namespace {

// Type OIDs from PostgreSQL's pg_type catalog (fixed since its first releases).
constexpr Oid kBool = 16;
constexpr Oid kInt8 = 20;
constexpr Oid kInt2 = 21;
constexpr Oid kInt4 = 23;
constexpr Oid kOid = 26;
constexpr Oid kFloat4 = 700;
constexpr Oid kFloat8 = 701;
constexpr Oid kNumeric = 1700;

Value value_of(const PGresult* result, int row, int column) {
  if (PQgetisnull(result, row, column)) return std::monostate{};
  const char* text = PQgetvalue(result, row, column);
  const std::string_view view(text, static_cast<std::size_t>(PQgetlength(result, row, column)));
  const Oid type = PQftype(result, column);
  if (type == kBool) return std::int64_t{view == "t" ? 1 : 0};
  if (type == kInt8 || type == kInt2 || type == kInt4 || type == kOid || type == kNumeric) {
    std::int64_t number = 0;
    auto [end, error] = std::from_chars(view.data(), view.data() + view.size(), number);
    if (error == std::errc() && end == view.data() + view.size()) return number;
    if (type != kNumeric) return std::string(view);
    return std::strtod(std::string(view).c_str(), nullptr);
  }
  if (type == kFloat4 || type == kFloat8) return std::strtod(std::string(view).c_str(), nullptr);
  return std::string(view);
}

}  // namespace

void ResultDeleter::operator()(pg_result* result) const {
  PQclear(result);
}

std::string trimmed_message(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

PgConnection::PgConnection(const std::string& conninfo) : m_conn(PQconnectdb(conninfo.c_str())) {
  if (!m_conn || PQstatus(m_conn) != CONNECTION_OK) {
    const std::string reason = m_conn ? PQerrorMessage(m_conn) : "out of memory";
    if (m_conn) PQfinish(m_conn);
    m_conn = nullptr;
    throw BackendUnavailableError("cannot connect to PostgreSQL: " + redact(reason));
  }
}

PgConnection::~PgConnection() {
  if (m_conn) PQfinish(m_conn);
}

int PgConnection::backend_pid() const {
  return PQbackendPID(m_conn);
}

std::string PgConnection::error_message() const {
  std::string message = PQerrorMessage(m_conn);
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return redact(message);
}

ResultHandle PgConnection::exec(const std::string& sql, const std::vector<Value>& params) {
  const BoundParams bound(params);
  return ResultHandle(PQexecParams(m_conn, sql.c_str(), static_cast<int>(params.size()), bound.types.data(),
                                   bound.values.data(), nullptr, nullptr, 0));
}

ResultHandle PgConnection::must(const std::string& sql, const std::vector<Value>& params) {
  ResultHandle result = exec(sql, params);
  const auto status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    std::string message = result ? PQresultErrorMessage(result.get()) : error_message();
    while (!message.empty() && message.back() == '\n') message.pop_back();
    throw BackendUnavailableError("PostgreSQL refused \"" + sql + "\": " + redact(message));
  }
  return result;
}

BoundParams::BoundParams(const std::vector<Value>& params) {
  text.reserve(params.size());
  for (const auto& value : params) {
    if (const auto* i = std::get_if<std::int64_t>(&value)) {
      text.push_back(std::to_string(*i));
      types.push_back(kInt8);
    } else if (const auto* d = std::get_if<double>(&value)) {
      char buffer[64];
      auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, *d);
      text.emplace_back(buffer, error == std::errc() ? end : buffer);
      types.push_back(kFloat8);
    } else if (const auto* s = std::get_if<std::string>(&value)) {
      text.push_back(*s);
      types.push_back(0);
    } else {
      text.emplace_back();
      types.push_back(0);
    }
  }
  for (std::size_t i = 0; i < params.size(); ++i)
    values.push_back(std::holds_alternative<std::monostate>(params[i]) ? nullptr : text[i].c_str());
}

std::vector<Row> rows_of(const pg_result* result) {
  std::vector<Row> rows;
  const int count = PQntuples(result);
  const int width = PQnfields(result);
  rows.reserve(static_cast<std::size_t>(count));
  for (int r = 0; r < count; ++r) {
    Row row;
    row.reserve(static_cast<std::size_t>(width));
    for (int c = 0; c < width; ++c) row.push_back(value_of(result, r, c));
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<std::string> columns_of(const pg_result* result) {
  std::vector<std::string> columns;
  for (int c = 0; c < PQnfields(result); ++c) columns.emplace_back(PQfname(result, c));
  return columns;
}

}  // namespace reslab::pg
