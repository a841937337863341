// The process's one MariaDB server: opened on first use, shared by every lab, torn down at exit.
#include "core/backends/mariadb/server.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "core/backends/mariadb/private_server.hpp"
#include "core/backends/server_process/random_name.hpp"
#include "core/backends/server_process/start_state.hpp"
#include "core/sim/errors.hpp"

namespace reslab::maria {
namespace {

struct Process {
  std::mutex mutex;  // held while the server starts
  std::optional<ServerInfo> info;
  std::unique_ptr<PrivateServer> private_server;
  bool keep = false;
  bool teardown_registered = false;

  StartState<ServerState> start;
};

Process& process() {
  static Process* instance = new Process;
  return *instance;
}

void teardown() {
  Process& p = process();
  std::lock_guard lock(p.mutex);
  if (p.private_server) {
    p.private_server->stop();
    p.private_server.reset();
  } else if (p.info && !p.keep) {
    try {
      Connection control(p.info->endpoint);
      const auto names =
          control.exec("SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE '" +
                       p.info->database_prefix + "\\_%'");
      for (const auto& row : names.rows) control.exec("DROP DATABASE IF EXISTS `" + to_display(row[0]) + "`");
      // SQL scenarios' users whose lab never ended (their labs drop them otherwise).
      const auto users = control.exec("SELECT User, Host FROM mysql.user WHERE User LIKE '" +
                                      p.info->database_prefix + "\\_%'");
      for (const auto& row : users.rows)
        control.exec("DROP USER IF EXISTS '" + to_display(row[0]) + "'@'" + to_display(row[1]) + "'");
    } catch (const std::exception& error) {
      std::fprintf(stderr, "reslab: the databases %s_* stay on %s: %s\n", p.info->database_prefix.c_str(),
                   p.info->where.c_str(), error.what());
    }
  }
}

void set_state(ServerState state, std::string message) {
  process().start.set(state, std::move(message));
}

std::string version_of(const Endpoint& endpoint, const std::string& where) {
  try {
    Connection probe(endpoint);
    const auto engines = probe.exec("SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE = 'InnoDB'");
    if (engines.rows.empty() || to_display(engines.rows[0][0]) == "NO")
      throw BackendUnavailable(where + " has no InnoDB");
    return probe.server_version();
  } catch (const BackendUnavailableError& e) {
    throw BackendUnavailable(e.what());
  }
}

}  // namespace

ServerOptions server_options(const std::string& dsn_flag, bool keep) {
  ServerOptions options;
  options.keep = keep;
  if (!dsn_flag.empty())
    options.dsn = dsn_flag;
  else if (const char* env = std::getenv("RESLAB_MARIADB_DSN"); env && *env)
    options.dsn = env;
  return options;
}

const ServerInfo& server(const ServerOptions& options) {
  Process& p = process();
  std::lock_guard lock(p.mutex);
  if (p.info) return *p.info;
  if (!p.teardown_registered) {
    std::atexit(teardown);
    p.teardown_registered = true;
  }
  ServerInfo info;
  info.database_prefix = "reslab_" + random_name_suffix(10);
  p.keep = options.keep;
  const auto started = std::chrono::steady_clock::now();
  if (options.dsn.empty()) {
    p.private_server = PrivateServer::start();
    info.endpoint.socket = p.private_server->socket();
    info.where = "a private server in " + p.private_server->dir();
    info.ours = true;
    info.server_dir = p.private_server->dir();
    info.server_pid = p.private_server->pid();
    info.from_template = p.private_server->from_template();
  } else {
    info.endpoint = parse_dsn(options.dsn);
    info.where = info.endpoint.where();
  }
  info.server_version = version_of(info.endpoint, info.where);
  info.start_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  p.info = std::move(info);
  set_state(ServerState::ready, p.info->where);
  return *p.info;
}

void start_server_async(const ServerOptions& options) {
  if (!process().start.begin("Starting MariaDB…")) return;
  std::thread([options] {
    try {
      server(options);
    } catch (const std::exception& error) {
      set_state(ServerState::failed, error.what());
    }
  }).detach();
}

ServerState server_state(std::string* message) {
  return process().start.get(message);
}

ServerState wait_for_server(std::string* message) {
  return process().start.wait(message);
}

}  // namespace reslab::maria
