#include "app/cli/backend_options.hpp"

#include <CLI/CLI.hpp>

#include "core/backends/postgres/server.hpp"
#include "core/sim/errors.hpp"

namespace reslab {

void add_backend_options(CLI::App& command, BackendOptions& options) {
  command.add_option("--backend", options.backend, "sqlite or postgres (default sqlite)");
  command.add_option(
      "--pg", options.pg,
      "PostgreSQL connection string of an existing server (default: RESLAB_PG_DSN, else a private "
      "server reslab starts itself)");
  command.add_flag("--keep", options.keep, "Leave reslab's schemas on a --pg server for inspection");
}

Backend chosen_backend(const BackendOptions& options) {
  Backend backend = Backend::sqlite;
  if (!parse_backend(options.backend, backend))
    throw UsageError("--backend must be sqlite or postgres, not '" + options.backend + "'");
  if (backend == Backend::postgres) {
    try {
      pg::server(pg::server_options(options.pg, options.keep));
    } catch (const pg::BackendUnavailable& e) {
      throw BackendUnavailableError(e.what());
    }
  }
  return backend;
}

}  // namespace reslab
