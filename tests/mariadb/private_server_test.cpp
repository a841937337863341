// The private MariaDB server: a socket in a 0700 dir and no TCP, a template data dir kept in the cache
// folder, a stale dir of an owner that is gone swept at the next start, and a server that dies with the
// reslab that started it.
#include "core/backends/mariadb/private_server.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "core/backends/mariadb/connection.hpp"
#include "tests/eventually.hpp"
#include "tests/mariadb/mariadb_test_support.hpp"

extern char** environ;

using namespace reslab;

TEST_CASE("the private MariaDB server listens on a socket in a 0700 dir and on no TCP port") {
  const maria::ServerInfo* server = mariatest::server_or_skip();
  if (!server) return;
  CHECK(server->ours);
  struct stat dir {};
  REQUIRE(stat(server->server_dir.c_str(), &dir) == 0);
  CHECK((dir.st_mode & 0777) == 0700);
  CHECK(server->endpoint.socket.rfind(server->server_dir + "/", 0) == 0);
  maria::Connection connection(server->endpoint);
  const StatementResult networking = connection.exec("SELECT @@skip_networking, @@port");
  REQUIRE(networking.ok());
  CHECK(as_int(networking.rows[0][0]) == 1);
}

TEST_CASE("the private MariaDB server starts from a template data dir kept in the cache folder") {
  if (!mariatest::server_or_skip()) return;
  CHECK(std::filesystem::is_directory(maria::template_dir()));
  const maria::ServerInfo& server = maria::server(maria::ServerOptions{});
  const std::string how = server.from_template ? "copied" : "made";
  MESSAGE("MariaDB's private server answered in " << server.start_seconds << " s (template " << how << ")");
}

TEST_CASE("a stale MariaDB server dir whose owner is gone is swept") {
  if (!mariatest::server_or_skip()) return;
  ServerDir stale = make_private_dir(maria::kServerDirPrefix);
  const std::string path = stale.path;
  stale.owner.release();  // its owner is gone
  const auto removed = sweep_stale_private_dirs(maria::kServerDirPrefix);
  CHECK(std::find(removed.begin(), removed.end(), path) != removed.end());
  CHECK_FALSE(std::filesystem::exists(path));
  // The running server's own dir is held by this process and stays.
  CHECK(std::filesystem::exists(maria::server(maria::ServerOptions{}).server_dir));
}

namespace {

// The private dir whose owner file names `owner`, once its server has written its pid file; "" if none
// within `budget`.
std::string server_dir_of(pid_t owner, std::chrono::milliseconds budget) {
  std::string found;
  test::eventually(
      [&] {
        std::error_code error;
        for (const auto& entry : std::filesystem::directory_iterator("/tmp", error)) {
          const std::string name = entry.path().filename().string();
          if (name.rfind(maria::kServerDirPrefix, 0) != 0) continue;
          std::ifstream file(entry.path() / "owner");
          pid_t named = 0;
          if (file >> named && named == owner &&
              std::filesystem::exists(entry.path() / "data/postmaster.pid")) {
            found = entry.path().string();
            return true;
          }
        }
        return false;
      },
      budget);
  return found;
}

pid_t pid_in(const std::string& file) {
  std::ifstream in(file);
  pid_t pid = 0;
  in >> pid;
  return pid;
}

pid_t spawn_quietly(const std::vector<std::string>& argv) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> arguments;
  for (const auto& argument : argv) arguments.push_back(const_cast<char*>(argument.c_str()));
  arguments.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, arguments[0], &actions, nullptr, arguments.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  REQUIRE(spawned == 0);
  return pid;
}

}  // namespace

TEST_CASE("a kill -9 of reslab takes its private MariaDB server down, and the next start sweeps the dir") {
  if (!mariatest::server_or_skip()) return;
  // A long run: every order of a three-session Hermitage file under each MariaDB variant.
  const pid_t reslab =
      spawn_quietly({RESLAB_BINARY, "explore",
                     std::string(RESLAB_SCENARIO_DIR) + "/isolation/otv_observed_transaction_vanishes.toml",
                     "--backend", "mariadb"});
  const std::string dir = server_dir_of(reslab, std::chrono::seconds(60));
  REQUIRE_MESSAGE(!dir.empty(), "reslab's private server did not start");
  const pid_t server = pid_in(dir + "/data/postmaster.pid");
  REQUIRE(server > 0);
  int status = 0;
  REQUIRE_MESSAGE(waitpid(reslab, &status, WNOHANG) == 0, "reslab ended before it could be killed");
  REQUIRE(process_running(server));
  kill(reslab, SIGKILL);
  waitpid(reslab, &status, 0);
  // The server dies with reslab (its parent-death signal), at once and whatever it was doing.
  CHECK(wait_until_process_gone(server, std::chrono::seconds(30)));
  CHECK(std::filesystem::exists(dir));  // nobody removed it: reslab had no chance to
  // The next reslab that starts a server sweeps it (its owner's lock went with its owner).
  const pid_t next = spawn_quietly({RESLAB_BINARY, "trace", "h1", "--backend", "mariadb"});
  REQUIRE(waitpid(next, &status, 0) == next);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_FALSE(std::filesystem::exists(dir));
}
