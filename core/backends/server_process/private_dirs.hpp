#pragma once
// The temp dirs private servers live in: /tmp/<prefix>XXXXXX (0700, prefix "reslab-pg." or "reslab-maria.")
// holding the data dir, the server's socket and logs, and an "owner" file that names the reslab process (pid
// and start time) and that it holds an exclusive flock on for the server's whole life. The kernel frees that
// lock when the process ends, however it ends: a dir whose lock is free is stale and swept at the next start,
// and a dir whose lock is held is never touched, whatever its pid says.
#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace reslab {

// An open owner file holding its flock; closing it frees the dir for the sweep. Move-only.
class OwnerLock {
 public:
  OwnerLock() = default;
  explicit OwnerLock(int fd) : m_fd(fd) {}
  OwnerLock(OwnerLock&& other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }
  OwnerLock& operator=(OwnerLock&& other) noexcept;
  OwnerLock(const OwnerLock&) = delete;
  OwnerLock& operator=(const OwnerLock&) = delete;
  ~OwnerLock() { release(); }
  void release();
  bool held() const { return m_fd >= 0; }

 private:
  int m_fd = -1;
};

// A dir this process has claimed: nothing else is written into it before its owner lock is taken.
struct ServerDir {
  std::string path;
  OwnerLock owner;
};

// A fresh dir under `parent`, claimed by this process. Throws std::runtime_error.
ServerDir make_private_dir(const std::string& prefix, const std::string& parent = "/tmp");

// Writes `dir`/owner naming `pid` (with its start time when the process exists): under a temp name,
// locked, then renamed into place, so the sweep never finds it half-written or unlocked while its
// owner lives. Returns the lock (a test that drops it at once stands for an owner that is gone).
// Throws std::runtime_error.
OwnerLock write_owner_file(const std::string& dir, pid_t pid);

// True while `pid` runs and is not a zombie.
bool process_running(pid_t pid);
// Waits until `pid` has ended (it need not be a child of ours), at most `budget`; true when it has. It
// wakes when the process ends (on a pidfd), not on a timer.
bool wait_until_process_gone(pid_t pid, std::chrono::milliseconds budget);

// Removes every <prefix>* dir under `parent` whose owner file this user wrote and whose owner lock
// it can take (the owner is gone), first stopping a server still running from it (named by its
// postmaster.pid, which a private MariaDB writes there too). Returns the removed dirs.
std::vector<std::string> sweep_stale_private_dirs(const std::string& prefix,
                                                  const std::string& parent = "/tmp");

// Stops the server running from `data_dir` (postgres -D, mariadbd --datadir=) if there is one (SIGQUIT, then
// SIGKILL after 2 s).
void kill_server_of(const std::string& data_dir);

}  // namespace reslab
