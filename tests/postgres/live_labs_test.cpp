// The seat race (T1) and the flash sale (L1) on PostgreSQL: the same invariants as on SQLite, the same
// workload and hash, a schema of the run's own on a server that is not ours (played by the private
// server, reached by DSN), and the durable private server's data folder through a kill -9. Timing is
// measured by `reslab load` and bench/load, never asserted here.
#include <doctest/doctest.h>
#include <libpq-fe.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/backends/postgres/durable_server.hpp"
#include "core/backends/server_process/private_dirs.hpp"
#include "core/labs/load/lab.hpp"
#include "core/labs/race/seat_race.hpp"
#include "core/sim/errors.hpp"
#include "postgres/postgres_test_support.hpp"
#include "tests/eventually.hpp"
#include "tests/load_replay.hpp"

using namespace reslab;
using namespace reslab::pg::test;
using namespace std::chrono_literals;

namespace {

// The private server's DSN, as a user would give their own server's.
std::string foreign_dsn(const pg::ServerInfo& info) {
  return "host='" + info.server_dir + "' port=5432 user=postgres dbname=postgres";
}

int schemas_named(const pg::ServerInfo& info, const std::string& name) {
  TestConnection connection(info.conninfo);
  return std::stoi(connection.value("SELECT count(*) FROM pg_namespace WHERE nspname = '" + name + "'"));
}

// A reduced workload of the article's shape, on the private server reached by DSN.
LoadOptions reduced_on(const pg::ServerInfo& info, LoadEngine engine, Model model = Model::atomic) {
  LoadOptions options = test::reduced(engine, model);
  options.backend = Backend::postgres;
  options.pg_dsn = foreign_dsn(info);
  return options;
}

// A data folder on a real disk (never /tmp), removed with the test.
class DataFolder {
 public:
  DataFolder() {
    std::string pattern = "/var/tmp/reslab_test_pgload_XXXXXX";
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    std::filesystem::permissions(pattern, std::filesystem::perms::others_exec,
                                 std::filesystem::perm_options::add);
    m_parent = pattern;
  }
  ~DataFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(m_parent, ignored);
  }
  std::string data() const { return m_parent + "/data"; }

 private:
  std::string m_parent;
};

// The fifth line of postmaster.pid: the folder of the server's socket.
std::string socket_dir_of(const std::string& data_dir) {
  std::ifstream pid_file(data_dir + "/postmaster.pid");
  std::string line;
  for (int i = 0; i < 5 && std::getline(pid_file, line); ++i) {
  }
  return line;
}

}  // namespace

// [SECTION] T1
TEST_CASE("T1 on PostgreSQL: 16 connections over 20 rounds leave exactly one winner in every round") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  RaceOptions options{16, 20, Model::atomic, {}, Backend::postgres, {}, false};
  const RaceResult result = run_seat_race(options);
  CHECK(result.rounds_run == 20);
  CHECK(result.winners_histogram == std::map<int, int>{{1, 20}});
  CHECK(result.one_winner_every_round());
  CHECK(result.server_version == info->server_version);
  CHECK(result.input_hash ==
        race_input_hash(RaceOptions{16, 20, Model::atomic, {}, Backend::sqlite, {}, false}));
}

TEST_CASE(
    "T1 on PostgreSQL, naive: with every read before any write, all 16 connections are told the seat is theirs") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  RaceOptions options{16, 5, Model::naive, {}, Backend::postgres, {}, false};
  const RaceResult result = run_seat_race(options);
  CHECK(result.winners_histogram == std::map<int, int>{{16, 5}});
  CHECK_FALSE(result.one_winner_every_round());
}

// [SECTION] L1 by DSN
TEST_CASE(
    "L1 on PostgreSQL by DSN: the queue writer's batches oversell no seat, in a schema of the run's own dropped afterwards") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  const LoadOptions options = reduced_on(*info, LoadEngine::queue);
  const LoadResult result = run_load_lab(options);
  LoadOptions on_sqlite = options;
  on_sqlite.backend = Backend::sqlite;
  on_sqlite.pg_dsn.clear();
  CHECK(result.workload_hash == make_load_workload(on_sqlite).hash);
  CHECK(result.decided == 4'000);
  CHECK(result.oversold == 0);
  CHECK(result.accepted == result.distinct_seats);
  CHECK(result.order_rows == 4'000);
  CHECK(result.live_orders == result.held_seats);
  CHECK(result.server_version == info->server_version);
  CHECK(result.schema.rfind("reslab_load_", 0) == 0);
  CHECK(result.pg_data.empty());
  CHECK(schemas_named(*info, result.schema) == 0);
}

TEST_CASE(
    "L1 on PostgreSQL: with 1 s holds the queue writer's counts match a replay in C++, seats repeated in a batch included") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  LoadOptions options = reduced_on(*info, LoadEngine::queue);
  options.seats = 50;  // many intents per seat: most batches name a seat more than once
  options.hold_seconds = 1;
  options.batch = 256;
  const LoadResult result = run_load_lab(options);
  const auto [accepted, expired] = test::replay(make_load_workload(options), 1);
  CHECK(result.accepted == accepted);
  CHECK(result.expired_orders == expired);
  CHECK(result.oversold == 0);
  CHECK(result.order_rows == 4'000);
}

TEST_CASE(
    "L1 on PostgreSQL: the race writer with 16 connections, one transaction per intent, oversells no seat") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  LoadOptions options = reduced_on(*info, LoadEngine::race);
  options.threads = 16;
  const LoadResult result = run_load_lab(options);
  CHECK(result.decided + result.failed == 4'000);
  CHECK(result.failed == 0);
  CHECK(result.oversold == 0);
  CHECK(result.accepted == result.distinct_seats);
}

TEST_CASE(
    "L1 on PostgreSQL, naive: when both buyers read the free seat before either writes, it is sold twice") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  const LoadResult result = test::run_both_read_first(reduced_on(*info, LoadEngine::race, Model::naive));
  CHECK(result.accepted == 2);
  CHECK(result.oversold == 1);
  CHECK(result.held_seats == 1);
}

TEST_CASE("L1 on PostgreSQL: the baseline is one session, bounded, in a schema beside the run's") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  LoadOptions options = reduced_on(*info, LoadEngine::queue);
  options.baseline = true;
  options.keep = true;
  const LoadResult result = run_load_lab(options);
  CHECK(result.baseline_ran);
  CHECK(result.baseline_decided > 0);
  CHECK(result.baseline_decided <= 4'000);
  CHECK(result.ratio_to_baseline == doctest::Approx(result.intents_per_s / result.baseline_tx_per_s));
  // --keep: both schemas stay for inspection; nothing else was made.
  CHECK(schemas_named(*info, result.schema) == 1);
  CHECK(schemas_named(*info, result.schema + "_baseline") == 1);
  TestConnection connection(info->conninfo);
  CHECK(connection.value("SELECT count(*) FROM " + result.schema + ".orders") == "4000");
  connection.query("DROP SCHEMA " + result.schema + " CASCADE");
  connection.query("DROP SCHEMA " + result.schema + "_baseline CASCADE");
}

TEST_CASE("the durable server refuses, in plain words, a data folder the postgres user cannot reach") {
  if (geteuid() != 0 || !private_server_or_skip()) return;  // only root hands the server to that user
  std::string parent = "/var/tmp/reslab_test_closed_XXXXXX";
  REQUIRE(mkdtemp(parent.data()) != nullptr);  // 0700, root's
  try {
    pg::DurableServer::start(parent + "/data");
    FAIL("the server started in a folder it cannot reach");
  } catch (const pg::BackendUnavailable& error) {
    CHECK(std::string(error.what()).find("cannot enter " + parent) != std::string::npos);
  }
  std::filesystem::remove_all(parent);
}

TEST_CASE("L1 on PostgreSQL refuses a data folder under /tmp and a --db file") {
  LoadOptions options;
  options.backend = Backend::postgres;
  options.pg_data = "/tmp/somewhere";
  CHECK_THROWS_AS(validate_load_options(options), UsageError);
  options.pg_data.clear();
  options.db_file = "/var/tmp/x.db";
  CHECK_THROWS_AS(validate_load_options(options), UsageError);
  LoadOptions sqlite;
  sqlite.synchronous_commit = false;
  CHECK_THROWS_AS(validate_load_options(sqlite), UsageError);
}

// [SECTION] the command line
TEST_CASE(
    "reslab load and race --backend postgres print the SQLite run's JSON keys plus backend and server_version") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  const auto json_of = [](const std::vector<std::string>& argv) {
    ChildProcess child(argv);
    std::string text;
    for (std::string line; !(line = child.read_line(60s)).empty();) text += line + "\n";
    CHECK(child.wait(60s) == 0);
    return nlohmann::json::parse(text);
  };
  const std::vector<std::string> load{RESLAB_BINARY, "load",          "--seats",  "500", "--intents",
                                      "1000",        "--no-baseline", "--format", "json"};
  std::vector<std::string> load_pg = load;
  for (const char* more : {"--backend", "postgres", "--pg"}) load_pg.emplace_back(more);
  load_pg.push_back(foreign_dsn(*info));
  const nlohmann::json on_sqlite = json_of(load);
  const nlohmann::json on_postgres = json_of(load_pg);
  for (const auto& [key, value] : on_sqlite.items()) CHECK_MESSAGE(on_postgres.contains(key), key);
  CHECK(on_sqlite["backend"] == "sqlite");
  CHECK(on_postgres["backend"] == "postgres");
  CHECK(on_postgres["server_version"] == info->server_version);
  CHECK(on_postgres["workload_hash"] == on_sqlite["workload_hash"]);
  CHECK(on_postgres["oversold"] == 0);
  CHECK(on_postgres["synchronous_commit"] == true);

  const std::vector<std::string> race{RESLAB_BINARY, "race", "--rounds", "5", "--format", "json"};
  std::vector<std::string> race_pg = race;
  race_pg.emplace_back("--backend");
  race_pg.emplace_back("postgres");
  const nlohmann::json race_sqlite = json_of(race);
  const nlohmann::json race_postgres = json_of(race_pg);
  for (const auto& [key, value] : race_sqlite.items()) CHECK_MESSAGE(race_postgres.contains(key), key);
  CHECK(race_postgres["backend"] == "postgres");
  CHECK(race_postgres["one_winner_every_round"] == true);
  CHECK(race_postgres["input_hash"] == race_sqlite["input_hash"]);
}

// [SECTION] the durable private server
TEST_CASE("the durable private server keeps its data folder: the first run makes it, the next starts warm") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  DataFolder folder;
  LoadOptions options;
  options.seats = 500;
  options.intents = 1'000;
  options.threads = 2;
  options.baseline = false;
  options.backend = Backend::postgres;
  options.pg_data = folder.data();
  const LoadResult first = run_load_lab(options);
  CHECK(first.server_cold);
  CHECK(first.pg_data == folder.data());
  CHECK(first.oversold == 0);
  CHECK(std::filesystem::exists(folder.data() + "/PG_VERSION"));
  const LoadResult second = run_load_lab(options);
  CHECK_FALSE(second.server_cold);
  CHECK(second.accepted == first.accepted);
  CHECK(second.workload_hash == first.workload_hash);
}

TEST_CASE("kill -9 mid-load: after a restart the data folder passes its checks and no seat is oversold") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  DataFolder folder;
  // One intent per transaction, durable: slow enough to be caught mid-run.
  ChildProcess child({RESLAB_BINARY, "load", "--backend", "postgres", "--pg-data", folder.data(), "--engine",
                      "race", "--threads", "4", "--seats", "2000", "--intents", "200000", "--no-baseline"});
  // Wait until orders are being committed, then kill reslab outright. The run (200,000 durable
  // transactions) lasts far longer than it takes to get there; the bound only caps a hang.
  const auto loading = [&] {
    const std::string socket = socket_dir_of(folder.data());
    if (socket.empty()) return false;
    PGconn* probe =
        PQconnectdb(("host='" + socket + "' user=postgres dbname=postgres connect_timeout=2").c_str());
    bool committing = false;
    if (PQstatus(probe) == CONNECTION_OK) {
      PGresult* found = PQexec(probe,
                               "SELECT count(*) FROM pg_stat_user_tables WHERE relname = 'orders'"
                               " AND n_tup_ins > 100");
      committing = PQresultStatus(found) == PGRES_TUPLES_OK && std::string(PQgetvalue(found, 0, 0)) != "0";
      PQclear(found);
    }
    PQfinish(probe);
    return committing;
  };
  REQUIRE(test::eventually(loading, 600s, 50ms));
  kill(child.pid(), SIGKILL);
  child.wait(10s);
  // The server goes down with reslab (its parent-death signal): wait until the old postmaster has
  // gone (the bound only caps a hang), then a new start recovers the folder.
  pid_t postmaster = 0;
  if (std::ifstream pid_file(folder.data() + "/postmaster.pid"); pid_file) pid_file >> postmaster;
  if (postmaster > 0) wait_until_process_gone(postmaster, 300s);
  std::unique_ptr<pg::DurableServer> server;
  const auto started = [&] {
    try {
      server = pg::DurableServer::start(folder.data());
    } catch (const pg::BackendUnavailable&) {  // its last children may hold its shared memory a moment
    }
    return server != nullptr;
  };
  REQUIRE(test::eventually(started, 60s, 100ms));
  CHECK_FALSE(server->cold());
  TestConnection connection(server->conninfo());
  const std::vector<std::string> schemas =
      connection.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'reslab\\_load\\_%'");
  REQUIRE(schemas.size() == 1);  // the killed run's, left for this check
  const std::string schema = schemas[0];
  CHECK(std::stoll(connection.value("SELECT count(*) FROM " + schema + ".orders")) > 100);
  CHECK(connection.value(
            "SELECT count(*) FROM (SELECT seat_id FROM " + schema +
            ".orders WHERE state IN ('HELD', 'PAID') GROUP BY seat_id HAVING count(*) > 1) AS o") == "0");
  // Every seat's holder has its order, and every index agrees with its table (amcheck).
  CHECK(
      connection.value(
          "SELECT count(*) FROM " + schema + ".seats s LEFT JOIN " + schema +
          ".orders o ON o.id = s.order_id WHERE s.state = 'HELD' AND (o.id IS NULL OR o.state <> 'HELD')") ==
      "0");
  connection.query("CREATE EXTENSION IF NOT EXISTS amcheck");
  for (const std::string& index :
       connection.query("SELECT indexrelid::regclass::text FROM pg_index i JOIN pg_class c ON "
                        "c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
                        "WHERE n.nspname = '" +
                        schema + "'")) {
    CAPTURE(index);
    connection.query("SELECT bt_index_check('" + index + "', true)");
  }
  server->stop();
}
