// SQL scenarios stepped on SQLite: waits and wake-ups, the BUSY that SQLite would not wait for, WAL on a
// temporary file per run, and Hermitage's table on SQLite with every file's expectations.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "core/sim/errors.hpp"
#include "core/sim/isolation_lab.hpp"
#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario_loader.hpp"

using namespace reslab;

namespace {

SqlScenario isolation_file(const std::string& name) {
  return load_sql_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/isolation/" + name);
}

SqlRunResult run_variant(const SqlScenario& scenario, const std::string& variant) {
  return run_sql_scenario(scenario, *scenario.find_variant(variant), sql_permutation(scenario, 1));
}

const SqlStatementRun& statement_of(const SqlRunResult& run, const std::string& step,
                                    const std::string& sql) {
  for (const auto& item : run.steps)
    for (const auto& statement : item.statements)
      if (statement.step == step && statement.sql == sql) return statement;
  FAIL("no statement " << sql << " in step " << step);
  throw 0;
}

}  // namespace

TEST_CASE("a step shows the rows its statements returned and the tables after it") {
  const SqlScenario scenario = isolation_file("g1a_aborted_reads.toml");
  const SqlRunResult run = run_variant(scenario, "sqlite-deferred");
  const SqlStatementRun& read = statement_of(run, "t2_read1", "SELECT * FROM test ORDER BY id");
  REQUIRE(read.rows.size() == 2);
  CHECK(to_display(read.rows[0][1]) == "10");
  REQUIRE(run.steps[0].tables.size() == 1);
  CHECK(run.steps[0].tables[0].name == "test");
  CHECK_FALSE(run.anomaly);
}

TEST_CASE("only the steps' own statements run: nothing reads an open transaction's view") {
  const SqlScenario scenario = isolation_file("g_single_read_skew.toml");
  const SqlRunResult run = run_variant(scenario, "sqlite-wal-deferred");
  std::size_t statements = 0;
  for (const auto& step : run.steps) statements += step.statements.size();
  CHECK(statements == scenario.steps.size() + scenario.sessions.size());  // each step, and each BEGIN
}

TEST_CASE(
    "a lock upgrade SQLite cannot wait for fails the statement, and a commit waiting for readers wakes") {
  const SqlScenario scenario = isolation_file("p4_lost_update.toml");
  const SqlRunResult run = run_variant(scenario, "sqlite-deferred");
  CHECK(run.outcome_of("t2_write") == "failed");
  CHECK(run.last_statement_of("t2_write")->code == "SQLITE_BUSY");
  CHECK(run.find_step("t1_commit")->step == "t2_commit");  // T1's COMMIT finishes when T2 ends
  CHECK(run.outcome_of("t1_commit") == "done");
  CHECK_FALSE(run.stuck);
}

TEST_CASE("on WAL a write after another session's commit fails with SQLITE_BUSY_SNAPSHOT") {
  const SqlScenario scenario = isolation_file("g_single_write_predicate.toml");
  const SqlRunResult run = run_variant(scenario, "sqlite-wal-deferred");
  CHECK(run.last_statement_of("t1_delete")->code == "SQLITE_BUSY_SNAPSHOT");
  CHECK(run.how == "SQLITE_BUSY_SNAPSHOT");
}

TEST_CASE("a BEGIN IMMEDIATE that waits queues its session's later steps until it wakes") {
  const SqlScenario scenario = isolation_file("g2_three_transactions.toml");
  const SqlRunResult run = run_variant(scenario, "sqlite-immediate");
  CHECK(run.steps[1].outcome == "waiting");  // t2_add: its BEGIN IMMEDIATE waits for T1
  CHECK(run.steps[2].outcome == "queued");   // t2_commit
  CHECK(run.outcome_of("t2_commit") == "done");
  const SqlStatementRun* read = run.last_statement_of("t3_read");
  REQUIRE(read != nullptr);
  CHECK(to_display(read->rows[0][1]) == "0");  // T3 runs after T1's write: one after another
}

TEST_CASE("a WAL run leaves no file behind, nor does a lab whose setup fails") {
  namespace fs = std::filesystem;
  const fs::path scratch = fs::temp_directory_path() / ("reslab-sql-test-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  const char* before = std::getenv("TMPDIR");
  const std::string saved = before ? before : "";
  ::setenv("TMPDIR", scratch.c_str(), 1);
  const SqlScenario scenario = isolation_file("pmp_predicate_many_preceders.toml");
  run_variant(scenario, "sqlite-wal-deferred");
  // Nor does a lab whose setup fails.
  const SqlScenario broken = parse_sql_scenario(
      "kind = \"sql\"\nid = \"x\"\ntitle = { en = \"X\", zh = \"X\" }\nsetup = \"INSERT INTO nowhere VALUES (1)\"\n"
      "[[sessions]]\nid = \"A\"\nsteps = [{ name = \"a1\", sql = \"SELECT 1\" }]\n"
      "[[variants]]\nid = \"v\"\nbackend = \"sqlite\"\nlevel = \"l\"\njournal = \"wal\"\nbegin = \"BEGIN\"\n",
      "broken.toml");
  CHECK_THROWS_AS(run_sql_scenario(broken, broken.variants.front(), {"a1"}), ScenarioError);
  if (before) {
    ::setenv("TMPDIR", saved.c_str(), 1);
  } else {
    ::unsetenv("TMPDIR");
  }
  CHECK(fs::is_empty(scratch));
  fs::remove_all(scratch);
}

TEST_CASE("on SQLite every Hermitage test is prevented at every variant, as each file expects") {
  const IsolationTable table = run_isolation_table(Backend::sqlite);
  CHECK(table.tests.size() == hermitage_tests().size());
  CHECK(table.results.size() == hermitage_tests().size() * 4);
  for (const auto& result : table.results) {
    CAPTURE(result.scenario);
    CAPTURE(result.variant);
    CHECK_FALSE(result.anomaly);
    CHECK(unmet_expectations(*table.find_test(result.scenario), result).empty());
  }
}
