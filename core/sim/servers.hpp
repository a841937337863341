#pragma once
// The servers labs run on, asked for by backend name only: the app and the command line start (or
// connect to) a backend's server here and never include a backend's own headers. SQLite needs none.
// Each server backend starts a private server of its own unless given a DSN (--pg, --mariadb, or
// their environment variables), and tears it down when reslab exits. These go to the backends the
// program handed the engine (core/sim/lab_backends.hpp).
#include <string>

#include "core/sim/backend.hpp"

namespace reslab {

struct ServerRequest {
  std::string dsn;    // the backend's DSN flag; empty: its environment variable, else a private server
  bool keep = false;  // --keep: leave what reslab made on a server that is not ours
};

enum class ServerState { idle, starting, ready, failed };

// Whether `backend` runs on a server (false for an embedded database).
bool needs_server(Backend backend);
// The command line's flag naming an existing server of `backend` ("--pg", "--mariadb"); empty for SQLite.
std::string dsn_flag(Backend backend);
// Starts or connects now; thread-safe, once per process. Throws BackendUnavailableError with what to
// install or what failed (never a password).
void open_server(Backend backend, const ServerRequest& request);
// For a window that must stay responsive: start in the background and poll.
void start_server_async(Backend backend, const ServerRequest& request);
ServerState server_state(Backend backend, std::string* message = nullptr);
// Blocks until a background start has ended (at once when none is under way).
ServerState wait_for_server(Backend backend, std::string* message = nullptr);

}  // namespace reslab
