// An SQL scenario stepped a step at a time as the window steps it, on SQLite: the case view (sessions as
// actors, steps as events, permutations as presets), each step as a Step (its statements with codes and
// returned rows, who waits for whom, the committed tables and what changed), the questions predict mode
// asks from the file's expectations, and the verdict judged on the whole run.
#include "core/sim/sql_scenario_steps.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "core/formats/sql_trace.hpp"
#include "core/formats/step_explanation.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/isolation_lab.hpp"
#include "core/sim/sql_scenario_loader.hpp"

using namespace reslab;

namespace {

SqlScenario isolation_test(const std::string& name) {
  return load_sql_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/isolation/" + name);
}

// The run of the file's first permutation, step by step.
const Trace& step_all(SqlCaseRun& run, const SqlScenario& scenario) {
  for (const auto& step : sql_permutation(scenario, 1)) run.run(step);
  return run.trace();
}

const ActorStatus& status_of(const Step& step, const std::string& session) {
  for (const auto& status : step.actors)
    if (status.actor == session) return status;
  FAIL("no status for " << session);
  throw 0;
}

const Prediction* asked(const Step& step, const std::string& key) {
  for (const auto& prediction : step.predictions)
    if (prediction.question.key == key) return &prediction;
  return nullptr;
}

}  // namespace

TEST_CASE(
    "an SQL scenario's case view has its sessions as actors, its steps as events, its permutation as a preset") {
  const SqlScenario scenario = isolation_test("p4_lost_update.toml");
  const Scenario view = sql_case_view(scenario);
  CHECK(view.schema == kSqlCaseSchema);
  REQUIRE(view.actors.size() == 2);
  CHECK(view.actors[0].id == "T1");
  REQUIRE(view.events.size() == 6);
  const Event* write = view.find_event("t2_write");
  REQUIRE(write);
  CHECK(write->actor == "T2");
  CHECK(write->label.en == "T2 t2_write: UPDATE test SET value = 11 WHERE id = 1");
  REQUIRE(view.presets.size() == 1);
  CHECK(view.presets[0].name == "hermitage");
  CHECK(view.presets[0].order == scenario.permutations[0].steps);
  CHECK(view.figures.empty());
  CHECK(view.invariants.empty());
}

TEST_CASE("a file without permutations offers its first interleavings as numbered presets") {
  const SqlScenario scenario =
      load_sql_scenario_file(std::string(RESLAB_TEST_DATA_DIR) + "/sql_last_room.toml");
  SqlScenario without = scenario;
  without.permutations.clear();
  const Scenario view = sql_case_view(without);
  REQUIRE(view.presets.size() == 20);  // 6 steps in two sessions of 3: C(6,3) interleavings
  CHECK(view.presets[0].name == "1");
  CHECK(view.presets[0].title.en == "Interleaving 1");
  CHECK(view.presets[19].order == sql_interleaving(without, 20));
}

TEST_CASE("a step's statements keep the rows they returned: the step's own view, and nothing else is read") {
  const SqlScenario scenario = isolation_test("p4_lost_update.toml");
  SqlCaseRun run(scenario, *scenario.find_variant("sqlite-deferred"));
  const Step& first = run.run("t1_read");
  REQUIRE(first.sql.size() == 2);  // the session's BEGIN, then its SELECT: no extra read of its view
  CHECK(first.sql[0].sql == "BEGIN DEFERRED");
  const SqlRecord& read = first.sql[1];
  CHECK(read.returned_columns == std::vector<std::string>{"id", "value"});
  REQUIRE(read.returned_rows.size() == 1);
  CHECK(to_display(read.returned_rows[0][1]) == "10");
  CHECK(first.open_transactions.empty());
  CHECK(render(first.summary, Lang::en) == "T1 t1_read: 1 row: (1, 10)");
}

TEST_CASE("a waiting step says whom it waits for, and the commit that frees it wakes it in its own step") {
  const SqlScenario scenario = isolation_test("p4_lost_update.toml");
  SqlCaseRun run(scenario, *scenario.find_variant("sqlite-immediate"));
  run.run("t1_read");
  const Step& waits = run.run("t2_read");  // T2's BEGIN IMMEDIATE needs the write lock T1 holds
  CHECK(waits.outcome == "waiting");
  CHECK(waits.sql.back().waiting);
  const ActorStatus& t2 = status_of(waits, "T2");
  CHECK(t2.waiting_event == "t2_read");
  CHECK(t2.waiting_for == "T1");
  CHECK_FALSE(t2.blocked_reason.empty());
  CHECK(render(waits.explanation, Lang::en).find("waits for T1") != std::string::npos);
  run.run("t1_write");
  CHECK(run.run("t2_write").outcome == "queued");  // behind T2's wait
  const Step& commit = run.run("t1_commit");
  REQUIRE(commit.wakes.size() == 1);
  CHECK(commit.wakes[0].actor == "T2");
  CHECK(commit.wakes[0].outcome == "done");
  // T2 now reads T1's committed 11: no update is lost.
  const SqlRecord* woken_read = nullptr;
  for (const auto& record : commit.sql)
    if (record.connection == "T2" && !record.returned_rows.empty()) woken_read = &record;
  REQUIRE(woken_read);
  CHECK(to_display(woken_read->returned_rows[0][1]) == "11");
  CHECK(status_of(commit, "T2").waiting_event.empty());
}

TEST_CASE("the committed tables after a step carry what changed, and stand when a writer keeps readers out") {
  const SqlScenario scenario = isolation_test("p4_lost_update.toml");
  SqlCaseRun run(scenario, *scenario.find_variant("sqlite-deferred"));
  const Trace& trace = step_all(run, scenario);
  REQUIRE(trace.steps.size() == 6);
  CHECK(trace.steps[4].outcome == "waiting");  // T1's COMMIT waits for T2's read lock
  CHECK(trace.steps[4].committed_is_previous);
  const Step& last = trace.steps[5];
  REQUIRE(last.diff.size() == 1);
  CHECK(last.diff[0].table == "test");
  CHECK(last.diff[0].changed_cells == std::vector<std::pair<std::size_t, std::size_t>>{{0, 1}});
}

TEST_CASE("a failed statement keeps its code, and the verdict is judged only on the whole run") {
  const SqlScenario scenario = isolation_test("p4_lost_update.toml");
  SqlCaseRun run(scenario, *scenario.find_variant("sqlite-deferred"));
  run.run("t1_read");
  REQUIRE(run.trace().verdict);
  CHECK_FALSE(run.trace().verdict->complete);
  run.run("t2_read");
  run.run("t1_write");
  const Step& fails = run.run("t2_write");
  CHECK(fails.outcome == "failed");
  CHECK(fails.sql.back().result == "SQLITE_BUSY");
  CHECK_FALSE(fails.sql.back().ok);
  run.run("t1_commit");
  run.run("t2_commit");
  const AnomalyVerdict& verdict = *run.trace().verdict;
  CHECK(verdict.complete);
  CHECK_FALSE(verdict.anomaly);
  CHECK(verdict.how == "SQLITE_BUSY, wait");
  CHECK(verdict.expected_anomaly == false);
  CHECK(verdict.expected_how == "SQLITE_BUSY, wait");
}

TEST_CASE("predict mode asks what the file expects of a step, and the reveal tells whether the run met it") {
  const SqlScenario scenario = isolation_test("p4_lost_update.toml");
  SqlCaseRun run(scenario, *scenario.find_variant("sqlite-deferred"));
  const Trace& trace = step_all(run, scenario);
  const Prediction* fails = asked(trace.steps[3], "sql.ask.fails");  // t2_write: SQLITE_BUSY
  REQUIRE(fails);
  CHECK(fails->asked);
  CHECK(fails->verdict == Prediction::Verdict::met);
  CHECK(render(fails->question, Lang::en) == "Will t2_write fail, and with which code?");
  CHECK(
      prediction_text(*fails, Lang::en) ==
      "Will t2_write fail, and with which code? Expected: it fails with SQLITE_BUSY. The run: it fails with "
      "SQLITE_BUSY. As expected.");
  const Prediction* waits = asked(trace.steps[4], "sql.ask.waits");  // t1_commit waits for T2's read lock
  REQUIRE(waits);
  CHECK(waits->verdict == Prediction::Verdict::met);
  const Prediction* anomaly = asked(trace.steps[5], "sql.ask.anomaly");
  REQUIRE(anomaly);
  CHECK(anomaly->verdict == Prediction::Verdict::met);
  CHECK(asked(trace.steps[0], "sql.ask.anomaly") == nullptr);  // asked after the last step only
}

TEST_CASE("an expectation the run does not meet is told as unmet, not as met") {
  SqlScenario scenario = isolation_test("p4_lost_update.toml");
  // Read committed's lost update, expected of SQLite's IMMEDIATE (which waits instead).
  for (auto& expectation : scenario.expectations)
    if (expectation.variant == "sqlite-immediate") expectation.fails = {{"t2_write", "SQLITE_BUSY"}};
  SqlCaseRun run(scenario, *scenario.find_variant("sqlite-immediate"));
  const Trace& trace = step_all(run, scenario);
  const Prediction* fails = asked(trace.steps[3], "sql.ask.fails");
  REQUIRE(fails);
  CHECK(fails->verdict == Prediction::Verdict::open);  // queued behind T2's wait: not known yet
  // Woken by T1's commit, t2_write finishes in step 5 and succeeds: the answer comes there, unasked.
  const Prediction* answered = asked(trace.steps[4], "sql.ask.fails");
  REQUIRE(answered);
  CHECK_FALSE(answered->asked);
  CHECK(answered->verdict == Prediction::Verdict::unmet);
  CHECK(render(answered->answer, Lang::en) == "it succeeds");
}

TEST_CASE("a step runs only as its session's next, once") {
  const SqlScenario scenario = isolation_test("p4_lost_update.toml");
  SqlCaseRun run(scenario, *scenario.find_variant("sqlite-deferred"));
  CHECK(run.why_not("t1_write").find("t1_read comes before t1_write") != std::string::npos);
  CHECK_THROWS_AS(run.run("t1_write"), UsageError);
  run.run("t1_read");
  CHECK(run.why_not("t1_read") == "t1_read has run already");
  CHECK(run.why_not("nope").find("no step named") != std::string::npos);
}

TEST_CASE("the trace of a whole run equals the one stepped, and its hash tells variants apart") {
  const SqlScenario scenario = isolation_test("g1c_circular_information_flow.toml");
  const SqlVariant& deferred = *scenario.find_variant("sqlite-deferred");
  SqlCaseRun stepped(scenario, deferred);
  step_all(stepped, scenario);
  const Trace whole =
      sql_run_trace(scenario, run_sql_scenario(scenario, deferred, sql_permutation(scenario, 1)));
  CHECK(whole.hash == stepped.trace().hash);
  const Trace immediate = sql_run_trace(
      scenario,
      run_sql_scenario(scenario, *scenario.find_variant("sqlite-immediate"), sql_permutation(scenario, 1)));
  CHECK(immediate.hash != whole.hash);
  const auto json =
      sql_run_to_json(run_sql_scenario(scenario, deferred, sql_permutation(scenario, 1)), scenario);
  CHECK(json["trace_hash"] == whole.hash);
}

TEST_CASE("the explanation of an SQL step has no time in its heading and carries the file's expectations") {
  const SqlScenario scenario = isolation_test("p4_lost_update.toml");
  const Scenario view = sql_case_view(scenario);
  SqlCaseRun run(scenario, *scenario.find_variant("sqlite-deferred"));
  const Trace& trace = step_all(run, scenario);
  const StepExplanation why = explain_step(view, Model::atomic, trace.steps[3], Lang::en);
  CHECK(why.heading == "Step 4: T2 t2_write: UPDATE test SET value = 11 WHERE id = 1");
  CHECK(why.text.find("fails with SQLITE_BUSY") != std::string::npos);
  REQUIRE(why.predictions.size() == 1);
  const StepExplanation zh = explain_step(view, Model::atomic, trace.steps[3], Lang::zh);
  CHECK(zh.heading.find("第 4 步") == 0);
}

TEST_CASE("a variant's level reads in the reader's language; a file's own words stay as written") {
  CHECK(level_text("read committed", Lang::zh) == "读已提交");
  CHECK(level_text("deferred, WAL", Lang::zh) == "DEFERRED，WAL");
  CHECK(level_text("read committed", Lang::en) == "read committed");
  CHECK(level_text("my own level", Lang::zh) == "my own level");
}

TEST_CASE("the isolation table builds a cell at a time, as a window fills it in") {
  IsolationRun run(Backend::sqlite);
  const std::size_t cells = run.cell_count();
  CHECK(cells == hermitage_tests().size() * 4);
  run.run_next();
  CHECK(run.cells_done() == 1);
  REQUIRE(run.table().results.size() == 1);
  CHECK(run.table().results[0].variant == "sqlite-deferred");
  CHECK_FALSE(run.finished());
}
