#pragma once
// --backend sqlite|postgres|mariadb, --pg DSN, --mariadb DSN and --keep, shared by the default command,
// trace, export and check.
#include <string>

#include "core/sim/backend.hpp"
#include "core/sim/servers.hpp"

namespace CLI {
class App;
}

namespace reslab {

struct BackendOptions {
  std::string backend;  // --backend; empty: PostgreSQL with --pg, MariaDB with --mariadb, else SQLite
  std::string pg;       // --pg DSN (else RESLAB_PG_DSN)
  std::string mariadb;  // --mariadb DSN (else RESLAB_MARIADB_DSN)
  bool keep = false;    // --keep: leave the lab schemas on a server that is not ours
};

void add_backend_options(CLI::App& command, BackendOptions& options);

// The backend named: --backend, else the one whose server --pg or --mariadb names, else SQLite. Throws
// UsageError for an unknown name, or for a DSN flag with another backend.
Backend named_backend(const BackendOptions& options);

// The options with `backend` named where they name none (neither --backend nor a DSN): a file's own
// backend (a .spec is PostgreSQL's).
BackendOptions with_default_backend(const BackendOptions& options, Backend backend);

// What to ask the server service for `backend`: its DSN flag and --keep.
ServerRequest server_request(const BackendOptions& options, Backend backend);

// The backend asked for (named_backend). For a server backend, the server is started or connected now,
// so that a missing server is one clear error before anything runs. Throws UsageError for an unknown name and
// BackendUnavailableError when the server cannot be used (the message says what to install or what failed).
Backend chosen_backend(const BackendOptions& options);

// For what runs on SQLite and PostgreSQL only (the live labs, the isolation lab): the backend named, or a
// UsageError that says `what` does not run on it yet.
Backend sqlite_or_postgres(Backend backend, const std::string& what);

}  // namespace reslab
