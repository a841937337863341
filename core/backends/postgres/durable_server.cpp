#include "core/backends/postgres/durable_server.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "core/backends/postgres/conninfo.hpp"
#include "core/backends/postgres/private_server.hpp"
#include "core/backends/postgres/server.hpp"
#include "core/backends/postgres/server_binaries.hpp"
#include "core/backends/postgres/server_probe.hpp"

namespace reslab::pg {

std::string default_load_data_dir() {
  if (geteuid() == 0) return "/var/cache/reslab/pg-load";
  if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache == '/')
    return std::string(cache) + "/reslab/pg-load";
  if (const char* home = std::getenv("HOME"); home && *home == '/')
    return std::string(home) + "/.cache/reslab/pg-load";
  return "/var/tmp/reslab-pg-load";
}

std::unique_ptr<DurableServer> DurableServer::start(const std::string& data_dir) {
  const std::optional<std::string> bindir = find_server_bindir();
  if (!bindir)
    throw BackendUnavailable(
        "PostgreSQL is not installed: install postgresql-15 (apt-get install postgresql-15), or pass --pg DSN");
  const auto started = std::chrono::steady_clock::now();
  std::unique_ptr<DurableServer> server(new DurableServer);
  server->m_server = PrivateServer::start_durable(*bindir, data_dir);
  server->m_conninfo = normalized_conninfo(server->m_server->dsn(), "reslab_load");
  server->m_server_version = probe_server(server->m_conninfo, "the durable private server").server_version;
  server->m_start_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return server;
}

DurableServer::~DurableServer() {
  stop();
}

void DurableServer::stop() {
  if (m_server) m_server->stop();
}

const std::string& DurableServer::data_dir() const {
  return m_server->data_dir();
}

bool DurableServer::cold() const {
  return m_server->initialized();
}

int DurableServer::postmaster_pid() const {
  return m_server->pid();
}

}  // namespace reslab::pg
