#include <doctest/doctest.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <thread>

#include "core/backends/postgres/server_dirs.hpp"
#include "postgres/postgres_test_support.hpp"

using namespace reslab::pg;
using namespace reslab::pg::test;
using namespace std::chrono_literals;

namespace {

// Another reslab's sweep (other tests start servers meanwhile) may hold a dead owner's lock a moment,
// while it removes the dir, and so may the server's last children: wait for the lock itself, not for a
// time, then sweep.
void sweep_once_owner_lock_is_free(const std::string& dir) {
  if (const int owner = open((dir + "/owner").c_str(), O_RDONLY | O_CLOEXEC); owner >= 0) {
    flock(owner, LOCK_EX);
    close(owner);
  }
  sweep_stale_server_dirs();
}

}  // namespace

TEST_CASE("the private server answers and says its version") {
  const ServerInfo* info = private_server_or_skip();
  if (!info) return;
  CHECK(info->ours);
  CHECK(info->deterministic);
  CHECK(std::regex_match(info->server_version, std::regex(R"(\d+\.\d+)")));
  CHECK(std::regex_match(info->schema_prefix, std::regex("reslab_[a-z0-9]{10}")));
  CHECK(info->where.find(info->server_dir) != std::string::npos);
  TestConnection connection(info->conninfo);
  CHECK(connection.value("SELECT 6 * 7") == "42");
  CHECK(connection.value("SHOW server_version").rfind(info->server_version, 0) == 0);
  CHECK(connection.value("SHOW deadlock_timeout") == "20ms");
  CHECK(connection.value("SHOW log_lock_waits") == "on");
  CHECK(connection.value("SHOW fsync") == "off");
  CHECK(connection.value("SHOW application_name") == info->schema_prefix);
}

TEST_CASE("the private server listens on a socket in its own 0700 dir and on no TCP port") {
  const ServerInfo* info = private_server_or_skip();
  if (!info) return;
  struct stat dir {};
  REQUIRE(stat(info->server_dir.c_str(), &dir) == 0);
  CHECK((dir.st_mode & 0777) == 0700);
  uid_t expected_owner = geteuid();
  if (geteuid() == 0) {
    passwd* postgres = getpwnam("postgres");
    REQUIRE(postgres);
    expected_owner = postgres->pw_uid;
  }
  CHECK(dir.st_uid == expected_owner);
  CHECK(std::filesystem::exists(info->server_dir + "/.s.PGSQL.5432"));
  TestConnection connection(info->conninfo);
  CHECK(connection.value("SHOW listen_addresses") == "");
  CHECK(connection.value("SHOW unix_socket_directories") == info->server_dir);
  // The server itself runs as the dir's owner: the postgres user when reslab is root.
  struct stat process {};
  REQUIRE(stat(("/proc/" + std::to_string(info->postmaster_pid)).c_str(), &process) == 0);
  CHECK(process.st_uid == expected_owner);
}

TEST_CASE("a normal exit stops the private server and removes its dir") {
  if (!private_server_or_skip()) return;
  ChildProcess holder({RESLAB_SERVER_HOLDER, "--exit"});
  HolderOutput output = read_holder_output(holder);
  REQUIRE(output.ready);
  REQUIRE(output.pid > 0);
  CHECK(holder.wait(60s) == 0);
  CHECK(wait_until_process_gone(output.pid, 30s));
  CHECK_FALSE(std::filesystem::exists(output.dir));
}

TEST_CASE("a kill -9 of the process that started a server leaves no server process") {
  if (!private_server_or_skip()) return;
  ChildProcess holder({RESLAB_SERVER_HOLDER});
  HolderOutput output = read_holder_output(holder);
  REQUIRE(output.ready);
  REQUIRE(process_running(output.pid));
  kill(holder.pid(), SIGKILL);
  holder.wait(5s);
  CHECK(wait_until_process_gone(output.pid, 30s));
  // The dir stays behind, and the next start sweeps it: its owner's lock went with the owner.
  sweep_once_owner_lock_is_free(output.dir);
  CHECK_FALSE(std::filesystem::exists(output.dir));
}

TEST_CASE("the sweep stops a server still running from a dir whose owner is gone, then removes it") {
  if (!private_server_or_skip()) return;
  ChildProcess holder({RESLAB_SERVER_HOLDER});
  HolderOutput output = read_holder_output(holder);
  REQUIRE(output.ready);
  // The holder stands for a reslab that died while its server kept running: its owner file gives way to
  // one nobody holds, naming a process that has exited.
  pid_t gone = fork();
  if (gone == 0) _exit(0);
  waitpid(gone, nullptr, 0);
  write_owner_file(output.dir, gone);
  sweep_stale_server_dirs();  // or another reslab's sweep, starting meanwhile
  CHECK(wait_until_process_gone(output.pid, 30s));
  CHECK_FALSE(std::filesystem::exists(output.dir));
}

TEST_CASE("two private servers started at the same instant each get their own dir and start cleanly") {
  if (!private_server_or_skip()) return;
  for (int round = 0; round < 2; ++round) {
    CAPTURE(round);
    ChildProcess first({RESLAB_SERVER_HOLDER});
    ChildProcess second({RESLAB_SERVER_HOLDER});
    HolderOutput one = read_holder_output(first);
    HolderOutput two = read_holder_output(second);
    if (!one.ready || !two.ready) {
      first.wait(60s);
      second.wait(60s);
      FAIL("a server did not start: " << first.read_stderr() << second.read_stderr());
    }
    CHECK(one.dir != two.dir);
    CHECK(std::filesystem::exists(one.dir + "/.s.PGSQL.5432"));
    CHECK(std::filesystem::exists(two.dir + "/.s.PGSQL.5432"));
    CHECK(process_running(one.pid));
    CHECK(process_running(two.pid));
    kill(first.pid(), SIGKILL);
    kill(second.pid(), SIGKILL);
    first.wait(5s);
    second.wait(5s);
    CHECK(wait_until_process_gone(one.pid, 30s));
    CHECK(wait_until_process_gone(two.pid, 30s));
    sweep_once_owner_lock_is_free(one.dir);
    sweep_once_owner_lock_is_free(two.dir);
    CHECK_FALSE(std::filesystem::exists(one.dir));
    CHECK_FALSE(std::filesystem::exists(two.dir));
  }
}

TEST_CASE("a window starting the server in the background polls its state without waiting") {
  if (!private_server_or_skip()) return;
  ChildProcess holder({RESLAB_SERVER_HOLDER, "--async"});
  // The first poll answered "starting": it returned while the server was still starting, without
  // waiting for it (a start takes hundreds of milliseconds: initdb, then the postmaster).
  CHECK(holder.read_line(30s) == "first starting Starting PostgreSQL…");
  std::string outcome = holder.read_line(60s);
  CHECK(outcome.rfind("ready a private server in /tmp/reslab-pg.", 0) == 0);
  CHECK(holder.wait(60s) == 0);
}
