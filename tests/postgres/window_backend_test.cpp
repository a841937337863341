// The window on PostgreSQL, headless: the SQLite | PostgreSQL toggle moves the session to the server,
// is remembered in the settings, and the compare view puts one model on both backends side by side;
// `reslab export --backend postgres` writes the slides of a case run on the server.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <filesystem>
#include <string>

#include "tests/app/app_test_support.hpp"
#include "tests/app/gui_driver.hpp"
#include "tests/postgres/postgres_test_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;

namespace {

// After a click that may start the server: waits for the start to end (stepping_server() has already
// started it, so at once), then draws until the window settles, which is when it follows the server.
Backend backend_after_settling(testing::GuiDriver& gui) {
  pg::wait_for_server();
  gui.settle();
  return gui.session().backend();
}

}  // namespace

TEST_CASE("the window's PostgreSQL toggle runs the case on the server and is remembered") {
  if (!pg::test::private_server_or_skip()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  REQUIRE(gui.click("atomic (conditional update)"));
  gui.settle();
  REQUIRE(gui.click("PostgreSQL"));
  REQUIRE(backend_after_settling(gui) == Backend::postgres);
  CHECK(gui.app().settings().backend == "postgres");

  REQUIRE(gui.click("Next ▶"));
  REQUIRE(gui.click("Next ▶"));
  gui.settle();
  const Trace& trace = gui.session().trace();
  REQUIRE(trace.steps.size() >= 2);
  CHECK(trace.backend == Backend::postgres);
  CHECK(trace.steps[1].outcome == "waiting");
  CHECK(trace.steps[1].sql.back().result == "waiting");  // B waits at its UPDATE, not at BEGIN
  CHECK(gui.find_label("waits for a row") != "");        // the actor's button says what it waits for

  REQUIRE(gui.click("SQLite"));
  REQUIRE(backend_after_settling(gui) == Backend::sqlite);
  CHECK(gui.session().trace().steps[1].sql.back().result == "SQLITE_BUSY");  // at BEGIN IMMEDIATE
  CHECK(gui.app().settings().backend == "sqlite");
}

TEST_CASE("side by side on every backend shows one model on SQLite and on PostgreSQL") {
  if (!pg::test::private_server_or_skip()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  REQUIRE(gui.click("Side by side"));
  gui.settle();
  REQUIRE(gui.click("Every backend"));
  backend_after_settling(gui);
  const PartialReplay* other = nullptr;
  for (const auto& run : gui.app().comparisons())
    if (run.trace.backend == Backend::postgres) other = &run;
  REQUIRE(other);
  CHECK(gui.session().backend() == Backend::sqlite);
  CHECK(other->trace.model == gui.session().model());
  CHECK(other->trace.steps.size() == gui.session().trace().steps.size());
  CHECK(gui.app().settings().compare_backends);
}

TEST_CASE("reslab export --backend postgres writes each step of a case run on the server") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  const test::ScratchDir dir;
  // The test's own server, as a server that is not reslab's: the binary works in a schema of its own.
  const std::string command =
      "'" + std::string(RESLAB_BINARY) + "' export h1 --backend postgres --pg '" + server->conninfo +
      "' --model atomic --size 1366x768 --lang en --quiet --out '" + dir.file("slides") + "' > /dev/null";
  const int status = test::system_under_xvfb(command);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  for (int step = 1; step <= 4; ++step) {
    const RgbaImage image =
        test::load_png(dir.file("slides/h1-atomic-postgres-step0" + std::to_string(step) + ".png"));
    CHECK(image.width == 1366);
    CHECK(image.height == 768);
  }
}

TEST_CASE("the window's SQLite button on a spec SQLite cannot run names the statement, in both languages") {
  if (!pg::test::private_server_or_skip()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  gui.app().apply(OpenScenario{std::string(RESLAB_TEST_DATA_DIR) + "/spec/serialization.spec"});
  REQUIRE(backend_after_settling(gui) == Backend::postgres);
  REQUIRE(gui.session().is_sql());
  REQUIRE(gui.click("SQLite"));
  gui.settle();
  CHECK(gui.session().backend() == Backend::postgres);  // it stays where it is
  REQUIRE_FALSE(gui.app().view().toasts.empty());
  const std::string said = gui.app().view().toasts.back().text;
  CHECK(said.find("serialization.spec:13:9: SQLite cannot run session a's setup: near \"ISOLATION\": syntax "
                  "error. It stays where it is.") != std::string::npos);
  CHECK(gui.app().no_variant_text(Backend::sqlite) == said);  // the button's tooltip says the same
  CHECK(
      gui.app().no_variant_text(Backend::mariadb).find("has no variant on MariaDB (it runs on PostgreSQL)") !=
      std::string::npos);
  CHECK(gui.app().no_variant_text(Backend::postgres).empty());
  gui.app().apply(SetLanguage{Lang::zh});
  gui.settle();
  CHECK(gui.app().no_variant_text(Backend::sqlite).find("SQLite 无法运行会话 a 的 setup：near") !=
        std::string::npos);
  CHECK(gui.app().no_variant_text(Backend::sqlite).find("保持不变") != std::string::npos);
}

TEST_CASE(
    "what the server said to a session shows under the statement that ran, and in the Why, until hidden") {
  if (!pg::test::private_server_or_skip()) return;
  testing::GuiDriver gui("h1", test::english_settings());
  gui.app().apply(OpenScenario{std::string(RESLAB_TEST_DATA_DIR) + "/spec/notices.spec"});
  REQUIRE(backend_after_settling(gui) == Backend::postgres);
  REQUIRE(gui.session().is_sql());
  for (int step = 0; step < 3; ++step) REQUIRE(gui.click("Next ▶"));
  gui.settle();
  CHECK(test::shows("DROP TABLE IF EXISTS nothing_here; → done"));
  CHECK(test::shows("NOTICE: table \"nothing_here\" does not exist, skipping"));
  CHECK(test::shows("Meanwhile the server said to n1's session: NOTICE: table \"nothing_here\""));
  gui.app().apply(SetLanguage{Lang::zh});
  gui.settle();
  CHECK(test::shows("其间服务器对 n1 的会话说：NOTICE: table"));
}
