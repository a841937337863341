#pragma once
// A PostgreSQL server reslab starts for itself: initdb into a fresh 0700 temp dir, postgres with its
// unix socket in that dir and no TCP listener, tuned for stepping (fsync off, deadlock_timeout 20ms,
// log_lock_waits on), run as the postgres user when reslab runs as root. Stopped and removed by
// stop() or the destructor; if reslab dies instead, the parent-death signal stops the server and the
// next start sweeps the dir.
#include <sys/types.h>

#include <memory>
#include <string>

#include "core/backends/postgres/server_dirs.hpp"

namespace reslab::pg {

class PrivateServer {
 public:
  // Sweeps stale dirs, then initdb and postgres from `bindir`, waiting until the server answers.
  // Throws BackendUnavailable with what failed (the end of the server's log when it has one).
  static std::unique_ptr<PrivateServer> start(const std::string& bindir);
  // For load figures: fsync, synchronous_commit and full_page_writes on, the data in `data_dir` (initdb
  // only when it holds no cluster yet), kept by stop(); the socket and logs in a fresh temp dir as above.
  // Throws BackendUnavailable.
  static std::unique_ptr<PrivateServer> start_durable(const std::string& bindir, const std::string& data_dir);
  ~PrivateServer();
  PrivateServer(const PrivateServer&) = delete;
  PrivateServer& operator=(const PrivateServer&) = delete;

  // Fast shutdown (SIGINT; SIGQUIT, then SIGKILL if it hangs), then the dir is removed. Idempotent.
  void stop();

  // host=<dir> user=postgres dbname=postgres: the socket in the dir, trust authentication.
  std::string dsn() const;
  const std::string& dir() const { return m_dir; }
  const std::string& data_dir() const { return m_data_dir; }
  bool initialized() const { return m_initialized; }  // this start ran initdb (a cold start)
  pid_t pid() const { return m_pid; }

 private:
  explicit PrivateServer(ServerDir dir)
      : m_dir(std::move(dir.path)), m_data_dir(m_dir + "/data"), m_owner(std::move(dir.owner)) {}
  static std::unique_ptr<PrivateServer> launch(const std::string& bindir,
                                               const std::string& durable_data_dir);
  void prepare_durable_data_dir();
  void run_initdb(const std::string& bindir);
  void run_postgres(const std::string& bindir);
  void wait_until_ready();
  std::string log_tail() const;

  std::string m_dir;
  std::string m_data_dir;  // inside m_dir, or the durable server's own folder
  bool m_durable = false;
  bool m_initialized = false;
  OwnerLock m_owner;  // held until the dir is gone: the sweep of another reslab never takes it
  pid_t m_pid = -1;
  bool m_change_user = false;
  uid_t m_uid = 0;
  gid_t m_gid = 0;
};

}  // namespace reslab::pg
