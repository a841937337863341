#include "core/backends/mariadb/private_server.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/backends/mariadb/connection.hpp"
#include "core/backends/mariadb/server.hpp"
#include "core/backends/server_process/child_keeper.hpp"
#include "core/sim/errors.hpp"

namespace reslab::maria {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr const char* kServerBinary = "/usr/sbin/mariadbd";
constexpr const char* kInstallBinary = "/usr/bin/mariadb-install-db";
constexpr auto kReadyBudget = std::chrono::seconds(30);

// Small buffers and logs: a lab holds a few rows. The same at install and at every start.
const std::vector<std::string>& server_settings() {
  static const std::vector<std::string> settings = {
      "--innodb-buffer-pool-size=16M", "--innodb-log-file-size=8M", "--innodb-log-buffer-size=1M",
      "--innodb-flush-log-at-trx-commit=0", "--skip-log-bin", "--skip-name-resolve",
      "--innodb-lock-wait-timeout=100000",
      // who waits for whom, read at once from the status
      "--innodb-status-output-locks=ON"};
  return settings;
}

bool run_as_root() {
  return geteuid() == 0;
}

std::string read_tail(const std::string& file) {
  std::ifstream in(file);
  std::deque<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
    if (lines.size() > 8) lines.pop_front();
  }
  std::string out;
  for (const auto& line : lines) out += "\n  " + line;
  return out;
}

int wait_child(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

// The template, made once per server build: a fresh install in a temp dir beside it, renamed into place
// (two reslabs making it at once: the second rename fails and its copy is dropped).
void make_template(const std::string& target) {
  std::error_code error;
  fs::create_directories(fs::path(target).parent_path(), error);
  std::string work = target + ".XXXXXX";
  if (!mkdtemp(work.data()))
    throw BackendUnavailable("cannot make MariaDB's template in " + fs::path(target).parent_path().string() +
                             ": " + std::strerror(errno));
  const std::string log_file = work + "/install.log";
  const int log = open(log_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  std::vector<std::string> argv = {kInstallBinary, "--no-defaults", "--datadir=" + work + "/data",
                                   "--auth-root-authentication-method=normal", "--skip-test-db"};
  if (run_as_root()) argv.push_back("--user=root");
  for (const auto& setting : server_settings()) argv.push_back(setting);
  pid_t pid = -1;
  try {
    pid = spawn_child({argv, work, log, false, 0, 0, SIGKILL});
  } catch (const std::runtime_error& e) {
    if (log >= 0) close(log);
    fs::remove_all(work, error);
    throw BackendUnavailable(std::string("cannot run mariadb-install-db: ") + e.what());
  }
  if (log >= 0) close(log);
  const int status = wait_child(pid);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::string tail = read_tail(log_file);
    fs::remove_all(work, error);
    throw BackendUnavailable("mariadb-install-db failed:" + tail);
  }
  if (rename((work + "/data").c_str(), target.c_str()) != 0) {
    // Another reslab made it meanwhile: use theirs.
  }
  fs::remove_all(work, error);
}

}  // namespace

std::string template_dir() {
  std::string cache;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    cache = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    cache = std::string(home) + "/.cache";
  else
    cache = "/tmp";
  struct stat binary {};
  stat(kServerBinary, &binary);
  return cache + "/reslab/mariadb-template-" + std::to_string(binary.st_size) + "-" +
         std::to_string(binary.st_mtime) + (run_as_root() ? "-root" : "");
}

std::unique_ptr<PrivateServer> PrivateServer::start() {
  if (access(kServerBinary, X_OK) != 0 || access(kInstallBinary, X_OK) != 0)
    throw BackendUnavailable(
        "MariaDB is not installed: install mariadb-server (scripts/setup --mariadb-server), or pass "
        "--mariadb DSN / set RESLAB_MARIADB_DSN");
  sweep_stale_private_dirs(kServerDirPrefix);
  ServerDir claimed;
  try {
    claimed = make_private_dir(kServerDirPrefix);
  } catch (const std::runtime_error& error) {
    throw BackendUnavailable(std::string("cannot start MariaDB: ") + error.what());
  }
  std::unique_ptr<PrivateServer> server(new PrivateServer(std::move(claimed)));
  try {
    const std::string source = template_dir();
    std::error_code error;
    server->m_from_template = fs::is_directory(source, error);
    if (!server->m_from_template) make_template(source);
    fs::copy(source, server->m_dir + "/data", fs::copy_options::recursive, error);
    if (error) throw BackendUnavailable("cannot copy MariaDB's template " + source + ": " + error.message());
    server->run_mariadbd(server->m_dir + "/data");
    server->wait_until_ready();
  } catch (...) {
    server->stop();
    throw;
  }
  return server;
}

PrivateServer::~PrivateServer() {
  stop();
}

void PrivateServer::run_mariadbd(const std::string& data_dir) {
  const int log = open((m_dir + "/server.out").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  // The pid file is where the sweep looks for a server still running from a stale dir.
  std::vector<std::string> argv = {kServerBinary,
                                   "--no-defaults",
                                   "--datadir=" + data_dir,
                                   "--socket=" + socket(),
                                   "--skip-networking",
                                   "--pid-file=" + data_dir + "/postmaster.pid",
                                   "--log-error=" + m_dir + "/server.log"};
  if (run_as_root()) argv.push_back("--user=root");
  for (const auto& setting : server_settings()) argv.push_back(setting);
  try {
    m_pid = spawn_child({argv, m_dir, log, false, 0, 0, SIGKILL});
  } catch (const std::runtime_error& e) {
    if (log >= 0) close(log);
    throw BackendUnavailable(std::string("cannot run mariadbd: ") + e.what());
  }
  if (log >= 0) close(log);
}

void PrivateServer::wait_until_ready() {
  const auto deadline = Clock::now() + kReadyBudget;
  Endpoint endpoint;
  endpoint.socket = socket();
  while (true) {
    int status = 0;
    if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
      m_pid = -1;
      throw BackendUnavailable("mariadbd stopped at start:" + log_tail());
    }
    if (access(socket().c_str(), F_OK) == 0) {
      try {
        Connection probe(endpoint);
        return;
      } catch (const BackendUnavailableError&) {
      }
    }
    if (Clock::now() > deadline)
      throw BackendUnavailable("mariadbd did not answer within 30 s:" + log_tail());
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string PrivateServer::log_tail() const {
  return read_tail(m_dir + "/server.log");
}

void PrivateServer::stop() {
  if (m_pid > 0) {
    kill(m_pid, SIGTERM);
    if (!wait_until_process_gone(m_pid, std::chrono::seconds(5))) kill(m_pid, SIGKILL);
    wait_child(m_pid);
    m_pid = -1;
  }
  if (!m_dir.empty()) {
    std::error_code error;
    fs::remove_all(m_dir, error);
    m_dir.clear();
  }
  m_owner.release();
}

}  // namespace reslab::maria
