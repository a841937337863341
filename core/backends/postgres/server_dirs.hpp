#pragma once
// The temp dirs private servers live in: /tmp/reslab-pg.XXXXXX (0700) holding an "owner" file that
// names the reslab process (pid and start time, so a reused pid does not pass for it), the data
// dir, the server's socket and logs. A dir whose owner is gone is stale and swept at the next start.
#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace reslab::pg {

inline constexpr const char* kServerDirPrefix = "reslab-pg.";

// A fresh dir under `parent` owned by this process. Throws std::runtime_error.
std::string make_server_dir(const std::string& parent = "/tmp");

// Writes `dir`/owner naming `pid` (with its start time when the process exists).
void write_owner_file(const std::string& dir, pid_t pid);

// True while `pid` runs and is not a zombie.
bool process_running(pid_t pid);
// Waits until `pid` has ended (it need not be a child of ours), at most `budget`; true when it has. It
// wakes when the process ends (on a pidfd), not on a timer.
bool wait_until_process_gone(pid_t pid, std::chrono::milliseconds budget);

// Removes every reslab-pg.* dir under `parent` that this user made and whose owner is gone, first
// stopping a server still running from it (named by its postmaster.pid). Returns the removed dirs.
std::vector<std::string> sweep_stale_server_dirs(const std::string& parent = "/tmp");

// Stops the postmaster running from `data_dir` if there is one (SIGQUIT, then SIGKILL after 2 s).
void kill_server_of(const std::string& data_dir);

}  // namespace reslab::pg
