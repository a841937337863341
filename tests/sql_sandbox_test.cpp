// A hostile SQL scenario on SQLite: each refused statement is an error at its file:line:col, nothing hangs,
// and the next lab runs as usual.
#include <doctest/doctest.h>

#include "core/sim/errors.hpp"
#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "tests/sql_hostile.hpp"

using namespace reslab;
using namespace reslab::test;

TEST_CASE("ATTACH is refused at its line and column") {
  const std::string error = refusal_of("SELECT 1; ATTACH DATABASE '/tmp/x.db' AS x", "sqlite");
  CHECK(error.rfind("hostile.toml:7:42: step a1 (session A): the lab refused", 0) == 0);
  CHECK(error.find("ATTACH") != std::string::npos);
  check_lab_still_usable("sqlite");
}

TEST_CASE("load_extension is refused") {
  const std::string error = refusal_of("SELECT load_extension('/tmp/evil.so')", "sqlite");
  CHECK(error.rfind("hostile.toml:7:32:", 0) == 0);
  CHECK(error.find("load_extension") != std::string::npos);
  check_lab_still_usable("sqlite");
}

TEST_CASE("a pragma that touches files and VACUUM INTO are refused") {
  CHECK(refusal_of("PRAGMA journal_mode = OFF", "sqlite").find("PRAGMA journal_mode is refused") !=
        std::string::npos);
  CHECK(refusal_of("VACUUM INTO '/tmp/copy.db'", "sqlite").find("VACUUM is refused") != std::string::npos);
  CHECK(refusal_of("PRAGMA table_info(t)", "sqlite") == "ran");
  check_lab_still_usable("sqlite");
}

TEST_CASE("an endless recursive query stops at the statement budget") {
  const std::string error = refusal_of(
      "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r", "sqlite");
  CHECK(error.rfind("hostile.toml:7:32:", 0) == 0);
  CHECK(error.find("budget") != std::string::npos);
  check_lab_still_usable("sqlite");
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
  SqlScenario scenario = hostile_step("SELECT count(*) FROM t", "sqlite");
  SqlExpectation expectation;
  expectation.variant = "hostile";
  expectation.how = "wait";
  expectation.reads["a1"] = {{"5"}};
  scenario.expectations.push_back(expectation);
  const SqlRunResult run = run_sql_scenario(scenario, scenario.variants.front(), {"a1"});
  const auto unmet = unmet_expectations(scenario, run);
  REQUIRE(unmet.size() == 2);
  CHECK(unmet[0] == "expected how = \"wait\", the run gives \"\"");
  CHECK(unmet[1] == "expected step a1 to read [[5]], it reads [[0]]");
}
