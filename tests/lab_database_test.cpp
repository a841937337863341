// SQLite's lab database reads again only the tables somebody wrote since its last committed read; what it
// gives must be what a full read of the committed state gives, whatever the connections did.
#include "core/backends/sqlite/lab_database.hpp"

#include <doctest/doctest.h>

#include "core/sim/case_family.hpp"
#include "test_support.hpp"

using namespace reslab;

namespace {

Tables full_read(LabDatabase& db) {
  std::vector<TableData> tables;
  REQUIRE(db.read_tables(db.observer(), tables));
  return tables;
}

Tables committed_read(LabDatabase& db, const Tables& previous) {
  Tables tables;
  REQUIRE(db.read_committed_tables(tables, &previous));
  return tables;
}

}  // namespace

TEST_CASE("a committed read that copies unwritten tables gives what a full read gives") {
  const Scenario scenario = test::h1();
  const CaseFamily& family = *find_family(scenario.schema);
  const LabDatabaseHandle db = open_sqlite_lab_database(scenario, family, {"A", "B"}, Model::atomic);
  Session& a = db->session("A");
  Session& b = db->session("B");
  Tables previous;
  REQUIRE(db->read_committed_tables(previous, nullptr));
  CHECK(previous == full_read(*db));

  SUBCASE("a committed write is read again") {
    REQUIRE(a.run("BEGIN IMMEDIATE").ok());
    REQUIRE(a.run("UPDATE room_inventory SET available = available - 1").ok());
    REQUIRE(a.run("INSERT INTO holds(request_key, state) VALUES ('k1', 'RESERVED')").ok());
    REQUIRE(a.run("COMMIT").ok());
    const auto read = committed_read(*db, previous);
    CHECK(read == full_read(*db));
    CHECK_FALSE(read == previous);  // control: the write shows
    // What nobody wrote is shared with the previous read, not read again; what was written is new.
    for (std::size_t i = 0; i < read.size(); ++i) {
      const bool written = read[i].name == "room_inventory" || read[i].name == "holds";
      CHECK_MESSAGE((read.shared(i) == previous.shared(i)) == !written, read[i].name);
    }
  }
  SUBCASE("a rolled-back write leaves the tables as they were") {
    REQUIRE(b.run("BEGIN IMMEDIATE").ok());
    REQUIRE(b.run("DELETE FROM room_inventory").ok());
    REQUIRE(b.run("ROLLBACK").ok());
    CHECK(committed_read(*db, previous) == previous);
  }
  SUBCASE("a table emptied without WHERE is read again") {
    REQUIRE(b.run("DELETE FROM room_inventory").ok());
    const auto read = committed_read(*db, previous);
    CHECK(read == full_read(*db));
    CHECK(read.front().rows.empty());
  }
  SUBCASE(
      "rows written one by one merge in key order: inserted before, between and after, updated, re-keyed, deleted") {
    REQUIRE(
        a.run(
             "INSERT INTO holds(id, request_key, state) VALUES (10, 'k10', 'RESERVED'), (20, 'k20', 'RESERVED'),"
             " (30, 'k30', 'RESERVED'), (40, 'k40', 'RESERVED')")
            .ok());
    REQUIRE(a.run("INSERT INTO hold_nights(hold_id, room_night_id) VALUES (20, 'N1'), (10, 'N1')").ok());
    auto read = committed_read(*db, previous);
    REQUIRE(read == full_read(*db));
    REQUIRE(a.run("BEGIN IMMEDIATE").ok());
    REQUIRE(a.run("INSERT INTO holds(id, request_key, state) VALUES (5, 'k5', 'HELD'), (25, 'k25', 'HELD'),"
                  " (45, 'k45', 'HELD')")
                .ok());
    REQUIRE(a.run("UPDATE holds SET state = 'CONFIRMED' WHERE id = 20").ok());
    REQUIRE(a.run("UPDATE holds SET id = 35 WHERE id = 10").ok());  // a new key: the row moves
    REQUIRE(a.run("DELETE FROM holds WHERE id = 30").ok());
    REQUIRE(a.run("DELETE FROM hold_nights WHERE hold_id = 20").ok());
    REQUIRE(a.run("COMMIT").ok());
    REQUIRE(b.run("BEGIN IMMEDIATE").ok());
    REQUIRE(b.run("INSERT INTO holds(id, request_key, state) VALUES (1, 'k1', 'HELD')").ok());
    REQUIRE(b.run("ROLLBACK").ok());
    const auto next = committed_read(*db, read);
    CHECK(next == full_read(*db));
    const TableData* holds = nullptr;
    for (const auto& table : next)
      if (table.name == "holds") holds = &table;
    REQUIRE(holds);
    std::vector<Value> ids;
    for (const auto& row : holds->rows) ids.push_back(row[0]);
    CHECK(ids == std::vector<Value>{std::int64_t{5}, std::int64_t{20}, std::int64_t{25}, std::int64_t{35},
                                    std::int64_t{40}, std::int64_t{45}});
  }
  SUBCASE("many rows written at once are read whole, and agree") {
    REQUIRE(a.run("BEGIN IMMEDIATE").ok());
    for (int i = 0; i < 40; ++i)
      REQUIRE(a.run("INSERT INTO holds(request_key, state) VALUES (?, 'HELD')", {"many-" + std::to_string(i)})
                  .ok());
    REQUIRE(a.run("COMMIT").ok());
    CHECK(committed_read(*db, previous) == full_read(*db));
  }
  SUBCASE("a read that meets a lock keeps the changed tables for the next one") {
    REQUIRE(a.run("BEGIN IMMEDIATE").ok());
    REQUIRE(a.run("UPDATE room_inventory SET sold = sold + 1").ok());
    REQUIRE(a.run("COMMIT").ok());
    REQUIRE(b.run("BEGIN IMMEDIATE").ok());
    REQUIRE(b.run("UPDATE holds SET state = 'x'").ok());
    Tables blocked;
    CHECK_FALSE(db->read_committed_tables(blocked, &previous));  // memdb: readers wait for a writer
    REQUIRE(b.run("ROLLBACK").ok());
    CHECK(committed_read(*db, previous) == full_read(*db));
  }
}
