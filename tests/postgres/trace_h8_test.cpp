// H8 on PostgreSQL: the opposite order itself deadlocks. Naive's B closes the cycle and is the victim
// (deadlock_detected, 40P01); its retries meet its aborted transaction (25P02) and it gives up without
// ROLLBACK: it holds no locks, so A goes on in the same step, but its connection is left in a failed
// transaction. Atomic takes the nights in night order and never deadlocks. Twenty runs give one hash.
#include <doctest/doctest.h>

#include <set>

#include "core/formats/trace_json.hpp"
#include "tests/postgres/postgres_test_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;

namespace {

const InvariantResult* invariant(const CommittedState& state, const std::string& name) {
  for (const auto& result : state.invariants)
    if (result.name == name) return &result;
  return nullptr;
}

bool says(const std::vector<Message>& explanation, const std::string& key) {
  for (const auto& message : explanation)
    if (message.key == key) return true;
  return false;
}

}  // namespace

TEST_CASE(
    "H8 naive on PostgreSQL: B closes the cycle, is the victim, and leaves an aborted transaction open") {
  if (!pg::test::private_server_or_skip()) return;
  const Scenario h8 = test::bundled("h8_night_order.toml");
  const Trace trace = test::run_preset(h8, Model::naive, "article", Backend::postgres);
  REQUIRE(trace.steps.size() == 6);
  CHECK(trace.steps[4].outcome == "waiting");  // A3: A wants N2, which B has locked
  CHECK(trace.steps[4].actors[0].waiting_for == "B (B1)");

  const Step& deadlock = trace.steps[5];
  CHECK(deadlock.actor == "B");
  CHECK(deadlock.outcome == "deadlocked");
  REQUIRE(deadlock.sql.size() >= 4);
  CHECK(deadlock.sql[0].result == "deadlock_detected");
  CHECK(deadlock.sql[0].sqlstate == "40P01");
  for (std::size_t i = 1; i < 4; ++i) CHECK(deadlock.sql[i].result == "in_failed_sql_transaction");
  CHECK(says(deadlock.explanation, "h8.rows.deadlock"));
  CHECK(says(deadlock.explanation, "h8.naive.gives_up.rows"));
  CHECK(says(deadlock.explanation, "h8.rows.gives_up"));

  // The victim holds no locks: A's waiting UPDATE finishes in this step and A books both nights.
  REQUIRE(deadlock.wakes.size() == 1);
  CHECK(deadlock.wakes[0].actor == "A");
  CHECK(deadlock.wakes[0].outcome == "accepted");
  const ActorStatus& b = deadlock.actors[1];
  CHECK(b.in_transaction);
  CHECK(b.transaction_failed);
  const InvariantResult* left_open = invariant(*deadlock.committed, "no_transaction_left_open");
  REQUIRE(left_open);
  CHECK_FALSE(left_open->holds);
  CHECK(left_open->detail.key == "invariant.left_open.after_decision.aborted");
  CHECK(render(left_open->detail, Lang::en).find("holds no locks") != std::string::npos);
}

TEST_CASE(
    "H8 atomic on PostgreSQL takes the nights in night order: B waits for N1, then books, no deadlock") {
  if (!pg::test::private_server_or_skip()) return;
  const Scenario h8 = test::bundled("h8_night_order.toml");
  const Trace trace = test::run_preset(h8, Model::atomic, "article", Backend::postgres);
  std::set<std::string> outcomes;
  for (const auto& step : trace.steps) {
    outcomes.insert(step.outcome);
    for (const auto& wake : step.wakes) outcomes.insert(wake.outcome);
    for (const auto& record : step.sql) CHECK(record.result != "deadlock_detected");
    for (const auto& result : step.committed->invariants) CHECK_MESSAGE(result.holds, result.name);
  }
  CHECK(outcomes.count("waiting"));
  CHECK_FALSE(outcomes.count("deadlocked"));
  const Figure* holds = trace.steps.back().committed->figure("active_holds");
  REQUIRE(holds);
  CHECK(to_display(holds->value) == "2");
}

TEST_CASE("H8 run twenty times on PostgreSQL gives one hash in each model") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  if (!server->deterministic) return;  // the victim may vary: no hash is promised
  const Scenario h8 = test::bundled("h8_night_order.toml");
  for (Model model : {Model::naive, Model::atomic}) {
    INFO(model_name(model));
    std::set<std::string> hashes;
    for (int run = 0; run < 20; ++run)
      hashes.insert(test::run_preset(h8, model, "article", Backend::postgres).hash);
    CHECK(hashes.size() == 1);
  }
}
