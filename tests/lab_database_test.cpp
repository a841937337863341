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
