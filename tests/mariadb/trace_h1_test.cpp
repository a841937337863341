// H1 on InnoDB in its own terms (what every server backend shows is in tests/server_backend/): the
// waiting step names A as the holder, and success is InnoDB's "OK".
#include <doctest/doctest.h>

#include "tests/mariadb/mariadb_test_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;

TEST_CASE("H1 atomic on MariaDB: the step where B waits names A as the lock's holder") {
  if (!mariatest::server_or_skip()) return;
  const Trace trace = test::run_preset(test::h1(), Model::atomic, "article", Backend::mariadb);
  REQUIRE(trace.steps.size() == 4);
  bool names_a = false;
  for (const auto& message : trace.steps[1].explanation)
    for (const auto& [name, value] : message.args)
      names_a = names_a || (name == "holder" && value.find("A") == 0);
  CHECK(names_a);
}

TEST_CASE("the server under the MariaDB tests is MariaDB 10") {
  const maria::ServerInfo* server = mariatest::server_or_skip();
  if (!server) return;
  CHECK(server->server_version.rfind("10.", 0) == 0);
}

TEST_CASE("a statement InnoDB completed is recorded as succeeded, a waiting one as not") {
  if (!mariatest::server_or_skip()) return;
  const Trace trace = test::run_preset(test::h1(), Model::atomic, "article", Backend::mariadb);
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
