#include "app/cli/backend_options.hpp"

#include <CLI/CLI.hpp>

#include "core/backends/postgres/server.hpp"
#include "core/sim/errors.hpp"

namespace reslab {

void add_backend_options(CLI::App& command, BackendOptions& options) {
  command.add_option("--backend", options.backend,
                     "sqlite or postgres (default sqlite; postgres when --pg is given)");
  command.add_option(
      "--pg", options.pg,
      "PostgreSQL connection string of an existing server (default: RESLAB_PG_DSN, else a private "
      "server reslab starts itself)");
  command.add_flag("--keep", options.keep, "Leave reslab's schemas on a --pg server for inspection");
}

Backend named_backend(const BackendOptions& options) {
  if (options.backend.empty()) return options.pg.empty() ? Backend::sqlite : Backend::postgres;
  Backend backend = Backend::sqlite;
  if (!parse_backend(options.backend, backend))
    throw UsageError("--backend must be sqlite or postgres, not '" + options.backend + "'");
  if (backend == Backend::sqlite && !options.pg.empty())
    throw UsageError(
        "--pg names a PostgreSQL server, so it goes with --backend postgres (or alone), not "
        "with --backend sqlite");
  return backend;
}

Backend chosen_backend(const BackendOptions& options) {
  const Backend backend = named_backend(options);
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
