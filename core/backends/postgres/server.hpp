#pragma once
// The PostgreSQL server the labs run on: a private server reslab starts itself (a fresh 0700 temp
// dir, a unix socket inside it and no TCP, torn down when reslab exits or dies), or an existing
// server named by --pg DSN / RESLAB_PG_DSN, where everything reslab makes lives in schemas that
// start with one random prefix and are dropped on exit unless asked to keep them.
#include <stdexcept>
#include <string>

namespace reslab::pg {

struct ServerOptions {
  std::string dsn;    // --pg DSN, else RESLAB_PG_DSN, else empty: start a private server
  bool keep = false;  // --keep: leave the schemas on a server that is not ours
};

// What a lab needs to open its sessions.
struct ServerInfo {
  std::string conninfo;        // libpq connection string; may hold a password: never print it
  std::string where;           // printable description, password removed
  std::string schema_prefix;   // "reslab_<random>": every schema reslab makes starts with it
  std::string server_version;  // "15.18"
  bool ours = false;           // the private server
  bool deterministic = false;  // deadlock_timeout = 20ms and log_lock_waits could be set
  std::string server_dir;      // the private server's temp dir (socket, data, logs); empty if not ours
  int postmaster_pid = 0;      // the private server's process; 0 if not ours
};

// No server binaries and no DSN, a DSN that does not connect, a server that would not start: the
// message says what to install or what failed, never a password.
class BackendUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// --pg, else RESLAB_PG_DSN.
ServerOptions server_options(const std::string& dsn_flag, bool keep);

// The server for this process, started or connected on the first call and shared by every lab
// after it; thread-safe. Throws BackendUnavailable.
const ServerInfo& server(const ServerOptions& options);

// For a window that must stay responsive: start (or connect) in the background and poll.
enum class ServerState { idle, starting, ready, failed };
void start_server_async(const ServerOptions& options);
ServerState server_state(std::string* message = nullptr);
// Blocks until a background start has ended (at once when none is under way); for programs that have
// nothing to draw meanwhile.
ServerState wait_for_server(std::string* message = nullptr);

}  // namespace reslab::pg
