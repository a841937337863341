// H6: the payment provider called with the booking transaction open (naive) or after a short commit (atomic).
#include <doctest/doctest.h>

#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

Scenario h6() {
  return bundled("h6_payment_in_transaction.toml");
}

std::vector<std::int64_t> times(const Trace& trace) {
  std::vector<std::int64_t> result;
  for (const auto& step : trace.steps) result.push_back(step.time);
  return result;
}

std::vector<Row> rows(const CommittedState& state, const std::string& table) {
  const TableData* found = state.table(table);
  REQUIRE(found);
  return found->rows;
}

ActorStatus status_of(const Step& step, const std::string& actor) {
  for (const auto& status : step.actors)
    if (status.actor == actor) return status;
  FAIL("no status for " << actor);
  return {};
}

Value text(const char* value) {
  return Value{std::string(value)};
}

}  // namespace

TEST_CASE("h6 naive: B waits from 5 s to 30 s because A holds the lock across the provider call") {
  const Trace trace = run_preset(h6(), Model::naive, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "waiting", "charge_unknown"});
  CHECK(times(trace) == std::vector<std::int64_t>{0, 5, 30});
  CHECK(trace.steps[1].sql.back().result == "SQLITE_BUSY");
  CHECK(status_of(trace.steps[0], "A").holds_write_lock);
  CHECK(status_of(trace.steps[1], "B").waiting_event == "B1");
  CHECK(status_of(trace.steps[1], "B").waiting_for == "A (A1)");
  for (std::size_t i = 0; i < 2; ++i) {
    CAPTURE(i);
    CHECK(trace.steps[i].committed_is_previous);
    CHECK(figure(*trace.steps[i].committed, "available") == "2");
  }
  const Step& timeout = trace.steps[2];
  REQUIRE(timeout.wakes.size() == 1);
  CHECK(timeout.wakes[0].actor == "B");
  CHECK(timeout.wakes[0].outcome == "accepted");
  CHECK(render(timeout.summary, Lang::en) ==
        "Request A (pays): provider timed out, rolls back, charge unknown");
  CHECK(render(timeout.explanation, Lang::en).find("Request A (pays) held the write lock for 30 s") !=
        std::string::npos);
}

TEST_CASE("h6 naive: the timeout rolls the booking back though the provider took the money") {
  const Trace trace = run_preset(h6(), Model::naive, "article");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(figure(end, "available") == "1");
  CHECK(figure(end, "active_holds") == "1");  // B's hold; A's vanished with the rollback
  CHECK(to_display(rows(end, "holds").at(0)[1]) == "booking-B");
  CHECK(rows(end, "payments").empty());
  CHECK(rows(end, "provider_ledger") == std::vector<Row>{{text("charge:pay_A"), text("pay_A"), text("charge"),
                                                          Value{std::int64_t{480}}, text("SUCCEEDED")}});
  // The money is taken and nothing of ours shows it: nobody will ever reconcile it.
  const InvariantResult* accounted = invariant(end, "every_charge_accounted");
  REQUIRE(accounted);
  CHECK_FALSE(accounted->holds);
  CHECK(render(accounted->detail, Lang::en).find("pay_A (480)") != std::string::npos);
  CHECK(trace.steps[1].committed->all_invariants_hold());
}

TEST_CASE("h6 atomic: A commits before the call, so B books at 5 s without waiting") {
  const Trace trace = run_preset(h6(), Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"accepted", "accepted", "charge_unknown"});
  CHECK(render(trace.steps[0].summary, Lang::en) ==
        "Request A (pays) commits hold #1, then calls the provider");
  for (const auto& step : trace.steps) {
    CHECK_FALSE(step.committed_is_previous);
    CHECK(step.wakes.empty());
    CHECK(step.open_transactions.empty());
    for (const auto& record : step.sql) CHECK(record.result != "SQLITE_BUSY");
  }
  CHECK(figure(*trace.steps[0].committed, "available") == "1");
  CHECK(figure(*trace.steps[1].committed, "available") == "0");
}

TEST_CASE("h6 atomic: after the timeout the hold stays and the payment is UNKNOWN, ready to reconcile") {
  const Trace trace = run_preset(h6(), Model::atomic, "article");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(figure(end, "active_holds") == "2");
  const auto payments = rows(end, "payments");
  REQUIRE(payments.size() == 1);
  CHECK(payments[0][2] == text("pay_A"));
  CHECK(payments[0][5] == text("UNKNOWN"));
  CHECK(rows(end, "provider_ledger").size() == 1);
  CHECK(end.all_invariants_hold());
  CHECK(render(trace.steps[2].summary, Lang::zh) == "请求 A（支付）：支付超时，扣款结果未知，保留预留 #1");
}

TEST_CASE("h6 control: a provider that answers at 2 s keeps naive's lock short, and both models confirm") {
  const std::vector<std::vector<std::string>> expected = {{"decremented", "charged", "accepted"},
                                                          {"accepted", "charged", "accepted"}};
  int index = 0;
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    const Trace trace = run_preset(h6(), model, "fast-provider");
    CHECK(outcomes(trace) == expected[static_cast<std::size_t>(index++)]);
    CHECK(times(trace) == std::vector<std::int64_t>{0, 2, 5});
    const CommittedState& end = *trace.steps.back().committed;
    CHECK(figure(end, "sold") == "1");
    CHECK(figure(end, "available") == "0");
    CHECK(end.all_invariants_hold());
  }
}

TEST_CASE("h6 explanation is honest: SQLite blocks every writer, PostgreSQL only the changed rows") {
  const Trace trace = run_preset(h6(), Model::naive, "article");
  const std::string text = render(trace.steps[0].explanation, Lang::en);
  CHECK(text.find("locks the whole database for writers") != std::string::npos);
  CHECK(text.find("PostgreSQL locks only the rows changed") != std::string::npos);
  CHECK(render(trace.steps[2].explanation, Lang::en).find("the customer is charged for nothing") !=
        std::string::npos);
}

TEST_CASE("h6 traces hash the same on every run") {
  for (Model model : {Model::naive, Model::atomic})
    CHECK(run_preset(h6(), model, "article").hash == run_preset(h6(), model, "article").hash);
}
