#pragma once
// What the PostgreSQL tests share: the process's private server (or a skip when PostgreSQL is not
// installed and RESLAB_REQUIRE_POSTGRES is not 1), a libpq connection, and a child process whose
// output lines can be read with a deadline.
#include <libpq-fe.h>
#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include "core/backends/postgres/server.hpp"

namespace reslab::pg::test {

// The private server; nullptr after a doctest MESSAGE when the binaries are missing (a FAIL
// instead under RESLAB_REQUIRE_POSTGRES=1). Every test case starts with:
//   const ServerInfo* info = private_server_or_skip(); if (!info) return;
const ServerInfo* private_server_or_skip();

// One libpq connection; query() returns the first column of every row, or FAILs the test.
class TestConnection {
 public:
  explicit TestConnection(const std::string& conninfo);
  ~TestConnection();
  TestConnection(const TestConnection&) = delete;
  TestConnection& operator=(const TestConnection&) = delete;
  std::vector<std::string> query(const std::string& sql);
  std::string value(const std::string& sql);  // the first row's first column
  PGconn* raw() const { return m_connection; }

 private:
  PGconn* m_connection;
};

// A child process running `argv`, stdout and stderr in pipes.
class ChildProcess {
 public:
  explicit ChildProcess(const std::vector<std::string>& argv);
  ~ChildProcess();  // SIGKILL and reap if it still runs
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  // The next stdout line, or "" if none came within `budget` (or the output ended).
  std::string read_line(std::chrono::milliseconds budget);
  // Waits for the exit (SIGKILL after `budget`); returns the exit status, -signal when killed.
  int wait(std::chrono::milliseconds budget);
  std::string read_stderr();  // after wait()
  pid_t pid() const { return m_pid; }

 private:
  pid_t m_pid = -1;
  int m_stdout = -1;
  int m_stderr = -1;
  std::string m_buffer;
};

// The value after "key " in the holder's output lines, read until "ready" (or 30 s).
struct HolderOutput {
  int pid = 0;
  std::string dir;
  std::string prefix;
  bool deterministic = false;
  bool ready = false;
};
HolderOutput read_holder_output(ChildProcess& holder);

}  // namespace reslab::pg::test
