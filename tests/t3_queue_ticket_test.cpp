// T3: a queue ticket is not a seat (seed 003).
#include <doctest/doctest.h>

#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

Scenario t3() {
  return bundled("t3_queue_ticket.toml");
}

// The step table of the one seat (capacity 1, never sold): available, active holds, outcome, summary.
void check_lines(const Trace& trace, const StepTable& expected) {
  check_steps(trace, {"available", "active_holds", "outcome", "summary"}, expected,
              {{"capacity", "1"}, {"sold", "0"}});
}

}  // namespace

TEST_CASE("t3 atomic seed: both buyers are admitted, only the conditional update decides, B gets 0 rows") {
  const Trace trace = run_preset(t3(), Model::atomic, "article");
  check_lines(trace, {{"1", "0", "accepted", "Buyer A admitted: ticket q_a until 30 s"},
                      {"1", "0", "accepted", "Buyer B admitted: ticket q_b until 30 s"},
                      {"1", "0", "rejected", "Buyer C: queue full this second, rejected"},
                      {"0", "1", "accepted", "Buyer A holds A1 as o1"},
                      {"0", "1", "rejected", "Buyer B: 0 rows changed, rolls back, rejected"}});
  for (const auto& step : trace.steps) CHECK(step.committed->all_invariants_hold());
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "seats") == TableRows{{"A1", "held", "1", "601"}});
  CHECK(rows_of(end, "orders") == TableRows{{"1", "buy-a", "A1", "held", "601", "NULL"}});
}

TEST_CASE(
    "t3 atomic: the losing buyer's conditional UPDATE changes 0 rows and the rollback leaves its ticket "
    "unused") {
  const Trace trace = run_preset(t3(), Model::atomic, "article");
  const Step& lost = trace.steps.back();
  bool zero_rows = false;
  for (const auto& record : lost.sql)
    if (record.sql.rfind("UPDATE seats", 0) == 0) zero_rows = record.changes == 0;
  CHECK(zero_rows);
  CHECK(lost.sql.back().sql == "ROLLBACK");
  CHECK(rows_of(*lost.committed, "queue_tickets") ==
        TableRows{{"q_a", "buy-a", "0", "30", "used"}, {"q_b", "buy-b", "0", "30", "admitted"}});
  CHECK(render(lost.explanation, Lang::en).find("admission is not a seat") != std::string::npos);
}

TEST_CASE("t3 the queue admits two buyers per second: the third gets no ticket and is resolved") {
  const Trace trace = run_preset(t3(), Model::naive, "article");
  const Step& third = trace.steps[2];
  CHECK(third.outcome == "rejected");
  CHECK(rows_of(*third.committed, "queue_tickets").size() == 2);
  CHECK(render(third.explanation, Lang::en).find("at most 2 per second") != std::string::npos);
}

TEST_CASE("t3 naive seed: the ticket is treated as ownership and both buyers get the seat") {
  const Trace trace = run_preset(t3(), Model::naive, "article");
  check_lines(trace, {{"1", "0", "accepted", "Buyer A admitted: ticket q_a until 30 s"},
                      {"1", "0", "accepted", "Buyer B admitted: ticket q_b until 30 s"},
                      {"1", "0", "rejected", "Buyer C: queue full this second, rejected"},
                      {"0", "1", "accepted", "Buyer A holds A1 as o1"},
                      {"0", "2", "accepted", "Buyer B also holds A1 as o2"}});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "orders") ==
        TableRows{{"1", "buy-a", "A1", "held", "601", "NULL"}, {"2", "buy-b", "A1", "held", "601", "NULL"}});
  CHECK(rows_of(end, "seats") == TableRows{{"A1", "held", "2", "601"}});
  CHECK(render(invariant(end, "capacity_balance")->detail, Lang::en) == "0 + 2 + 0 != 1");
  CHECK(render(invariant(end, "one_owner_per_seat")->detail, Lang::en) ==
        "more than one live order: A1: o1 (held), o2 (held)");
  CHECK_FALSE(invariant(end, "capacity_balance")->holds);
}

TEST_CASE("t3 b-first: whoever reaches the conditional update first wins, the other is rejected") {
  const Trace trace = run_preset(t3(), Model::atomic, "b-first");
  CHECK(outcomes(trace) ==
        std::vector<std::string>{"accepted", "accepted", "rejected", "accepted", "rejected"});
  CHECK(rows_of(*trace.steps.back().committed, "orders") ==
        TableRows{{"1", "buy-b", "A1", "held", "601", "NULL"}});
}

TEST_CASE("t3 ticket-expired: a ticket past its expiry is refused in both models") {
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    const Trace trace = run_preset(t3(), model, "ticket-expired");
    CHECK(outcomes(trace) == std::vector<std::string>{"accepted", "accepted", "accepted", "rejected"});
    CHECK(trace.steps.back().time == 40);
    CHECK(render(trace.steps.back().explanation, Lang::en) ==
          "Ticket q_b was valid until 30 s; it is 40 s. Buyer B has to queue again.");
  }
}

TEST_CASE("t3 reruns hash the same and the two models hash differently") {
  const Scenario scenario = t3();
  check_reruns_hash_alike(scenario, "article");
}
