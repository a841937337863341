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

using namespace reslab;
using namespace reslab::pg::test;
using namespace std::chrono_literals;

namespace {

// Hermitage's summary table for PostgreSQL (ept/hermitage, README.md): for each level, the anomalies it
// does not prevent. A test with a variant (pmp-write, g-single-write, g2-three) falls under its column.
const std::map<std::string, std::vector<std::string>>& published_anomalies() {
  static const std::map<std::string, std::vector<std::string>> table = {
      {"read committed",
       {"pmp", "pmp-write", "p4", "g-single", "g-single-write", "g2-item", "g2", "g2-three"}},
      {"repeatable read", {"g2-item", "g2", "g2-three"}},
      {"serializable", {}},
  };
  return table;
}

bool published_anomaly(const std::string& level, const std::string& test) {
  const auto& tests = published_anomalies().at(level);
  return std::find(tests.begin(), tests.end(), test) != tests.end();
}

SqlScenario hostile_step(const std::string& sql) {
  return parse_sql_scenario(
      "kind = \"sql\"\nid = \"hostile\"\ntitle = { en = \"H\", zh = \"H\" }\n"
      "setup = \"CREATE TABLE t (id int PRIMARY KEY)\"\n[[sessions]]\nid = \"A\"\n"
      "steps = [{ name = \"a1\", sql = \"" +
          sql +
          "\" }]\n[[variants]]\nid = \"pg\"\nbackend = \"postgres\"\nlevel = \"read committed\"\n"
          "begin = \"BEGIN\"\n",
      "hostile.toml");
}

std::string pg_refusal(const std::string& sql) {
  const SqlScenario scenario = hostile_step(sql);
  SqlRunOptions options;
  options.budget = 300ms;  // a cap on what never ends, not a measurement
  try {
    run_sql_scenario(scenario, scenario.variants.front(), {"a1"}, options);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "ran";
}

void pg_lab_still_usable() {
  const SqlScenario scenario = hostile_step("SELECT count(*) FROM t");
  const SqlRunResult run = run_sql_scenario(scenario, scenario.variants.front(), {"a1"});
  CHECK(run.outcome_of("a1") == "done");
}

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
    CHECK(result.anomaly == published_anomaly(result.level, test.test));
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
  const std::string copy = pg_refusal("COPY t TO PROGRAM 'touch /tmp/reslab-owned'");
  CHECK(copy.rfind("hostile.toml:7:32: step a1 (session A): the lab refused", 0) == 0);
  const std::string read = pg_refusal("SELECT 1; SELECT pg_read_file('/etc/passwd')");
  CHECK(read.rfind("hostile.toml:7:42:", 0) == 0);
  CHECK(read.find("permission denied") != std::string::npos);
  pg_lab_still_usable();
}

TEST_CASE("an endless recursive query and a step that sleeps forever stop at the statement budget") {
  const pg::ServerInfo* info = private_server_or_skip();
  if (!info) return;
  CHECK(pg_refusal("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r")
            .find("cancelled") != std::string::npos);
  CHECK(pg_refusal("SELECT pg_sleep(1000000)").rfind("hostile.toml:7:32:", 0) == 0);
  pg_lab_still_usable();
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
