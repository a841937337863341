// The lab session on the bundled cases: stepping moves the cursor over a replayed
// trace, clicking an actor rewrites the future, and the model, preset and event
// times all replay the order the user built.
#include "app/session/lab_session.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/cli.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

const CommittedState& shown_state(const LabSession& session) {
  return *session.committed_at(session.cursor());
}

void step_to_end(LabSession& session) {
  while (session.cursor() < session.step_count()) REQUIRE(session.step_forward().empty());
}

const ActorControl& control_of(const std::vector<ActorControl>& controls, const std::string& actor) {
  for (const auto& control : controls)
    if (control.actor == actor) return control;
  FAIL("no control for actor " << actor);
  return controls.front();
}

// What a shell makes of order_argument(): words split on spaces, "" an empty word.
std::vector<std::string> shell_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string word; in >> word;) words.push_back(word == "\"\"" ? std::string() : word);
  return words;
}

struct CliResult {
  int exit_code = 0;
  std::string out;
};

// `reslab trace <scenario> <arguments>` in this process, its standard output captured.
CliResult run_trace_command(const std::string& scenario_file, const std::string& arguments) {
  std::vector<std::string> words = {"reslab", "trace", scenario_file, "--lang", "en"};
  for (auto& word : shell_words(arguments)) words.push_back(std::move(word));
  std::vector<char*> argv;
  for (auto& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);

  std::ostringstream captured;
  std::streambuf* const previous = std::cout.rdbuf(captured.rdbuf());
  CliResult result;
  result.exit_code = run_cli(static_cast<int>(words.size()), argv.data());
  std::cout.rdbuf(previous);
  result.out = captured.str();
  return result;
}

std::string line_with(const std::string& text, const std::string& start) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(start, 0) == 0) return line;
  return {};
}

const std::vector<std::string> kH1Seed = {"A1", "B1", "A2", "B2"};
const std::vector<std::string> kH2Seed = {"expiry", "payment", "expiry_dup", "payment_dup"};

}  // namespace

// [SECTION] a new session

TEST_CASE("a new H1 session shows the initial state with the first preset's whole order planned") {
  const LabSession session(bundled_case("h1"));
  CHECK(session.model() == Model::atomic);
  CHECK(session.preset() == "article");
  CHECK(session.wanted_order() == kH1Seed);
  CHECK(session.cursor() == 0);
  CHECK(session.step_count() == 4);
  CHECK(session.trace().order == kH1Seed);
  CHECK(session.current_step() == nullptr);
  CHECK(session.stopped().empty());
  CHECK(figure(shown_state(session), "available") == "1");
  CHECK(session.next_event() == std::optional<std::string>("A1"));
}

// [SECTION] stepping

TEST_CASE("stepping forward walks the naive H1 seed order and ends with the last room sold twice") {
  LabSession session(bundled_case("h1"), Model::naive);
  const std::vector<std::string> outcomes = {"read", "read", "accepted", "accepted"};
  for (std::size_t i = 0; i < kH1Seed.size(); ++i) {
    CAPTURE(i);
    CHECK(session.step_forward().empty());
    CHECK(session.cursor() == static_cast<int>(i) + 1);
    REQUIRE(session.current_step() != nullptr);
    CHECK(session.current_step()->event == kH1Seed[i]);
    CHECK(session.current_step()->outcome == outcomes[i]);
  }
  CHECK(figure(shown_state(session), "active_holds") == "2");
  const InvariantResult* balance = invariant(shown_state(session), "capacity_balance");
  REQUIRE(balance != nullptr);
  CHECK_FALSE(balance->holds);
  CHECK(render(balance->detail, Lang::en) == "0 + 2 + 0 != 1");
}

TEST_CASE(
    "stepping forward through the atomic H1 seed order ends with one hold and every invariant holding") {
  LabSession session(bundled_case("h1"), Model::atomic);
  step_to_end(session);
  CHECK(session.cursor() == 4);
  CHECK(outcomes(session.trace()) == std::vector<std::string>{"decremented", "waiting", "accepted", "noop"});
  CHECK(figure(shown_state(session), "available") == "0");
  CHECK(figure(shown_state(session), "active_holds") == "1");
  CHECK(shown_state(session).all_invariants_hold());
}

TEST_CASE("stepping forward when every actor has finished says so and changes nothing") {
  LabSession session(bundled_case("h1"), Model::naive);
  step_to_end(session);
  const std::string hash = session.trace().hash;
  CHECK(session.step_forward() == "every actor has finished or is waiting");
  CHECK(session.cursor() == 4);
  CHECK(session.step_count() == 4);
  CHECK(session.trace().hash == hash);
}

TEST_CASE("stepping forward past the planned order appends the next event any actor can run") {
  LabSession session(bundled_case("h2"));
  step_to_end(session);
  CHECK(session.step_forward().empty());
  CHECK(session.cursor() == 5);
  CHECK(session.wanted_order() ==
        std::vector<std::string>{"expiry", "payment", "expiry_dup", "payment_dup", "refund_worker"});
  CHECK(session.current_step()->outcome == "refunded");
}

TEST_CASE("step_back, reset and jump_to move the cursor and leave the order and its trace alone") {
  LabSession session(bundled_case("h1"), Model::naive);
  const std::string hash = session.trace().hash;
  session.jump_to(3);
  CHECK(session.cursor() == 3);
  CHECK(session.current_step()->event == "A2");
  session.step_back();
  CHECK(session.cursor() == 2);
  CHECK(session.current_step()->event == "B1");
  session.reset();
  CHECK(session.cursor() == 0);
  CHECK(session.current_step() == nullptr);
  session.step_back();
  CHECK(session.cursor() == 0);
  session.jump_to(99);
  CHECK(session.cursor() == 4);
  session.jump_to(-1);
  CHECK(session.cursor() == 0);
  CHECK(session.wanted_order() == kH1Seed);
  CHECK(session.step_count() == 4);
  CHECK(session.trace().hash == hash);
}

TEST_CASE("after stepping back the actors' next actions are those of the step shown") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(4);
  session.jump_to(1);
  const auto controls = session.controls();
  CHECK(control_of(controls, "A").event == "A2");
  CHECK(control_of(controls, "B").event == "B1");
  CHECK(session.next_event() == std::optional<std::string>("B1"));
  CHECK(session.step_forward().empty());
  CHECK(session.current_step()->event == "B1");
  CHECK(session.step_count() == 4);
}

// [SECTION] running an actor

TEST_CASE("running an actor from the middle drops the planned future and appends that actor's next event") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(1);  // A1 ran; B1 is planned next
  CHECK(session.run_actor("A").empty());
  CHECK(session.cursor() == 2);
  CHECK(session.wanted_order() == std::vector<std::string>{"A1", "A2"});
  CHECK(session.trace().order == std::vector<std::string>{"A1", "A2"});
  CHECK(session.step_count() == 2);
  CHECK(session.current_step()->outcome == "accepted");
}

TEST_CASE("running the actor whose event is planned next steps forward and keeps the planned future") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(1);
  CHECK(session.run_actor("B").empty());
  CHECK(session.cursor() == 2);
  CHECK(session.wanted_order() == kH1Seed);
  CHECK(session.step_count() == 4);
}

TEST_CASE("running an actor that waits for a lock returns the engine's reason and changes nothing") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(2);  // A holds the write lock; B waits at B1
  const std::string hash = session.trace().hash;
  CHECK(session.run_actor("B") == "B1 cannot run: B is waiting at B1 for the lock held by A (A1)");
  CHECK(session.cursor() == 2);
  CHECK(session.wanted_order() == kH1Seed);
  CHECK(session.trace().hash == hash);
}

TEST_CASE("running an actor whose lane is finished says it has nothing left and changes nothing") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(3);  // A1 and A2 ran
  CHECK(session.run_actor("A") == "A has nothing left to do");
  CHECK(session.cursor() == 3);
  CHECK(session.wanted_order() == kH1Seed);
}

// [SECTION] model and preset

TEST_CASE("switching the model replays the same order under the other model and keeps the step shown") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(4);
  session.set_model(Model::atomic);
  CHECK(session.model() == Model::atomic);
  CHECK(session.wanted_order() == kH1Seed);
  CHECK(session.cursor() == 4);
  CHECK(outcomes(session.trace()) == std::vector<std::string>{"decremented", "waiting", "accepted", "noop"});
  CHECK(shown_state(session).all_invariants_hold());
  CHECK(session.stopped().empty());
}

TEST_CASE(
    "an order the atomic model cannot finish runs as far as it goes and says where and why it stopped") {
  LabSession session(h1_with_waiting_preset(), Model::naive);
  CHECK(session.choose_preset("b-skips-ahead").empty());
  session.jump_to(4);
  CHECK(session.step_count() == 4);
  CHECK(session.stopped().empty());

  session.set_model(Model::atomic);
  CHECK(session.step_count() == 2);
  CHECK(session.cursor() == 2);
  CHECK(session.stopped() == "step 3: B2 cannot run: B is waiting at B1 for the lock held by A (A1)");
  CHECK(session.wanted_order() == std::vector<std::string>{"A1", "B1", "B2", "A2"});

  session.set_model(Model::naive);
  CHECK(session.step_count() == 4);
  CHECK(session.stopped().empty());
}

TEST_CASE("stepping forward where the atomic model stopped runs the next event that can run instead") {
  LabSession session(h1_with_waiting_preset(), Model::atomic);
  CHECK(session.choose_preset("b-skips-ahead").empty());
  step_to_end(session);
  CHECK(session.step_forward().empty());  // B2 cannot run; A2 can, and frees the lock
  CHECK(session.current_step()->event == "A2");
  CHECK(session.wanted_order() == std::vector<std::string>{"A1", "B1", "A2"});
  CHECK(session.stopped().empty());
}

TEST_CASE("the compare view replays the same order under the other model without changing the session") {
  const LabSession session(bundled_case("h1"), Model::naive);
  const PartialReplay atomic = session.replay_under(Model::atomic);
  CHECK(outcomes(atomic.trace) == std::vector<std::string>{"decremented", "waiting", "accepted", "noop"});
  CHECK(session.model() == Model::naive);
  CHECK(outcomes(session.trace()) == std::vector<std::string>{"read", "read", "accepted", "accepted"});
}

TEST_CASE("choosing a preset starts over at step 0 with that preset's order") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(3);
  CHECK(session.choose_preset("serial").empty());
  CHECK(session.preset() == "serial");
  CHECK(session.cursor() == 0);
  CHECK(session.wanted_order() == std::vector<std::string>{"A1", "A2", "B1", "B2"});
  CHECK(session.step_count() == 4);
  step_to_end(session);
  CHECK(figure(shown_state(session), "active_holds") == "1");
}

TEST_CASE("choosing an unknown preset returns a message and keeps the session as it was") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(2);
  CHECK(session.choose_preset("nope") == "unknown preset 'nope'");
  CHECK(session.preset() == "article");
  CHECK(session.cursor() == 2);
  CHECK(session.wanted_order() == kH1Seed);
}

TEST_CASE("choosing a preset forgets the times the user dragged") {
  LabSession session(bundled_case("h2"));
  REQUIRE(session.move_event("payment", 9).empty());
  CHECK(session.choose_preset("article").empty());
  CHECK(session.moved_times().empty());
  CHECK(session.time_of("payment") == 11);
  CHECK(session.wanted_order() == kH2Seed);
}

TEST_CASE("an explicit order runs under the named preset's times and starts at step 0") {
  LabSession session(bundled_case("h2"));
  session.jump_to(2);
  session.use_order("paid-in-time", {"payment", "expiry"});
  CHECK(session.preset() == "paid-in-time");
  CHECK(session.cursor() == 0);
  CHECK(session.wanted_order() == std::vector<std::string>{"payment", "expiry"});
  CHECK(session.time_of("payment") == 9);
  CHECK(outcomes(session.trace()) == std::vector<std::string>{"confirmed", "noop"});
}

TEST_CASE("an explicit order naming an unknown event is refused and the session stays as it was") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(2);
  CHECK_THROWS_AS(session.use_order("serial", {"A1", "Z9"}), UsageError);
  CHECK_THROWS_AS(session.use_order("nope", {"A1"}), UsageError);
  CHECK(session.preset() == "article");
  CHECK(session.wanted_order() == kH1Seed);
  CHECK(session.cursor() == 2);
}

// [SECTION] the order as a command line

TEST_CASE("the order argument names the model, the preset and the whole order, whatever step is shown") {
  LabSession session(bundled_case("h1"), Model::naive);
  CHECK(session.order_argument() == "--model naive --preset article --order A1,B1,A2,B2");
  session.jump_to(2);
  CHECK(session.order_argument() == "--model naive --preset article --order A1,B1,A2,B2");
}

TEST_CASE("the order argument carries the times the user dragged") {
  LabSession session(bundled_case("h2"));
  REQUIRE(session.move_event("payment", 9).empty());
  session.jump_to(4);
  CHECK(session.order_argument() ==
        "--model atomic --preset article --order payment,expiry,expiry_dup,payment_dup --at payment=9");
}

TEST_CASE("reslab trace accepts the order argument and reproduces the session's trace") {
  LabSession session(bundled_case("h2"));
  REQUIRE(session.move_event("payment", 9).empty());
  session.jump_to(session.step_count());
  const CliResult result = run_trace_command(session.scenario().file, session.order_argument());
  CHECK(result.exit_code == 0);
  CHECK(line_with(result.out, "- order:") == "- order: `--order payment,expiry,expiry_dup,payment_dup`");
  CHECK(line_with(result.out, "trace hash:") == "trace hash: `" + session.trace().hash + "`");
}

TEST_CASE("reslab trace reproduces a naive H1 order the user built by clicking actors") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(1);
  REQUIRE(session.run_actor("B").empty());
  REQUIRE(session.run_actor("B").empty());  // B1 and B2 after A1: leaves the preset's path
  REQUIRE(session.run_actor("A").empty());
  const CliResult result = run_trace_command(session.scenario().file, session.order_argument());
  CHECK(result.exit_code == 0);
  CHECK(line_with(result.out, "- order:") == "- order: `--order A1,B1,B2,A2`");
  CHECK(line_with(result.out, "trace hash:") == "trace hash: `" + session.trace().hash + "`");
}

TEST_CASE("an empty order argument makes reslab trace run no step") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.use_order("article", {});
  CHECK(session.order_argument() == "--model naive --preset article --order \"\"");
  const CliResult result = run_trace_command(session.scenario().file, session.order_argument());
  CHECK(result.exit_code == 0);
  CHECK(result.out.find("| 1 |") == std::string::npos);
}

// [SECTION] moving events in time

TEST_CASE("moving the payment to 9 s re-sorts the order so it runs before the expiry at 10 s") {
  LabSession session(bundled_case("h2"));
  CHECK(session.move_event("payment", 9).empty());
  CHECK(session.time_of("payment") == 9);
  CHECK(session.moved_times() == std::map<std::string, std::int64_t>{{"payment", 9}});
  CHECK(session.wanted_order() == std::vector<std::string>{"payment", "expiry", "expiry_dup", "payment_dup"});
  CHECK(outcomes(session.trace()) ==
        std::vector<std::string>{"confirmed", "noop", "noop", "already_paid_reconcile"});
  CHECK(session.trace().steps.front().time == 9);
}

TEST_CASE("an event the scenario does not let move is refused with a message and nothing changes") {
  LabSession session(bundled_case("h2"));
  const std::string hash = session.trace().hash;
  CHECK(session.move_event("expiry", 20) == "the scenario does not let expiry move");
  CHECK(session.move_event("nope", 20) == "unknown event 'nope'");
  CHECK(session.moved_times().empty());
  CHECK(session.time_of("expiry") == 10);
  CHECK(session.wanted_order() == kH2Seed);
  CHECK(session.trace().hash == hash);
}

// Dragging the payment past its duplicate (14 s) and back onto 13 s: the lane breaks the tie in
// file order, so the payment must still come first whatever path the drag took.
TEST_CASE("dragging an event onto its lane neighbour's time keeps the order runnable") {
  LabSession session(bundled_case("h2"));
  REQUIRE(session.move_event("payment", 14).empty());
  REQUIRE(session.stopped().empty());
  REQUIRE(session.move_event("payment", 13).empty());
  CAPTURE(session.stopped());
  CHECK(session.stopped().empty());
  CHECK(session.step_count() == 4);
}

// [SECTION] reloading the scenario

TEST_CASE("replacing the scenario after a reload keeps the model, the preset, the order and the step shown") {
  LabSession session(bundled_case("h2"), Model::naive);
  REQUIRE(session.choose_preset("refund-done").empty());
  REQUIRE(session.move_event("payment", 9).empty());
  session.jump_to(3);
  const std::vector<std::string> order = session.wanted_order();
  const auto reloaded = bundled_case("h2");
  session.replace_scenario(reloaded);
  CHECK(&session.scenario() == reloaded.get());
  CHECK(session.model() == Model::naive);
  CHECK(session.preset() == "refund-done");
  CHECK(session.wanted_order() == order);
  CHECK(session.moved_times() == std::map<std::string, std::int64_t>{{"payment", 9}});
  CHECK(session.cursor() == 3);
}

TEST_CASE("replacing the scenario with one that lacks the preset starts over on its first preset") {
  LabSession session(h1_with_waiting_preset(), Model::naive);
  REQUIRE(session.choose_preset("b-skips-ahead").empty());
  session.jump_to(3);
  session.replace_scenario(bundled_case("h1"));
  CHECK(session.model() == Model::naive);
  CHECK(session.preset() == "article");
  CHECK(session.wanted_order() == kH1Seed);
  CHECK(session.cursor() == 0);
}

// [SECTION] actor controls

TEST_CASE("controls list one actor per lane, in lane order, with its next event and action") {
  const LabSession session(bundled_case("h2"));
  const auto controls = session.controls();
  REQUIRE(controls.size() == 3);
  CHECK(controls[0].actor == "expiry_worker");
  CHECK(controls[0].event == "expiry");
  CHECK(controls[0].action == "expire_holds");
  CHECK(controls[1].actor == "payment_callbacks");
  CHECK(controls[1].event == "payment");
  CHECK(controls[1].action == "payment_callback");
  CHECK(controls[2].actor == "refund_worker");
  CHECK(controls[2].event == "refund_worker");
  CHECK(controls[2].action == "refund_worker");
  for (const auto& control : controls) {
    CAPTURE(control.actor);
    CHECK_FALSE(control.waiting);
    CHECK(control.blocked_reason.empty());
  }
}

TEST_CASE("a control shows a waiting actor, the lock holder and why its next event is blocked") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(2);
  const auto controls = session.controls();
  const ActorControl& a = control_of(controls, "A");
  CHECK(a.event == "A2");
  CHECK(a.action == "reserve_record");
  CHECK_FALSE(a.waiting);
  CHECK(a.blocked_reason.empty());
  const ActorControl& b = control_of(controls, "B");
  CHECK(b.event == "B1");  // still B's next event: it began and has not finished
  CHECK(b.waiting);
  CHECK(b.waiting_for == "A");
  CHECK(b.blocked_reason == "B1 cannot run: B is waiting at B1 for the lock held by A (A1)");
}

TEST_CASE("a control shows a finished lane with no event and the request's decision") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(4);
  const auto controls = session.controls();
  const ActorControl& a = control_of(controls, "A");
  CHECK(a.event.empty());
  CHECK(a.resolved == "accepted");
  const ActorControl& b = control_of(controls, "B");
  CHECK(b.event.empty());
  CHECK(b.resolved == "rejected");
}

TEST_CASE(
    "reset goes back to the preset's order after actors were run out of it, and undo brings the order back") {
  LabSession session(std::make_shared<const Scenario>(h1()), Model::atomic);
  REQUIRE(session.follows_preset());
  REQUIRE(session.run_actor("B").empty());  // B1 first: off the preset's order A1, B1, A2, B2
  CHECK_FALSE(session.follows_preset());
  CHECK(session.step_count() == 1);
  const LabSession::OrderState branched = session.order_state();
  session.reset();
  CHECK(session.cursor() == 0);
  CHECK(session.follows_preset());
  CHECK(session.wanted_order() == std::vector<std::string>{"A1", "B1", "A2", "B2"});
  CHECK(session.step_count() == 4);
  session.restore(branched);
  CHECK(session.wanted_order() == std::vector<std::string>{"B1"});
  CHECK(session.cursor() == 1);
}

TEST_CASE("reset keeps moved times and sorts the preset's order by them; restore preset drops them") {
  Scenario scenario = load_scenario_file(resolve_scenario("h2"));
  LabSession session(std::make_shared<const Scenario>(scenario), Model::atomic);
  const std::vector<std::string> written = session.wanted_order();
  std::string movable;
  for (const auto& event : scenario.events)
    if (event.movable) movable = event.id;
  REQUIRE_FALSE(movable.empty());
  REQUIRE(session.move_event(movable, 9).empty());  // before the expiry at 10 s
  session.reset();
  CHECK(session.moved_times().count(movable) == 1);
  CHECK(session.follows_preset());
  CHECK(session.wanted_order().front() == movable);
  session.restore_preset();
  CHECK(session.moved_times().empty());
  CHECK(session.wanted_order() == written);
}

TEST_CASE(
    "back, going to step 0 and a step at the end replay nothing: the recorded steps stay the same objects") {
  LabSession session(std::make_shared<const Scenario>(h1()), Model::atomic);
  session.use_order("article", {"A1", "B1"});
  step_to_end(session);
  const CommittedState* first = session.trace().steps[0].committed.get();
  session.step_back();
  session.jump_to(0);
  session.jump_to(2);
  CHECK(session.trace().steps[0].committed.get() == first);
  REQUIRE(session.step_forward().empty());  // A2 runs on the same simulator
  CHECK(session.step_count() == 3);
  CHECK(session.trace().steps[0].committed.get() == first);
  CHECK(session.trace().steps[2].wakes.size() == 1);
  // A branch from the middle is a new order: it replays once.
  session.jump_to(1);
  REQUIRE(session.run_actor("A").empty());
  CHECK(session.trace().order == std::vector<std::string>{"A1", "A2"});
  CHECK(session.trace().steps[0].committed.get() != first);
}
