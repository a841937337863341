// The isolation lab on PostgreSQL: Hermitage's published PostgreSQL table reproduced cell by cell, each
// file's expectations, and a hostile file (files, programs, an endless query, a sleep) refused where it
// is written, with the lab usable afterwards.
#include <doctest/doctest.h>

#include <map>

#include "core/sim/errors.hpp"
#include "core/sim/isolation_lab.hpp"
#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "postgres/postgres_test_support.hpp"
#include "tests/hermitage_table.hpp"
#include "tests/sql_hostile.hpp"

using namespace reslab;
using namespace reslab::pg::test;
using namespace std::chrono_literals;
using namespace reslab::test;

namespace {

constexpr auto kBudget = std::chrono::milliseconds(300);  // a cap on what never ends, not a measurement

}  // namespace

TEST_CASE("PostgreSQL's isolation table agrees with Hermitage's published one, cell by cell") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  const IsolationTable table = run_isolation_table(Backend::postgres);
  REQUIRE(table.results.size() == hermitage_tests().size() * 3);
  for (const auto& result : table.results) {
    const SqlScenario& test = *table.find_test(result.scenario);
    CAPTURE(test.test);
    CAPTURE(result.level);
    CHECK(result.anomaly == published_anomaly(Backend::postgres, result.level, test.test));
    CHECK(unmet_expectations(test, result).empty());
    CHECK_FALSE(result.stuck);
  }
}

TEST_CASE("a lost update at repeatable read waits, then fails with 40001 when the other commits") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  const SqlScenario scenario =
      load_sql_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/isolation/p4_lost_update.toml");
  const SqlRunResult run =
      run_sql_scenario(scenario, *scenario.find_variant("pg-rr"), sql_permutation(scenario, 1));
  CHECK(run.steps[3].outcome == "waiting");  // t2_write
  REQUIRE(run.steps[4].wakes.size() == 1);   // t1_commit wakes T2, whose write fails
  CHECK(run.last_statement_of("t2_write")->code == "40001");
}

TEST_CASE("COPY TO PROGRAM and pg_read_file are refused where they are written") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  const std::string copy = refusal_of("COPY t TO PROGRAM 'touch /tmp/reslab-owned'", "postgres", kBudget);
  CHECK(copy.rfind("hostile.toml:7:32: step a1 (session A): the lab refused", 0) == 0);
  const std::string read = refusal_of("SELECT 1; SELECT pg_read_file('/etc/passwd')", "postgres", kBudget);
  CHECK(read.rfind("hostile.toml:7:42:", 0) == 0);
  CHECK(read.find("permission denied") != std::string::npos);
  check_lab_still_usable("postgres");
}

TEST_CASE("an endless recursive query and a step that sleeps forever stop at the statement budget") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  CHECK(refusal_of("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
                   "postgres", kBudget)
            .find("cancelled") != std::string::npos);
  CHECK(refusal_of("SELECT pg_sleep(1000000)", "postgres", kBudget).rfind("hostile.toml:7:32:", 0) == 0);
  check_lab_still_usable("postgres");
}

TEST_CASE("SQL scenarios are refused on a DSN whose role cannot create roles") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  TestConnection admin(info->conninfo);
  admin.query("DROP ROLE IF EXISTS reslab_weak_user");
  admin.query("CREATE ROLE reslab_weak_user LOGIN");
  ChildProcess reslab({RESLAB_BINARY, "isolation", "--pg",
                       "host='" + info->server_dir + "' port=5432 user=reslab_weak_user dbname=postgres"});
  CHECK(reslab.wait(60s) == 1);
  CHECK(reslab.read_stderr().find("cannot create roles") != std::string::npos);
  admin.query("DROP ROLE reslab_weak_user");
}
