#include <doctest/doctest.h>

#include <algorithm>

#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

// The step table of the hold: booking state, available, refund tasks, outcome.
void check_rows(const Trace& trace, const StepTable& expected) {
  check_steps(trace, {"booking_state", "available", "refund_tasks", "outcome"}, expected);
}

std::string refund_task_state(const CommittedState& state) {
  const TableData* tasks = state.table("refund_tasks");
  REQUIRE(tasks);
  REQUIRE(tasks->rows.size() == 1);
  return to_display(tasks->rows[0][3]);
}

}  // namespace

TEST_CASE(
    "atomic seed: expiry releases once, the late payment queues one refund, duplicates change nothing") {
  const Trace trace = run_preset(h2(), Model::atomic, "article");
  check_rows(trace, {{"HOLD_EXPIRED", "1", "0", "released"},
                     {"HOLD_EXPIRED", "1", "1", "refund_queued"},
                     {"HOLD_EXPIRED", "1", "1", "noop"},
                     {"HOLD_EXPIRED", "1", "1", "noop"}});
  std::vector<std::int64_t> times;
  for (const auto& step : trace.steps) times.push_back(step.time);
  CHECK(times == std::vector<std::int64_t>{10, 11, 12, 13});
  CHECK(render(trace.steps[2].summary, Lang::zh) == "过期任务：不再释放");
  CHECK(render(trace.steps[3].summary, Lang::zh) == "支付回调：不再创建退款");
  for (const auto& step : trace.steps) CHECK(step.committed->all_invariants_hold());
  CHECK(refund_task_state(*trace.steps.back().committed) == "PENDING");
}

TEST_CASE("atomic: the late callback's explanation shows the provider's paid_at beside the database clock") {
  const Trace trace = run_preset(h2(), Model::atomic, "article");
  const std::string text = render(trace.steps[1].explanation, Lang::en);
  CHECK(text.find("paid at 9 s") != std::string::npos);
  CHECK(text.find("database clock") != std::string::npos);
  CHECK(text.find("A queued refund is not a completed refund") != std::string::npos);
}

TEST_CASE(
    "refund-done: the worker confirms the charge with the provider, then refunds under the task's key") {
  const Trace trace = run_preset(h2(), Model::atomic, "refund-done");
  REQUIRE(trace.steps.size() == 5);
  const Step& refund = trace.steps[4];
  CHECK(refund.outcome == "refunded");
  CHECK(refund_task_state(*refund.committed) == "SUCCEEDED");
  CHECK(figure(*refund.committed, "refunds_pending") == "0");
  bool asked_for_charge = false;
  bool refunded_with_task_key = false;
  for (const auto& record : refund.sql) {
    if (record.connection != "provider") continue;
    if (record.sql.find("kind = 'charge'") != std::string::npos) asked_for_charge = !refunded_with_task_key;
    if (record.sql.find("INSERT INTO provider_ledger") != std::string::npos)
      refunded_with_task_key = record.params.at(0) == Value(std::string("refund:pay_1"));
  }
  CHECK(asked_for_charge);
  CHECK(refunded_with_task_key);
}

TEST_CASE("refund-fails: the provider refuses, the task is FAILED and no longer counted as pending") {
  const Trace trace = run_preset(h2(), Model::atomic, "refund-fails");
  const Step& refund = trace.steps.back();
  CHECK(refund.outcome == "refund_failed");
  CHECK(refund_task_state(*refund.committed) == "FAILED");
  CHECK(figure(*refund.committed, "refund_tasks") == "1");
  CHECK(figure(*refund.committed, "refunds_pending") == "0");
}

TEST_CASE(
    "paid-in-time confirms the booking and both expiry jobs and the duplicate callback change nothing") {
  const Trace trace = run_preset(h2(), Model::atomic, "paid-in-time");
  CHECK(outcomes(trace) == std::vector<std::string>{"confirmed", "noop", "noop", "already_paid_reconcile"});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(figure(end, "booking_state") == "CONFIRMED");
  CHECK(figure(end, "sold") == "1");
  CHECK(figure(end, "available") == "0");
  CHECK(figure(end, "refund_tasks") == "0");
  CHECK(end.all_invariants_hold());
}

TEST_CASE(
    "paid-at-deadline: now < deadline fails, the callback expires, releases once and queues the refund") {
  const Trace trace = run_preset(h2(), Model::atomic, "paid-at-deadline");
  CHECK(outcomes(trace) == std::vector<std::string>{"refund_queued", "noop", "noop", "noop"});
  const std::string text = render(trace.steps[0].explanation, Lang::en);
  CHECK(text.find("expires the hold") != std::string::npos);
  CHECK(text.find("releases the room once") != std::string::npos);
  CHECK(text.find("queues a refund") != std::string::npos);
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(figure(end, "booking_state") == "HOLD_EXPIRED");
  CHECK(figure(end, "available") == "1");
  CHECK(figure(end, "refund_tasks") == "1");
  CHECK(invariant(end, "released_at_most_once")->holds);
}

TEST_CASE("without the expiry job the callback checks the deadline itself and ends like the seed order") {
  const Scenario scenario = h2();
  const Trace with_job = run_preset(scenario, Model::atomic, "article");
  const Trace without_job = run_order(scenario, Model::atomic, {"payment", "payment_dup"});
  CHECK(outcomes(without_job) == std::vector<std::string>{"refund_queued", "noop"});
  for (const char* name : {"booking_state", "available", "sold", "refund_tasks", "refunds_pending"})
    CHECK(figure(*without_job.steps.back().committed, name) ==
          figure(*with_job.steps.back().committed, name));
}

TEST_CASE("naive seed: confirms the expired hold, releases it twice and sells the room twice") {
  const Trace trace = run_preset(h2(), Model::naive, "article");
  const std::vector<std::vector<std::string>> expected = {
      {"HOLD_EXPIRED", "1", "0", "1 + 0 + 0 = 1"},
      {"CONFIRMED", "1", "1", "1 + 0 + 1 != 1"},
      {"HOLD_EXPIRED", "2", "1", "2 + 0 + 1 != 1"},
      {"CONFIRMED", "2", "2", "2 + 0 + 2 != 1"},
  };
  REQUIRE(trace.steps.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    const CommittedState& state = *trace.steps[i].committed;
    CAPTURE(i);
    CHECK(figure(state, "booking_state") == expected[i][0]);
    CHECK(figure(state, "available") == expected[i][1]);
    CHECK(figure(state, "sold") == expected[i][2]);
    CHECK(render(invariant(state, "capacity_balance")->detail, Lang::en) == expected[i][3]);
    CHECK(invariant(state, "capacity_balance")->holds == (i == 0));
  }
  CHECK_FALSE(invariant(*trace.steps[3].committed, "released_at_most_once")->holds);
  CHECK_FALSE(invariant(*trace.steps[3].committed, "confirmed_before_deadline")->holds);
}

TEST_CASE("a duplicate callback with the same event id is recognised as duplicate") {
  Scenario scenario = h2();
  for (auto& event : scenario.events)
    if (event.id == "payment_dup") event.args["event_id"] = std::string("evt_1");
  const Trace trace = run_order(scenario, Model::atomic, {"expiry", "payment", "payment_dup"});
  CHECK(outcomes(trace) == std::vector<std::string>{"released", "refund_queued", "duplicate"});
}

TEST_CASE("an --at override re-sorts the preset's order by time, and a delayed event shows both times") {
  const Scenario scenario = h2();
  PlanRequest request;
  request.model = Model::atomic;
  request.preset = "article";
  request.at = {{"payment", 9}};
  const Plan plan = make_plan(scenario, request);
  CHECK(plan.order == std::vector<std::string>{"payment", "expiry", "expiry_dup", "payment_dup"});

  request.at.clear();
  request.order = std::vector<std::string>{"refund_worker", "payment"};
  const Trace delayed = run_plan(scenario, make_plan(scenario, request));
  CHECK(delayed.steps[1].time == 14);
  CHECK(delayed.steps[1].scheduled_time == 11);
}

TEST_CASE(
    "atomic: in every order of the five events every invariant holds at every step, and reruns hash the "
    "same") {
  const Scenario scenario = h2();
  std::vector<std::string> events = {"expiry", "expiry_dup", "payment", "payment_dup", "refund_worker"};
  std::sort(events.begin(), events.end());
  int orders = 0;
  do {
    const auto before = [&](const char* first, const char* second) {
      return std::find(events.begin(), events.end(), first) < std::find(events.begin(), events.end(), second);
    };
    if (!before("expiry", "expiry_dup") || !before("payment", "payment_dup")) continue;  // lane order
    ++orders;
    CAPTURE(events);
    const Trace trace = run_order(scenario, Model::atomic, events);
    for (const auto& step : trace.steps) CHECK(step.committed->all_invariants_hold());
    const CommittedState& end = *trace.steps.back().committed;
    CHECK(figure(end, "refund_tasks") == "1");  // the late payment is refunded, exactly once
    CHECK(figure(end, "available") == "1");
    CHECK(run_order(scenario, Model::atomic, events).hash == trace.hash);
  } while (std::next_permutation(events.begin(), events.end()));
  CHECK(orders == 30);
}
