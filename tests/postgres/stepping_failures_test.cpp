// What a stepping session does when PostgreSQL misbehaves: a statement that neither finishes nor waits
// for the lab is cancelled by the stepper's own budget with a clear error (no wall-clock timeout is set
// on the server), and a connection the server drops mid-step is a clear error, never a hang.
#include <doctest/doctest.h>

#include <chrono>

#include "core/backends/postgres/lab_database.hpp"
#include "core/sim/case_family.hpp"
#include "core/sim/errors.hpp"
#include "tests/postgres/postgres_test_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace std::chrono_literals;

namespace {

LabDatabaseHandle h1_lab(const pg::ServerInfo& server) {
  static const Scenario h1 = test::bundled("h1_last_room.toml");
  return open_postgres_lab_database(server, h1, *find_family("hotel"), {"A", "B", "provider"}, Model::atomic);
}

}  // namespace

TEST_CASE("a statement that neither finishes nor waits for the lab is cancelled by the stepper's budget") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  auto lab = h1_lab(*server);
  auto& a = static_cast<pg::PostgresSession&>(lab->session("A"));
  a.set_statement_budget(300ms);
  // pg_sleep(30) comes back cancelled (57014), not finished: the budget, not the statement, ended it.
  const auto result = a.run("SELECT pg_sleep(30)");
  CHECK(result.kind == StatementResult::Kind::error);
  CHECK(result.code == "query_canceled");
  CHECK(result.sqlstate == "57014");
  CHECK(result.message.find("neither finished nor waited for another session of this lab within 300 ms") !=
        std::string::npos);
  CHECK_FALSE(a.waiting());
  CHECK(a.run("SELECT 1").ok());  // the session goes on
}

TEST_CASE("a connection dropped by the server mid-step is a clear error, for a waiting and an idle session") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  auto lab = h1_lab(*server);
  auto& a = static_cast<pg::PostgresSession&>(lab->session("A"));
  auto& b = static_cast<pg::PostgresSession&>(lab->session("B"));
  const std::string decrement =
      "UPDATE room_inventory SET available = available - 1 WHERE room_night_id = 'N1'";
  REQUIRE(a.run("BEGIN").ok());
  REQUIRE(a.run(decrement).ok());
  REQUIRE(b.run(decrement).code == "waiting");

  pg::test::TestConnection admin(server->conninfo);
  // B's backend is stopped while it waits (the waiter gate): it acts on the request once the stepper
  // drives B again, so the server may still list it as waiting the first time or two.
  CHECK(b.paused());
  admin.query("SELECT pg_terminate_backend(" + std::to_string(b.backend_pid()) + ")");
  const auto drive_until_it_ends = [&] {
    for (int attempt = 0; attempt < 10'000 && b.run(decrement).code == "waiting"; ++attempt) {
    }
  };
  CHECK_THROWS_WITH_AS(drive_until_it_ends(), doctest::Contains("PostgreSQL session B lost its connection"),
                       BackendUnavailableError);

  admin.query("SELECT pg_terminate_backend(" + std::to_string(a.backend_pid()) + ", 5000)");
  CHECK_THROWS_AS(a.run("COMMIT"), BackendUnavailableError);
  // The lab is released without a hang; it is not reused.
  lab.reset();
  auto fresh = h1_lab(*server);
  CHECK(fresh->session("A").run("SELECT 1").ok());
}
