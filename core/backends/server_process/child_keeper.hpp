#pragma once
// Starts the server's processes from one thread that lives as long as reslab. A child's parent-death
// signal fires when the thread that forked it ends; forking from this thread (never from a worker
// that may finish) means the signal fires exactly when reslab itself is gone, even by SIGKILL.
#include <sys/types.h>

#include <string>
#include <vector>

namespace reslab {

struct ChildSpec {
  std::vector<std::string> argv;  // argv[0] is the program's full path
  std::string workdir;            // the child's working directory
  int output_fd = -1;             // stdout and stderr (stdin is /dev/null)
  bool change_user = false;       // run as uid/gid (reslab runs as root; initdb and postgres refuse it)
  uid_t uid = 0;
  gid_t gid = 0;
  int death_signal = 0;  // sent to the child when reslab dies, set after the uid change
};

// Forks and execs `spec` from the keeper thread; returns the child's pid (reap it with waitpid from
// any thread). The child gets its own process group, so a terminal's Ctrl-C reaches reslab only.
// Throws std::runtime_error when fork or exec fails, with the reason.
pid_t spawn_child(const ChildSpec& spec);

}  // namespace reslab
