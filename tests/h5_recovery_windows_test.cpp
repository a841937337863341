// H5: the recovery windows of the hotel article, one scenario per row, both models; crash and
// restart in the simulator; and the same end state whatever order the late and duplicate events
// arrive in (atomic).
// [SECTION] index: helpers · crash and restart · H5-1 · H5-2 · H5-3 · H5-4 · H5-5 · every order ·
// texts
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

// [SECTION] helpers

Scenario h5(int row) {
  static const char* const files[] = {"h5_1_late_payment.toml", "h5_2_charge_timeout.toml",
                                      "h5_3_outbox.toml",       "h5_4_refund_crash.toml",
                                      "h5_5_out_of_order.toml", "h5_6_retention.toml"};
  return bundled(files[row - 1]);
}

// A table's rows as text ("NULL" for null), so expectations read like the table on screen.
// One figure at every step, in step order.
std::vector<std::string> figure_per_step(const Trace& trace, const std::string& name) {
  std::vector<std::string> values;
  for (const auto& step : trace.steps) values.push_back(figure(*step.committed, name));
  return values;
}

std::vector<bool> invariant_per_step(const Trace& trace, const std::string& name) {
  std::vector<bool> values;
  for (const auto& step : trace.steps) {
    const InvariantResult* result = invariant(*step.committed, name);
    REQUIRE(result);
    values.push_back(result->holds);
  }
  return values;
}

bool every_invariant_holds(const Trace& trace) {
  return std::all_of(trace.steps.begin(), trace.steps.end(),
                     [](const Step& step) { return step.committed->all_invariants_hold(); });
}

// The statements a step sent to the simulated provider.
std::vector<std::string> provider_statements(const Step& step) {
  std::vector<std::string> statements;
  for (const auto& record : step.sql)
    if (record.connection == "provider") statements.push_back(record.sql.substr(0, record.sql.find(' ')));
  return statements;
}

// The end state a recovery has to reach whatever the order of arrival: every table and every figure,
// less the columns that only say when something happened or which delivery did it (times, row ids
// that follow arrival, a callback's per-event outcome). Whether an outbox row was sent still counts.
using EndState = std::pair<std::map<std::string, TableRows>, std::vector<Figure>>;

EndState end_state(const CommittedState& state, const std::set<std::string>& logs_left_out = {}) {
  static const std::map<std::string, std::set<std::string>> arrival_columns = {
      {"inventory_log", {"id", "at"}},
      {"callbacks", {"received_at", "outcome"}},
      {"outbox", {"id", "created_at"}},
      {"refund_tasks", {"created_at"}},
      {"messages_received", {"id", "received_at"}}};
  EndState end;
  for (const auto& table : state.tables) {
    if (logs_left_out.count(table.name)) continue;
    const auto skip = arrival_columns.find(table.name);
    TableRows rows;
    for (const auto& row : table.rows) {
      std::vector<std::string> cells;
      for (std::size_t i = 0; i < row.size(); ++i) {
        const std::string& column = table.columns[i];
        if (skip != arrival_columns.end() && skip->second.count(column)) continue;
        if (column == "sent_at") {
          cells.push_back(is_null(row[i]) ? "unsent" : "sent");
        } else {
          cells.push_back(to_display(row[i]));
        }
      }
      rows.push_back(std::move(cells));
    }
    std::sort(rows.begin(), rows.end());
    end.first[table.name] = std::move(rows);
  }
  // How long a refund has waited depends on when it was queued, as the columns above do.
  for (const auto& figure : state.figures)
    if (figure.name != "oldest_pending_refund_s") end.second.push_back(figure);
  return end;
}

// Every order of `moving` between `head` and `tail` that keeps each actor's lane order.
std::vector<std::vector<std::string>> lane_orders(const Scenario& scenario,
                                                  const std::vector<std::string>& head,
                                                  std::vector<std::string> moving,
                                                  const std::vector<std::string>& tail) {
  PlanRequest request;
  request.order = std::vector<std::string>{};
  const Simulator lanes(scenario, make_plan(scenario, request));
  std::map<std::string, std::vector<std::string>> lane_of;
  for (const auto& actor : scenario.actors) lane_of[actor.id] = lanes.lane(actor.id);
  const auto keeps_lanes = [&](const std::vector<std::string>& order) {
    std::map<std::string, std::size_t> next;
    for (const auto& id : order) {
      const std::string& actor = scenario.find_event(id)->actor;
      if (lane_of[actor].at(next[actor]++) != id) return false;
    }
    return true;
  };
  std::vector<std::vector<std::string>> orders;
  std::sort(moving.begin(), moving.end());
  do {
    std::vector<std::string> order = head;
    order.insert(order.end(), moving.begin(), moving.end());
    order.insert(order.end(), tail.begin(), tail.end());
    if (keeps_lanes(order)) orders.push_back(std::move(order));
  } while (std::next_permutation(moving.begin(), moving.end()));
  return orders;
}

// Runs every allowed order in the atomic model; all of them must end where the first one does.
// Returns how many orders ran.
int check_same_end_in_every_order(const Scenario& scenario,
                                  const std::vector<std::vector<std::string>>& orders,
                                  const std::set<std::string>& logs_left_out = {}) {
  std::optional<EndState> first;
  int ran = 0;
  for (const auto& order : orders) {
    CAPTURE(order);
    PlanRequest request;
    request.model = Model::atomic;
    request.order = order;
    const PartialReplay replay = replay_as_far_as_possible(scenario, make_plan(scenario, request));
    if (!replay.stopped.empty()) continue;  // the waiting rule forbids this order
    ++ran;
    CHECK(every_invariant_holds(replay.trace));
    const EndState end = end_state(*replay.trace.steps.back().committed, logs_left_out);
    if (!first) first = end;
    CHECK(end.first == first->first);
    CHECK(end.second == first->second);
  }
  return ran;
}

// A tiny case for the simulator's crash and restart: A opens a transaction, B waits for it.
const char* const kCrashCase = R"(
id = "crash"
schema = "hotel"
figures = ["available"]
title = { en = "Crash", zh = "崩溃" }
[params]
room_night = "N1"
[[initial.room_inventory]]
room_night_id = "N1"
night = "2026-12-01"
capacity = 1
available = 1
[[actors]]
id = "A"
name = { en = "A", zh = "A" }
[[actors]]
id = "B"
name = { en = "B", zh = "B" }
[[events]]
id = "A1"
actor = "A"
action = "reserve_check"
time = 0
args = { request_key = "a" }
[[events]]
id = "A_crash"
actor = "A"
action = "crash"
time = 1
[[events]]
id = "A2"
actor = "A"
action = "reserve_record"
time = 2
args = { request_key = "a" }
[[events]]
id = "A_restart"
actor = "A"
action = "restart"
time = 3
[[events]]
id = "B1"
actor = "B"
action = "reserve_check"
time = 0
args = { request_key = "b" }
)";

}  // namespace

// [SECTION] crash and restart
TEST_CASE("a crash rolls back the actor's open transaction, and the actor waiting for its lock wakes") {
  const Scenario scenario = parse_scenario(kCrashCase, "crash.toml");
  const Trace trace = run_order(scenario, Model::atomic, {"A1", "B1", "A_crash"});
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "waiting", "crashed"});
  const Step& crash = trace.steps[2];
  bool rolled_back = false;
  for (const auto& record : crash.sql)
    rolled_back = rolled_back || (record.connection == "A" && record.sql == "ROLLBACK");
  CHECK(rolled_back);
  REQUIRE(crash.wakes.size() == 1);
  CHECK(crash.wakes[0].actor == "B");
  CHECK(crash.wakes[0].outcome == "decremented");
  CHECK(render(crash.explanation, Lang::en).find("rolled back by the database") != std::string::npos);
}

TEST_CASE("a crashed actor runs nothing until its restart event") {
  const Scenario scenario = parse_scenario(kCrashCase, "crash.toml");
  PlanRequest request;
  request.model = Model::atomic;
  request.order = std::vector<std::string>{"A1", "A_crash", "A2"};
  const PartialReplay replay = replay_as_far_as_possible(scenario, make_plan(scenario, request));
  CHECK(replay.stopped == "step 3: A2 cannot run: A crashed at step 2 and is down until it restarts");
  CHECK(figure(*replay.trace.steps.back().committed, "available") == "1");
}

TEST_CASE("a crash drops what the actor held in memory, so the restarted actor cannot finish its request") {
  const Scenario scenario = parse_scenario(kCrashCase, "crash.toml");
  PlanRequest request;
  request.model = Model::atomic;
  request.order = std::vector<std::string>{"A1", "A_crash", "A_restart", "A2"};
  request.at = {{"A_restart", 1}};  // restart before A2 in A's lane
  const Trace trace = run_plan(scenario, make_plan(scenario, request));
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "crashed", "restarted", "noop"});
  CHECK(render(trace.steps[1].explanation, Lang::en).find("decremented = 1") != std::string::npos);
  CHECK(figure(*trace.steps.back().committed, "available") == "1");
}

// [SECTION] H5-1: the expiry worker never ran, the payment is late
TEST_CASE("H5-1 atomic: the late callback expires the hold itself, releases once and queues one refund") {
  const Trace trace = run_preset(h5(1), Model::atomic, "article");
  CHECK(outcomes(trace) ==
        std::vector<std::string>{"crashed", "refund_queued", "noop", "restarted", "noop", "refunded"});
  CHECK(figure_per_step(trace, "booking_state") == std::vector<std::string>{"RESERVED", "HOLD_EXPIRED",
                                                                            "HOLD_EXPIRED", "HOLD_EXPIRED",
                                                                            "HOLD_EXPIRED", "HOLD_EXPIRED"});
  CHECK(figure_per_step(trace, "available") == std::vector<std::string>{"0", "1", "1", "1", "1", "1"});
  CHECK(figure_per_step(trace, "sold") == std::vector<std::string>{"0", "0", "0", "0", "0", "0"});
  CHECK(figure_per_step(trace, "refund_tasks") == std::vector<std::string>{"0", "1", "1", "1", "1", "1"});
  CHECK(figure_per_step(trace, "refunds_pending") == std::vector<std::string>{"0", "1", "1", "1", "1", "0"});
  CHECK(every_invariant_holds(trace));
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "inventory_log") == TableRows{{"1", "N1", "1", "-1", "available", "reserve", "0"},
                                                   {"2", "N1", "1", "1", "available", "release", "11"}});
  CHECK(rows_of(end, "refund_tasks") == TableRows{{"1", "1", "refund:pay_1", "SUCCEEDED", "11"}});
  CHECK(rows_of(end, "provider_ledger") ==
        TableRows{{"charge:pay_1", "pay_1", "charge", "480", "SUCCEEDED"},
                  {"refund:pay_1", "pay_1", "refund", "480", "SUCCEEDED"}});
}

TEST_CASE("H5-1 naive: with the expiry worker down, the callback confirms the expired hold") {
  const Trace trace = run_preset(h5(1), Model::naive, "article");
  CHECK(outcomes(trace) ==
        std::vector<std::string>{"crashed", "confirmed", "confirmed", "restarted", "released", "noop"});
  CHECK(figure_per_step(trace, "booking_state") == std::vector<std::string>{"RESERVED", "CONFIRMED",
                                                                            "CONFIRMED", "CONFIRMED",
                                                                            "HOLD_EXPIRED", "HOLD_EXPIRED"});
  CHECK(figure_per_step(trace, "available") == std::vector<std::string>{"0", "0", "0", "0", "1", "1"});
  CHECK(figure_per_step(trace, "sold") == std::vector<std::string>{"0", "1", "2", "2", "2", "2"});
  CHECK(invariant_per_step(trace, "confirmed_before_deadline") ==
        std::vector<bool>{true, false, false, false, false, false});
  CHECK(render(invariant(*trace.steps[1].committed, "confirmed_before_deadline")->detail, Lang::en) ==
        "confirmed at or after the deadline: #1 at 11 s ≥ 10 s");
  CHECK(figure(*trace.steps.back().committed, "refund_tasks") == "0");  // the money is never given back
}

// [SECTION] H5-2: the charge times out, the result is unknown
TEST_CASE("H5-2 atomic: after the timeout the retry asks under the same key, and the customer pays once") {
  const Trace trace = run_preset(h5(2), Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"charge_unknown", "charged"});
  CHECK(rows_of(*trace.steps[0].committed, "payments") ==
        TableRows{{"1", "1", "pay_1", "480", "CNY", "UNKNOWN"}});
  CHECK(rows_of(*trace.steps[0].committed, "provider_ledger") ==
        TableRows{{"charge:pay_1", "pay_1", "charge", "480", "SUCCEEDED"}});
  CHECK(provider_statements(trace.steps[1]) ==
        std::vector<std::string>{"SELECT", "SELECT"});  // a query, no charge
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "payments") == TableRows{{"1", "1", "pay_1", "480", "CNY", "SUCCEEDED"}});
  CHECK(rows_of(end, "provider_ledger") ==
        TableRows{{"charge:pay_1", "pay_1", "charge", "480", "SUCCEEDED"}});
  CHECK(figure_per_step(trace, "booking_state") == std::vector<std::string>{"RESERVED", "CONFIRMED"});
  CHECK(figure_per_step(trace, "sold") == std::vector<std::string>{"0", "1"});
  CHECK(every_invariant_holds(trace));
}

TEST_CASE("H5-2 naive: the retry charges under a new key, and the customer is charged twice") {
  const Trace trace = run_preset(h5(2), Model::naive, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"charge_unknown", "charged"});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "provider_ledger") ==
        TableRows{{"charge:pay_1:1", "pay_1", "charge", "480", "SUCCEEDED"},
                  {"charge:pay_1:5", "pay_1", "charge", "480", "SUCCEEDED"}});
  CHECK(invariant_per_step(trace, "one_charge_per_payment") == std::vector<bool>{true, false});
  CHECK(render(invariant(end, "one_charge_per_payment")->detail, Lang::en) ==
        "charged more than once: pay_1 x2");
  CHECK(render(trace.steps[1].summary, Lang::en) == "Checkout service charges again: 2 charges for pay_1");
}

TEST_CASE(
    "H5-2: when the first request never reached the provider, the retry under the same key charges once") {
  const Trace atomic = run_preset(h5(2), Model::atomic, "timeout-before-charge");
  CHECK(outcomes(atomic) == std::vector<std::string>{"charge_unknown", "charged"});
  CHECK(rows_of(*atomic.steps[0].committed, "provider_ledger").empty());
  CHECK(rows_of(*atomic.steps.back().committed, "provider_ledger") ==
        TableRows{{"charge:pay_1", "pay_1", "charge", "480", "SUCCEEDED"}});
  // The naive code gets away with it this time: its bug only shows when the first charge went through.
  const Trace naive = run_preset(h5(2), Model::naive, "timeout-before-charge");
  CHECK(invariant(*naive.steps.back().committed, "one_charge_per_payment")->holds);
}

TEST_CASE("H5-2 atomic: the provider's late callback finds the booking paid and only reconciles") {
  const Trace trace = run_preset(h5(2), Model::atomic, "late-callback");
  CHECK(outcomes(trace) == std::vector<std::string>{"charge_unknown", "charged", "already_paid_reconcile"});
  CHECK(figure(*trace.steps.back().committed, "sold") == "1");
  CHECK(every_invariant_holds(trace));
}

// [SECTION] H5-3: committed, then the crash before the message is sent
TEST_CASE(
    "H5-3 atomic: the outbox row survives the crash, the relay redelivers and the consumer applies once") {
  const Trace trace = run_preset(h5(3), Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"confirmed", "crashed", "restarted", "noop", "sent",
                                                    "crashed", "restarted", "sent", "sent"});
  const std::string effect = "booking.confirmed {\"hold_id\":1}";
  CHECK(rows_of(*trace.steps[0].committed, "outbox") ==
        TableRows{{"1", "booking.confirmed", "{\"hold_id\":1}", "1", "NULL"}});
  CHECK(rows_of(*trace.steps[4].committed, "messages_received") ==
        TableRows{{"1", effect, "booking.confirmed", "{\"hold_id\":1}", "5", "1"}});
  CHECK(rows_of(*trace.steps[7].committed, "outbox")[0][4] == "NULL");  // redelivered, still not marked
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "messages_received") ==
        TableRows{{"1", effect, "booking.confirmed", "{\"hold_id\":1}", "5", "2"}});
  CHECK(rows_of(end, "outbox") == TableRows{{"1", "booking.confirmed", "{\"hold_id\":1}", "1", "9"}});
  CHECK(render(trace.steps[7].explanation, Lang::en).find("dedups by business effect") != std::string::npos);
  CHECK(every_invariant_holds(trace));
}

TEST_CASE("H5-3 naive: the message lived only in memory, and the crash loses it") {
  const Trace trace = run_preset(h5(3), Model::naive, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"confirmed", "crashed", "restarted", "lost", "noop",
                                                    "crashed", "restarted", "noop", "noop"});
  CHECK(render(trace.steps[1].explanation, Lang::en).find("message_to_send = {\"hold_id\":1}") !=
        std::string::npos);
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(figure(end, "booking_state") == "CONFIRMED");
  CHECK(rows_of(end, "outbox").empty());
  CHECK(rows_of(end, "messages_received").empty());
}

TEST_CASE("H5-3 without a crash both models deliver the confirmation once") {
  const Trace naive = run_preset(h5(3), Model::naive, "no-crash");
  CHECK(outcomes(naive) == std::vector<std::string>{"confirmed", "sent", "noop", "noop"});
  const Trace atomic = run_preset(h5(3), Model::atomic, "no-crash");
  CHECK(outcomes(atomic) == std::vector<std::string>{"confirmed", "noop", "sent", "sent"});
  for (const Trace* trace : {&naive, &atomic}) {
    const TableRows received = rows_of(*trace->steps.back().committed, "messages_received");
    REQUIRE(received.size() == 1);
    CHECK(received[0][5] == "1");
  }
}

// [SECTION] H5-4: refunded, then the crash before it is recorded
TEST_CASE("H5-4 atomic: the rerun reuses the task's key, the provider says already refunded, one refund") {
  const Trace trace = run_preset(h5(4), Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"refund_unrecorded", "crashed", "restarted", "refunded"});
  CHECK(figure_per_step(trace, "refunds_pending") == std::vector<std::string>{"1", "1", "1", "0"});
  CHECK(rows_of(*trace.steps[0].committed, "refund_tasks") ==
        TableRows{{"1", "1", "refund:pay_1", "PENDING", "15"}});
  CHECK(rows_of(*trace.steps[0].committed, "provider_ledger") ==
        TableRows{{"charge:pay_1", "pay_1", "charge", "480", "SUCCEEDED"},
                  {"refund:pay_1", "pay_1", "refund", "480", "SUCCEEDED"}});
  const Step& rerun = trace.steps[3];
  const auto statements = provider_statements(rerun);
  CHECK(std::count(statements.begin(), statements.end(), "INSERT") == 0);
  CHECK(render(rerun.explanation, Lang::en).find("The provider already knows operation refund:pay_1") !=
        std::string::npos);
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "refund_tasks") == TableRows{{"1", "1", "refund:pay_1", "SUCCEEDED", "15"}});
  CHECK(rows_of(end, "provider_ledger") == rows_of(*trace.steps[0].committed, "provider_ledger"));
  CHECK(every_invariant_holds(trace));
}

TEST_CASE("H5-4 naive: a fresh key on every run, and the customer is refunded twice") {
  const Trace trace = run_preset(h5(4), Model::naive, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"refund_unrecorded", "crashed", "restarted", "refunded"});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "provider_ledger") ==
        TableRows{{"charge:pay_1", "pay_1", "charge", "480", "SUCCEEDED"},
                  {"refund:pay_1:20", "pay_1", "refund", "480", "SUCCEEDED"},
                  {"refund:pay_1:23", "pay_1", "refund", "480", "SUCCEEDED"}});
  CHECK(invariant_per_step(trace, "one_refund_per_payment") == std::vector<bool>{true, true, true, false});
  CHECK(render(invariant(end, "one_refund_per_payment")->detail, Lang::en) ==
        "refund tasks per payment: -; refunds done per payment: pay_1 x2");
}

TEST_CASE("H5-4 atomic: a second worker instance taking the task while the first is down also refunds once") {
  const Trace trace = run_preset(h5(4), Model::atomic, "second-instance");
  CHECK(outcomes(trace) ==
        std::vector<std::string>{"refund_unrecorded", "crashed", "refunded", "restarted", "noop"});
  CHECK(every_invariant_holds(trace));
}

// [SECTION] H5-5: duplicate and out-of-order callbacks
TEST_CASE("H5-5 atomic: dedup by event id, the payment id and the state — the old failure changes nothing") {
  const Trace trace = run_preset(h5(5), Model::atomic, "article");
  CHECK(outcomes(trace) ==
        std::vector<std::string>{"confirmed", "duplicate", "already_paid_reconcile", "noop"});
  CHECK(figure_per_step(trace, "booking_state") ==
        std::vector<std::string>{"CONFIRMED", "CONFIRMED", "CONFIRMED", "CONFIRMED"});
  CHECK(figure_per_step(trace, "sold") == std::vector<std::string>{"1", "1", "1", "1"});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "callbacks") ==
        TableRows{{"evt_fail", "1", "pay_1", "failure", "9", "noop"},
                  {"evt_ok", "1", "pay_1", "success", "6", "confirmed"},
                  {"evt_ok_2", "1", "pay_1", "success", "8", "already_paid_reconcile"}});
  CHECK(rows_of(end, "payments") == TableRows{{"1", "1", "pay_1", "480", "CNY", "SUCCEEDED"}});
  CHECK(render(trace.steps[3].summary, Lang::en) == "Callback handler C: failure ignored, CONFIRMED stays");
  CHECK(every_invariant_holds(trace));
}

TEST_CASE("H5-5 naive: the last event to arrive wins, and the old failure overwrites the paid booking") {
  const Trace trace = run_preset(h5(5), Model::naive, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"confirmed", "confirmed", "confirmed", "released"});
  CHECK(figure_per_step(trace, "booking_state") ==
        std::vector<std::string>{"CONFIRMED", "CONFIRMED", "CONFIRMED", "PAYMENT_FAILED"});
  CHECK(figure_per_step(trace, "available") == std::vector<std::string>{"0", "0", "0", "1"});
  CHECK(figure_per_step(trace, "sold") == std::vector<std::string>{"1", "2", "3", "3"});
  CHECK(invariant_per_step(trace, "sold_matches_bookings") == std::vector<bool>{true, false, false, false});
  CHECK(render(invariant(*trace.steps.back().committed, "capacity_balance")->detail, Lang::en) ==
        "1 + 0 + 3 != 1");
}

TEST_CASE("H5-5 naive: whichever event arrives last decides the booking's state") {
  const Scenario scenario = h5(5);
  const auto orders =
      lane_orders(scenario, {}, {"success", "success_again", "success_new_id", "old_failure"}, {});
  for (const auto& order : orders) {
    CAPTURE(order);
    const Trace trace = run_order(scenario, Model::naive, order);
    CHECK(figure(*trace.steps.back().committed, "booking_state") ==
          (order.back() == "old_failure" ? "PAYMENT_FAILED" : "CONFIRMED"));
  }
}

// [SECTION] every order of the late and duplicate events (atomic)
TEST_CASE("H5-1 reaches the same end state whatever order the late and duplicate events arrive in") {
  const Scenario scenario = h5(1);
  const auto orders =
      lane_orders(scenario, {"expiry_down"}, {"payment", "payment_dup", "expiry_up", "expiry"}, {"refund"});
  // The outbox is left out: H2's callback writes refund.queued but no hold.expired when it expires the
  // hold itself, while the expiry job writes hold.expired, so the messages differ by who expired it.
  CHECK(check_same_end_in_every_order(scenario, orders, {"outbox"}) == 6);
}

TEST_CASE("H5-2 reaches the same end state whatever order the retry and the late callback arrive in") {
  const Scenario scenario = h5(2);
  const auto orders = lane_orders(scenario, {"charge"}, {"charge_retry", "callback"}, {});
  CHECK(check_same_end_in_every_order(scenario, orders) == 2);
}

TEST_CASE("H5-3 reaches the same end state whatever order the restarts, sends and redeliveries come in") {
  const Scenario scenario = h5(3);
  const auto orders = lane_orders(scenario, {"confirm", "service_crash"},
                                  {"service_restart", "notify", "relay_send", "relay_crash", "relay_restart",
                                   "relay_resend", "relay_ack"},
                                  {});
  CHECK(check_same_end_in_every_order(scenario, orders) == 21);
}

TEST_CASE(
    "H5-4 reaches the same end state whatever order the crash, the rerun and the second worker come in") {
  const Scenario scenario = h5(4);
  const auto orders =
      lane_orders(scenario, {"refund"}, {"worker_crash", "worker_restart", "rerun", "second_worker"}, {});
  CHECK(check_same_end_in_every_order(scenario, orders) == 4);
}

TEST_CASE(
    "H5-5 reaches the same end state whatever order the duplicate and out-of-order callbacks arrive in") {
  const Scenario scenario = h5(5);
  const auto orders =
      lane_orders(scenario, {}, {"success", "success_again", "success_new_id", "old_failure"}, {});
  CHECK(check_same_end_in_every_order(scenario, orders) == 12);
}

// [SECTION] texts
TEST_CASE("every H5 step renders in both languages with its placeholders filled") {
  const std::regex placeholder(
      R"(\{[a-z_]+\})");  // payloads such as {"hold_id":1} are data, not placeholders
  for (int row = 1; row <= 5; ++row) {
    const Scenario scenario = h5(row);
    for (const auto& preset : scenario.presets) {
      for (Model model : {Model::naive, Model::atomic}) {
        const Trace trace = run_preset(scenario, model, preset.name);
        for (const auto& step : trace.steps) {
          for (Lang lang : {Lang::en, Lang::zh}) {
            CAPTURE(row);
            CAPTURE(preset.name);
            CAPTURE(step.index);
            const std::string text = render(step.summary, lang) + " " + render(step.explanation, lang);
            CHECK_FALSE(std::regex_search(text, placeholder));
            CHECK(text.find("recovery.") == std::string::npos);
            CHECK(text.find("provider.answer") == std::string::npos);
          }
        }
      }
    }
  }
}

// [SECTION] H5-6: the dedup record and the idempotency key have expired
TEST_CASE("H5-6 naive: after the dedup record is pruned, the late duplicate sells hold #1 a second time") {
  const Trace trace = run_preset(h5(6), Model::naive, "dedup-pruned");
  CHECK(outcomes(trace) == std::vector<std::string>{"confirmed", "pruned", "confirmed"});
  CHECK(rows_of(*trace.steps[1].committed, "callbacks").empty());
  CHECK(figure_per_step(trace, "sold") == std::vector<std::string>{"1", "1", "2"});
  CHECK(invariant_per_step(trace, "sold_matches_bookings") == std::vector<bool>{true, true, false});
}

TEST_CASE("H5-6 atomic: the pruned event id looks new, but the CONFIRMED booking and its payment catch it") {
  const Trace trace = run_preset(h5(6), Model::atomic, "dedup-pruned");
  CHECK(outcomes(trace) == std::vector<std::string>{"confirmed", "pruned", "already_paid_reconcile"});
  CHECK(figure_per_step(trace, "sold") == std::vector<std::string>{"1", "1", "1"});
  CHECK(every_invariant_holds(trace));
}

TEST_CASE("H5-6 naive: a refund retried under an expired key is a second refund, which the ledger shows") {
  const Trace trace = run_preset(h5(6), Model::naive, "key-expired");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "provider_ledger") ==
        TableRows{{"charge:pay_1", "pay_1", "charge", "480", "SUCCEEDED"},
                  {"charge:pay_2", "pay_2", "charge", "480", "SUCCEEDED"},
                  {"refund:pay_2", "pay_2", "refund", "480", "SUCCEEDED"},
                  {"refund:pay_2@110", "pay_2", "refund", "480", "SUCCEEDED"}});
  CHECK_FALSE(invariant(end, "one_refund_per_payment")->holds);
  CHECK(render(trace.steps[0].explanation, Lang::en).find("2 successful refund(s) of pay_2") !=
        std::string::npos);
}

TEST_CASE(
    "H5-6 atomic: the worker asks by payment id first and records the refund it finds, calling nothing") {
  const Trace trace = run_preset(h5(6), Model::atomic, "key-expired");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "refund_tasks") == TableRows{{"1", "1", "refund:pay_2", "SUCCEEDED", "6"}});
  CHECK(rows_of(end, "provider_ledger").size() == 3);
  CHECK(provider_statements(trace.steps[0]) == std::vector<std::string>{"SELECT"});
  CHECK(every_invariant_holds(trace));
}
