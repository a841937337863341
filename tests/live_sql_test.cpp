// The live labs' SQL is written once, in SQLite's spelling: dialect_sql() gives PostgreSQL's.
#include <doctest/doctest.h>

#include "core/labs/connection/live_connection.hpp"

using namespace reslab;

TEST_CASE("dialect_sql leaves SQLite's spelling alone on SQLite") {
  const std::string sql = "CREATE TABLE t(id INTEGER PRIMARY KEY); UPDATE t SET id = ?1 WHERE id = ?2";
  CHECK(dialect_sql(Backend::sqlite, sql) == sql);
  CHECK(dialect_sql(Backend::sqlite, kLiveBeginWrite) == "BEGIN IMMEDIATE");
}

TEST_CASE("dialect_sql gives PostgreSQL $N placeholders, a plain BEGIN and 64-bit INTEGER columns") {
  CHECK(dialect_sql(Backend::postgres, "UPDATE seats SET state = ?1 WHERE seat_id = ?12") ==
        "UPDATE seats SET state = $1 WHERE seat_id = $12");
  CHECK(dialect_sql(Backend::postgres, kLiveBeginWrite) == "BEGIN");
  CHECK(dialect_sql(Backend::postgres,
                    "CREATE TABLE t(id INTEGER PRIMARY KEY, n INTEGER NOT NULL,c INTEGER)") ==
        "CREATE TABLE t(id BIGINT PRIMARY KEY, n BIGINT NOT NULL,c BIGINT)");
}

TEST_CASE("dialect_sql changes only the word INTEGER, not names that contain it or a ? without a number") {
  CHECK(dialect_sql(Backend::postgres, "SELECT INTEGERS, MY_INTEGER, INTEGER_2 FROM t WHERE a = '?'") ==
        "SELECT INTEGERS, MY_INTEGER, INTEGER_2 FROM t WHERE a = '?'");
}
