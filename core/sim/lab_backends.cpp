#include "core/sim/lab_backends.hpp"

#include <stdexcept>

namespace reslab {
namespace {

const LabBackends*& installed_backends() {
  static const LabBackends* backends = nullptr;
  return backends;
}

}  // namespace

void use_lab_backends(const LabBackends& backends) {
  installed_backends() = &backends;
}

const LabBackends& lab_backends() {
  const LabBackends* backends = installed_backends();
  if (!backends)
    throw std::logic_error("no lab backends: a program hands them to the engine at start (use_lab_backends)");
  return *backends;
}

LabDatabaseHandle open_lab_database(const Scenario& scenario, const CaseFamily& family,
                                    const std::vector<std::string>& session_names, Model model,
                                    Backend backend) {
  return lab_backends().open_lab_database(scenario, family, session_names, model, backend);
}

std::unique_ptr<SqlLab> open_sql_lab(const SqlLabOptions& options, const std::vector<SqlStatement>& setup) {
  return lab_backends().open_sql_lab(options, setup);
}

LocalizedText sql_refused_on(const SqlScenario& scenario, Backend backend) {
  return lab_backends().sql_refused_on(scenario, backend);
}

std::unique_ptr<SpecLab> open_spec_lab(Backend backend, const SpecLabOptions& options) {
  return lab_backends().open_spec_lab(backend, options);
}

bool needs_server(Backend backend) {
  return lab_backends().needs_server(backend);
}

std::string dsn_flag(Backend backend) {
  return lab_backends().dsn_flag(backend);
}

void open_server(Backend backend, const ServerRequest& request) {
  lab_backends().open_server(backend, request);
}

void start_server_async(Backend backend, const ServerRequest& request) {
  lab_backends().start_server_async(backend, request);
}

ServerState server_state(Backend backend, std::string* message) {
  return lab_backends().server_state(backend, message);
}

ServerState wait_for_server(Backend backend, std::string* message) {
  return lab_backends().wait_for_server(backend, message);
}

}  // namespace reslab
