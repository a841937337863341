// T2: seat hand-over after expiry, late and repeated payment callbacks (seed 003).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

Scenario t2() {
  return bundled("t2_seat_handover.toml");
}

// The step table of the one seat (capacity 1): its figures and the outcome.
void check_lines(const Trace& trace, const StepTable& expected) {
  check_steps(trace, {"available", "sold", "active_holds", "paid_orders", "outcome"}, expected,
              {{"capacity", "1"}});
}

// The statements one connection ran in a step, in order, each cut to its first words.
std::vector<std::string> statements(const Step& step, const std::string& connection) {
  std::vector<std::string> result;
  for (const auto& record : step.sql)
    if (record.connection == connection) result.push_back(record.sql.substr(0, record.sql.find(" WHERE")));
  return result;
}

bool provider_refunded(const CommittedState& state) {
  const TableRows ledger = rows_of(state, "provider_ledger");
  return std::any_of(ledger.begin(), ledger.end(), [](const auto& row) { return row[2] == "refund"; });
}

}  // namespace

TEST_CASE(
    "t2 atomic seed: o1 expires, A1 goes to o2, o1's late success is refund_pending, o2's sells the seat") {
  const Trace trace = run_preset(t2(), Model::atomic, "article");
  check_lines(trace, {{"0", "0", "1", "0", "accepted"},
                      {"0", "0", "1", "0", "charge_unknown"},
                      {"0", "0", "1", "0", "accepted"},
                      {"0", "0", "1", "0", "charged"},
                      {"0", "0", "1", "0", "refund_pending"},
                      {"0", "1", "0", "1", "confirmed"},
                      {"0", "1", "0", "1", "duplicate"},
                      {"0", "1", "0", "1", "already_paid_reconcile"}});
  std::vector<std::int64_t> times;
  for (const auto& step : trace.steps) times.push_back(step.time);
  CHECK(times == std::vector<std::int64_t>{100, 101, 110, 110, 111, 111, 112, 113});
  for (const auto& step : trace.steps) CHECK(step.committed->all_invariants_hold());
}

TEST_CASE(
    "t2 atomic seed ends with exactly one sold seat and one paid order, o1 refund_pending, not refunded") {
  const Trace trace = run_preset(t2(), Model::atomic, "article");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "seats") == TableRows{{"A1", "sold", "2", "120"}});
  CHECK(rows_of(end, "orders") == TableRows{{"1", "buy-1", "A1", "refund_pending", "110", "NULL"},
                                            {"2", "buy-2", "A1", "paid", "120", "111"}});
  CHECK(rows_of(end, "reconciliations") ==
        TableRows{{"1", "1", "pay_1", "evt_1", "paid_after_expiry", "PENDING"},
                  {"2", "2", "pay_2", "evt_3", "already_paid", "PENDING"}});
  CHECK(rows_of(end, "callbacks") ==
        TableRows{{"evt_1", "1", "pay_1", "success", "111", "refund_pending"},
                  {"evt_2", "2", "pay_2", "success", "111", "confirmed"},
                  {"evt_3", "2", "pay_2", "success", "113", "already_paid_reconcile"}});
  CHECK_FALSE(provider_refunded(end));
}

TEST_CASE("t2 a payment timeout records the result as unknown while the provider did take the money") {
  const Trace trace = run_preset(t2(), Model::atomic, "article");
  const Step& pay = trace.steps[1];
  CHECK(rows_of(*pay.committed, "payments") == TableRows{{"1", "1", "pay_1", "300", "UNKNOWN"}});
  CHECK(rows_of(*pay.committed, "provider_ledger") ==
        TableRows{{"charge:pay_1", "pay_1", "charge", "300", "SUCCEEDED"}});
  CHECK(render(pay.explanation, Lang::en).find("not that the payment failed") != std::string::npos);
}

TEST_CASE("t2 the hand-over marks o1 expired and points A1 at o2 in one transaction") {
  const Trace trace = run_preset(t2(), Model::atomic, "article");
  const Step& handover = trace.steps[2];
  CHECK(
      statements(handover, "buyer2") ==
      std::vector<std::string>{
          "BEGIN IMMEDIATE", "SELECT state, order_id, expires_at FROM seats",
          "UPDATE orders SET state = 'expired'",
          "INSERT INTO orders(request_key, seat_id, state, expires_at) VALUES (?, ?, 'held', ?) RETURNING id",
          "UPDATE seats SET state = 'held', order_id = ?, expires_at = ?", "COMMIT"});
  CHECK(rows_of(*handover.committed, "orders") == TableRows{{"1", "buy-1", "A1", "expired", "110", "NULL"},
                                                            {"2", "buy-2", "A1", "held", "120", "NULL"}});
  CHECK(rows_of(*handover.committed, "seats") == TableRows{{"A1", "held", "2", "120"}});
  CHECK(render(handover.explanation, Lang::en).find("now < expires_at fails") != std::string::npos);
}

TEST_CASE("t2 o2's success sells the seat and pays the order in one transaction") {
  const Trace trace = run_preset(t2(), Model::atomic, "article");
  const Step& sale = trace.steps[5];
  const auto ran = statements(sale, "callbacks");
  REQUIRE(ran.size() >= 2);
  CHECK(ran.front() == "BEGIN IMMEDIATE");
  CHECK(ran.back() == "COMMIT");
  CHECK(std::count(ran.begin(), ran.end(), "UPDATE seats SET state = 'sold'") == 1);
  CHECK(std::count(ran.begin(), ran.end(), "UPDATE orders SET state = 'paid', paid_at = ?") == 1);
  CHECK(render(sale.summary, Lang::en) == "Payment callbacks: o2 paid, A1 sold");
}

TEST_CASE("t2 the same callback event id again is duplicate and changes no committed table") {
  const Trace trace = run_preset(t2(), Model::atomic, "article");
  const Step& duplicate = trace.steps[6];
  CHECK(duplicate.outcome == "duplicate");
  CHECK(std::all_of(duplicate.diff.begin(), duplicate.diff.end(),
                    [](const TableDiff& d) { return d.empty(); }));
  CHECK(render(duplicate.summary, Lang::zh) == "支付回调：重复事件 evt_2");
}

TEST_CASE("t2 a new event id for the paid order is already_paid_reconcile and refunds nothing") {
  const Trace trace = run_preset(t2(), Model::atomic, "article");
  const Step& again = trace.steps[7];
  CHECK(again.outcome == "already_paid_reconcile");
  CHECK(rows_of(*again.committed, "orders")[1][3] == "paid");
  CHECK_FALSE(provider_refunded(*again.committed));
  CHECK(render(again.explanation, Lang::en).find("same payment notified again") != std::string::npos);
}

TEST_CASE(
    "t2 reconciled: pay_1 is looked up by payment id and refunded once — the repeated notice is the same "
    "payment") {
  const Trace trace = run_preset(t2(), Model::atomic, "reconciled");
  const Step& reconcile = trace.steps.back();
  CHECK(reconcile.outcome == "refunded");
  const auto provider = statements(reconcile, "provider");
  REQUIRE(provider.size() >= 2);
  CHECK(provider.front() == "SELECT state, amount FROM provider_ledger");  // the lookup comes first
  const CommittedState& end = *reconcile.committed;
  CHECK(rows_of(end, "reconciliations") ==
        TableRows{{"1", "1", "pay_1", "evt_1", "paid_after_expiry", "REFUNDED"},
                  {"2", "2", "pay_2", "evt_3", "already_paid", "SAME_PAYMENT"}});
  CHECK(rows_of(end, "orders") == TableRows{{"1", "buy-1", "A1", "refunded", "110", "NULL"},
                                            {"2", "buy-2", "A1", "paid", "120", "111"}});
  CHECK(rows_of(end, "provider_ledger").back() ==
        std::vector<std::string>{"refund:pay_1", "pay_1", "refund", "300", "SUCCEEDED"});
  CHECK(invariant(end, "one_refund_per_payment")->holds);
  CHECK(figure(end, "sold") == "1");
  CHECK(figure(end, "paid_orders") == "1");
}

TEST_CASE("t2 refund-fails: the provider refuses, the item is REFUND_FAILED and o1 stays refund_pending") {
  const Trace trace = run_preset(t2(), Model::atomic, "refund-fails");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(trace.steps.back().outcome == "refund_failed");
  CHECK(rows_of(end, "reconciliations")[0][5] == "REFUND_FAILED");
  CHECK(rows_of(end, "orders")[0][3] == "refund_pending");
}

TEST_CASE("t2 cannot-verify: a success the provider cannot find is not refunded and stays pending") {
  const Trace trace = run_preset(t2(), Model::atomic, "cannot-verify");
  CHECK(outcomes(trace) == std::vector<std::string>{"accepted", "accepted", "charged", "refund_pending",
                                                    "confirmed", "refund_pending"});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "reconciliations") ==
        TableRows{{"1", "1", "pay_1", "evt_1", "paid_after_expiry", "PENDING"}});
  CHECK_FALSE(provider_refunded(end));
}

TEST_CASE(
    "t2 at-deadline: at 110 s now < expires_at fails, o1's callback frees A1 and buyer 2 takes a free seat") {
  const Trace trace = run_preset(t2(), Model::atomic, "at-deadline");
  check_lines(trace, {{"0", "0", "1", "0", "accepted"},
                      {"0", "0", "1", "0", "charge_unknown"},
                      {"1", "0", "0", "0", "refund_pending"},
                      {"0", "0", "1", "0", "accepted"},
                      {"0", "0", "1", "0", "charged"},
                      {"0", "1", "0", "1", "confirmed"}});
  CHECK(render(trace.steps[2].summary, Lang::en) ==
        "Payment callbacks: o1 too late, expires, refund pending");
  CHECK(render(trace.steps[3].summary, Lang::en) == "Buyer 2 holds A1 as o2");
}

TEST_CASE("t2 paid-in-time: o1 is sold at 105 s and buyer 2's hold changes 0 rows") {
  const Trace trace = run_preset(t2(), Model::atomic, "paid-in-time");
  CHECK(outcomes(trace) ==
        std::vector<std::string>{"accepted", "charge_unknown", "confirmed", "rejected", "noop"});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "seats") == TableRows{{"A1", "sold", "1", "110"}});
  CHECK(rows_of(end, "orders") == TableRows{{"1", "buy-1", "A1", "paid", "110", "105"}});
}

TEST_CASE("t2 naive seed: o1's late callback sells A1 to o1 as well, two paid orders for one seat") {
  const Trace trace = run_preset(t2(), Model::naive, "article");
  check_lines(trace, {{"0", "0", "1", "0", "accepted"},
                      {"0", "0", "1", "0", "charge_unknown"},
                      {"0", "0", "1", "0", "accepted"},
                      {"0", "0", "1", "0", "charged"},
                      {"0", "1", "1", "1", "confirmed"},
                      {"0", "1", "0", "2", "confirmed"},
                      {"0", "1", "0", "2", "confirmed"},
                      {"0", "1", "0", "2", "confirmed"}});
  const CommittedState& late = *trace.steps[4].committed;
  CHECK(render(invariant(late, "capacity_balance")->detail, Lang::en) == "0 + 1 + 1 != 1");
  CHECK(render(invariant(late, "one_owner_per_seat")->detail, Lang::en) ==
        "more than one live order: A1: o1 (paid), o2 (held)");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "orders") ==
        TableRows{{"1", "buy-1", "A1", "paid", "110", "111"}, {"2", "buy-2", "A1", "paid", "120", "113"}});
  CHECK(rows_of(end, "seats") == TableRows{{"A1", "sold", "2", "120"}});
  CHECK(render(invariant(end, "sold_matches_bookings")->detail, Lang::en) == "sold seats 1 != paid orders 2");
  CHECK_FALSE(invariant(end, "one_owner_per_seat")->holds);
  CHECK(invariant(end, "capacity_balance")->holds);
}

TEST_CASE("t2 naive: the repeated callback and the new event id are both 'confirmed' again") {
  const Trace trace = run_preset(t2(), Model::naive, "article");
  const std::string repeated = render(trace.steps[6].explanation, Lang::en);
  CHECK(repeated.find("marks the order paid again") != std::string::npos);
  CHECK(rows_of(*trace.steps.back().committed, "reconciliations").empty());
}

TEST_CASE(
    "t2 atomic: every interleaving of the seed's events keeps every invariant and sells at most one seat") {
  const Scenario scenario = t2();
  // Lanes: buyer1 hold1 < pay1; buyer2 hold2 < pay2; callbacks cb1 < cb2 < cb2_dup < cb2_again.
  std::vector<std::string> lanes = {"1", "1", "2", "2", "c", "c", "c", "c"};
  const std::map<std::string, std::vector<std::string>> events = {
      {"1", {"hold1", "pay1"}}, {"2", {"hold2", "pay2"}}, {"c", {"cb1", "cb2", "cb2_dup", "cb2_again"}}};
  int orders = 0;
  do {
    std::map<std::string, std::size_t> next;
    std::vector<std::string> order;
    for (const auto& lane : lanes) order.push_back(events.at(lane)[next[lane]++]);
    ++orders;
    CAPTURE(order);
    const Trace trace = run_order(scenario, Model::atomic, order);
    for (const auto& step : trace.steps) CHECK(step.committed->all_invariants_hold());
    CHECK(std::stoi(figure(*trace.steps.back().committed, "sold")) <= 1);
  } while (std::next_permutation(lanes.begin(), lanes.end()));
  CHECK(orders == 420);
}

TEST_CASE("t2 reruns of the same order hash the same, in both models") {
  const Scenario scenario = t2();
  for (Model model : {Model::naive, Model::atomic}) {
    const Trace first = run_preset(scenario, model, "reconciled");
    CHECK(run_preset(scenario, model, "reconciled").hash == first.hash);
  }
  CHECK(run_preset(scenario, Model::naive, "article").hash !=
        run_preset(scenario, Model::atomic, "article").hash);
}
