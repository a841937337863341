#pragma once
// What the live labs (core/labs/: the seat race, the load lab) ask of a server backend, by backend name:
// a server to connect to with that backend's own client library, its facts, and the backend's rules for
// its connection strings. The labs include this and never a backend's own headers. PostgreSQL is the
// server backend the live labs run on; another backend is refused with BackendUnavailableError.
#include <memory>
#include <optional>
#include <string>

#include "core/sim/backend.hpp"
#include "core/sim/servers.hpp"

namespace reslab {

// A server a live lab connects to.
struct LiveServer {
  std::string conninfo;        // the backend client's connection string; may hold a password: never print it
  std::string where;           // printable, password removed
  std::string server_version;  // "15.18"
  std::string schema_prefix;   // the shared server's "reslab_<random>": every schema this process makes there
};

// The server this process shares with the stepped labs (core/sim/servers.hpp), started or connected on
// first use. Throws BackendUnavailableError.
LiveServer shared_live_server(Backend backend, const ServerRequest& request);

// A durable private server for load figures (every commit synced), its data kept between runs so that
// only the first run initialises it. Stops when destroyed; the data folder stays.
class DurableLiveServer {
 public:
  virtual ~DurableLiveServer() = default;
  virtual const LiveServer& server() const = 0;
  virtual const std::string& data_dir() const = 0;
  virtual bool cold() const = 0;             // this start made the data folder
  virtual double start_seconds() const = 0;  // from the start (initialising included) to the first answer
};
// In `data_dir`, or the backend's folder in the user's cache when it is empty. Throws BackendUnavailableError
// saying what to install or what failed.
std::unique_ptr<DurableLiveServer> start_durable_server(Backend backend, const std::string& data_dir);

// The user's own server, named by the request's DSN or the backend's environment variable, probed once with
// `application_name`; nullopt when neither names one. Throws BackendUnavailableError when it does not answer.
std::optional<LiveServer> users_live_server(Backend backend, const ServerRequest& request,
                                            const std::string& application_name);

// A live lab's statement or table, written once in SQLite's spelling (numbered ?N, INTEGER, BEGIN
// IMMEDIATE), as the server of `backend` spells it.
std::string sql_for_server(Backend backend, const std::string& sql);
// `text` with any password in the backend's connection strings replaced by "***".
std::string redact_secrets(Backend backend, std::string text);
// `value` quoted for one key=value of the backend client's connection string.
std::string connection_string_value(Backend backend, const std::string& value);

}  // namespace reslab
