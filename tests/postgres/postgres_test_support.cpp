#include "postgres/postgres_test_support.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "core/backends/postgres/server_binaries.hpp"
#include "core/backends/postgres/server_dirs.hpp"
#include "tests/server_backend/server_under_test.hpp"

extern char** environ;

namespace reslab::pg::test {

const ServerInfo* private_server_or_skip() {
  static bool installed = find_server_bindir().has_value();
  if (!installed) {
    const char* require = std::getenv("RESLAB_REQUIRE_POSTGRES");
    if (require && std::string(require) == "1") {
      FAIL(
          "RESLAB_REQUIRE_POSTGRES=1 but no PostgreSQL server binaries (pg_config --bindir, "
          "/usr/lib/postgresql/*/bin): install postgresql-15");
    }
    MESSAGE("PostgreSQL server binaries not found: skipped (install postgresql-15 to run this test)");
    return nullptr;
  }
  try {
    return &server(ServerOptions{});
  } catch (const BackendUnavailable& error) {
    FAIL("the private server did not start: " << error.what());
  }
  return nullptr;
}

TestConnection::TestConnection(const std::string& conninfo) : m_connection(PQconnectdb(conninfo.c_str())) {
  REQUIRE_MESSAGE(PQstatus(m_connection) == CONNECTION_OK, PQerrorMessage(m_connection));
  PQsetNoticeProcessor(
      m_connection, [](void*, const char*) {}, nullptr);
}

TestConnection::~TestConnection() {
  PQfinish(m_connection);
}

std::vector<std::string> TestConnection::query(const std::string& sql) {
  PGresult* result = PQexec(m_connection, sql.c_str());
  ExecStatusType status = PQresultStatus(result);
  std::vector<std::string> rows;
  if (status == PGRES_TUPLES_OK)
    for (int row = 0; row < PQntuples(result); ++row) rows.emplace_back(PQgetvalue(result, row, 0));
  std::string error = PQresultErrorMessage(result);
  PQclear(result);
  REQUIRE_MESSAGE((status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK), sql << ": " << error);
  return rows;
}

std::string TestConnection::value(const std::string& sql) {
  std::vector<std::string> rows = query(sql);
  REQUIRE_MESSAGE(!rows.empty(), sql << " returned no row");
  return rows.front();
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv) {
  int out[2];
  int err[2];
  REQUIRE(pipe2(out, O_CLOEXEC) == 0);
  REQUIRE(pipe2(err, O_CLOEXEC) == 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  std::vector<char*> arguments;
  for (const std::string& argument : argv) arguments.push_back(const_cast<char*>(argument.c_str()));
  arguments.push_back(nullptr);
  int spawned = posix_spawn(&m_pid, arguments[0], &actions, nullptr, arguments.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  close(err[1]);
  m_stdout = out[0];
  m_stderr = err[0];
  REQUIRE_MESSAGE(spawned == 0, "cannot run " << argv.front());
}

ChildProcess::~ChildProcess() {
  if (m_pid > 0) {
    kill(m_pid, SIGKILL);
    waitpid(m_pid, nullptr, 0);
  }
  close(m_stdout);
  close(m_stderr);
}

std::string ChildProcess::read_line(std::chrono::milliseconds budget) {
  auto deadline = std::chrono::steady_clock::now() + budget;
  for (;;) {
    std::size_t newline = m_buffer.find('\n');
    if (newline != std::string::npos) {
      std::string line = m_buffer.substr(0, newline);
      m_buffer.erase(0, newline + 1);
      return line;
    }
    auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return "";
    pollfd readable{m_stdout, POLLIN, 0};
    if (poll(&readable, 1, static_cast<int>(left.count())) <= 0) continue;
    char chunk[512];
    ssize_t got = read(m_stdout, chunk, sizeof chunk);
    if (got <= 0) return "";
    m_buffer.append(chunk, static_cast<std::size_t>(got));
  }
}

int ChildProcess::wait(std::chrono::milliseconds budget) {
  if (!wait_until_process_gone(m_pid, budget)) kill(m_pid, SIGKILL);
  int status = 0;
  waitpid(m_pid, &status, 0);
  m_pid = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

std::string ChildProcess::read_stderr() {
  std::string text;
  char chunk[512];
  fcntl(m_stderr, F_SETFL, O_NONBLOCK);
  for (ssize_t got; (got = read(m_stderr, chunk, sizeof chunk)) > 0;)
    text.append(chunk, static_cast<std::size_t>(got));
  return text;
}

HolderOutput read_holder_output(ChildProcess& holder) {
  HolderOutput output;
  for (std::string line; !(line = holder.read_line(std::chrono::seconds(30))).empty();) {
    if (line == "ready") {
      output.ready = true;
      break;
    }
    std::size_t space = line.find(' ');
    std::string key = line.substr(0, space);
    std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "pid") output.pid = std::stoi(value);
    if (key == "dir") output.dir = value;
    if (key == "prefix") output.prefix = value;
    if (key == "deterministic") output.deterministic = value == "1";
  }
  return output;
}

}  // namespace reslab::pg::test

namespace reslab::servertest {

Backend backend_under_test() {
  return Backend::postgres;
}

bool server_ready() {
  return pg::test::private_server_or_skip() != nullptr;
}

std::string server_version() {
  return pg::test::private_server_or_skip()->server_version;
}

bool promises_trace_hashes() {
  if (pg::test::private_server_or_skip()->deterministic) return true;
  MESSAGE("the server would not take deadlock_timeout = 20ms and log_lock_waits: no trace hash is promised");
  return false;
}

}  // namespace reslab::servertest
