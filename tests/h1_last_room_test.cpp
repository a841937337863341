#include <doctest/doctest.h>

#include <algorithm>

#include "core/sim/errors.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

// The six interleavings of A1<A2 and B1<B2.
std::vector<std::vector<std::string>> interleavings() {
  return {{"A1", "A2", "B1", "B2"}, {"A1", "B1", "A2", "B2"}, {"A1", "B1", "B2", "A2"},
          {"B1", "A1", "A2", "B2"}, {"B1", "A1", "B2", "A2"}, {"B1", "B2", "A1", "A2"}};
}

bool both_reads_before_both_writes(const std::vector<std::string>& order) {
  auto at = [&](const char* id) { return std::find(order.begin(), order.end(), id) - order.begin(); };
  return std::max(at("A1"), at("B1")) < std::min(at("A2"), at("B2"));
}

}  // namespace

TEST_CASE("naive seed order A1,B1,A2,B2 shows the article's four rows and sells the last room twice") {
  const Scenario scenario = h1();
  const Trace trace = run_preset(scenario, Model::naive, "article");
  REQUIRE(trace.steps.size() == 4);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"1", "0"}, {"1", "0"}, {"0", "1"}, {"0", "2"}};
  const std::vector<std::string> summaries = {"Request A reads 1", "Request B reads 1",
                                              "Request A writes 0, accepts",
                                              "Request B writes 0, also accepts"};
  for (std::size_t i = 0; i < 4; ++i) {
    const Step& step = trace.steps[i];
    CAPTURE(i);
    CHECK(figure(*step.committed, "available") == expected[i].first);
    CHECK(figure(*step.committed, "active_holds") == expected[i].second);
    CHECK(render(step.summary, Lang::en) == summaries[i]);
  }
  CHECK(outcomes(trace) == std::vector<std::string>{"read", "read", "accepted", "accepted"});
  CHECK(render(trace.steps[0].summary, Lang::zh) == "请求 A 读取库存 1");
  CHECK(render(trace.steps[3].summary, Lang::zh) == "请求 B 写入 0，也接受预订");
}

TEST_CASE(
    "naive seed order breaks capacity_balance only on the last row, without the CHECK constraint firing") {
  const Trace trace = run_preset(h1(), Model::naive, "article");
  for (std::size_t i = 0; i < 3; ++i) CHECK(invariant(*trace.steps[i].committed, "capacity_balance")->holds);
  const InvariantResult* balance = invariant(*trace.steps[3].committed, "capacity_balance");
  REQUIRE(balance);
  CHECK_FALSE(balance->holds);
  CHECK(render(balance->detail, Lang::en) == "0 + 2 + 0 != 1");
  for (const auto& step : trace.steps)
    for (const auto& record : step.sql) CHECK(record.result == "SQLITE_DONE");
}

TEST_CASE("naive: the four interleavings with both reads first oversell, the two serial ones do not") {
  const Scenario scenario = h1();
  int oversold = 0;
  for (const auto& order : interleavings()) {
    const Trace trace = run_order(scenario, Model::naive, order);
    const CommittedState& end = *trace.steps.back().committed;
    const bool sold_twice = figure(end, "active_holds") == "2";
    CAPTURE(order);
    CHECK(sold_twice == both_reads_before_both_writes(order));
    CHECK(invariant(end, "capacity_balance")->holds == !sold_twice);
    oversold += sold_twice ? 1 : 0;
  }
  CHECK(oversold == 4);
}

TEST_CASE("atomic seed order: B waits at B1, wakes when A commits, is rejected, and B2 is a noop") {
  const Trace trace = run_preset(h1(), Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "waiting", "accepted", "noop"});
  CHECK(trace.steps[1].sql.back().result == "SQLITE_BUSY");
  CHECK(trace.steps[1].committed_is_previous);
  REQUIRE(trace.steps[2].wakes.size() == 1);
  CHECK(trace.steps[2].wakes[0].actor == "B");
  CHECK(trace.steps[2].wakes[0].event == "B1");
  CHECK(trace.steps[2].wakes[0].outcome == "rejected");
  CHECK(render(trace.steps[3].explanation, Lang::en) ==
        "Nothing to do: Request B was already rejected at step 3.");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(figure(end, "available") == "0");
  CHECK(figure(end, "active_holds") == "1");
  CHECK(end.all_invariants_hold());
}

TEST_CASE("atomic: the open transaction's own view shows the decrement the committed state does not") {
  const Trace trace = run_preset(h1(), Model::atomic, "article");
  const Step& first = trace.steps[0];
  CHECK(figure(*first.committed, "available") == "1");
  REQUIRE(first.open_transactions.size() == 1);
  CHECK(first.open_transactions[0].actor == "A");
  REQUIRE(first.open_transactions[0].tables.size() == 1);
  CHECK(first.open_transactions[0].tables[0].name == "room_inventory");
  CHECK(first.open_transactions[0].tables[0].rows[0][3] == Value(std::int64_t{0}));
}

TEST_CASE(
    "atomic: every order the waiting rule allows ends with one hold and available 0 — the others are "
    "refused") {
  const Scenario scenario = h1();
  int allowed = 0;
  for (const auto& order : interleavings()) {
    CAPTURE(order);
    try {
      const Trace trace = run_order(scenario, Model::atomic, order);
      const CommittedState& end = *trace.steps.back().committed;
      CHECK(figure(end, "active_holds") == "1");
      CHECK(figure(end, "available") == "0");
      CHECK(end.all_invariants_hold());
      ++allowed;
    } catch (const UsageError& error) {
      CHECK(std::string(error.what()).find("is waiting at") != std::string::npos);
    }
  }
  CHECK(allowed == 4);
}

TEST_CASE("an order that lists a waiting actor's event names the step and the lock holder") {
  try {
    run_order(h1(), Model::atomic, {"A1", "B1", "B2", "A2"});
    FAIL("the order should have been refused");
  } catch (const UsageError& error) {
    CHECK(std::string(error.what()) ==
          "step 3: B2 cannot run: B is waiting at B1 for the lock held by A (A1)");
  }
}

TEST_CASE("an actor's events run in lane order") {
  try {
    run_order(h1(), Model::naive, {"A2", "A1"});
    FAIL("the order should have been refused");
  } catch (const UsageError& error) {
    CHECK(std::string(error.what()) == "step 1: A2 cannot run before A1 (A runs A1, A2 in this order)");
  }
}

TEST_CASE(
    "the atomic explanation is honest about single-row safety, H3 and SQLite versus PostgreSQL locking") {
  const Trace trace = run_preset(h1(), Model::atomic, "article");
  const std::string text = render(trace.steps[0].explanation, Lang::en);
  CHECK(text.find("does not make arbitrary cross-row checks safe") != std::string::npos);
  CHECK(text.find("H3") != std::string::npos);
  CHECK(text.find("SQLite locks the whole database") != std::string::npos);
  CHECK(text.find("PostgreSQL") != std::string::npos);
  CHECK(text.find("re-check the WHERE clause") != std::string::npos);
}

TEST_CASE("a scenario value that looks like SQL is stored as text and breaks nothing") {
  Scenario scenario = h1();
  const std::string hostile = "'); DROP TABLE holds; --";
  for (auto& event : scenario.events)
    if (event.actor == "A") event.args["request_key"] = hostile;
  const Trace trace = run_preset(scenario, Model::atomic, "article");
  const TableData* holds = trace.steps.back().committed->table("holds");
  REQUIRE(holds);
  REQUIRE(holds->rows.size() == 1);
  CHECK(holds->rows[0][1] == Value(hostile));
}

TEST_CASE(
    "toggling to atomic replays the naive-only order as far as it goes and says where and why it stopped") {
  const Scenario scenario = h1();
  PlanRequest request;
  request.model = Model::atomic;
  request.order = std::vector<std::string>{"A1", "B1", "B2", "A2"};
  const PartialReplay replay = replay_as_far_as_possible(scenario, make_plan(scenario, request));
  CHECK(replay.trace.steps.size() == 2);
  CHECK(replay.stopped == "step 3: B2 cannot run: B is waiting at B1 for the lock held by A (A1)");
  request.model = Model::naive;
  CHECK(replay_as_far_as_possible(scenario, make_plan(scenario, request)).stopped.empty());
}
