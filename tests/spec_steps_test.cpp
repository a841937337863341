// A spec stepped as the window, `reslab trace` in Markdown and JSON, `reslab check` and `reslab export` step
// it, on SQLite: a step its permutation lists twice runs each time it appears, with its own rows each time,
// and a `(*)` marker has a step reported waiting where it is sent and completed at the next step, as
// isolationtester reports it. A scenario without isolationtester's rules still runs each step once.
#include <doctest/doctest.h>

#include <string>

#include "core/formats/sql_trace.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/spec_file.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "core/sim/sql_scenario_steps.hpp"

using namespace reslab;

namespace {

SqlScenario repeated_step_spec() {
  return load_sql_scenario_file(std::string(RESLAB_TEST_DATA_DIR) + "/spec/repeated_step.spec");
}

const SqlVariant& on_sqlite(const SqlScenario& scenario) {
  const auto variants = scenario.variants_on(Backend::sqlite);
  REQUIRE(variants.size() == 1);
  return *variants.front();
}

// The rows the statements of entry `entry` returned in step `at` (1-based), as "(1)".
std::string rows_of(const SqlRunResult& run, int at, int entry) {
  std::string out;
  for (const auto& statement : run.steps[static_cast<std::size_t>(at - 1)].statements)
    if (statement.entry == entry)
      for (const auto& row : statement.rows) out += "(" + to_display(row.at(0)) + ")";
  return out;
}

}  // namespace

TEST_CASE("a step a spec's permutation lists twice runs each time, with its own rows each time") {
  const SqlScenario scenario = repeated_step_spec();
  const SqlRunResult run = run_sql_permutation(scenario, on_sqlite(scenario), 2);
  REQUIRE(run.permutation == std::vector<std::string>{"s1read", "s1commit", "s2take", "s1read", "s1read"});
  REQUIRE(run.steps.size() == 5);
  CHECK(rows_of(run, 1, 1) == "(1)");
  CHECK(run.steps[2].outcome == "done");  // s2 takes the room once s1 has committed
  CHECK(rows_of(run, 4, 4) == "(0)");
  CHECK(rows_of(run, 5, 5) == "(0)");
  CHECK(run.steps[4].step == "s1read");
  CHECK(run.steps[4].outcome == "done");
}

TEST_CASE("a step run again while its session waits keeps each run's statements apart") {
  const SqlScenario scenario = repeated_step_spec();
  const SqlRunResult run = run_sql_permutation(scenario, on_sqlite(scenario), 1);
  REQUIRE(run.steps.size() == 4);
  // SQLite: s2's UPDATE waits for s1's read lock; s1 reads again, the same count, then commits.
  CHECK(run.steps[1].outcome == "waiting");
  CHECK(rows_of(run, 1, 1) == "(1)");
  CHECK(rows_of(run, 3, 3) == "(1)");
  CHECK(rows_of(run, 3, 1).empty());  // the first run's rows stay with the first run
  REQUIRE(run.steps[3].wakes.size() == 1);
  CHECK(run.steps[3].wakes[0].steps == std::vector<std::string>{"s2take"});
  CHECK(run.steps[3].wakes[0].entries == std::vector<int>{2});

  const std::string markdown = sql_run_to_markdown(run, scenario, Lang::en);
  CHECK(markdown.find("Steps in this order: `s1read, s2take, s1read, s1commit`") != std::string::npos);
  CHECK(markdown.find(
            "| 1 | s1 | s1read (done) | `SELECT free FROM rooms WHERE id = 1` → SQLITE_DONE, 1 row: (1) |") !=
        std::string::npos);
  CHECK(markdown.find(
            "| 3 | s1 | s1read (done) | `SELECT free FROM rooms WHERE id = 1` → SQLITE_DONE, 1 row: (1) |") !=
        std::string::npos);
  const auto json = sql_run_to_json(run, scenario);
  CHECK(json["steps"][2]["statements"][0]["entry"] == 3);
  CHECK(json["steps"][3]["wakes"][0]["entries"][0] == 2);
}

TEST_CASE("a step under the (*) marker is reported waiting where it is sent and completes at the next step") {
  const SqlScenario scenario = repeated_step_spec();
  const SqlRunResult run = run_sql_permutation(scenario, on_sqlite(scenario), 3);
  REQUIRE(run.steps.size() == 4);
  const SqlStepRun& sent = run.steps[1];
  CHECK(sent.step == "s1commit");
  CHECK(sent.outcome == "waiting");
  REQUIRE(sent.statements.size() == 1);
  CHECK(sent.statements[0].markers == "(*)");
  CHECK_FALSE(sent.statements[0].waits_for_lock());
  CHECK(sent.waiting == std::vector<std::string>{"s1"});
  // s2's step runs first, then s1's COMMIT is reported complete, as isolationtester prints them.
  const SqlStepRun& next = run.steps[2];
  CHECK(next.outcome == "done");
  REQUIRE(next.statements.size() == 2);
  CHECK(next.statements[0].step == "s2take");
  CHECK(next.statements[1].step == "s1commit");
  CHECK(next.statements[1].entry == 2);
  REQUIRE(next.wakes.size() == 1);
  CHECK(next.wakes[0].steps == std::vector<std::string>{"s1commit"});
  CHECK(next.waiting.empty());
  CHECK(rows_of(run, 4, 4) == "(0)");
  CHECK(run.how.empty());  // a marker's report is no lock wait

  const std::string markdown = sql_run_to_markdown(run, scenario, Lang::en);
  CHECK(markdown.find(
            "| 2 | s1 | s1commit (waits) | `COMMIT;` → reported waiting: the permutation's marker (*) "
            "holds back the report of its completion |") != std::string::npos);
  CHECK(markdown.find("s1 goes on and finishes s1commit") != std::string::npos);
  const std::string zh = sql_run_to_markdown(run, scenario, Lang::zh);
  CHECK(zh.find("报告为等待：排列中的标记 (*) 推迟报告它的完成") != std::string::npos);
}

TEST_CASE("the window's run of a marked permutation explains the marker and who is waiting at which run") {
  const SqlScenario scenario = repeated_step_spec();
  SqlCaseRun run(scenario, on_sqlite(scenario));
  const SqlPermutation& marked = scenario.permutations[2];
  for (std::size_t i = 0; i < marked.steps.size(); ++i) run.run(marked.steps[i], marked.blockers_at(i));
  const Trace& trace = run.trace();
  REQUIRE(trace.steps.size() == 4);
  CHECK(trace.order == std::vector<std::string>{"s1read", "s1commit", "s2take", "s1read"});
  CHECK(trace.steps[1].outcome == "held");
  CHECK(render(trace.steps[1].summary, Lang::zh) == "s1 s1commit 显示为等待");
  REQUIRE(trace.steps[1].explanation.size() == 1);
  CHECK(render(trace.steps[1].explanation[0], Lang::en).find("the permutation's marker (*) holds back") !=
        std::string::npos);
  for (const auto& status : trace.steps[1].actors)
    if (status.actor == "s1") CHECK(status.waiting_step == 2);
  REQUIRE(trace.steps[2].wakes.size() == 1);
  CHECK(trace.steps[2].wakes[0].actor == "s1");
  CHECK(trace.steps[2].wakes[0].event == "s1commit");
  CHECK(trace.steps[2].wakes[0].outcome == "done");
}

TEST_CASE(
    "a spec's step may run again; a step no file has is still refused, and so is a repeat without "
    "isolationtester's rules") {
  const SqlScenario scenario = repeated_step_spec();
  SqlCaseRun run(scenario, on_sqlite(scenario));
  run.run("s1read");
  CHECK(run.why_not("s1read").empty());
  CHECK(run.why_not("s1nope") == "no step named 's1nope' in repeated_step");
  CHECK_THROWS_AS(run.run("s1nope"), UsageError);

  SqlScenario without_rules = scenario;
  without_rules.isolationtester_rules = false;
  SqlCaseRun strict(without_rules, on_sqlite(without_rules));
  strict.run("s1read");
  CHECK(strict.why_not("s1read") == "s1read has run already");
}
