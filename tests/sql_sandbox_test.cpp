// A hostile SQL scenario on SQLite: each refused statement is an error at its file:line:col, nothing hangs,
// and the next lab runs as usual.
#include <doctest/doctest.h>

#include "core/sim/errors.hpp"
#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario_loader.hpp"

using namespace reslab;

namespace {

// A one-session scenario whose one step is `sql` (on line 7, from column 32).
SqlScenario one_step(const std::string& sql) {
  return parse_sql_scenario(R"toml(kind = "sql"
id = "hostile"
title = { en = "Hostile", zh = "恶意" }
setup = "CREATE TABLE t (id INTEGER PRIMARY KEY)"
[[sessions]]
id = "A"
steps = [{ name = "a1", sql = ")toml" +
                                sql + R"toml(" }]
[[variants]]
id = "sqlite"
backend = "sqlite"
level = "deferred"
begin = "BEGIN"
)toml",
                            "hostile.toml");
}

std::string refusal(const std::string& sql) {
  const SqlScenario scenario = one_step(sql);
  try {
    run_sql_scenario(scenario, scenario.variants.front(), {"a1"});
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "ran";
}

void lab_still_usable() {
  const SqlScenario scenario = one_step("SELECT count(*) FROM t");
  const SqlRunResult run = run_sql_scenario(scenario, scenario.variants.front(), {"a1"});
  CHECK(run.outcome_of("a1") == "done");
}

}  // namespace

TEST_CASE("ATTACH is refused at its line and column") {
  const std::string error = refusal("SELECT 1; ATTACH DATABASE '/tmp/x.db' AS x");
  CHECK(error.rfind("hostile.toml:7:42: step a1 (session A): the lab refused", 0) == 0);
  CHECK(error.find("ATTACH") != std::string::npos);
  lab_still_usable();
}

TEST_CASE("load_extension is refused") {
  const std::string error = refusal("SELECT load_extension('/tmp/evil.so')");
  CHECK(error.rfind("hostile.toml:7:32:", 0) == 0);
  CHECK(error.find("load_extension") != std::string::npos);
  lab_still_usable();
}

TEST_CASE("a pragma that touches files and VACUUM INTO are refused") {
  CHECK(refusal("PRAGMA journal_mode = OFF").find("PRAGMA journal_mode is refused") != std::string::npos);
  CHECK(refusal("VACUUM INTO '/tmp/copy.db'").find("VACUUM is refused") != std::string::npos);
  CHECK(refusal("PRAGMA table_info(t)") == "ran");
  lab_still_usable();
}

TEST_CASE("an endless recursive query stops at the statement budget") {
  const std::string error =
      refusal("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r");
  CHECK(error.rfind("hostile.toml:7:32:", 0) == 0);
  CHECK(error.find("budget") != std::string::npos);
  lab_still_usable();
}

TEST_CASE("a setup statement that fails is an error at the setup's line") {
  try {
    parse_sql_scenario(
        "kind = \"sql\"\nid = \"x\"\ntitle = { en = \"X\", zh = \"X\" }\nsetup = \"\"\"\nCREATE TABLE t (id);\nINSERT INTO nowhere VALUES (1);\n\"\"\"\n"
        "[[sessions]]\nid = \"A\"\nsteps = [{ name = \"a1\", sql = \"SELECT 1\" }]\n"
        "[[variants]]\nid = \"v\"\nbackend = \"sqlite\"\nlevel = \"l\"\nbegin = \"BEGIN\"\n",
        "setup.toml");
  } catch (const ScenarioError&) {
    FAIL("the file itself is good");
  }
  const SqlScenario scenario = parse_sql_scenario(
      "kind = \"sql\"\nid = \"x\"\ntitle = { en = \"X\", zh = \"X\" }\nsetup = \"\"\"\nCREATE TABLE t (id);\nINSERT INTO nowhere VALUES (1);\n\"\"\"\n"
      "[[sessions]]\nid = \"A\"\nsteps = [{ name = \"a1\", sql = \"SELECT 1\" }]\n"
      "[[variants]]\nid = \"v\"\nbackend = \"sqlite\"\nlevel = \"l\"\nbegin = \"BEGIN\"\n",
      "setup.toml");
  CHECK_THROWS_WITH_AS(run_sql_scenario(scenario, scenario.variants.front(), {"a1"}),
                       doctest::Contains("setup.toml:6:1: the setup failed"), ScenarioError);
}

TEST_CASE("an expectation the run does not meet says what the run did instead") {
  SqlScenario scenario = one_step("SELECT count(*) FROM t");
  SqlExpectation expectation;
  expectation.variant = "sqlite";
  expectation.how = "wait";
  expectation.reads["a1"] = {{"5"}};
  scenario.expectations.push_back(expectation);
  const SqlRunResult run = run_sql_scenario(scenario, scenario.variants.front(), {"a1"});
  const auto unmet = unmet_expectations(scenario, run);
  REQUIRE(unmet.size() == 2);
  CHECK(unmet[0] == "expected how = \"wait\", the run gives \"\"");
  CHECK(unmet[1] == "expected step a1 to read [[5]], it reads [[0]]");
}
