#include "core/backends/live_servers.hpp"

#include "core/backends/postgres/conninfo.hpp"
#include "core/backends/postgres/durable_server.hpp"
#include "core/backends/postgres/redact.hpp"
#include "core/backends/postgres/server.hpp"
#include "core/backends/postgres/server_probe.hpp"
#include "core/backends/postgres/sql_text.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

void require_postgres(Backend backend) {
  if (backend != Backend::postgres)
    throw BackendUnavailableError("the live labs run on SQLite and PostgreSQL, not on " +
                                  std::string(backend_display(backend)));
}

class DurablePostgres final : public DurableLiveServer {
 public:
  explicit DurablePostgres(std::unique_ptr<pg::DurableServer> server) : m_server(std::move(server)) {
    m_facts.conninfo = m_server->conninfo();
    m_facts.server_version = m_server->server_version();
    m_facts.where = "the private durable server on " + m_server->data_dir();
  }
  const LiveServer& server() const override { return m_facts; }
  const std::string& data_dir() const override { return m_server->data_dir(); }
  bool cold() const override { return m_server->cold(); }
  double start_seconds() const override { return m_server->start_seconds(); }

 private:
  std::unique_ptr<pg::DurableServer> m_server;
  LiveServer m_facts;
};

}  // namespace

LiveServer shared_live_server(Backend backend, const ServerRequest& request) {
  require_postgres(backend);
  try {
    const pg::ServerInfo& info = pg::server(pg::server_options(request.dsn, request.keep));
    return {info.conninfo, info.where, info.server_version, info.schema_prefix};
  } catch (const pg::BackendUnavailable& error) {
    throw BackendUnavailableError(error.what());
  }
}

std::unique_ptr<DurableLiveServer> start_durable_server(Backend backend, const std::string& data_dir) {
  require_postgres(backend);
  try {
    return std::make_unique<DurablePostgres>(
        pg::DurableServer::start(data_dir.empty() ? pg::default_load_data_dir() : data_dir));
  } catch (const pg::BackendUnavailable& error) {
    throw BackendUnavailableError(error.what());
  }
}

std::optional<LiveServer> users_live_server(Backend backend, const ServerRequest& request,
                                            const std::string& application_name) {
  require_postgres(backend);
  try {
    const std::string dsn = pg::server_options(request.dsn, request.keep).dsn;  // --pg, else RESLAB_PG_DSN
    if (dsn.empty()) return std::nullopt;
    LiveServer server;
    server.conninfo = pg::normalized_conninfo(dsn, application_name);
    const pg::ServerFacts facts = pg::probe_server(server.conninfo, pg::redact(dsn));
    server.server_version = facts.server_version;
    server.where = facts.where;
    return server;
  } catch (const pg::BackendUnavailable& error) {
    throw BackendUnavailableError(error.what());
  }
}

std::string sql_for_server(Backend backend, const std::string& sql) {
  require_postgres(backend);
  return pg::translate_statement(pg::translate_types(sql));
}

std::string redact_secrets(Backend backend, std::string text) {
  require_postgres(backend);
  return pg::redact(std::move(text));
}

std::string connection_string_value(Backend backend, const std::string& value) {
  require_postgres(backend);
  return pg::conninfo_value(value);
}

}  // namespace reslab
