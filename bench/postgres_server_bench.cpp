// The private PostgreSQL server's own costs: start-up (stale-dir sweep, initdb, postgres, waiting
// for it, the first connection and query), stop + removing its dir, and one more connection to a
// running server. Each start or stop is one iteration; bench/run takes the median of 5.
#include <benchmark/benchmark.h>
#include <libpq-fe.h>

#include <chrono>
#include <memory>
#include <stdexcept>

#include "core/backends/postgres/private_server.hpp"
#include "core/backends/postgres/server_binaries.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using reslab::pg::PrivateServer;

std::string bindir_or_skip(benchmark::State& state) {
  std::optional<std::string> bindir = reslab::pg::find_server_bindir();
  if (!bindir) state.SkipWithError("PostgreSQL server binaries not found (install postgresql-15)");
  return bindir.value_or("");
}

void first_query(const std::string& dsn) {
  PGconn* connection = PQconnectdb(dsn.c_str());
  PGresult* result = PQexec(connection, "SELECT 1");
  bool answered = PQresultStatus(result) == PGRES_TUPLES_OK;
  PQclear(result);
  PQfinish(connection);
  if (!answered) throw std::runtime_error("the private server did not answer SELECT 1");
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void BM_PrivateServerStart(benchmark::State& state) {
  std::string bindir = bindir_or_skip(state);
  for (auto _ : state) {
    if (bindir.empty()) break;
    auto start = Clock::now();
    std::unique_ptr<PrivateServer> server = PrivateServer::start(bindir);
    first_query(server->dsn());
    state.SetIterationTime(seconds_since(start));
    server->stop();
  }
}
BENCHMARK(BM_PrivateServerStart)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

void BM_PrivateServerStopAndCleanup(benchmark::State& state) {
  std::string bindir = bindir_or_skip(state);
  for (auto _ : state) {
    if (bindir.empty()) break;
    std::unique_ptr<PrivateServer> server = PrivateServer::start(bindir);
    first_query(server->dsn());
    auto start = Clock::now();
    server->stop();
    state.SetIterationTime(seconds_since(start));
  }
}
BENCHMARK(BM_PrivateServerStopAndCleanup)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

void BM_ConnectToPrivateServer(benchmark::State& state) {
  std::string bindir = bindir_or_skip(state);
  if (bindir.empty()) return;
  std::unique_ptr<PrivateServer> server = PrivateServer::start(bindir);
  std::string dsn = server->dsn();
  for (auto _ : state) {
    auto start = Clock::now();
    PGconn* connection = PQconnectdb(dsn.c_str());
    state.SetIterationTime(seconds_since(start));
    if (PQstatus(connection) != CONNECTION_OK) state.SkipWithError(PQerrorMessage(connection));
    PQfinish(connection);
  }
}
BENCHMARK(BM_ConnectToPrivateServer)->Iterations(20)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace
