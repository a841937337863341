#pragma once
// A MariaDB server reslab starts for itself: its data dir copied from a template made once (by
// mariadb-install-db) and kept in the user's cache folder, mariadbd in a fresh 0700 temp dir
// (/tmp/reslab-maria.XXXXXX) with its socket there and no TCP listener, as root when reslab runs as root
// (unlike PostgreSQL, it may). Stopped and removed by stop() or the destructor; if reslab dies instead,
// the parent-death signal kills the server and the next start sweeps the dir.
#include <sys/types.h>

#include <memory>
#include <string>

#include "core/backends/server_process/private_dirs.hpp"

namespace reslab::maria {

inline constexpr const char* kServerDirPrefix = "reslab-maria.";

class PrivateServer {
 public:
  // Sweeps stale dirs, makes the template when there is none, copies it and starts mariadbd, waiting
  // until it answers. Throws BackendUnavailable with what failed (the end of the server's log).
  static std::unique_ptr<PrivateServer> start();
  ~PrivateServer();
  PrivateServer(const PrivateServer&) = delete;
  PrivateServer& operator=(const PrivateServer&) = delete;

  void stop();  // SIGTERM (SIGKILL if it hangs), then the dir is removed. Idempotent.

  const std::string& dir() const { return m_dir; }
  std::string socket() const { return m_dir + "/mysqld.sock"; }
  pid_t pid() const { return m_pid; }
  bool from_template() const { return m_from_template; }

 private:
  explicit PrivateServer(ServerDir dir) : m_dir(std::move(dir.path)), m_owner(std::move(dir.owner)) {}
  void run_mariadbd(const std::string& data_dir);
  void wait_until_ready();
  std::string log_tail() const;

  std::string m_dir;
  OwnerLock m_owner;
  pid_t m_pid = -1;
  bool m_from_template = false;
};

// Where the template data dir lives: $XDG_CACHE_HOME/reslab (else ~/.cache/reslab), one per server build.
std::string template_dir();

}  // namespace reslab::maria
