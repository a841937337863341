// An SQL scenario in the window on the server, headless: the backend toggle brings the server's variants, a
// waiting session says whom the server names as holding its lock, read committed beside serializable gives
// the lost update and the error that prevents it (PostgreSQL's 40001, InnoDB's deadlock 1213), repeatable
// read loses the update on InnoDB and fails it with 40001 on PostgreSQL, stepping back runs nothing on the
// server, and the Isolation window builds the server's table as Hermitage publishes it (but for the cells
// whose variants say why not).
#include <doctest/doctest.h>

#include <set>

#include "core/sim/isolation_lab.hpp"
#include "core/sim/servers.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/gui_driver.hpp"
#include "tests/eventually.hpp"
#include "tests/hermitage_table.hpp"
#include "tests/server_backend/server_under_test.hpp"

using namespace reslab;

namespace {

// What P4 (lost update) and the isolation table give on the server under test.
struct ServerAnswers {
  std::string variant_prefix;   // "pg-rc", "maria-rc"
  std::string prevented;        // how serializable prevents the lost update
  std::string repeatable_read;  // how repeatable read ends it
  bool repeatable_read_loses = false;
  // The bundled files that keep an order in which this server gives another answer than Hermitage's
  // transcript; their variants say why.
  std::set<std::string> differ_from_hermitage;
  std::string first_prevented_cell;  // the table's first cell of `prevented`: its test and variant
  std::string first_prevented_test;
  std::string first_prevented_variant;
};

const ServerAnswers& answers() {
  static const ServerAnswers postgres{
      "pg", "wait, 40001", "wait, 40001", false, {}, "prevented (wait, 40001)", "g0", "pg-rr"};
  // InnoDB's repeatable read lets T2 write on the value it read once T1 commits. The PMP-on-a-write-predicate
  // file keeps PostgreSQL's order, which gives InnoDB no anomaly where Hermitage's MySQL transcript (a read
  // before the DELETE) shows one.
  static const ServerAnswers mariadb{
      "maria", "wait, 1213", "wait", true, {"pmp-write"}, "prevented (wait, 1213)", "g1c", "maria-ser"};
  return servertest::backend_under_test() == Backend::mariadb ? mariadb : postgres;
}

std::string variant(const std::string& level) {
  return answers().variant_prefix + "-" + level;
}

void choose_server(testing::GuiDriver& gui) {
  const Backend backend = servertest::backend_under_test();
  REQUIRE(gui.click(RESLAB_SERVER_NAME));
  wait_for_server(backend);
  gui.settle();
  REQUIRE(gui.session().backend() == backend);
}

void open_p4_on_server(testing::GuiDriver& gui) {
  test::bundled_case("h1");  // points the scenario library at the source tree
  gui.app().apply(OpenScenario{"p4"});
  gui.settle();
  REQUIRE(gui.session().is_sql());
  choose_server(gui);
}

void next(testing::GuiDriver& gui, int times) {
  for (int i = 0; i < times; ++i) REQUIRE(gui.click("Next ▶"));
  gui.settle();
}

}  // namespace

TEST_CASE("an SQL scenario on " RESLAB_SERVER_NAME
          ": its variants take the toggle, and a waiting session names "
          "its holder") {
  if (!servertest::server_ready()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  open_p4_on_server(gui);
  CHECK(gui.session().variant()->id == variant("rc"));
  CHECK(gui.has_item("read committed"));
  CHECK(gui.has_item("repeatable read"));
  CHECK(gui.has_item("serializable"));
  CHECK_FALSE(gui.has_item("deferred, rollback journal"));
  next(gui, 4);  // t2_write waits for the row T1 updated
  CHECK(gui.session().current_step()->outcome == "waiting");
  CHECK(gui.has_item("2  T2 waits for T1"));
  next(gui, 1);  // T1's commit lets T2 write on the value it read: the update is lost
  REQUIRE(gui.session().current_step()->wakes.size() == 1);
  next(gui, 1);
  CHECK(gui.has_item("Anomaly"));
  // Repeatable read: InnoDB loses the update in the same order, PostgreSQL fails T2 with 40001.
  REQUIRE(gui.click("repeatable read"));
  gui.settle();
  CHECK(gui.session().variant()->id == variant("rr"));
  REQUIRE(gui.session().trace().verdict);
  CHECK(gui.session().trace().verdict->anomaly == answers().repeatable_read_loses);
  CHECK(gui.session().trace().verdict->how == answers().repeatable_read);
  REQUIRE(gui.click("SQLite"));
  gui.settle();
  CHECK(gui.session().variant()->id == "sqlite-deferred");
}

TEST_CASE("read committed beside serializable on " RESLAB_SERVER_NAME
          ": the lost update, and the error that prevents it") {
  if (!servertest::server_ready()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  open_p4_on_server(gui);
  REQUIRE(gui.click("Side by side"));
  gui.settle();
  REQUIRE(gui.app().comparisons().size() == 1);
  CHECK(gui.app().comparisons().front().trace.variant == variant("ser"));
  next(gui, 2);
  // What each variant's read of step 2 returned stands side by side under the variants' names.
  CHECK(test::shows("read committed (" RESLAB_SERVER_NAME ") What step 2 returned"));
  CHECK(test::shows("serializable (" RESLAB_SERVER_NAME ") What step 2 returned"));
  next(gui, 4);
  REQUIRE(gui.app().comparisons().size() == 1);
  const Trace& other = gui.app().comparisons().front().trace;
  REQUIRE(other.verdict);
  CHECK_FALSE(other.verdict->anomaly);
  CHECK(other.verdict->how == answers().prevented);
  REQUIRE(gui.session().trace().verdict);
  CHECK(gui.session().trace().verdict->anomaly);
  CHECK(gui.has_item("(read committed) Anomaly"));
  CHECK(gui.has_item("(serializable) Anomaly prevented"));
}

TEST_CASE("stepping back on " RESLAB_SERVER_NAME " shows the recorded step and runs nothing on the server") {
  if (!servertest::server_ready()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  open_p4_on_server(gui);
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

TEST_CASE("the Isolation window builds " RESLAB_SERVER_NAME
          "'s table in the background: every cell as Hermitage has it but where the variant says why not") {
  if (!servertest::server_ready()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  choose_server(gui);
  REQUIRE(gui.click("Isolation"));
  // The table is built on a thread of its own: frames go on being drawn until it has finished (the
  // budget only caps a hang).
  REQUIRE(test::until(
      [&] {
        gui.platform().clock += 0.05;
        gui.frame();
        return !gui.app().isolation().running();
      },
      std::chrono::minutes(10)));
  gui.settle();
  const IsolationRunner::Status status = gui.app().isolation().status();
  REQUIRE(status.state == IsolationRunner::State::finished);
  CHECK(status.backend == servertest::backend_under_test());
  REQUIRE(status.table.results.size() == hermitage_tests().size() * 3);
  for (const auto& result : status.table.results) {
    CAPTURE(result.scenario);
    CAPTURE(result.level);
    const SqlScenario& test = *status.table.find_test(result.scenario);
    const bool published = test::published_anomaly(servertest::backend_under_test(), result.level, test.test);
    if (answers().differ_from_hermitage.count(test.test) && result.level != "serializable")
      CHECK(result.anomaly != published);
    else
      CHECK(result.anomaly == published);
  }
  const SqlRunResult* p4 = status.table.cell("p4", variant("rr"));
  REQUIRE(p4);
  CHECK(p4->anomaly == answers().repeatable_read_loses);
  CHECK(p4->how == answers().repeatable_read);
  REQUIRE(gui.click(answers().first_prevented_cell));
  gui.settle();
  CHECK(gui.session().sql_scenario()->id == answers().first_prevented_test);
  CHECK(gui.session().variant()->id == answers().first_prevented_variant);
  CHECK(gui.session().backend() == servertest::backend_under_test());
}
