// H1 on PostgreSQL in its own terms (what every server backend shows is in tests/server_backend/): B's
// BEGIN runs as a plain BEGIN that never waits, the observer reads the committed state while A holds its
// lock, and the statements carry PostgreSQL's condition names.
#include <doctest/doctest.h>

#include "core/formats/trace_json.hpp"
#include "tests/postgres/postgres_test_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;

TEST_CASE(
    "H1 atomic on PostgreSQL: B's plain BEGIN never waits, its UPDATE does, and A's lock hides nothing "
    "committed") {
  if (!pg::test::private_server_or_skip()) return;
  const Scenario h1 = test::h1();
  const Trace trace = test::run_preset(h1, Model::atomic, "article", Backend::postgres);
  REQUIRE(trace.steps.size() == 4);
  const Step& b1 = trace.steps[1];
  REQUIRE(b1.sql.size() == 2);
  CHECK(b1.sql[0].sql == "BEGIN");                     // SQLite's BEGIN IMMEDIATE runs as a plain BEGIN
  CHECK(b1.sql[0].result == "successful_completion");  // BEGIN never waits on PostgreSQL
  CHECK(b1.sql[1].result == "waiting");
  CHECK_FALSE(b1.committed_is_previous);  // the observer reads the committed state while A holds its lock
  bool b_unreadable = false;
  for (const auto& view : b1.open_transactions)
    b_unreadable = b_unreadable || (view.actor == "B" && !view.readable);
  CHECK(b_unreadable);

  bool rechecked = false;
  for (const auto& record : trace.steps[2].sql)
    if (record.connection == "B" && record.sql.rfind("UPDATE", 0) == 0)
      rechecked =
          record.result == "successful_completion" && record.changes == 0 && record.sqlstate == "00000";
  CHECK(rechecked);
  CHECK(trace_to_json(trace, h1, Lang::en)["steps"][1]["sql"][1]["result"] == "waiting");
}
