#include "core/backends/postgres/private_server.hpp"

#include <fcntl.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "core/backends/postgres/conninfo.hpp"
#include "core/backends/postgres/server.hpp"
#include "core/backends/postgres/server_dirs.hpp"
#include "core/backends/server_process/child_keeper.hpp"

namespace reslab::pg {

namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kReadyBudget = std::chrono::seconds(30);
constexpr auto kShutdownBudget = std::chrono::seconds(5);

// Waits for our child `pid` until `budget` runs out; true when it was reaped (status in *status).
bool reap_within(pid_t pid, Clock::duration budget, int* status = nullptr) {
  if (!wait_until_process_gone(pid, std::chrono::duration_cast<std::chrono::milliseconds>(budget)))
    return false;
  int child_status = 0;
  if (waitpid(pid, &child_status, 0) == pid && status) *status = child_status;  // ECHILD: reaped already
  return true;
}

std::string describe_exit(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return std::string("was killed by ") + strsignal(WTERMSIG(status));
  return "stopped";
}

}  // namespace

std::unique_ptr<PrivateServer> PrivateServer::start(const std::string& bindir) {
  return launch(bindir, "");
}

std::unique_ptr<PrivateServer> PrivateServer::start_durable(const std::string& bindir,
                                                            const std::string& data_dir) {
  if (data_dir.empty()) throw BackendUnavailable("the durable server needs a data folder");
  return launch(bindir, std::filesystem::absolute(data_dir).lexically_normal().string());
}

std::unique_ptr<PrivateServer> PrivateServer::launch(const std::string& bindir,
                                                     const std::string& durable_data_dir) {
  sweep_stale_server_dirs();
  bool as_postgres = geteuid() == 0;
  passwd entry{};
  passwd* found = nullptr;
  std::vector<char> buffer(16384);
  if (as_postgres && (getpwnam_r("postgres", &entry, buffer.data(), buffer.size(), &found) != 0 || !found)) {
    throw BackendUnavailable(
        "reslab runs as root, and PostgreSQL refuses root: it needs the postgres system user "
        "(created by apt-get install postgresql-15)");
  }
  ServerDir claimed;
  try {
    claimed = make_server_dir();
  } catch (const std::runtime_error& error) {
    throw BackendUnavailable(std::string("cannot start PostgreSQL: ") + error.what());
  }
  const std::string dir = claimed.path;
  std::unique_ptr<PrivateServer> server(new PrivateServer(std::move(claimed)));
  if (!durable_data_dir.empty()) {
    server->m_durable = true;
    server->m_data_dir = durable_data_dir;
  }
  if (as_postgres) {
    server->m_change_user = true;
    server->m_uid = found->pw_uid;
    server->m_gid = found->pw_gid;
    if (chown(dir.c_str(), found->pw_uid, found->pw_gid) != 0) {
      std::string reason = std::strerror(errno);
      server->stop();
      throw BackendUnavailable("cannot give " + dir + " to the postgres user: " + reason);
    }
  }
  try {
    if (server->m_durable) server->prepare_durable_data_dir();
    if (!server->m_durable || !std::filesystem::exists(server->m_data_dir + "/PG_VERSION")) {
      server->run_initdb(bindir);
      server->m_initialized = true;
    }
    server->run_postgres(bindir);
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

std::string PrivateServer::dsn() const {
  return "host=" + conninfo_value(m_dir) + " port=5432 user=postgres dbname=postgres";
}

// The folder and its parents, made by reslab and, when root, given to the postgres user: initdb and
// postgres run as that user and must own the folder itself (its parents only need to be reachable).
void PrivateServer::prepare_durable_data_dir() {
  std::error_code error;
  if (m_change_user) {
    // initdb's own message would only say "Permission denied".
    for (std::filesystem::path above = std::filesystem::path(m_data_dir).parent_path(); !above.empty();
         above = above.parent_path()) {
      struct stat folder {};
      if (stat(above.c_str(), &folder) == 0 && !(folder.st_mode & S_IXOTH) && folder.st_uid != m_uid)
        throw BackendUnavailable("the postgres user, who runs the server, cannot enter " + above.string() +
                                 " to reach the data folder " + m_data_dir +
                                 ": choose a folder whose parents others may enter (e.g. under /var/cache)");
      if (above == above.root_path()) break;
    }
  }
  const bool existed = std::filesystem::exists(m_data_dir, error);
  if (!existed && !std::filesystem::create_directories(m_data_dir, error) && error)
    throw BackendUnavailable("cannot create the data folder " + m_data_dir + ": " + error.message());
  // A folder with no cluster yet (new, or made empty by the user) becomes the server's own.
  if (!existed || !std::filesystem::exists(m_data_dir + "/PG_VERSION", error)) {
    chmod(m_data_dir.c_str(), 0700);
    if (m_change_user && chown(m_data_dir.c_str(), m_uid, m_gid) != 0)
      throw BackendUnavailable("cannot give " + m_data_dir +
                               " to the postgres user: " + std::strerror(errno));
  }
  if (!std::filesystem::is_directory(m_data_dir, error))
    throw BackendUnavailable("the data folder " + m_data_dir + " is not a folder");
}

void PrivateServer::run_initdb(const std::string& bindir) {
  int log = open((m_dir + "/initdb.log").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (log < 0) throw BackendUnavailable("cannot write " + m_dir + "/initdb.log: " + std::strerror(errno));
  // -N (no sync at the end) only for the throwaway stepping server.
  std::vector<std::string> argv{
      bindir + "/initdb", "-D", m_data_dir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"};
  if (!m_durable) argv.push_back("-N");
  ChildSpec spec{argv, m_dir, log, m_change_user, m_uid, m_gid, SIGTERM};
  pid_t pid = -1;
  try {
    pid = spawn_child(spec);
  } catch (const std::runtime_error& error) {
    close(log);
    throw BackendUnavailable(std::string("cannot run initdb: ") + error.what());
  }
  close(log);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::ifstream output(m_dir + "/initdb.log");
    std::string text((std::istreambuf_iterator<char>(output)), std::istreambuf_iterator<char>());
    throw BackendUnavailable("initdb " + describe_exit(status) + ": " + text);
  }
}

void PrivateServer::run_postgres(const std::string& bindir) {
  int log = open((m_dir + "/server.log").c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (log < 0) throw BackendUnavailable("cannot write " + m_dir + "/server.log: " + std::strerror(errno));
  // Stepping: nothing it writes has to survive, and deadlock checks come at once. Load figures: every
  // acknowledged commit is on the disk (synchronous_commit can still be turned off per session).
  std::vector<std::string> argv{bindir + "/postgres", "-D", m_data_dir, "-k", m_dir, "-c",
                                "listen_addresses="};
  const std::vector<std::string> stepping{
      "-c", "fsync=off",      "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
      "-c", "autovacuum=off", "-c", "deadlock_timeout=20ms",  "-c", "log_lock_waits=on"};
  const std::vector<std::string> durable{
      "-c", "fsync=on",           "-c", "synchronous_commit=on", "-c", "full_page_writes=on",
      "-c", "max_connections=100"};
  for (const std::string& setting : m_durable ? durable : stepping) argv.push_back(setting);
  ChildSpec spec{argv, m_dir, log, m_change_user, m_uid, m_gid, SIGQUIT};
  try {
    m_pid = spawn_child(spec);
  } catch (const std::runtime_error& error) {
    close(log);
    throw BackendUnavailable(std::string("cannot run postgres: ") + error.what());
  }
  close(log);
}

void PrivateServer::wait_until_ready() {
  std::string conninfo = dsn() + " connect_timeout=2";
  auto deadline = Clock::now() + kReadyBudget;
  for (;;) {
    if (PQping(conninfo.c_str()) == PQPING_OK) return;
    int status = 0;
    if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
      m_pid = -1;
      throw BackendUnavailable("the PostgreSQL server " + describe_exit(status) +
                               " while starting: " + log_tail());
    }
    if (Clock::now() > deadline) {
      throw BackendUnavailable("the PostgreSQL server did not answer within 30 s: " + log_tail());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string PrivateServer::log_tail() const {
  std::ifstream log(m_dir + "/server.log");
  std::deque<std::string> lines;
  for (std::string line; std::getline(log, line);) {
    lines.push_back(line);
    if (lines.size() > 5) lines.pop_front();
  }
  std::string tail;
  for (const std::string& line : lines) tail += (tail.empty() ? "" : "\n") + line;
  return tail.empty() ? "(the server wrote nothing)" : tail;
}

void PrivateServer::stop() {
  if (m_pid > 0) {
    // A backend left stopped by a lab that never closed (the process exits with it open) would hold
    // up the shutdown: the server's processes share its process group.
    kill(-m_pid, SIGCONT);
    kill(m_pid, SIGINT);
    if (!reap_within(m_pid, kShutdownBudget)) {
      kill(m_pid, SIGQUIT);
      if (!reap_within(m_pid, std::chrono::seconds(2))) {
        kill(-m_pid, SIGKILL);
        kill(m_pid, SIGKILL);
        reap_within(m_pid, std::chrono::seconds(2));
      }
    }
    m_pid = -1;
  }
  if (!m_dir.empty()) {
    std::error_code error;
    std::filesystem::remove_all(m_dir, error);
    m_dir.clear();
  }
  m_owner.release();
}

}  // namespace reslab::pg
