// The cases' SQLite statements in InnoDB's dialect.
#include "core/backends/mariadb/sql_text.hpp"

#include <doctest/doctest.h>

using namespace reslab::maria;

TEST_CASE("BEGIN IMMEDIATE runs as a plain BEGIN on MariaDB") {
  CHECK(translate_statement("BEGIN IMMEDIATE") == "BEGIN");
}

TEST_CASE("ON CONFLICT DO NOTHING becomes INSERT IGNORE") {
  CHECK(translate_statement("INSERT INTO callbacks(event_id) VALUES (?) ON CONFLICT(event_id) DO NOTHING") ==
        "INSERT IGNORE INTO callbacks(event_id) VALUES (?)");
}

TEST_CASE("ON CONFLICT DO UPDATE with excluded values becomes ON DUPLICATE KEY UPDATE with VALUES()") {
  CHECK(
      translate_statement("INSERT INTO t(k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v") ==
      "INSERT INTO t(k, v) VALUES (?, ?) ON DUPLICATE KEY UPDATE v = VALUES(v)");
}

TEST_CASE("a conditional upsert is an INSERT IGNORE, then the UPDATE of its key where the condition holds") {
  const auto split = split_conditional_upsert(
      "INSERT INTO seat_locks(seat_id, owner, lease_until) VALUES ('S1', 'A', 30) ON CONFLICT(seat_id) DO UPDATE"
      " SET owner = excluded.owner, lease_until = excluded.lease_until WHERE seat_locks.lease_until <= 10");
  REQUIRE(split);
  CHECK(split->insert == "INSERT IGNORE INTO seat_locks(seat_id, owner, lease_until) VALUES ('S1', 'A', 30)");
  CHECK(
      split->update ==
      "UPDATE seat_locks SET owner = 'A', lease_until = 30 WHERE seat_id = 'S1' AND (seat_locks.lease_until <= 10)");
}

TEST_CASE("UPDATE ... RETURNING is taken apart into its table, SET, WHERE and RETURNING") {
  const auto split = split_update_returning(
      "UPDATE room_inventory SET available = available - 1 WHERE room_night_id = ? AND available > 0 RETURNING "
      "available");
  REQUIRE(split);
  CHECK(split->table == "room_inventory");
  CHECK(split->set == "available = available - 1");
  CHECK(split->where == "room_night_id = ? AND available > 0");
  CHECK(split->returning == "available");
  CHECK(split->set_placeholders == 0);
}

TEST_CASE("a column MariaDB reserves is quoted, but not inside a string literal") {
  CHECK(quote_reserved("SELECT change FROM inventory_log WHERE reason = 'change'") ==
        "SELECT `change` FROM inventory_log WHERE reason = 'change'");
}

TEST_CASE("an INTEGER PRIMARY KEY becomes an AUTO_INCREMENT BIGINT and TEXT a VARCHAR in byte order") {
  const TranslatedDdl ddl =
      translate_ddl("CREATE TABLE holds(id INTEGER PRIMARY KEY, request_key TEXT UNIQUE)");
  CHECK(ddl.table == "holds");
  CHECK(ddl.identity_column == "id");
  CHECK(ddl.key_column == "id");
  CHECK(
      ddl.sql ==
      "CREATE TABLE holds(id BIGINT AUTO_INCREMENT PRIMARY KEY, request_key VARCHAR(255) UNIQUE) ENGINE=InnoDB "
      "DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin");
}

TEST_CASE("placeholders take the bound values as literals, outside quotes only") {
  const auto literal = [](const reslab::Value& value) { return "<" + reslab::to_display(value) + ">"; };
  CHECK(bind_literals("SELECT '?', ? , ?", {std::int64_t{1}, std::string("x")}, literal) ==
        "SELECT '?', <1> , <x>");
}
