// L1's load-lab window driven like a user: open it from the top bar, run a
// small workload in the background while frames go on, read the figures, cancel.
#include <doctest/doctest.h>

#include <thread>

#include "gui_driver.hpp"
#include "tests/app/app_test_support.hpp"

namespace reslab {
namespace {

using test::english_settings;
using testing::GuiDriver;

// Waits for the run's thread to end, then draws the result. No clock: a hang is ctest's timeout.
bool run_until_done(GuiDriver& gui) {
  gui.app().wait_for_background();
  gui.frame();
  return !gui.app().load().running();
}

void open_small_workload(GuiDriver& gui) {
  REQUIRE(gui.click("Load lab"));
  REQUIRE(gui.app().view().load_open);
  LoadOptions& options = gui.window_state().load.options;  // typing digits is ImGui's business
  options.seats = 2000;
  options.intents = 3000;
  options.threads = 2;
  options.baseline = false;
}

TEST_CASE("the top bar's Load lab button opens the load-lab window and closes it again") {
  GuiDriver gui("h1", english_settings());
  CHECK_FALSE(gui.has_item("Start the run"));
  REQUIRE(gui.click("Load lab"));
  CHECK(gui.has_item("Start the run"));
  CHECK_FALSE(gui.item_enabled("Cancel the run"));
  REQUIRE(gui.click("Load lab"));
  CHECK_FALSE(gui.has_item("Start the run"));
}

TEST_CASE("a small atomic run in the window oversells nothing and shows its figures") {
  GuiDriver gui("h1", english_settings());
  open_small_workload(gui);
  REQUIRE(gui.click("Start the run"));
  REQUIRE(run_until_done(gui));
  const LoadRunner::Status status = gui.app().load().status();
  REQUIRE(status.state == LoadRunner::State::finished);
  REQUIRE(status.result);
  CHECK(status.result->oversold == 0);
  CHECK(status.result->decided == 3000);
  CHECK(gui.has_item("No seat was oversold."));
  CHECK(gui.has_item("oversold seats (counted by SQL): 0"));
  CHECK_FALSE(gui.find_label("intents per second: ").empty());
}

TEST_CASE("choosing the naive model switches the window to the race engine") {
  GuiDriver gui("h1", english_settings());
  open_small_workload(gui);
  REQUIRE(gui.click("naive read-write: read, then write"));
  CHECK(gui.window_state().load.options.model == Model::naive);
  CHECK(gui.window_state().load.options.engine == LoadEngine::race);
}

TEST_CASE("cancelling a run stops it and says so") {
  GuiDriver gui("h1", english_settings());
  open_small_workload(gui);
  gui.window_state().load.options.intents = 2'000'000;
  gui.window_state().load.options.seats = 2'000'000;
  REQUIRE(gui.click("Start the run"));
  CHECK(gui.app().load().running());
  REQUIRE(gui.click("Cancel the run"));
  REQUIRE(run_until_done(gui));
  CHECK(gui.app().load().status().state == LoadRunner::State::cancelled);
  CHECK(gui.has_item("Cancelled: the figures cover the intents decided so far, and the file is consistent."));
}

}  // namespace
}  // namespace reslab
