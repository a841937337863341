// A process that opens the PostgreSQL server the way reslab does, for tests that must watch a server
// outlive (or not) the process that started it:
//   reslab_postgres_server_holder [--pg DSN] [--keep] [--make-schema] [--exit] [--async]
// prints "pid <postmaster>", "dir <server dir>", "prefix <schema prefix>", "deterministic 0|1" and
// "ready", then exits normally with --exit (the exit handler tears down) or waits until it is killed
// (it dies with the test process that started it).
// An unavailable server prints its message to stderr and exits 1.
// --async starts the server as the window does, polls it once ("first starting|done <message>"), then
// waits for the start to end and prints "ready <message>" or "failed <message>".
#include <libpq-fe.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>

#include "core/backends/postgres/server.hpp"

namespace {

// The output is read line by line, and libpq's messages span lines ("...failed: Connection refused\n\tIs
// the server running..."): each message goes on one.
std::string one_line(std::string message) {
  for (char& c : message)
    if (c == '\n' || c == '\t') c = ' ';
  return message;
}

int poll_async_start(const reslab::pg::ServerOptions& options) {
  reslab::pg::start_server_async(options);
  std::string message;
  const reslab::pg::ServerState first = reslab::pg::server_state(&message);
  // A poll answers at once: while the server starts it says so. A DSN that is refused fails within
  // microseconds, so the first poll may already see the outcome.
  std::printf("first %s %s\n", first == reslab::pg::ServerState::starting ? "starting" : "done",
              one_line(message).c_str());
  const reslab::pg::ServerState state = reslab::pg::wait_for_server(&message);
  std::printf("%s %s\n", state == reslab::pg::ServerState::ready ? "ready" : "failed",
              one_line(message).c_str());
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
  prctl(PR_SET_PDEATHSIG, SIGTERM);  // never outlive the test that holds it
  if (getppid() == 1) return 0;      // that test is already gone
  for (;;) pause();
}
