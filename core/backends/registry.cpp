// The desktop's registry, the one place that knows every backend: it hands a lab or a server start to
// SQLite, PostgreSQL or MariaDB. A new backend is a folder beside this and an entry here (and one in
// core/sim/backend.cpp's facts). The browser build has its own registry (web_registry.cpp).
#include "core/backends/registry.hpp"

#include "core/backends/mariadb/lab_database.hpp"
#include "core/backends/mariadb/server.hpp"
#include "core/backends/mariadb/sql_lab.hpp"
#include "core/backends/postgres/lab_database.hpp"
#include "core/backends/postgres/server.hpp"
#include "core/backends/postgres/spec_lab.hpp"
#include "core/backends/postgres/sql_lab.hpp"
#include "core/backends/sqlite/lab_database.hpp"
#include "core/backends/sqlite/sql_lab.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

template <class State>
ServerState neutral(State state) {
  switch (state) {
    case State::idle:
      return ServerState::idle;
    case State::starting:
      return ServerState::starting;
    case State::ready:
      return ServerState::ready;
    case State::failed:
      break;
  }
  return ServerState::failed;
}

class DesktopBackends final : public LabBackends {
 public:
  LabDatabaseHandle open_lab_database(const Scenario& scenario, const CaseFamily& family,
                                      const std::vector<std::string>& session_names, Model model,
                                      Backend backend) const override {
    switch (backend) {
      case Backend::postgres:
        return open_postgres_lab_database(scenario, family, session_names, model);
      case Backend::mariadb:
        return open_mariadb_lab_database(scenario, family, session_names, model);
      case Backend::sqlite:
        break;
    }
    return open_sqlite_lab_database(scenario, family, session_names, model);
  }

  std::unique_ptr<SqlLab> open_sql_lab(const SqlLabOptions& options,
                                       const std::vector<SqlStatement>& setup) const override {
    switch (options.backend) {
      case Backend::postgres:
        return open_postgres_sql_lab(options, setup);
      case Backend::mariadb:
        return open_mariadb_sql_lab(options, setup);
      case Backend::sqlite:
        break;
    }
    return open_sqlite_sql_lab(options, setup);
  }

  // A server backend is not asked: its statements are tried as they run.
  LocalizedText sql_refused_on(const SqlScenario& scenario, Backend backend) const override {
    if (backend != Backend::sqlite) return {};
    return sqlite_refuses(scenario);
  }

  // isolationtester's schedule is PostgreSQL's own.
  std::unique_ptr<SpecLab> open_spec_lab(Backend backend, const SpecLabOptions& options) const override {
    if (backend != Backend::postgres)
      throw BackendUnavailableError("isolationtester's schedule runs on PostgreSQL only, not on " +
                                    std::string(backend_name(backend)));
    return open_postgres_spec_lab(options);
  }

  bool needs_server(Backend backend) const override { return backend != Backend::sqlite; }

  std::string dsn_flag(Backend backend) const override {
    switch (backend) {
      case Backend::postgres:
        return "--pg";
      case Backend::mariadb:
        return "--mariadb";
      case Backend::sqlite:
        break;
    }
    return "";
  }

  void open_server(Backend backend, const ServerRequest& request) const override {
    try {
      if (backend == Backend::postgres) pg::server(pg::server_options(request.dsn, request.keep));
      if (backend == Backend::mariadb) maria::server(maria::server_options(request.dsn, request.keep));
    } catch (const pg::BackendUnavailable& e) {
      throw BackendUnavailableError(e.what());
    } catch (const maria::BackendUnavailable& e) {
      throw BackendUnavailableError(e.what());
    }
  }

  void start_server_async(Backend backend, const ServerRequest& request) const override {
    if (backend == Backend::postgres) pg::start_server_async(pg::server_options(request.dsn, request.keep));
    if (backend == Backend::mariadb)
      maria::start_server_async(maria::server_options(request.dsn, request.keep));
  }

  ServerState server_state(Backend backend, std::string* message) const override {
    if (backend == Backend::postgres) return neutral(pg::server_state(message));
    if (backend == Backend::mariadb) return neutral(maria::server_state(message));
    if (message) message->clear();
    return ServerState::ready;
  }

  ServerState wait_for_server(Backend backend, std::string* message) const override {
    if (backend == Backend::postgres) return neutral(pg::wait_for_server(message));
    if (backend == Backend::mariadb) return neutral(maria::wait_for_server(message));
    if (message) message->clear();
    return ServerState::ready;
  }
};

}  // namespace

const LabBackends& desktop_backends() {
  static const DesktopBackends backends;
  return backends;
}

}  // namespace reslab
