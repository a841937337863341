#include "core/backends/postgres/server_dirs.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace reslab::pg {

namespace {

namespace fs = std::filesystem;

// Field 22 of /proc/<pid>/stat (clock ticks after boot): with the pid, it names one process.
std::string start_time_of(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return "";
  std::size_t after_name = line.rfind(')');
  if (after_name == std::string::npos) return "";
  std::istringstream fields(line.substr(after_name + 1));
  std::string field;
  for (int index = 3; index <= 22 && fields >> field; ++index)
    if (index == 22) return field;
  return "";
}

char state_of(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return '?';
  std::size_t after_name = line.rfind(')');
  return after_name != std::string::npos && after_name + 2 < line.size() ? line[after_name + 2] : '?';
}

bool owner_alive(const std::string& dir) {
  std::ifstream owner(dir + "/owner");
  long pid = 0;
  std::string start_time;
  if (!(owner >> pid) || pid <= 0) return false;
  owner >> start_time;
  if (!process_running(static_cast<pid_t>(pid))) return false;
  return start_time.empty() || start_time_of(static_cast<pid_t>(pid)) == start_time;
}

std::vector<std::string> command_line_of(pid_t pid) {
  std::ifstream file("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::vector<std::string> arguments;
  std::string argument;
  while (std::getline(file, argument, '\0')) arguments.push_back(argument);
  return arguments;
}

}  // namespace

bool wait_until_process_gone(pid_t pid, std::chrono::milliseconds budget) {
  // Through syscall(): glibc 2.36's <sys/pidfd.h> declares pidfd_open without C linkage.
  const int handle = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (handle < 0) return !process_running(pid);  // ESRCH: already gone
  pollfd ended{handle, POLLIN, 0};
  int ready = -1;
  do ready = poll(&ended, 1, static_cast<int>(budget.count()));
  while (ready < 0 && errno == EINTR);
  close(handle);
  return ready > 0;
}

std::string make_server_dir(const std::string& parent) {
  std::string pattern = parent + "/" + kServerDirPrefix + "XXXXXX";
  if (!mkdtemp(pattern.data())) {
    throw std::runtime_error("cannot create a directory in " + parent + ": " + std::strerror(errno));
  }
  write_owner_file(pattern, getpid());
  return pattern;
}

void write_owner_file(const std::string& dir, pid_t pid) {
  std::ofstream owner(dir + "/owner");
  owner << pid << ' ' << start_time_of(pid) << '\n';
  if (!owner.flush()) throw std::runtime_error("cannot write " + dir + "/owner");
}

bool process_running(pid_t pid) {
  if (pid <= 0) return false;
  if (kill(pid, 0) != 0 && errno == ESRCH) return false;
  char state = state_of(pid);
  return state != 'Z' && state != 'X';
}

void kill_server_of(const std::string& data_dir) {
  std::ifstream pid_file(data_dir + "/postmaster.pid");
  long pid = 0;
  if (!(pid_file >> pid) || pid <= 0 || !process_running(static_cast<pid_t>(pid))) return;
  // Only a postgres started on this very data dir: a pid file may outlive its process.
  std::vector<std::string> arguments = command_line_of(static_cast<pid_t>(pid));
  bool ours = false;
  for (std::size_t i = 0; i + 1 < arguments.size(); ++i)
    ours = ours || (arguments[i] == "-D" && arguments[i + 1] == data_dir);
  if (!ours) return;
  kill(static_cast<pid_t>(pid), SIGQUIT);
  if (!wait_until_process_gone(static_cast<pid_t>(pid), std::chrono::seconds(2))) {
    kill(-static_cast<pid_t>(pid), SIGKILL);
    kill(static_cast<pid_t>(pid), SIGKILL);
    wait_until_process_gone(static_cast<pid_t>(pid), std::chrono::seconds(2));
  }
}

std::vector<std::string> sweep_stale_server_dirs(const std::string& parent) {
  std::vector<std::string> removed;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(parent, error)) {
    std::string name = entry.path().filename().string();
    if (name.rfind(kServerDirPrefix, 0) != 0) continue;
    std::string dir = entry.path().string();
    struct stat dir_stat {};
    struct stat owner_stat {};
    // A real dir whose owner file this user wrote (when root, the dir itself belongs to postgres).
    if (lstat(dir.c_str(), &dir_stat) != 0 || !S_ISDIR(dir_stat.st_mode)) continue;
    if (lstat((dir + "/owner").c_str(), &owner_stat) != 0 || !S_ISREG(owner_stat.st_mode) ||
        owner_stat.st_uid != geteuid()) {
      continue;
    }
    if (owner_alive(dir)) continue;
    kill_server_of(dir + "/data");
    std::error_code remove_error;
    fs::remove_all(dir, remove_error);
    if (!remove_error) removed.push_back(dir);
  }
  return removed;
}

}  // namespace reslab::pg
