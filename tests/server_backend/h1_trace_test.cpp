// H1 on the server: the naive order oversells with SQLite's four figures; the atomic model makes B wait at
// its UPDATE for A's row lock and rejects it in A's commit step with 0 rows changed by the re-check; the
// trace names its backend and server and hashes apart from SQLite's; the same run twice gives one hash.
#include <doctest/doctest.h>

#include "core/formats/trace_json.hpp"
#include "tests/server_backend/server_under_test.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

std::string figures(const CommittedState& state) {
  std::string text;
  for (const auto& figure : state.figures) text += (text.empty() ? "" : " ") + to_display(figure.value);
  return text;
}

Trace h1_on_server(Model model) {
  return run_preset(h1(), model, "article", servertest::backend_under_test());
}

}  // namespace

TEST_CASE("H1 naive on " RESLAB_SERVER_NAME " gives SQLite's figures and sells the last room twice") {
  if (!servertest::server_ready()) return;
  const Trace on_server = h1_on_server(Model::naive);
  const Trace on_sqlite = run_preset(h1(), Model::naive, "article");
  REQUIRE(on_server.steps.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    INFO("step " << i + 1);
    CHECK(figures(*on_server.steps[i].committed) == figures(*on_sqlite.steps[i].committed));
    CHECK(on_server.steps[i].outcome == on_sqlite.steps[i].outcome);
    CHECK(on_server.steps[i].committed->all_invariants_hold() == (i < 3));
  }
  CHECK(figures(*on_server.steps[3].committed) == "1 0 0 2");
  CHECK(on_server.hash != on_sqlite.hash);  // the backend is part of a server trace's hash
}

TEST_CASE("H1 atomic on " RESLAB_SERVER_NAME
          ": B waits at its UPDATE for A and is rejected by the re-check in A's commit step") {
  if (!servertest::server_ready()) return;
  const Trace trace = h1_on_server(Model::atomic);
  REQUIRE(trace.steps.size() == 4);
  const Step& b1 = trace.steps[1];
  CHECK(b1.outcome == "waiting");
  REQUIRE_FALSE(b1.sql.empty());
  CHECK(b1.sql.back().sql.rfind("UPDATE room_inventory", 0) == 0);
  CHECK(b1.sql.back().result == "waiting");
  CHECK_FALSE(b1.sql.back().ok);
  CHECK(b1.actors[1].waiting_for == "A (A1)");

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
      rechecked = record.ok && record.changes == 0;
  CHECK(rechecked);
  CHECK(trace.steps[3].outcome == "noop");
  for (const auto& step : trace.steps) CHECK(step.committed->all_invariants_hold());
  for (const auto& step : trace.steps)
    for (const auto& message : step.explanation) CHECK(message.key != "engine.waiting.readers");
}

TEST_CASE("a trace on " RESLAB_SERVER_NAME " names its backend and the server's version") {
  if (!servertest::server_ready()) return;
  const auto json = trace_to_json(h1_on_server(Model::atomic), h1(), Lang::en);
  CHECK(json["backend"] == std::string(backend_name(servertest::backend_under_test())));
  CHECK(json["server_version"] == servertest::server_version());
  CHECK_FALSE(servertest::server_version().empty());
}

TEST_CASE("the same H1 run twice on " RESLAB_SERVER_NAME " gives the same hash, in both models") {
  if (!servertest::server_ready()) return;
  for (Model model : {Model::naive, Model::atomic}) {
    const std::string first = h1_on_server(model).hash;
    CHECK(h1_on_server(model).hash == first);
  }
}
