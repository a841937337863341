// The process's one server: opened on first use, shared by every lab, torn down at exit.
#include "core/backends/postgres/server.hpp"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "core/backends/postgres/conninfo.hpp"
#include "core/backends/postgres/private_server.hpp"
#include "core/backends/postgres/redact.hpp"
#include "core/backends/postgres/server_binaries.hpp"
#include "core/backends/postgres/server_probe.hpp"
#include "core/backends/server_process/start_state.hpp"

namespace reslab::pg {

namespace {

constexpr std::size_t kPrefixRandomLength = 10;

struct Process {
  std::mutex mutex;  // held while the server starts: teardown at exit waits for a start under way
  std::optional<ServerInfo> info;
  std::unique_ptr<PrivateServer> private_server;
  bool keep = false;
  bool teardown_registered = false;

  StartState<ServerState> start;
};

// Never destroyed: a starting thread or the exit handler may still use it after static destructors.
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
      drop_schemas(p.info->conninfo, p.info->schema_prefix);
    } catch (const BackendUnavailable& error) {
      std::fprintf(stderr, "reslab: the schemas %s* stay on %s: %s\n", p.info->schema_prefix.c_str(),
                   p.info->where.c_str(), error.what());
    }
  }
}

ServerInfo open_private_server(Process& p, const std::string& prefix) {
  std::optional<std::string> bindir = find_server_bindir();
  if (!bindir) {
    throw BackendUnavailable(
        "PostgreSQL is not installed: install postgresql-15 (apt-get install postgresql-15), or pass "
        "--pg DSN / set RESLAB_PG_DSN");
  }
  p.private_server = PrivateServer::start(*bindir);
  ServerInfo info;
  info.conninfo = normalized_conninfo(p.private_server->dsn(), prefix);
  ServerFacts facts = probe_server(info.conninfo, "the private server");
  info.where = "a private server in " + p.private_server->dir();
  info.schema_prefix = prefix;
  info.server_version = facts.server_version;
  info.ours = true;
  info.deterministic = true;  // started with deadlock_timeout = 20ms and log_lock_waits = on
  info.server_dir = p.private_server->dir();
  info.postmaster_pid = p.private_server->pid();
  return info;
}

ServerInfo open_existing_server(const ServerOptions& options, const std::string& prefix) {
  ServerInfo info;
  info.conninfo = normalized_conninfo(options.dsn, prefix);
  ServerFacts facts = probe_server(info.conninfo, redact(options.dsn));
  info.where = facts.where;
  info.schema_prefix = prefix;
  info.server_version = facts.server_version;
  info.deterministic = facts.deterministic;
  return info;
}

void set_state(ServerState state, std::string message) {
  process().start.set(state, std::move(message));
}

}  // namespace

ServerOptions server_options(const std::string& dsn_flag, bool keep) {
  ServerOptions options;
  options.keep = keep;
  if (!dsn_flag.empty()) {
    options.dsn = dsn_flag;
  } else if (const char* env = std::getenv("RESLAB_PG_DSN"); env && *env) {
    options.dsn = env;
  }
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
  std::string prefix = "reslab_" + random_name_suffix(kPrefixRandomLength);
  p.keep = options.keep;
  p.info = options.dsn.empty() ? open_private_server(p, prefix) : open_existing_server(options, prefix);
  set_state(ServerState::ready, p.info->where);
  return *p.info;
}

void start_server_async(const ServerOptions& options) {
  if (!process().start.begin("Starting PostgreSQL…")) return;
  std::thread([options] {
    try {
      server(options);
    } catch (const std::exception& error) {
      set_state(ServerState::failed, redact(error.what()));
    }
  }).detach();
}

ServerState server_state(std::string* message) {
  return process().start.get(message);
}

ServerState wait_for_server(std::string* message) {
  return process().start.wait(message);
}

}  // namespace reslab::pg
