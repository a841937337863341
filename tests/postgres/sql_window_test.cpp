// An SQL scenario in the window on PostgreSQL, headless: the backend toggle brings the server's variants,
// a waiting session says whom pg_blocking_pids names, read committed and serializable side by side give the
// lost update and its 40001, and the Isolation window builds PostgreSQL's table as Hermitage publishes it.
#include <doctest/doctest.h>

#include "core/sim/sql_scenario_loader.hpp"
#include "core/sim/sql_scenario_steps.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/gui_driver.hpp"
#include "tests/postgres/postgres_test_support.hpp"

using namespace reslab;

namespace {

void open_p4_on_postgres(testing::GuiDriver& gui) {
  test::bundled_case("h1");  // points the scenario library at the source tree
  gui.app().apply(OpenScenario{"p4"});
  gui.settle();
  REQUIRE(gui.session().is_sql());
  REQUIRE(gui.click("PostgreSQL"));
  pg::wait_for_server();
  gui.settle();
  REQUIRE(gui.session().backend() == Backend::postgres);
}

void next(testing::GuiDriver& gui, int times) {
  for (int i = 0; i < times; ++i) REQUIRE(gui.click("Next ▶"));
  gui.settle();
}

}  // namespace

TEST_CASE(
    "an SQL scenario on PostgreSQL: its variants take the toggle, and a waiting session names its holder") {
  if (!pg::test::private_server_or_skip()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  open_p4_on_postgres(gui);
  CHECK(gui.session().variant()->id == "pg-rc");
  CHECK(gui.has_item("read committed"));
  CHECK(gui.has_item("serializable"));
  CHECK_FALSE(gui.has_item("deferred, rollback journal"));
  next(gui, 4);  // t2_write waits for the row T1 updated
  CHECK(gui.session().current_step()->outcome == "waiting");
  CHECK(gui.has_item("2  T2 waits for T1"));
  next(gui, 1);  // T1's commit lets T2 write on the value it read: the update is lost
  REQUIRE(gui.session().current_step()->wakes.size() == 1);
  next(gui, 1);
  CHECK(gui.has_item("Anomaly"));
  REQUIRE(gui.click("SQLite"));
  gui.settle();
  CHECK(gui.session().variant()->id == "sqlite-deferred");
}

TEST_CASE(
    "read committed beside serializable on PostgreSQL: the lost update, and the 40001 that prevents it") {
  if (!pg::test::private_server_or_skip()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  open_p4_on_postgres(gui);
  REQUIRE(gui.click("Side by side"));
  gui.settle();
  REQUIRE(gui.app().comparisons().size() == 1);
  CHECK(gui.app().comparisons().front().trace.variant == "pg-ser");
  next(gui, 6);
  REQUIRE(gui.app().comparisons().size() == 1);
  const Trace& other = gui.app().comparisons().front().trace;
  REQUIRE(other.verdict);
  CHECK_FALSE(other.verdict->anomaly);
  CHECK(other.verdict->how == "wait, 40001");
  REQUIRE(gui.session().trace().verdict);
  CHECK(gui.session().trace().verdict->anomaly);
  CHECK(gui.has_item("(read committed) Anomaly"));
  CHECK(gui.has_item("(serializable) Anomaly prevented"));
}

TEST_CASE("stepping back on PostgreSQL shows the recorded step and runs nothing on the server") {
  if (!pg::test::private_server_or_skip()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  open_p4_on_postgres(gui);
  next(gui, 6);
  const std::string hash = gui.session().trace().hash;
  const SqlRunResult* before = gui.session().sql_run();
  REQUIRE(gui.click("◀ Back"));
  REQUIRE(gui.click("◀ Back"));
  gui.settle();
  CHECK(gui.session().cursor() == 4);
  CHECK(gui.session().sql_run() == before);  // the same run: no replay
  CHECK(gui.session().trace().hash == hash);
}

TEST_CASE(
    "the Isolation window builds PostgreSQL's table in the background: every cell as Hermitage has it") {
  if (!pg::test::private_server_or_skip()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  REQUIRE(gui.click("PostgreSQL"));
  pg::wait_for_server();
  gui.settle();
  REQUIRE(gui.click("Isolation"));
  for (int frame = 0; frame < 100000 && gui.app().isolation().running(); ++frame) {
    gui.platform().clock += 0.05;
    gui.frame();
  }
  gui.settle();
  const IsolationRunner::Status status = gui.app().isolation().status();
  REQUIRE(status.state == IsolationRunner::State::finished);
  CHECK(status.backend == Backend::postgres);
  REQUIRE(status.table.results.size() == hermitage_tests().size() * 3);
  const SqlRunResult* g2_item = status.table.cell("g2-item", "pg-rr");
  REQUIRE(g2_item);
  CHECK(g2_item->anomaly);  // write skew at repeatable read
  const SqlRunResult* p4 = status.table.cell("p4", "pg-rr");
  REQUIRE(p4);
  CHECK_FALSE(p4->anomaly);
  CHECK(p4->how == "wait, 40001");
  REQUIRE(gui.click("prevented (wait, 40001)"));  // the first such cell: g0 at repeatable read
  gui.settle();
  CHECK(gui.session().sql_scenario()->id == "g0");
  CHECK(gui.session().variant()->id == "pg-rr");
}
