// The stepping rules around locks, on a three-request variant of H1 (capacity 2):
// waiters wake in the order they began waiting, a woken event that leaves its
// transaction open takes the lock, and the committed snapshot is taken just
// after the commit that freed the lock.
#include <doctest/doctest.h>

#include "core/sim/scenario_loader.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

std::string request(const std::string& actor) {
  return "[[actors]]\nid = \"" + actor + "\"\nname = { en = \"" + actor + "\", zh = \"" + actor + "\" }\n" +
         "[[events]]\nid = \"" + actor + "1\"\nactor = \"" + actor +
         "\"\naction = \"reserve_check\"\ntime = 0\nargs = { request_key = \"" + actor + "\" }\n" +
         "[[events]]\nid = \"" + actor + "2\"\nactor = \"" + actor +
         "\"\naction = \"reserve_record\"\ntime = 0\nargs = { request_key = \"" + actor + "\" }\n";
}

Scenario three_requests() {
  const std::string text = std::string(R"(
id = "three"
schema = "hotel"
figures = ["available", "active_holds"]
invariants = ["capacity_balance"]
title = { en = "Three requests, two rooms", zh = "三个请求，两间房" }
params = { room_night = "N1" }
[[initial.room_inventory]]
room_night_id = "N1"
night = "2026-12-01"
capacity = 2
available = 2
sold = 0
)") + request("A") + request("B") +
                           request("C");
  return parse_scenario(text, "three.toml");
}

}  // namespace

TEST_CASE(
    "a woken event that leaves its transaction open takes the lock and the waiters behind it keep waiting") {
  const Scenario scenario = three_requests();
  const Trace trace = run_order(scenario, Model::atomic, {"A1", "B1", "C1", "A2"});
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "waiting", "waiting", "accepted"});
  const Step& commit = trace.steps[3];
  REQUIRE(commit.wakes.size() == 1);
  CHECK(commit.wakes[0].actor == "B");
  CHECK(commit.wakes[0].outcome == "decremented");
  const auto statuses = commit.actors;
  CHECK(statuses[1].holds_write_lock);
  CHECK(statuses[2].waiting_event == "C1");
  CHECK(statuses[2].waiting_for == "B (B1)");
}

TEST_CASE(
    "the committed snapshot is taken just after the commit, before the woken event opens its transaction") {
  const Scenario scenario = three_requests();
  const Trace trace = run_order(scenario, Model::atomic, {"A1", "B1", "C1", "A2"});
  const Step& commit = trace.steps[3];
  CHECK_FALSE(commit.committed_is_previous);
  CHECK(figure(*commit.committed, "available") == "1");  // A's hold committed; B's decrement not yet
  CHECK(figure(*commit.committed, "active_holds") == "1");
  REQUIRE(commit.open_transactions.size() == 1);
  CHECK(commit.open_transactions[0].actor == "B");
}

TEST_CASE("waiters wake in the order they began waiting, each in the step that frees the lock") {
  const Scenario scenario = three_requests();
  const Trace trace = run_order(scenario, Model::atomic, {"A1", "C1", "B1", "A2", "C2", "B2"});
  CHECK(trace.steps[3].wakes.at(0).actor == "C");
  REQUIRE(trace.steps[4].wakes.size() == 1);
  CHECK(trace.steps[4].wakes[0].actor == "B");
  CHECK(trace.steps[4].wakes[0].outcome == "rejected");
  CHECK(outcomes(trace).back() == "noop");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(figure(end, "available") == "0");
  CHECK(figure(end, "active_holds") == "2");
  CHECK(end.all_invariants_hold());
}
