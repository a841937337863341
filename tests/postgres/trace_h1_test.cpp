// H1 on PostgreSQL: the naive order oversells with SQLite's four figures; the atomic model makes B wait at
// its UPDATE (not at BEGIN) and rejects it in A's commit step with 0 rows changed by the re-check; the
// trace names its backend and server and hashes apart from SQLite's; the same run twice gives one hash.
#include <doctest/doctest.h>

#include "core/formats/trace_json.hpp"
#include "tests/postgres/stepping_support.hpp"

using namespace reslab;

namespace {

std::string figures(const CommittedState& state) {
  std::string text;
  for (const auto& figure : state.figures) text += (text.empty() ? "" : " ") + to_display(figure.value);
  return text;
}

bool holds_all(const CommittedState& state) {
  for (const auto& invariant : state.invariants)
    if (!invariant.holds) return false;
  return true;
}

}  // namespace

TEST_CASE("H1 naive on PostgreSQL gives SQLite's figures and breaks the invariant on the last row") {
  const pg::ServerInfo* server = pgtest::stepping_server();
  if (!server) return;
  const Scenario h1 = pgtest::bundled("h1_last_room.toml");
  const Trace on_postgres = pgtest::run_on_postgres(h1, Model::naive, "article");
  PlanRequest request;
  request.model = Model::naive;
  request.preset = "article";
  const Trace on_sqlite = run_plan(h1, make_plan(h1, request));
  REQUIRE(on_postgres.steps.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    INFO("step " << i + 1);
    CHECK(figures(*on_postgres.steps[i].committed) == figures(*on_sqlite.steps[i].committed));
    CHECK(on_postgres.steps[i].outcome == on_sqlite.steps[i].outcome);
    CHECK(holds_all(*on_postgres.steps[i].committed) == (i < 3));
  }
  CHECK(figures(*on_postgres.steps[3].committed) == "1 0 0 2");
  CHECK(on_postgres.hash != on_sqlite.hash);  // the backend is part of a PostgreSQL trace's hash
}

TEST_CASE(
    "H1 atomic on PostgreSQL: B waits at its UPDATE and is rejected by the re-check in A's commit step") {
  const pg::ServerInfo* server = pgtest::stepping_server();
  if (!server) return;
  const Scenario h1 = pgtest::bundled("h1_last_room.toml");
  const Trace trace = pgtest::run_on_postgres(h1, Model::atomic, "article");
  REQUIRE(trace.steps.size() == 4);
  const Step& b1 = trace.steps[1];
  CHECK(b1.outcome == "waiting");
  REQUIRE(b1.sql.size() == 2);
  CHECK(b1.sql[0].sql == "BEGIN");                     // SQLite's BEGIN IMMEDIATE runs as a plain BEGIN
  CHECK(b1.sql[0].result == "successful_completion");  // BEGIN never waits on PostgreSQL
  CHECK(b1.sql[1].sql.rfind("UPDATE room_inventory", 0) == 0);
  CHECK(b1.sql[1].result == "waiting");
  CHECK(b1.actors[1].waiting_for == "A (A1)");
  CHECK_FALSE(b1.committed_is_previous);  // the observer reads the committed state while A holds its lock
  bool b_unreadable = false;
  for (const auto& view : b1.open_transactions)
    b_unreadable = b_unreadable || (view.actor == "B" && !view.readable);
  CHECK(b_unreadable);

  const Step& a2 = trace.steps[2];
  CHECK(a2.outcome == "accepted");
  REQUIRE(a2.wakes.size() == 1);
  CHECK(a2.wakes[0].actor == "B");
  CHECK(a2.wakes[0].outcome == "rejected");
  bool explained = false;
  for (const auto& message : a2.wakes[0].explanation)
    explained = explained || message.key == "hotel.decrement.rechecked.rows";
  CHECK(explained);  // the wake says the re-check on the committed row rejected B
  bool rechecked = false;
  for (const auto& record : a2.sql)
    if (record.connection == "B" && record.sql.rfind("UPDATE", 0) == 0)
      rechecked =
          record.result == "successful_completion" && record.changes == 0 && record.sqlstate == "00000";
  CHECK(rechecked);
  CHECK(trace.steps[3].outcome == "noop");
  for (const auto& step : trace.steps) CHECK(holds_all(*step.committed));
  for (const auto& step : trace.steps)
    for (const auto& message : step.explanation) CHECK(message.key != "engine.waiting.readers");

  const auto json = trace_to_json(trace, h1, Lang::en);
  CHECK(json["backend"] == "postgres");
  CHECK(json["server_version"] == server->server_version);
  CHECK(json["steps"][1]["sql"][1]["result"] == "waiting");
}

TEST_CASE("the same H1 run twice on PostgreSQL gives the same hash, in both models") {
  const pg::ServerInfo* server = pgtest::stepping_server();
  if (!server) return;
  const Scenario h1 = pgtest::bundled("h1_last_room.toml");
  for (Model model : {Model::naive, Model::atomic}) {
    const std::string first = pgtest::run_on_postgres(h1, model, "article").hash;
    CHECK(pgtest::run_on_postgres(h1, model, "article").hash == first);
  }
}
