#pragma once
// What isolationtester's schedule runs on (core/sim/spec_run.hpp): a sandboxed lab with a control
// connection for the setup and teardown blocks and one connection per session, each sent a block of SQL
// whole, as isolationtester sends it, and watched the way isolationtester watches it: input waited for a
// few milliseconds at a time, the server asked whether the session is blocked by another of the lab,
// every result and notice kept as the server's own text. PostgreSQL's lives in core/backends/postgres/.
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"

namespace reslab {

// One result of a block, as the server sent it.
struct SpecResult {
  enum class Status { command, tuples, empty, error, other };
  Status status = Status::command;
  std::string status_name;  // libpq's name of an unexpected status (PGRES_COPY_IN...)
  std::vector<std::string> columns;
  std::vector<std::vector<std::optional<std::string>>> rows;  // each cell's text; nullopt for null
  std::string printed;   // rows as isolationtester prints them (libpq's PQprint: header, aligned, "(N rows)")
  std::string severity;  // an error's severity as the server words it ("ERROR")
  std::string primary;   // its primary message
  std::string message;   // the whole message as libpq lays it out ("ERROR:  ...\nLINE 1: ...\n")
};

// A NOTIFY a session received.
struct SpecNotify {
  std::string channel;
  std::string payload;
  int sender_pid = 0;
};

class SpecLab {
 public:
  virtual ~SpecLab() = default;
  // Called with each notice a session's connection receives, as libpq lays it out ("NOTICE:  ...\n"),
  // the moment it is read; the control connection's are dropped, as isolationtester drops them.
  using NoticeSink = std::function<void(std::size_t session, const std::string& message)>;
  virtual void set_notice_sink(NoticeSink sink) = 0;

  // Runs `sql` on the control connection (no session) or a session's and waits: the last result, as
  // libpq's PQexec keeps it.
  virtual SpecResult exec(std::optional<std::size_t> session, const std::string& sql) = 0;
  // Sends a step's SQL without waiting; false when it cannot be sent (`why` says why).
  virtual bool send(std::size_t session, const std::string& sql, std::string& why) = 0;
  // Waits up to `timeout` for input from the session's server; true when some came.
  virtual bool input_within(std::size_t session, std::chrono::milliseconds timeout) = 0;
  // Reads what came; notices go to the sink as they are read.
  virtual void consume(std::size_t session) = 0;
  // Whether a result is not yet complete (libpq's PQisBusy).
  virtual bool busy(std::size_t session) = 0;
  // Whether the server says the session waits for a lock another session of the lab holds
  // (pg_isolation_test_session_is_blocked).
  virtual bool blocked(std::size_t session) = 0;
  // The next result of the query sent, waiting for it; nullopt after the last.
  virtual std::optional<SpecResult> next_result(std::size_t session) = 0;
  // The NOTIFY messages that came for the session.
  virtual std::vector<SpecNotify> notifies(std::size_t session) = 0;
  // Asks the server to cancel the session's query; false when it could not be asked.
  virtual bool cancel(std::size_t session) = 0;
  virtual int backend_pid(std::size_t session) const = 0;
  virtual std::string server_version() const = 0;
};

struct SpecLabOptions {
  std::vector<std::string> sessions;
  std::string pg_dsn;  // --pg DSN; empty: reslab's own server
};

// A fresh lab on `backend` (PostgreSQL only: isolationtester is PostgreSQL's). Throws
// BackendUnavailableError when it cannot be made or the backend has none.
std::unique_ptr<SpecLab> open_spec_lab(Backend backend, const SpecLabOptions& options);

}  // namespace reslab
