// A process that opens the PostgreSQL server the way reslab does, for tests that must watch a server
// outlive (or not) the process that started it:
//   reslab_postgres_server_holder [--pg DSN] [--keep] [--make-schema] [--exit] [--async]
// prints "pid <postmaster>", "dir <server dir>", "prefix <schema prefix>", "deterministic 0|1" and
// "ready", then exits normally with --exit (the exit handler tears down) or sleeps up to 60 s.
// An unavailable server prints its message to stderr and exits 1.
// --async starts the server as the window does and polls it every 5 ms, first printing
// "first starting|done <message>", at the end "slowest-poll-ms <n>" and "failed <message>" or "ready
// <message>".
#include <libpq-fe.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

#include "core/backends/postgres/server.hpp"

namespace {

int poll_async_start(const reslab::pg::ServerOptions& options) {
  using Clock = std::chrono::steady_clock;
  reslab::pg::start_server_async(options);
  std::string message;
  reslab::pg::ServerState state = reslab::pg::server_state(&message);
  // A DSN that is refused fails within microseconds: the first poll may already see the outcome.
  std::printf("first %s %s\n", state == reslab::pg::ServerState::starting ? "starting" : "done",
              message.c_str());
  Clock::duration slowest{};
  auto deadline = Clock::now() + std::chrono::seconds(30);
  while (state == reslab::pg::ServerState::starting && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    auto before = Clock::now();
    state = reslab::pg::server_state(&message);
    slowest = std::max(slowest, Clock::now() - before);
  }
  std::printf("slowest-poll-ms %lld\n",
              static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(slowest).count()));
  std::printf("%s %s\n", state == reslab::pg::ServerState::ready ? "ready" : "failed", message.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dsn;
  bool keep = false;
  bool make_schema = false;
  bool exit_now = false;
  bool async = false;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument == "--pg" && i + 1 < argc) {
      dsn = argv[++i];
    } else if (argument == "--keep") {
      keep = true;
    } else if (argument == "--make-schema") {
      make_schema = true;
    } else if (argument == "--exit") {
      exit_now = true;
    } else if (argument == "--async") {
      async = true;
    } else {
      std::fprintf(stderr, "unknown argument %s\n", argument.c_str());
      return 2;
    }
  }
  if (async) return poll_async_start(reslab::pg::server_options(dsn, keep));
  try {
    const reslab::pg::ServerInfo& info = reslab::pg::server(reslab::pg::server_options(dsn, keep));
    if (make_schema) {
      PGconn* connection = PQconnectdb(info.conninfo.c_str());
      std::string sql = "CREATE SCHEMA " + info.schema_prefix + "_lab; CREATE TABLE " + info.schema_prefix +
                        "_lab.rooms (id int)";
      PGresult* result = PQexec(connection, sql.c_str());
      bool created = PQresultStatus(result) == PGRES_COMMAND_OK;
      PQclear(result);
      PQfinish(connection);
      if (!created) {
        std::fprintf(stderr, "cannot create the schema\n");
        return 3;
      }
    }
    std::printf("pid %d\ndir %s\nprefix %s\ndeterministic %d\nready\n", info.postmaster_pid,
                info.server_dir.c_str(), info.schema_prefix.c_str(), info.deterministic ? 1 : 0);
    std::fflush(stdout);
  } catch (const reslab::pg::BackendUnavailable& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
  if (exit_now) return 0;
  for (int second = 0; second < 60; ++second) sleep(1);
  return 0;
}
