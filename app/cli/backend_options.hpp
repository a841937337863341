#pragma once
// --backend sqlite|postgres, --pg DSN and --keep, shared by the default command, trace, export and check.
#include <string>

#include "core/sim/backend.hpp"

namespace CLI {
class App;
}

namespace reslab {

struct BackendOptions {
  std::string backend;  // --backend; empty when not given: PostgreSQL with --pg, else SQLite
  std::string pg;       // --pg DSN (else RESLAB_PG_DSN)
  bool keep = false;    // --keep: leave the lab schemas on a server that is not ours
};

void add_backend_options(CLI::App& command, BackendOptions& options);

// The backend named: --backend, else PostgreSQL when --pg names a server, else SQLite. Throws UsageError
// for an unknown name, or for --pg with --backend sqlite.
Backend named_backend(const BackendOptions& options);

// The backend asked for (named_backend). For PostgreSQL, the server is started or connected now, so that a
// missing server is one clear error before anything runs. Throws UsageError for an unknown name and
// BackendUnavailableError when PostgreSQL cannot be used (the message says what to install or what failed).
Backend chosen_backend(const BackendOptions& options);

}  // namespace reslab
