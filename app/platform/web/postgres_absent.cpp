// The browser has no PostgreSQL: the backend's entry points say so, and the app falls back to SQLite
// with the message shown where the desktop would say the server is starting.
#include "core/backends/postgres/lab_database.hpp"
#include "core/backends/postgres/server.hpp"
#include "core/backends/postgres/sql_lab.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace pg {
namespace {

constexpr const char* kDesktopOnly =
    "PostgreSQL runs with the desktop app only (in a terminal: reslab --backend postgres).";

}  // namespace

ServerOptions server_options(const std::string& dsn_flag, bool keep) {
  return {dsn_flag, keep};
}

const ServerInfo& server(const ServerOptions&) {
  throw BackendUnavailable(kDesktopOnly);
}

void start_server_async(const ServerOptions&) {}

ServerState server_state(std::string* message) {
  if (message) *message = kDesktopOnly;
  return ServerState::failed;
}

ServerState wait_for_server(std::string* message) {
  return server_state(message);
}

}  // namespace pg

LabDatabaseHandle open_postgres_lab_database(const Scenario&, const CaseFamily&,
                                             const std::vector<std::string>&, Model) {
  throw BackendUnavailableError(pg::kDesktopOnly);
}

std::unique_ptr<SqlLab> open_postgres_sql_lab(const SqlLabOptions&, const std::vector<SqlStatement>&) {
  throw BackendUnavailableError(pg::kDesktopOnly);
}

}  // namespace reslab
