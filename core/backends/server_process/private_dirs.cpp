#include "core/backends/server_process/private_dirs.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/file.h>
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

namespace reslab {

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

OwnerLock& OwnerLock::operator=(OwnerLock&& other) noexcept {
  if (this != &other) {
    release();
    m_fd = other.m_fd;
    other.m_fd = -1;
  }
  return *this;
}

void OwnerLock::release() {
  if (m_fd >= 0) close(m_fd);
  m_fd = -1;
}

ServerDir make_private_dir(const std::string& prefix, const std::string& parent) {
  std::string pattern = parent + "/" + prefix + "XXXXXX";
  if (!mkdtemp(pattern.data())) {
    throw std::runtime_error("cannot create a directory in " + parent + ": " + std::strerror(errno));
  }
  try {
    return {pattern, write_owner_file(pattern, getpid())};
  } catch (...) {
    rmdir(pattern.c_str());
    throw;
  }
}

OwnerLock write_owner_file(const std::string& dir, pid_t pid) {
  std::string temp = dir + "/owner.XXXXXX";
  const int fd = mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot write " + dir + "/owner: " + std::strerror(errno));
  OwnerLock lock(fd);
  // Locked before it has its name: whoever finds "owner" finds it held while its owner lives.
  const std::string text = std::to_string(pid) + ' ' + start_time_of(pid) + '\n';
  if (flock(fd, LOCK_EX) != 0 || write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()) ||
      rename(temp.c_str(), (dir + "/owner").c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    unlink(temp.c_str());
    throw std::runtime_error("cannot write " + dir + "/owner: " + reason);
  }
  return lock;
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
  // Only a server started on this very data dir: a pid file may outlive its process.
  std::vector<std::string> arguments = command_line_of(static_cast<pid_t>(pid));
  bool ours = false;
  for (std::size_t i = 0; i + 1 < arguments.size(); ++i)
    ours = ours || (arguments[i] == "-D" && arguments[i + 1] == data_dir);
  for (const auto& argument : arguments) ours = ours || argument == "--datadir=" + data_dir;
  if (!ours) return;
  kill(static_cast<pid_t>(pid), SIGQUIT);
  if (!wait_until_process_gone(static_cast<pid_t>(pid), std::chrono::seconds(2))) {
    kill(-static_cast<pid_t>(pid), SIGKILL);
    kill(static_cast<pid_t>(pid), SIGKILL);
    wait_until_process_gone(static_cast<pid_t>(pid), std::chrono::seconds(2));
  }
}

std::vector<std::string> sweep_stale_private_dirs(const std::string& prefix, const std::string& parent) {
  std::vector<std::string> removed;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(parent, error)) {
    std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    std::string dir = entry.path().string();
    struct stat dir_stat {};
    if (lstat(dir.c_str(), &dir_stat) != 0 || !S_ISDIR(dir_stat.st_mode)) continue;
    // A dir with no owner file is left alone: it is being made (the file is renamed in only once its
    // lock is held), or its maker died in that instant and left an empty dir behind.
    const int fd = open((dir + "/owner").c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    OwnerLock owner(fd);
    // An owner file this user wrote (when root, the dir itself belongs to postgres) whose lock is free:
    // its owner has ended. Held while the dir goes, so two sweeps never remove the same dir.
    struct stat owner_stat {};
    if (fstat(fd, &owner_stat) != 0 || !S_ISREG(owner_stat.st_mode) || owner_stat.st_uid != geteuid() ||
        flock(fd, LOCK_EX | LOCK_NB) != 0) {
      continue;
    }
    kill_server_of(dir + "/data");
    std::error_code remove_error;
    fs::remove_all(dir, remove_error);
    if (!remove_error) removed.push_back(dir);
  }
  return removed;
}

}  // namespace reslab
