// A spec's permutations stepped on PostgreSQL as the window and the Markdown trace step them: blocker
// markers report a step waiting and completed where isolationtester does (its own schedule, run on the
// same file, says where), a `notices` marker waits for the other session's notices, and a step listed
// twice reads again what is committed by then.
#include <doctest/doctest.h>

#include <string>

#include "core/formats/isolationtester_text.hpp"
#include "core/formats/sql_trace.hpp"
#include "core/sim/spec_lab.hpp"
#include "core/sim/spec_run.hpp"
#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "core/sim/sql_scenario_steps.hpp"
#include "postgres/postgres_test_support.hpp"

using namespace reslab;

namespace {

SqlScenario spec_fixture(const std::string& name) {
  return load_sql_scenario_file(std::string(RESLAB_TEST_DATA_DIR) + "/spec/" + name);
}

SqlRunResult stepped(const SqlScenario& spec, std::size_t permutation) {
  return run_sql_permutation(spec, *spec.variants_on(Backend::postgres).front(), permutation);
}

// What isolationtester's schedule prints for one permutation.
std::string isolationtester_prints(const SqlScenario& spec, std::size_t permutation) {
  SpecLabOptions options;
  for (const auto& session : spec.sessions) options.sessions.push_back(session.id);
  const auto lab = open_spec_lab(Backend::postgres, options);
  SpecRunOptions run;
  run.permutation = permutation;
  return isolationtester_text(run_spec(spec, *lab, run)).out;
}

bool before(const std::string& text, const std::string& first, const std::string& second) {
  const std::size_t a = text.find(first), b = text.find(second);
  return a != std::string::npos && b != std::string::npos && a < b;
}

}  // namespace

TEST_CASE("a (*) step is reported waiting at its step and completed as its session's next step is sent") {
  if (!pg::test::private_server_or_skip()) return;
  const SqlScenario spec = spec_fixture("blockers.spec");
  // isolationtester: s2read's completion comes just before s2write is sent, and s2write then waits.
  const std::string printed = isolationtester_prints(spec, 1);
  CHECK(printed.find("step s2read: SELECT v FROM hold WHERE id = 1; <waiting ...>\n") != std::string::npos);
  CHECK(before(printed, "step s2read: <... completed>",
               "step s2write: UPDATE hold SET v = 2 WHERE id = 1; <waiting"));

  const SqlRunResult run = stepped(spec, 1);
  const std::string markdown = sql_run_to_markdown(run, spec, Lang::en);
  CHECK(markdown.find(
            "| 2 | s2 | s2read (waits) | `SELECT v FROM hold WHERE id = 1;` → reported waiting: the "
            "permutation's marker (*) holds back the report of its completion |") != std::string::npos);
  CHECK(markdown.find(
            "| 3 | s2 | s2write (waits) | s2: `SELECT v FROM hold WHERE id = 1` → 00000, 1 row: (0)<br>"
            "`UPDATE hold SET v = 2 WHERE id = 1` → waits for another session's lock | s2 goes on "
            "and finishes s2read<br>still waiting: s2") != std::string::npos);
  CHECK(markdown.find(
            "| 4 | s1 | s1commit (done) | `COMMIT` → 00000<br>s2: `UPDATE hold SET v = 2 WHERE id = 1` → "
            "00000, 1 row changed | s2 goes on and finishes s2write") != std::string::npos);
}

TEST_CASE("a (other) marker holds a step's report until that step has completed, as isolationtester does") {
  if (!pg::test::private_server_or_skip()) return;
  const SqlScenario spec = spec_fixture("blockers.spec");
  // s3sleep completes in its own turn, so s2read(s3sleep) is not held: neither reports it waiting.
  const std::string printed = isolationtester_prints(spec, 2);
  CHECK(printed.find("<waiting ...>") == std::string::npos);
  const SqlRunResult run = stepped(spec, 2);
  REQUIRE(run.steps.size() == 3);
  CHECK(run.steps[1].outcome == "done");
  CHECK(run.steps[1].waiting.empty());
}

TEST_CASE("a notices marker holds a step's report until the other session sent its notices") {
  if (!pg::test::private_server_or_skip()) return;
  const SqlScenario spec = spec_fixture("notices.spec");
  const std::string printed = isolationtester_prints(spec, 2);
  CHECK(before(printed, "step n2wait: SELECT pg_sleep(0.05), say('after a nap'); <waiting ...>",
               "step n1say: SELECT say('from n1');"));
  CHECK(before(printed, "step n1say: SELECT say('from n1');", "step n2wait: <... completed>"));

  const SqlRunResult run = stepped(spec, 2);
  REQUIRE(run.steps.size() == 2);
  CHECK(run.steps[0].outcome == "waiting");
  REQUIRE(run.steps[0].statements.size() == 1);
  CHECK(run.steps[0].statements[0].markers == "(n1say notices 1)");
  CHECK(run.steps[0].statements[0].rows.empty());  // its rows come with its completion
  REQUIRE(run.steps[1].wakes.size() == 1);
  CHECK(run.steps[1].wakes[0].steps == std::vector<std::string>{"n2wait"});
  REQUIRE(run.steps[1].statements.size() == 2);
  CHECK(run.steps[1].statements[1].step == "n2wait");
  CHECK(run.steps[1].statements[1].rows.size() == 1);
  CHECK_FALSE(run.stuck);
}

TEST_CASE("what the server says to a session comes with the statement it said it during, in every trace") {
  if (!pg::test::private_server_or_skip()) return;
  const SqlScenario spec = spec_fixture("notices.spec");
  const SqlRunResult run = stepped(spec, 1);
  REQUIRE(run.steps.size() == 4);
  const auto notices_of = [&](std::size_t step) { return run.steps[step].statements.at(0).notices; };
  CHECK(notices_of(0) == std::vector<std::string>{"NOTICE:  say: from n1"});
  CHECK(notices_of(1) == std::vector<std::string>{"NOTICE:  first", "WARNING:  second"});
  CHECK(notices_of(2) ==
        std::vector<std::string>{"NOTICE:  table \"nothing_here\" does not exist, skipping"});
  CHECK(notices_of(3) == std::vector<std::string>{"NOTICE:  say: after a nap"});

  const std::string markdown = sql_run_to_markdown(run, spec, Lang::en);
  CHECK(markdown.find("`DO $$ BEGIN RAISE NOTICE 'first'; RAISE WARNING 'second'; END $$` → 00000<br>the "
                      "server said: NOTICE:  first<br>the server said: WARNING:  second |") !=
        std::string::npos);
  CHECK(sql_run_to_markdown(run, spec, Lang::zh).find("服务器说：NOTICE:  say: from n1") !=
        std::string::npos);
  const auto json = sql_steps_to_json(run);
  CHECK(json.dump().find(R"("notices":["NOTICE:  first","WARNING:  second"])") != std::string::npos);

  // A step whose report a notices marker holds back: its notice comes with its completion.
  const SqlRunResult held = stepped(spec, 2);
  REQUIRE(held.steps.size() == 2);
  CHECK(held.steps[0].statements.at(0).notices.empty());
  REQUIRE(held.steps[1].statements.size() == 2);
  CHECK(held.steps[1].statements[0].notices == std::vector<std::string>{"NOTICE:  say: from n1"});
  CHECK(held.steps[1].statements[1].notices == std::vector<std::string>{"NOTICE:  say: after a nap"});
}

TEST_CASE("a step listed twice reads, the second time, what another session committed in between") {
  if (!pg::test::private_server_or_skip()) return;
  const SqlScenario spec = spec_fixture("repeated_step.spec");
  const SqlRunResult run = stepped(spec, 1);
  REQUIRE(run.steps.size() == 4);
  CHECK(run.steps[1].outcome == "done");  // PostgreSQL's UPDATE does not wait for a reader
  CHECK(to_display(run.steps[0].statements.at(0).rows.at(0).at(0)) == "1");
  CHECK(to_display(run.steps[2].statements.at(0).rows.at(0).at(0)) == "0");  // read committed
  CHECK(run.steps[2].statements.at(0).entry == 3);
}

TEST_CASE("a (*) step that waits for a lock shows the lock wait, and completes when the lock is released") {
  if (!pg::test::private_server_or_skip()) return;
  const SqlScenario spec = spec_fixture("blockers.spec");
  const SqlRunResult run = stepped(spec, 3);
  const std::string markdown = sql_run_to_markdown(run, spec, Lang::en);
  CHECK(markdown.find("| 2 | s2 | s2write (waits) | `UPDATE hold SET v = 2 WHERE id = 1` → waits for another "
                      "session's lock |") != std::string::npos);
  CHECK(markdown.find(
            "| 3 | s1 | s1commit (done) | `COMMIT` → 00000<br>s2: `UPDATE hold SET v = 2 WHERE id = 1` → "
            "00000, 1 row changed | s2 goes on and finishes s2write") != std::string::npos);
  CHECK(run.how == "wait");
}

TEST_CASE(
    "a marked step whose lock is granted while its marker still holds it shows waiting for the marker") {
  if (!pg::test::private_server_or_skip()) return;
  const SqlScenario spec = spec_fixture("held_after_wait.spec");
  const SqlRunResult run = stepped(spec, 1);
  REQUIRE(run.steps.size() == 7);
  CHECK(run.steps[3].held.empty());           // s2take waits for s1's lock
  REQUIRE(run.steps[4].held.contains("s2"));  // s1 committed: s2take ran, (s3wait) holds its report
  CHECK(run.steps[4].held.at("s2").step == "s2take");
  CHECK(run.steps[4].held.at("s2").entry == 4);
  CHECK(run.steps[4].held.at("s2").markers == "(s3wait)");
  CHECK(run.steps[5].held.empty());  // s3wait completed, and s2take with it

  const Trace trace = sql_run_trace(spec, run);
  const auto status_of = [&](std::size_t step, const std::string& actor) {
    for (const auto& status : trace.steps.at(step).actors)
      if (status.actor == actor) return status;
    FAIL("no " << actor);
    return ActorStatus{};
  };
  CHECK(status_of(3, "s2").waiting_markers.empty());
  CHECK(status_of(3, "s2").waiting_for == "s1");
  CHECK(status_of(4, "s2").waiting_markers == "(s3wait)");
  CHECK(status_of(4, "s2").blocked_reason ==
        "s2's s2take is reported waiting: the permutation marks it (s3wait)");
  CHECK(status_of(4, "s3").waiting_for == "s4");
  bool explained = false;
  for (const auto& message : trace.steps[4].explanation)
    explained = explained || message.key == "sql.why.held_now";
  CHECK(explained);

  const std::string markdown = sql_run_to_markdown(run, spec, Lang::en);
  CHECK(markdown.find(
            "still waiting: s3, s2<br>s2 has run s2take; the marker (s3wait) holds back its report<br>"
            "room: (1, bob) (2, free)") != std::string::npos);
}
