// T4: a lease lock is not the final word (seed 003: "单独 Redis 锁不作为最终保障").
#include <doctest/doctest.h>

#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

Scenario t4() {
  return bundled("t4_lease_lock.toml");
}

// The step table of the one seat (capacity 1, never sold): time, available, active holds, outcome, summary.
void check_lines(const Trace& trace, const StepTable& expected) {
  check_steps(trace, {"time", "available", "active_holds", "outcome", "summary"}, expected,
              {{"capacity", "1"}, {"sold", "0"}});
}

}  // namespace

TEST_CASE("t4 atomic seed: buyer 1 resumes after its lease and its conditional update changes 0 rows") {
  const Trace trace = run_preset(t4(), Model::atomic, "article");
  check_lines(trace, {{"0", "1", "0", "accepted", "Buyer 1 locks A1 until 10 s"},
                      {"1", "1", "0", "paused", "Buyer 1 pauses"},
                      {"12", "1", "0", "accepted", "Buyer 2 locks A1 until 22 s"},
                      {"12", "0", "1", "accepted", "Buyer 2 holds A1 as o1"},
                      {"13", "0", "1", "rejected", "Buyer 1: 0 rows changed, rolls back, rejected"}});
  for (const auto& step : trace.steps) CHECK(step.committed->all_invariants_hold());
  const Step& resumed = trace.steps.back();
  bool zero_rows = false;
  for (const auto& record : resumed.sql)
    if (record.sql.rfind("UPDATE seats", 0) == 0) zero_rows = record.changes == 0;
  CHECK(zero_rows);
  CHECK(resumed.sql.back().sql == "ROLLBACK");
  CHECK(rows_of(*resumed.committed, "seats") == TableRows{{"A1", "held", "1", "612"}});
  CHECK(rows_of(*resumed.committed, "orders") == TableRows{{"1", "buy-2", "A1", "held", "612", "NULL"}});
  CHECK(render(resumed.explanation, Lang::en).find("The lock is not the final word") != std::string::npos);
}

TEST_CASE("t4 buyer 2 takes the lock once buyer 1's lease has run out, and nothing tells buyer 1") {
  const Trace trace = run_preset(t4(), Model::atomic, "article");
  CHECK(rows_of(*trace.steps[0].committed, "seat_locks") == TableRows{{"A1", "buyer1", "10"}});
  CHECK(rows_of(*trace.steps[2].committed, "seat_locks") == TableRows{{"A1", "buyer2", "22"}});
  CHECK(render(trace.steps[2].explanation, Lang::en).find("Buyer 1's lease on A1 ended at 10 s") !=
        std::string::npos);
}

TEST_CASE("t4 the pause runs no SQL and says the lease ends while buyer 1 is stopped") {
  const Trace trace = run_preset(t4(), Model::naive, "article");
  const Step& pause = trace.steps[1];
  CHECK(pause.outcome == "paused");
  CHECK(pause.sql.empty());
  CHECK(render(pause.explanation, Lang::en).find("Its lease ends at 10 s") != std::string::npos);
  CHECK(render(pause.summary, Lang::zh) == "买家甲暂停");
}

TEST_CASE("t4 naive seed: buyer 1 trusts its expired lock and writes the seat too, two owners") {
  const Trace trace = run_preset(t4(), Model::naive, "article");
  check_lines(trace, {{"0", "1", "0", "accepted", "Buyer 1 locks A1 until 10 s"},
                      {"1", "1", "0", "paused", "Buyer 1 pauses"},
                      {"12", "1", "0", "accepted", "Buyer 2 locks A1 until 22 s"},
                      {"12", "0", "1", "accepted", "Buyer 2 holds A1 as o1"},
                      {"13", "0", "2", "accepted", "Buyer 1 also holds A1 as o2"}});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(rows_of(end, "orders") ==
        TableRows{{"1", "buy-2", "A1", "held", "612", "NULL"}, {"2", "buy-1", "A1", "held", "613", "NULL"}});
  CHECK(rows_of(end, "seats") == TableRows{{"A1", "held", "2", "613"}});
  CHECK(render(invariant(end, "one_owner_per_seat")->detail, Lang::en) ==
        "more than one live order: A1: o1 (held), o2 (held)");
  CHECK(render(invariant(end, "capacity_balance")->detail, Lang::en) == "0 + 2 + 0 != 1");
  CHECK(render(trace.steps.back().explanation, Lang::en).find("still believing it holds the lock") !=
        std::string::npos);
}

TEST_CASE("t4 lease-holds: while the lease lasts the lock keeps buyer 2 away, in both models") {
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    const Trace trace = run_preset(t4(), model, "lease-holds");
    CHECK(outcomes(trace) == std::vector<std::string>{"accepted", "paused", "rejected", "noop", "accepted"});
    CHECK(render(trace.steps[2].summary, Lang::en) == "Buyer 2: A1 is locked by Buyer 1, rejected");
    CHECK(rows_of(*trace.steps.back().committed, "orders") ==
          TableRows{{"1", "buy-1", "A1", "held", "613", "NULL"}});
  }
}

TEST_CASE("t4 reruns hash the same and the two models hash differently") {
  const Scenario scenario = t4();
  check_reruns_hash_alike(scenario, "article");
}
