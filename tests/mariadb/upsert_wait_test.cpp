// InnoDB's conditional upsert (SQLite's INSERT ... ON CONFLICT DO UPDATE ... WHERE, run as INSERT IGNORE
// then the UPDATE of that key): a wait at its UPDATE is stepped like any statement's, seen by the lock
// monitor, attributed to the session that holds the row, and driven on once that session commits.
#include <doctest/doctest.h>

#include <map>

#include "core/backends/mariadb/lock_monitor.hpp"
#include "core/backends/mariadb/session.hpp"
#include "tests/mariadb/mariadb_test_support.hpp"

using namespace reslab;

namespace {

const std::string kTakeLease =
    "INSERT INTO seat_locks(seat_id, owner, lease_until) VALUES (?, ?, ?)"
    " ON CONFLICT(seat_id) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until"
    " WHERE seat_locks.lease_until <= ?";

// A database of the server's prefix (dropped with the others) holding seat_locks with seat s1 leased to A
// until `lease_until`.
maria::Endpoint seat_locks_database(const maria::ServerInfo& server, const std::string& suffix,
                                    std::int64_t lease_until) {
  maria::Endpoint endpoint = server.endpoint;
  endpoint.database = server.database_prefix + suffix;
  maria::Connection admin(server.endpoint);
  admin.must("CREATE DATABASE `" + endpoint.database + "`");
  admin.must("CREATE TABLE `" + endpoint.database +
             "`.seat_locks (seat_id VARCHAR(64) PRIMARY KEY, owner VARCHAR(64) NOT NULL, lease_until BIGINT "
             "NOT NULL)");
  admin.must("INSERT INTO `" + endpoint.database + "`.seat_locks VALUES ('s1', 'A', " +
             std::to_string(lease_until) + ")");
  return endpoint;
}

}  // namespace

TEST_CASE("a conditional upsert whose UPDATE waits for a row lock comes back waiting, for its holder") {
  const maria::ServerInfo* server = mariatest::server_or_skip();
  if (!server) return;
  const maria::Endpoint endpoint = seat_locks_database(*server, "_upsert_wait", 10);
  maria::LockMonitor monitor(endpoint);
  const std::map<std::string, std::string> keys = {{"seat_locks", "seat_id"}};
  maria::MariaSession holder(endpoint, "A", monitor, keys);
  maria::MariaSession taker(endpoint, "B", monitor, keys);
  // A reads the row with a shared lock: B's INSERT IGNORE, which takes one too, goes through; its UPDATE
  // needs the row exclusively and waits.
  REQUIRE(holder.run("BEGIN").ok());
  REQUIRE(holder.run("SELECT owner FROM seat_locks WHERE seat_id = 's1' LOCK IN SHARE MODE").ok());
  const std::vector<Value> params = {std::string("s1"), std::string("B"), std::int64_t{40}, std::int64_t{20}};
  const StatementResult waiting = taker.run(kTakeLease, params);
  CHECK(waiting.busy());
  CHECK(waiting.code == "waiting");
  CHECK_FALSE(waiting.deadlock_victim);
  CHECK(taker.waiting());
  const auto blockers = monitor.blocking_threads(taker.thread_id());
  REQUIRE(blockers.size() == 1);
  CHECK(blockers.front() == holder.thread_id());
  // Run again while A still holds the row: still waiting, the same statement driven on, not sent twice.
  CHECK(taker.run(kTakeLease, params).busy());
  REQUIRE(holder.run("COMMIT").ok());
  const StatementResult taken = taker.run(kTakeLease, params);
  CHECK(taken.ok());
  CHECK(taken.changes == 1);
  CHECK_FALSE(taker.waiting());
  const StatementResult row = holder.connection().exec("SELECT owner, lease_until FROM seat_locks");
  REQUIRE(row.rows.size() == 1);
  CHECK(to_display(row.rows[0][0]) == "B");
  CHECK(to_display(row.rows[0][1]) == "40");
}

TEST_CASE("a conditional upsert whose condition fails changes no row, and one on a new key inserts it") {
  const maria::ServerInfo* server = mariatest::server_or_skip();
  if (!server) return;
  const maria::Endpoint endpoint = seat_locks_database(*server, "_upsert_cases", 30);
  maria::LockMonitor monitor(endpoint);
  const std::map<std::string, std::string> keys = {{"seat_locks", "seat_id"}};
  maria::MariaSession session(endpoint, "B", monitor, keys);
  const StatementResult kept =
      session.run(kTakeLease, {std::string("s1"), std::string("B"), std::int64_t{40}, std::int64_t{20}});
  CHECK(kept.ok());
  CHECK(kept.changes == 0);  // the lease runs until 30, and it is 20
  const StatementResult inserted =
      session.run(kTakeLease, {std::string("s2"), std::string("B"), std::int64_t{40}, std::int64_t{20}});
  CHECK(inserted.ok());
  CHECK(inserted.changes == 1);
}
