// The browser build's registry: SQLite only. A server backend says it runs with the desktop app, and the
// app falls back to SQLite with that message shown where the desktop would say the server is starting.
#include <string>

#include "core/backends/registry.hpp"
#include "core/backends/sqlite/lab_database.hpp"
#include "core/backends/sqlite/sql_lab.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

std::string desktop_only(Backend backend) {
  return std::string(backend_display(backend)) +
         " runs with the desktop app only (in a terminal: reslab --backend " +
         std::string(backend_name(backend)) + ").";
}

class BrowserBackends final : public LabBackends {
 public:
  LabDatabaseHandle open_lab_database(const Scenario& scenario, const CaseFamily& family,
                                      const std::vector<std::string>& session_names, Model model,
                                      Backend backend) const override {
    if (backend != Backend::sqlite) throw BackendUnavailableError(desktop_only(backend));
    return open_sqlite_lab_database(scenario, family, session_names, model);
  }

  std::unique_ptr<SqlLab> open_sql_lab(const SqlLabOptions& options,
                                       const std::vector<SqlStatement>& setup) const override {
    if (options.backend != Backend::sqlite) throw BackendUnavailableError(desktop_only(options.backend));
    return open_sqlite_sql_lab(options, setup);
  }

  LocalizedText sql_refused_on(const SqlScenario& scenario, Backend backend) const override {
    if (backend != Backend::sqlite) return {desktop_only(backend), ""};
    return sqlite_refuses(scenario);
  }

  std::unique_ptr<SpecLab> open_spec_lab(Backend backend, const SpecLabOptions&) const override {
    throw BackendUnavailableError(desktop_only(backend == Backend::sqlite ? Backend::postgres : backend));
  }

  bool needs_server(Backend backend) const override { return backend != Backend::sqlite; }

  std::string dsn_flag(Backend) const override { return ""; }

  void open_server(Backend backend, const ServerRequest&) const override {
    if (backend != Backend::sqlite) throw BackendUnavailableError(desktop_only(backend));
  }

  void start_server_async(Backend, const ServerRequest&) const override {}

  ServerState server_state(Backend backend, std::string* message) const override {
    if (backend == Backend::sqlite) {
      if (message) message->clear();
      return ServerState::ready;
    }
    if (message) *message = desktop_only(backend);
    return ServerState::failed;
  }

  ServerState wait_for_server(Backend backend, std::string* message) const override {
    return server_state(backend, message);
  }
};

}  // namespace

const LabBackends& browser_backends() {
  static const BrowserBackends backends;
  return backends;
}

}  // namespace reslab
