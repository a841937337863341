// PostgreSQL sessions of one lab, statement by statement: a statement blocked by another session of the
// lab comes back as "waiting" and stays in flight; running it again waits for its result; the server
// names who blocks whom; a deadlock fails the statement that closed the cycle and its DETAIL names the
// sessions; an error aborts the transaction; identity values are not reused.
#include <doctest/doctest.h>

#include "core/backends/postgres/lab_database.hpp"
#include "core/backends/postgres/session.hpp"
#include "core/sim/case_family.hpp"
#include "tests/postgres/postgres_test_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;

namespace {

struct Lab {
  Scenario scenario = test::bundled("h1_last_room.toml");
  LabDatabaseHandle db;
  explicit Lab(const pg::ServerInfo& server, Model model = Model::atomic) {
    db = open_postgres_lab_database(server, scenario, *find_family("hotel"), {"A", "B", "C", "provider"},
                                    model);
    // A second night, for two rows locked in opposite orders.
    db->observer().run(
        "INSERT INTO room_inventory(room_night_id, night, capacity, available) VALUES ('N2', '2026-12-02', 1, 1)");
  }
  Session& operator[](const std::string& name) { return db->session(name); }
};

const std::string kDecrement =
    "UPDATE room_inventory SET available = available - 1 WHERE room_night_id = ? AND available > 0";

}  // namespace

TEST_CASE("a statement blocked by another session of the lab waits in flight and finishes when run again") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  Lab lab(*server);
  REQUIRE(lab["A"].run("BEGIN IMMEDIATE").ok());
  const auto first = lab["A"].run(kDecrement, {std::string("N1")});
  REQUIRE(first.ok());
  CHECK(first.changes == 1);
  CHECK(lab["A"].in_write_transaction());

  REQUIRE(lab["B"].run("BEGIN IMMEDIATE").ok());  // no database lock on PostgreSQL: BEGIN never waits
  const auto blocked = lab["B"].run(kDecrement, {std::string("N1")});
  CHECK(blocked.busy());
  CHECK(blocked.code == "waiting");
  CHECK_FALSE(blocked.deadlock_victim);
  CHECK_FALSE(lab.db->readable(lab["B"]));
  CHECK(lab.db->waits_for(lab["B"]) == std::vector<std::string>{"A"});

  // Readers never wait: the observer reads the committed row while A holds its lock.
  const auto committed =
      lab.db->observer().run("SELECT available FROM room_inventory WHERE room_night_id = 'N1'");
  REQUIRE(committed.ok());
  CHECK(committed.rows.at(0).at(0) == Value{std::int64_t{1}});

  // Another statement cannot be sent while one is in flight.
  CHECK(lab["B"].run("SELECT 1").code == "statement_in_flight");
  // Still blocked: asking again gives "waiting" again.
  CHECK(lab["B"].run(kDecrement, {std::string("N1")}).code == "waiting");

  REQUIRE(lab["A"].run("COMMIT").ok());
  const auto woken = lab["B"].run(kDecrement, {std::string("N1")});
  REQUIRE(woken.ok());
  CHECK(woken.code == "successful_completion");
  CHECK(woken.sqlstate == "00000");
  CHECK(woken.changes == 0);  // READ COMMITTED re-checked available > 0 on the new row version
  CHECK(lab.db->readable(lab["B"]));
  CHECK(lab["B"].run("ROLLBACK").ok());
  CHECK_FALSE(lab["B"].in_transaction());
}

TEST_CASE("a third session queued on the same row is blocked by the one ahead of it") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  Lab lab(*server);
  lab["A"].run("BEGIN");
  lab["A"].run(kDecrement, {std::string("N1")});
  lab["B"].run("BEGIN");
  REQUIRE(lab["B"].run(kDecrement, {std::string("N1")}).code == "waiting");
  lab["C"].run("BEGIN");
  REQUIRE(lab["C"].run(kDecrement, {std::string("N1")}).code == "waiting");
  CHECK(lab.db->waits_for(lab["C"]) == std::vector<std::string>{"B"});
  lab["A"].run("ROLLBACK");
  // FIFO: B gets the row first; C still waits, now for B.
  const auto b = lab["B"].run(kDecrement, {std::string("N1")});
  REQUIRE(b.ok());
  CHECK(b.changes == 1);
  CHECK(lab["C"].run(kDecrement, {std::string("N1")}).code == "waiting");
  lab["B"].run("COMMIT");
  const auto c = lab["C"].run(kDecrement, {std::string("N1")});
  REQUIRE(c.ok());
  CHECK(c.changes == 0);
  lab["C"].run("ROLLBACK");
}

TEST_CASE(
    "two rows locked in opposite orders: the statement that closes the cycle is the deadlock's victim") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  for (int run = 0; run < 5; ++run) {
    Lab lab(*server);
    lab["A"].run("BEGIN");
    REQUIRE(lab["A"].run(kDecrement, {std::string("N1")}).ok());
    lab["B"].run("BEGIN");
    REQUIRE(lab["B"].run(kDecrement, {std::string("N2")}).ok());
    REQUIRE(lab["A"].run(kDecrement, {std::string("N2")}).code == "waiting");
    const auto victim = lab["B"].run(kDecrement, {std::string("N1")});
    CHECK(victim.busy());
    CHECK(victim.deadlock_victim);
    CHECK(victim.code == "deadlock_detected");
    CHECK(victim.sqlstate == "40P01");
    // The server's DETAIL names backends by pid; each pid of the lab carries its session's name.
    const auto& pg_a = static_cast<pg::PostgresSession&>(lab["A"]);
    const auto& pg_b = static_cast<pg::PostgresSession&>(lab["B"]);
    INFO(victim.message);
    CHECK(victim.message.find("Process " + std::to_string(pg_b.backend_pid()) + " (B) waits for") !=
          std::string::npos);
    CHECK(victim.message.find("blocked by process " + std::to_string(pg_a.backend_pid()) + " (A).") !=
          std::string::npos);
    // The victim's transaction is aborted: the next statement fails until ROLLBACK.
    const auto after = lab["B"].run("SELECT 1");
    CHECK(after.code == "in_failed_sql_transaction");
    CHECK(after.sqlstate == "25P02");
    CHECK(lab["B"].run("ROLLBACK").ok());
    const auto a = lab["A"].run(kDecrement, {std::string("N2")});
    REQUIRE(a.ok());
    CHECK(a.changes == 1);
    lab["A"].run("COMMIT");
  }
}

TEST_CASE("a duplicate key waits for the first insert's transaction, then fails and aborts the transaction") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  Lab lab(*server);
  const std::string insert =
      "INSERT INTO holds(request_key, state, deadline) VALUES (?, 'RESERVED', ?) RETURNING id";
  lab["A"].run("BEGIN");
  const auto first = lab["A"].run(insert, {std::string("booking-A"), std::monostate{}});
  REQUIRE(first.ok());
  lab["B"].run("BEGIN");
  REQUIRE(lab["B"].run(insert, {std::string("booking-A"), std::monostate{}}).code == "waiting");
  lab["A"].run("COMMIT");
  const auto second = lab["B"].run(insert, {std::string("booking-A"), std::monostate{}});
  CHECK(second.constraint());
  CHECK(second.code == "unique_violation");
  CHECK(lab["B"].run("SELECT 1").code == "in_failed_sql_transaction");
  lab["B"].run("ROLLBACK");

  // A rolled-back insert used an identity value that is not given out again.
  lab["C"].run("BEGIN");
  const auto dropped = lab["C"].run(insert, {std::string("booking-C"), std::monostate{}});
  lab["C"].run("ROLLBACK");
  const auto kept = lab["C"].run(insert, {std::string("booking-C"), std::monostate{}});
  REQUIRE(dropped.ok());
  REQUIRE(kept.ok());
  CHECK(as_int(kept.rows[0][0]) > as_int(dropped.rows[0][0]));
}

TEST_CASE("a released lab is reused at the initial rows, with its identity counters reset") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  std::string schema;
  {
    Lab lab(*server);
    schema = static_cast<PostgresLabDatabase&>(*lab.db).schema();
    lab["A"].run("BEGIN");
    lab["A"].run(kDecrement, {std::string("N1")});
    lab["B"].run("BEGIN");
    REQUIRE(lab["B"].run(kDecrement, {std::string("N1")}).code == "waiting");
    lab["C"].run("INSERT INTO holds(request_key, state) VALUES ('x', 'RESERVED')");
  }  // released with A's transaction open and B waiting
  const Scenario scenario = test::bundled("h1_last_room.toml");
  auto db = open_postgres_lab_database(*server, scenario, *find_family("hotel"), {"A", "B", "C", "provider"},
                                       Model::atomic);
  CHECK(static_cast<PostgresLabDatabase&>(*db).schema() == schema);
  const auto rows = db->observer().run("SELECT room_night_id, available FROM room_inventory ORDER BY 1");
  REQUIRE(rows.rows.size() == 1);
  CHECK(rows.rows[0][1] == Value{std::int64_t{1}});
  const auto id =
      db->session("A").run("INSERT INTO holds(request_key, state) VALUES ('y', 'RESERVED') RETURNING id");
  REQUIRE(id.ok());
  CHECK(id.rows[0][0] == Value{std::int64_t{1}});
}
