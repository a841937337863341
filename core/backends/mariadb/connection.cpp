#include "core/backends/mariadb/connection.hpp"

#include <mysql.h>
#include <poll.h>

#include <cstdlib>
#include <regex>

#include "core/backends/mariadb/server.hpp"
#include "core/sim/errors.hpp"

namespace reslab::maria {
namespace {

// InnoDB's error numbers: SQLSTATE is often HY000, so the number decides.
StatementResult::Kind kind_of_error(unsigned number) {
  switch (number) {
    case 1213:  // ER_LOCK_DEADLOCK
    case 1205:  // ER_LOCK_WAIT_TIMEOUT (also NOWAIT)
      return StatementResult::Kind::busy;
    case 1062:  // ER_DUP_ENTRY
    case 1586:  // ER_DUP_ENTRY_WITH_KEY_NAME
    case 1048:  // ER_BAD_NULL_ERROR
    case 1451:  // ER_ROW_IS_REFERENCED_2
    case 1452:  // ER_NO_REFERENCED_ROW_2
    case 4025:  // ER_CONSTRAINT_FAILED (CHECK)
      return StatementResult::Kind::constraint;
    default:
      return StatementResult::Kind::error;
  }
}

std::string code_of_error(unsigned number) {
  switch (number) {
    case 1213:
      return "ER_LOCK_DEADLOCK";
    case 1205:
      return "ER_LOCK_WAIT_TIMEOUT";
    case 1020:
      return "ER_CHECKREAD";
    case 1062:
      return "ER_DUP_ENTRY";
    case 1048:
      return "ER_BAD_NULL_ERROR";
    case 4025:
      return "ER_CONSTRAINT_FAILED";
    case 1317:
      return "ER_QUERY_INTERRUPTED";
    default:
      return "ER_" + std::to_string(number);
  }
}

bool integral_type(enum_field_types type) {
  return type == MYSQL_TYPE_TINY || type == MYSQL_TYPE_SHORT || type == MYSQL_TYPE_LONG ||
         type == MYSQL_TYPE_LONGLONG || type == MYSQL_TYPE_INT24 || type == MYSQL_TYPE_YEAR;
}

bool real_type(enum_field_types type) {
  return type == MYSQL_TYPE_FLOAT || type == MYSQL_TYPE_DOUBLE;
}

}  // namespace

std::string Endpoint::where() const {
  if (!socket.empty()) return "MariaDB on " + socket;
  return "MariaDB on " + (host.empty() ? std::string("localhost") : host) +
         (port ? ":" + std::to_string(port) : std::string());
}

Endpoint parse_dsn(const std::string& dsn) {
  Endpoint endpoint;
  static const std::regex uri(
      R"(^(mariadb|mysql)://(([^:@/]*)(:([^@/]*))?@)?([^:/?]*)(:(\d+))?(/([^?]*))?$)");
  std::smatch match;
  if (std::regex_match(dsn, match, uri)) {
    if (match[3].matched && !match[3].str().empty()) endpoint.user = match[3].str();
    endpoint.password = match[5].str();
    endpoint.host = match[6].str();
    if (match[8].matched) endpoint.port = static_cast<unsigned>(std::stoul(match[8].str()));
    endpoint.database = match[10].str();
    return endpoint;
  }
  static const std::regex pair(R"(\s*(\w+)\s*=\s*('([^']*)'|(\S*)))");
  std::string rest = dsn;
  bool any = false;
  for (std::sregex_iterator it(dsn.begin(), dsn.end(), pair), end; it != end; ++it) {
    any = true;
    const std::string key = (*it)[1].str();
    const std::string value = (*it)[3].matched ? (*it)[3].str() : (*it)[4].str();
    if (key == "host")
      endpoint.host = value;
    else if (key == "port")
      endpoint.port = static_cast<unsigned>(std::strtoul(value.c_str(), nullptr, 10));
    else if (key == "socket")
      endpoint.socket = value;
    else if (key == "user")
      endpoint.user = value;
    else if (key == "password")
      endpoint.password = value;
    else if (key == "dbname" || key == "database")
      endpoint.database = value;
    else
      throw BackendUnavailable("the MariaDB DSN has an unknown key '" + key +
                               "' (known: host, port, socket, user, password, dbname)");
  }
  if (!any)
    throw BackendUnavailable(
        "cannot read the MariaDB DSN: write host=... port=... user=... password=... or "
        "mariadb://user:password@host:port/");
  return endpoint;
}

Connection::Connection(const Endpoint& endpoint) {
  m_mysql = mysql_init(nullptr);
  if (!m_mysql) throw BackendUnavailableError("MariaDB: out of memory for a connection");
  mysql_options(m_mysql, MYSQL_OPT_NONBLOCK, nullptr);
  // LOAD DATA LOCAL INFILE would have this process read a file of the user's and send it: never.
  unsigned no_local_files = 0;
  mysql_options(m_mysql, MYSQL_OPT_LOCAL_INFILE, &no_local_files);
  unsigned timeout = 5;
  mysql_options(m_mysql, MYSQL_OPT_CONNECT_TIMEOUT, &timeout);
  mysql_options(m_mysql, MYSQL_SET_CHARSET_NAME, "utf8mb4");
  const bool on_socket = !endpoint.socket.empty();
  if (!mysql_real_connect(
          m_mysql, on_socket ? "localhost" : (endpoint.host.empty() ? nullptr : endpoint.host.c_str()),
          endpoint.user.c_str(), endpoint.password.empty() ? nullptr : endpoint.password.c_str(),
          endpoint.database.empty() ? nullptr : endpoint.database.c_str(), endpoint.port,
          on_socket ? endpoint.socket.c_str() : nullptr, CLIENT_FOUND_ROWS)) {
    const std::string reason = mysql_error(m_mysql);
    mysql_close(m_mysql);
    m_mysql = nullptr;
    throw BackendUnavailableError("cannot connect to " + endpoint.where() + ": " + reason);
  }
}

Connection::~Connection() {
  if (m_mysql) mysql_close(m_mysql);
}

unsigned Connection::warning_count() const {
  return mysql_warning_count(m_mysql);
}

unsigned long Connection::thread_id() const {
  return mysql_thread_id(m_mysql);
}

bool Connection::in_transaction() const {
  unsigned int status = 0;
  mariadb_get_infov(m_mysql, MARIADB_CONNECTION_SERVER_STATUS, &status);
  return (status & SERVER_STATUS_IN_TRANS) != 0;
}

std::string Connection::server_version() const {
  std::string version = mysql_get_server_info(m_mysql);
  return version.substr(0, version.find('-'));
}

std::string Connection::literal(const Value& value) const {
  if (is_null(value)) return "NULL";
  if (const auto* integer = std::get_if<std::int64_t>(&value)) return std::to_string(*integer);
  if (std::holds_alternative<double>(value)) return to_display(value);
  const std::string& text = std::get<std::string>(value);
  std::string escaped(text.size() * 2 + 1, '\0');
  escaped.resize(mysql_real_escape_string(m_mysql, escaped.data(), text.data(), text.size()));
  return "'" + escaped + "'";
}

StatementResult Connection::exec(const std::string& sql) {
  start(sql);
  while (!poll(1000)) {
  }
  return finish();
}

StatementResult Connection::must(const std::string& sql) {
  StatementResult result = exec(sql);
  if (!result.ok()) throw BackendUnavailableError("MariaDB refused \"" + sql + "\": " + result.message);
  return result;
}

void Connection::start(const std::string& sql) {
  m_in_flight = true;
  m_wait_status = mysql_real_query_start(&m_query_status, m_mysql, sql.data(), sql.size());
}

bool Connection::poll(int wait_ms) {
  if (!m_in_flight) return true;
  if (m_wait_status == 0) return true;
  pollfd descriptor{static_cast<int>(mysql_get_socket(m_mysql)), 0, 0};
  if (m_wait_status & MYSQL_WAIT_READ) descriptor.events |= POLLIN;
  if (m_wait_status & MYSQL_WAIT_WRITE) descriptor.events |= POLLOUT;
  if (m_wait_status & MYSQL_WAIT_EXCEPT) descriptor.events |= POLLPRI;
  const int ready = ::poll(&descriptor, 1, wait_ms);
  if (ready == 0) return false;
  int status = 0;
  if (descriptor.revents & (POLLIN | POLLHUP | POLLERR)) status |= MYSQL_WAIT_READ;
  if (descriptor.revents & POLLOUT) status |= MYSQL_WAIT_WRITE;
  if (descriptor.revents & POLLPRI) status |= MYSQL_WAIT_EXCEPT;
  if (ready < 0) status = m_wait_status;
  m_wait_status = mysql_real_query_cont(&m_query_status, m_mysql, status);
  return m_wait_status == 0;
}

StatementResult Connection::finish() {
  m_in_flight = false;
  return collect(m_query_status);
}

StatementResult Connection::collect(int query_status) {
  StatementResult result;
  // The result set is read blocking: the statement has finished, the rows are on their way. An error
  // may come after a RETURNING's column list (a duplicate key), so it is looked for after the rows.
  MYSQL_RES* rows = query_status == 0 ? mysql_store_result(m_mysql) : nullptr;
  if (query_status == 0 && !rows && mysql_field_count(m_mysql) != 0) query_status = 1;
  if (query_status != 0) {
    const unsigned number = mysql_errno(m_mysql);
    result.native_code = static_cast<int>(number);
    result.sqlstate = mysql_sqlstate(m_mysql);
    result.kind = kind_of_error(number);
    result.code = code_of_error(number);
    result.message = mysql_error(m_mysql);
    result.deadlock_victim = number == 1213;
    if (number == 2006 || number == 2013)  // CR_SERVER_GONE_ERROR, CR_SERVER_LOST
      throw BackendUnavailableError("MariaDB lost the connection: " + result.message);
    return result;
  }
  result.sqlstate = "00000";
  result.code = "OK";
  if (rows) {
    const unsigned count = mysql_num_fields(rows);
    MYSQL_FIELD* fields = mysql_fetch_fields(rows);
    for (unsigned i = 0; i < count; ++i) result.columns.emplace_back(fields[i].name);
    while (MYSQL_ROW row = mysql_fetch_row(rows)) {
      unsigned long* lengths = mysql_fetch_lengths(rows);
      Row values;
      for (unsigned i = 0; i < count; ++i) {
        if (!row[i])
          values.emplace_back(std::monostate{});
        else if (integral_type(fields[i].type))
          values.emplace_back(static_cast<std::int64_t>(std::strtoll(row[i], nullptr, 10)));
        else if (real_type(fields[i].type))
          values.emplace_back(std::strtod(row[i], nullptr));
        else
          values.emplace_back(std::string(row[i], lengths[i]));
      }
      result.rows.push_back(std::move(values));
    }
    mysql_free_result(rows);
  } else if (mysql_field_count(m_mysql) == 0) {
    const auto affected = mysql_affected_rows(m_mysql);
    result.changes = affected == static_cast<my_ulonglong>(-1) ? 0 : static_cast<int>(affected);
  }
  return result;
}

}  // namespace reslab::maria
