// [SECTION] index: results · the lab
#include "core/backends/postgres/spec_lab.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <cstdio>

#include "core/backends/postgres/lab_role.hpp"
#include "core/backends/postgres/lock_monitor.hpp"
#include "core/backends/postgres/server.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// [SECTION] results
// The result as libpq's own PQprint lays it out with a header, aligned, '|' between fields: the text
// isolationtester prints for rows.
std::string printed_by_libpq(PGresult* result) {
  char* buffer = nullptr;
  std::size_t size = 0;
  FILE* out = open_memstream(&buffer, &size);
  if (!out) return {};
  PQprintOpt options{};
  options.header = 1;
  options.align = 1;
  char separator[] = "|";
  options.fieldSep = separator;
  PQprint(out, result, &options);
  std::fclose(out);
  std::string text(buffer, size);
  std::free(buffer);
  return text;
}

std::string field(const PGresult* result, int code) {
  const char* value = PQresultErrorField(result, code);
  return value ? value : "";
}

SpecResult spec_result_of(PGresult* result, PGconn* connection) {
  SpecResult out;
  if (!result) {
    out.status = SpecResult::Status::error;
    out.message = PQerrorMessage(connection);
    return out;
  }
  switch (PQresultStatus(result)) {
    case PGRES_COMMAND_OK:
      out.status = SpecResult::Status::command;
      break;
    case PGRES_EMPTY_QUERY:
      out.status = SpecResult::Status::empty;
      break;
    case PGRES_TUPLES_OK:
      out.status = SpecResult::Status::tuples;
      for (int c = 0; c < PQnfields(result); ++c) out.columns.push_back(PQfname(result, c));
      for (int r = 0; r < PQntuples(result); ++r) {
        std::vector<std::optional<std::string>> row;
        for (int c = 0; c < PQnfields(result); ++c)
          row.push_back(PQgetisnull(result, r, c) ? std::nullopt
                                                  : std::optional<std::string>(PQgetvalue(result, r, c)));
        out.rows.push_back(std::move(row));
      }
      out.printed = printed_by_libpq(result);
      break;
    case PGRES_FATAL_ERROR:
      out.status = SpecResult::Status::error;
      break;
    default:
      out.status = SpecResult::Status::other;
      break;
  }
  out.status_name = PQresStatus(PQresultStatus(result));
  out.severity = field(result, PG_DIAG_SEVERITY);
  out.primary = field(result, PG_DIAG_MESSAGE_PRIMARY);
  out.message = PQresultErrorMessage(result);
  return out;
}

// [SECTION] the lab
class PostgresSpecLab : public SpecLab {
 public:
  PostgresSpecLab(const pg::ServerInfo& server, const SpecLabOptions& options)
      : m_role(server, false), m_server_version(server.server_version) {
    // isolationtester's expected output is in C's wording; a superuser admin gives the role that.
    m_role.set_for_role("lc_messages", "C");
    // reslab's own server checks for deadlocks after 20 ms (its stepping wants them soon); a spec that
    // does not set deadlock_timeout expects PostgreSQL's default, as isolationtester's own runs have it.
    if (server.ours) m_role.set_for_role("deadlock_timeout", "1s");
    m_monitor = std::make_unique<pg::LockMonitor>(server.conninfo);
    m_control = std::make_unique<pg::PgConnection>(m_role.conninfo());
    PQsetNoticeProcessor(
        m_control->handle(), [](void*, const char*) {}, nullptr);  // heard by no one
    std::vector<std::pair<int, std::string>> lab_sessions;
    m_sessions.reserve(options.sessions.size());
    for (std::size_t s = 0; s < options.sessions.size(); ++s) {
      auto session = std::make_unique<Connection>();
      session->lab = this;
      session->index = s;
      session->connection = std::make_unique<pg::PgConnection>(m_role.conninfo());
      PQsetNoticeReceiver(session->connection->handle(), &PostgresSpecLab::on_notice, session.get());
      lab_sessions.emplace_back(session->connection->backend_pid(), options.sessions[s]);
      m_sessions.push_back(std::move(session));
    }
    m_monitor->set_lab_sessions(std::move(lab_sessions));
  }

  ~PostgresSpecLab() override {
    for (auto& session : m_sessions) PQsetNoticeReceiver(session->connection->handle(), nullptr, nullptr);
  }

  void set_notice_sink(NoticeSink sink) override { m_sink = std::move(sink); }

  SpecResult exec(std::optional<std::size_t> session, const std::string& sql) override {
    PGconn* connection = session ? handle(*session) : m_control->handle();
    PGresult* result = PQexec(connection, sql.c_str());
    SpecResult out = spec_result_of(result, connection);
    if (result && out.status == SpecResult::Status::error) out.message = PQerrorMessage(connection);
    PQclear(result);
    lost_if_gone(connection);
    return out;
  }

  bool send(std::size_t session, const std::string& sql, std::string& why) override {
    if (PQsendQuery(handle(session), sql.c_str())) return true;
    why = PQerrorMessage(handle(session));
    return false;
  }

  bool input_within(std::size_t session, std::chrono::milliseconds timeout) override {
    pollfd descriptor{PQsocket(handle(session)), POLLIN, 0};
    if (descriptor.fd < 0) throw BackendUnavailableError("the PostgreSQL session lost its connection");
    return poll(&descriptor, 1, static_cast<int>(timeout.count())) > 0;
  }

  void consume(std::size_t session) override {
    if (!PQconsumeInput(handle(session)))
      throw BackendUnavailableError(
          "PostgreSQL session " + std::to_string(session + 1) +
          " lost its connection: " + pg::trimmed_message(PQerrorMessage(handle(session))));
  }

  bool busy(std::size_t session) override { return PQisBusy(handle(session)) != 0; }

  bool blocked(std::size_t session) override {
    return m_monitor->blocked_by_lab(m_sessions[session]->connection->backend_pid());
  }

  std::optional<SpecResult> next_result(std::size_t session) override {
    PGresult* result = PQgetResult(handle(session));
    if (!result) return std::nullopt;
    SpecResult out = spec_result_of(result, handle(session));
    PQclear(result);
    return out;
  }

  std::vector<SpecNotify> notifies(std::size_t session) override {
    std::vector<SpecNotify> out;
    PQconsumeInput(handle(session));
    while (PGnotify* notify = PQnotifies(handle(session))) {
      out.push_back({notify->relname, notify->extra, notify->be_pid});
      PQfreemem(notify);
      PQconsumeInput(handle(session));
    }
    return out;
  }

  bool cancel(std::size_t session) override {
    PGcancel* request = PQgetCancel(handle(session));
    if (!request) return false;
    char error[256];
    const bool sent = PQcancel(request, error, sizeof error) != 0;
    PQfreeCancel(request);
    return sent;
  }

  int backend_pid(std::size_t session) const override {
    return m_sessions[session]->connection->backend_pid();
  }
  std::string server_version() const override { return m_server_version; }

 private:
  struct Connection {
    PostgresSpecLab* lab = nullptr;
    std::size_t index = 0;
    std::unique_ptr<pg::PgConnection> connection;
  };

  static void on_notice(void* self, const PGresult* notice) {
    auto* session = static_cast<Connection*>(self);
    if (session->lab->m_sink) session->lab->m_sink(session->index, PQresultErrorMessage(notice));
  }

  PGconn* handle(std::size_t session) const {
    if (session >= m_sessions.size())
      throw UsageError("no session " + std::to_string(session + 1) + " in the lab");
    return m_sessions[session]->connection->handle();
  }

  static void lost_if_gone(PGconn* connection) {
    if (PQstatus(connection) == CONNECTION_BAD)
      throw BackendUnavailableError("the PostgreSQL server closed the lab's connection: " +
                                    pg::trimmed_message(PQerrorMessage(connection)));
  }

  pg::LabRole m_role;  // first: dropped after the connections close
  std::string m_server_version;
  std::unique_ptr<pg::LockMonitor> m_monitor;
  std::unique_ptr<pg::PgConnection> m_control;
  std::vector<std::unique_ptr<Connection>> m_sessions;
  NoticeSink m_sink;
};

}  // namespace

std::unique_ptr<SpecLab> open_postgres_spec_lab(const SpecLabOptions& options) {
  try {
    return std::make_unique<PostgresSpecLab>(pg::server(pg::server_options(options.pg_dsn, false)), options);
  } catch (const pg::BackendUnavailable& e) {
    throw BackendUnavailableError(e.what());
  }
}

}  // namespace reslab
