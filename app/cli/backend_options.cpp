#include "app/cli/backend_options.hpp"

#include <CLI/CLI.hpp>

#include "core/sim/errors.hpp"
#include "core/sim/servers.hpp"

namespace reslab {

void add_backend_options(CLI::App& command, BackendOptions& options) {
  command.add_option(
      "--backend", options.backend,
      "sqlite, postgres or mariadb (default sqlite; postgres with --pg, mariadb with --mariadb)");
  command.add_option(
      "--pg", options.pg,
      "PostgreSQL connection string of an existing server (default: RESLAB_PG_DSN, else a private "
      "server reslab starts itself)");
  command.add_option("--mariadb", options.mariadb,
                     "MariaDB server to use (host=... port=... user=... password=..., or "
                     "mariadb://user:password@host:port/; default: RESLAB_MARIADB_DSN, else a private server "
                     "reslab starts itself)");
  command.add_flag("--keep", options.keep,
                   "Leave reslab's schemas or databases on a --pg or --mariadb server");
}

Backend named_backend(const BackendOptions& options) {
  if (!options.pg.empty() && !options.mariadb.empty())
    throw UsageError("--pg names a PostgreSQL server and --mariadb a MariaDB server: give one of them");
  if (options.backend.empty())
    return !options.pg.empty()        ? Backend::postgres
           : !options.mariadb.empty() ? Backend::mariadb
                                      : Backend::sqlite;
  Backend backend = Backend::sqlite;
  if (!parse_backend(options.backend, backend))
    throw UsageError("--backend must be sqlite, postgres or mariadb, not '" + options.backend + "'");
  if (!options.pg.empty() && backend != Backend::postgres)
    throw UsageError(
        "--pg names a PostgreSQL server, so it goes with --backend postgres (or alone), not with "
        "--backend " +
        options.backend);
  if (!options.mariadb.empty() && backend != Backend::mariadb)
    throw UsageError(
        "--mariadb names a MariaDB server, so it goes with --backend mariadb (or alone), not with "
        "--backend " +
        options.backend);
  return backend;
}

BackendOptions with_default_backend(const BackendOptions& options, Backend backend) {
  BackendOptions out = options;
  if (out.backend.empty() && out.pg.empty() && out.mariadb.empty()) out.backend = backend_name(backend);
  return out;
}

ServerRequest server_request(const BackendOptions& options, Backend backend) {
  return {backend == Backend::mariadb ? options.mariadb : options.pg, options.keep};
}

Backend chosen_backend(const BackendOptions& options) {
  const Backend backend = named_backend(options);
  if (needs_server(backend)) open_server(backend, server_request(options, backend));
  return backend;
}

Backend sqlite_or_postgres(Backend backend, const std::string& what) {
  if (backend == Backend::sqlite || backend == Backend::postgres) return backend;
  throw UsageError(what + " runs on SQLite and PostgreSQL; " + std::string(backend_display(backend)) +
                   " is not one of its backends yet");
}

}  // namespace reslab
