#pragma once
// The MariaDB server the labs run on: a private server reslab starts itself (private_server.hpp), or an
// existing one named by --mariadb DSN / RESLAB_MARIADB_DSN, where every lab database reslab makes is
// named reslab_<random>_<n> and dropped on exit unless asked to keep it.
#include <stdexcept>
#include <string>

#include "core/backends/mariadb/connection.hpp"

namespace reslab::maria {

struct ServerOptions {
  std::string dsn;    // --mariadb DSN, else RESLAB_MARIADB_DSN, else empty: start a private server
  bool keep = false;  // --keep: leave the databases on a server that is not ours
};

struct ServerInfo {
  Endpoint endpoint;
  std::string where;            // printable, no password
  std::string database_prefix;  // "reslab_<random>"
  std::string server_version;   // "10.11.19"
  bool ours = false;
  std::string server_dir;    // the private server's temp dir; empty if not ours
  int server_pid = 0;        // the private server's process; 0 if not ours
  double start_seconds = 0;  // how long the start took (template copy or install, then first answer)
  bool from_template = false;
};

class BackendUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

ServerOptions server_options(const std::string& dsn_flag, bool keep);
// The server for this process, started or connected on the first call; thread-safe. Throws
// BackendUnavailable.
const ServerInfo& server(const ServerOptions& options);

enum class ServerState { idle, starting, ready, failed };
void start_server_async(const ServerOptions& options);
ServerState server_state(std::string* message = nullptr);
ServerState wait_for_server(std::string* message = nullptr);

}  // namespace reslab::maria
