// H1 on InnoDB: the naive order oversells, and in the atomic model B waits at its UPDATE for A's row
// lock and wakes in A's commit step with no row changed.
#include <doctest/doctest.h>

#include "core/formats/trace_json.hpp"
#include "tests/mariadb/mariadb_test_support.hpp"

using namespace reslab;

TEST_CASE("H1 naive on MariaDB sells the last room twice") {
  if (!mariatest::server_or_skip()) return;
  const Trace trace =
      mariatest::run_on_mariadb(mariatest::bundled("h1_last_room.toml"), Model::naive, "article");
  bool broken = false;
  for (const auto& step : trace.steps) broken = broken || !step.committed->all_invariants_hold();
  CHECK(broken);
}

TEST_CASE("H1 atomic on MariaDB: B waits at its UPDATE for A and is rejected when A commits") {
  if (!mariatest::server_or_skip()) return;
  const Trace trace =
      mariatest::run_on_mariadb(mariatest::bundled("h1_last_room.toml"), Model::atomic, "article");
  REQUIRE(trace.steps.size() == 4);
  CHECK(trace.steps[1].outcome == "waiting");
  REQUIRE_FALSE(trace.steps[1].sql.empty());
  CHECK(trace.steps[1].sql.back().sql.find("UPDATE room_inventory") != std::string::npos);
  bool names_a = false;
  for (const auto& message : trace.steps[1].explanation)
    for (const auto& [name, value] : message.args)
      names_a = names_a || (name == "holder" && value.find("A") == 0);
  CHECK(names_a);
  CHECK(trace.steps[2].outcome == "accepted");
  REQUIRE(trace.steps[2].wakes.size() == 1);
  CHECK(trace.steps[2].wakes[0].outcome == "rejected");
}

TEST_CASE("a trace on MariaDB names its backend and the server's version") {
  const maria::ServerInfo* server = mariatest::server_or_skip();
  if (!server) return;
  const Scenario scenario = mariatest::bundled("h1_last_room.toml");
  const Trace trace = mariatest::run_on_mariadb(scenario, Model::atomic, "article");
  const auto json = trace_to_json(trace, scenario, Lang::en);
  CHECK(json["backend"] == "mariadb");
  CHECK(json["server_version"] == server->server_version);
  CHECK(server->server_version.rfind("10.", 0) == 0);
}

TEST_CASE("a statement InnoDB completed is recorded as succeeded, a waiting one as not") {
  if (!mariatest::server_or_skip()) return;
  const Trace trace =
      mariatest::run_on_mariadb(mariatest::bundled("h1_last_room.toml"), Model::atomic, "article");
  int succeeded = 0;
  for (const auto& step : trace.steps)
    for (const auto& record : step.sql) {
      CAPTURE(record.sql);
      CAPTURE(record.result);
      CHECK(record.ok == (record.result == "OK"));
      succeeded += record.ok ? 1 : 0;
    }
  CHECK(succeeded > 0);
  CHECK_FALSE(trace.steps[1].sql.back().ok);  // B's UPDATE, waiting for A's row lock
}
