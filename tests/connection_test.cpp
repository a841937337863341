#include "core/backends/sqlite/connection.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <set>
#include <string>

using namespace reslab;

namespace {

std::string fresh_uri() {
  static std::atomic<int> counter{0};
  return "file:/connection-test-" + std::to_string(counter++) + "?vfs=memdb";
}

}  // namespace

TEST_CASE("two connections to one memdb database really lock: a second BEGIN IMMEDIATE gets SQLITE_BUSY") {
  const std::string uri = fresh_uri();
  Connection first(uri, "A");
  Connection second(uri, "B");
  REQUIRE(first.run("CREATE TABLE t(x)").ok());
  CHECK(first.run("BEGIN IMMEDIATE").ok());
  CHECK(first.in_write_transaction());
  const auto blocked = second.run("BEGIN IMMEDIATE");
  CHECK(blocked.busy());
  CHECK(blocked.code_name() == "SQLITE_BUSY");
  CHECK(first.run("COMMIT").ok());
  CHECK(second.run("BEGIN IMMEDIATE").ok());
  CHECK(second.run("ROLLBACK").ok());
}

TEST_CASE("a statement reports its rows, RETURNING values, rows changed and result code") {
  Connection connection(fresh_uri(), "A");
  REQUIRE(connection.run("CREATE TABLE stock(id TEXT PRIMARY KEY, available INTEGER CHECK (available >= 0))")
              .ok());
  REQUIRE(connection.run("INSERT INTO stock VALUES (?, ?)", {std::string("N1"), std::int64_t{1}}).ok());
  const auto decrement = connection.run(
      "UPDATE stock SET available = available - 1 WHERE id = ? AND available > 0 RETURNING available",
      {std::string("N1")});
  CHECK(decrement.ok());
  CHECK(decrement.changes == 1);
  REQUIRE(decrement.rows.size() == 1);
  CHECK(decrement.rows[0][0] == Value(std::int64_t{0}));
  const auto again = connection.run(
      "UPDATE stock SET available = available - 1 WHERE id = ? AND available > 0 RETURNING available",
      {std::string("N1")});
  CHECK(again.ok());
  CHECK(again.changes == 0);
  CHECK(again.rows.empty());
  const auto negative = connection.run("UPDATE stock SET available = -1");
  CHECK(negative.constraint());
  CHECK(negative.code_name() == "SQLITE_CONSTRAINT_CHECK");
  const auto duplicate = connection.run("INSERT INTO stock VALUES ('N1', 1)");
  CHECK(duplicate.code_name() == "SQLITE_CONSTRAINT_PRIMARYKEY");
}

TEST_CASE("values travel as bound parameters, so SQL in a value is only text") {
  Connection connection(fresh_uri(), "A");
  REQUIRE(connection.run("CREATE TABLE holds(request_key TEXT)").ok());
  const std::string hostile = "'); DROP TABLE holds; --";
  CHECK(connection.run("INSERT INTO holds VALUES (?)", {hostile}).ok());
  const auto rows = connection.run("SELECT request_key FROM holds");
  REQUIRE(rows.rows.size() == 1);
  CHECK(rows.rows[0][0] == Value(hostile));
}

TEST_CASE("connections refuse ATTACH") {
  Connection connection(fresh_uri(), "A");
  const auto attach = connection.run("ATTACH DATABASE ':memory:' AS other");
  CHECK_FALSE(attach.ok());
}

TEST_CASE("a runaway statement is interrupted by the execution budget instead of hanging") {
  Connection connection(fresh_uri(), "A");
  const auto endless = connection.run(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n");
  CHECK(endless.code_name() == "SQLITE_INTERRUPT");
  CHECK(connection.run("SELECT 1").ok());  // the next statement has a fresh budget
}

TEST_CASE("a bind that does not fit the statement is a result code, not an exception") {
  Connection connection(fresh_uri(), "A");
  const auto extra = connection.run("SELECT ?", {std::int64_t{1}, std::int64_t{2}});
  CHECK(extra.code_name() == "SQLITE_RANGE");
  CHECK_FALSE(extra.message.empty());
  CHECK(connection.run("SELECT ?", {std::int64_t{1}}).ok());
}

TEST_CASE(
    "every row a connection writes is recorded by rowid, a DELETE without WHERE and a rolled-back write too") {
  const std::string uri = fresh_uri();
  Connection writer(uri, "A");
  Connection::ChangedRows changed;
  REQUIRE(writer.run("CREATE TABLE a(x)").ok());
  REQUIRE(writer.run("CREATE TABLE b(x)").ok());
  REQUIRE(writer.run("CREATE TABLE untouched(x)").ok());
  REQUIRE(writer.run("INSERT INTO a VALUES (1), (2)").ok());
  writer.record_writes_in(&changed);
  CHECK(changed.empty());

  // SQLite's truncate optimization would empty the table without telling the update hook.
  REQUIRE(writer.run("BEGIN IMMEDIATE").ok());
  const auto emptied = writer.run("DELETE FROM a");
  CHECK(emptied.changes == 2);
  CHECK(writer.tables_written()->count("a") == 1);
  REQUIRE(writer.run("COMMIT").ok());
  CHECK(writer.tables_written()->empty());  // a new transaction starts with none written
  CHECK(writer.run("SELECT count(*) FROM a").rows.at(0).at(0) == Value(std::int64_t{0}));

  REQUIRE(writer.run("BEGIN IMMEDIATE").ok());
  REQUIRE(writer.run("INSERT INTO b VALUES (1)").ok());
  REQUIRE(writer.run("ROLLBACK").ok());
  REQUIRE(writer.run("UPDATE a SET rowid = 7 WHERE rowid = 7").ok());  // no row: nothing recorded
  CHECK(changed == Connection::ChangedRows{{"a", {1, 2}}, {"b", {1}}});
  REQUIRE(writer.run("INSERT INTO a(rowid, x) VALUES (5, 'five')").ok());
  REQUIRE(writer.run("UPDATE a SET rowid = 6 WHERE rowid = 5").ok());  // the row before and after
  CHECK(changed.at("a") == std::set<std::int64_t>{1, 2, 5, 6});

  // SQLite's own tables are not held to it: DROP TABLE still drops.
  REQUIRE(writer.run("DROP TABLE untouched").ok());
  CHECK_FALSE(writer.run("SELECT * FROM untouched").ok());
}
