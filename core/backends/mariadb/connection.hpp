#pragma once
// One MariaDB client connection (libmariadb): opened on a unix socket or host/port, closed with the
// object, in non-blocking mode (MYSQL_OPT_NONBLOCK) so a stepping session can send a statement and go on
// while it waits for a lock. exec() runs a statement to its end (set-up, the observer's reads, lock
// questions); start()/poll() drive one statement asynchronously. Rows matched, not rows changed, count
// as a statement's changes (CLIENT_FOUND_ROWS), as on SQLite and PostgreSQL.
#include <cstdint>
#include <string>
#include <vector>

#include "core/sim/session.hpp"
#include "core/sim/value.hpp"

struct st_mysql;

namespace reslab::maria {

// Where a server is and who connects: parsed from a DSN ("host=... port=... user=... password=...
// socket=... dbname=..." or mariadb://user:password@host:port/dbname).
struct Endpoint {
  std::string host;
  unsigned port = 0;
  std::string socket;
  std::string user = "root";
  std::string password;  // never printed
  std::string database;
  std::string where() const;  // printable, no password
};
// Throws BackendUnavailable for text it cannot read.
Endpoint parse_dsn(const std::string& dsn);

class Connection {
 public:
  // Throws BackendUnavailableError with the server's reason.
  explicit Connection(const Endpoint& endpoint);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs `sql` to its end: its rows (when it returns any) and result.
  StatementResult exec(const std::string& sql);
  // Like exec(), throwing BackendUnavailableError unless the statement succeeded.
  StatementResult must(const std::string& sql);

  // Sends `sql`; poll() drives it until it has finished (true) or `wait_ms` has passed (false).
  void start(const std::string& sql);
  bool poll(int wait_ms);
  bool in_flight() const { return m_in_flight; }
  // The finished statement's result (after poll() returned true).
  StatementResult finish();

  unsigned long thread_id() const;
  unsigned warning_count() const;  // of the last statement finished
  bool in_transaction() const;
  std::string server_version() const;
  // `value` as a SQL literal for this connection (strings quoted and escaped).
  std::string literal(const Value& value) const;

 private:
  StatementResult collect(int query_status);

  st_mysql* m_mysql = nullptr;
  bool m_in_flight = false;
  int m_wait_status = 0;
  int m_query_status = 0;
};

}  // namespace reslab::maria
