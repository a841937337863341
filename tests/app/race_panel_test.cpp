// T1's race window driven like a user: open it from the top bar, start a race,
// let frames run while it races in the background, read the result, cancel.
#include <doctest/doctest.h>

#include <thread>

#include "app/platform/desktop/live_labs.hpp"
#include "gui_driver.hpp"
#include "tests/app/app_test_support.hpp"

namespace reslab {
namespace {

using test::english_settings;
using testing::GuiDriver;

// Runs frames, as the event loop would, until `done`. No clock: a hang is ctest's timeout.
template <class Done>
bool run_frames_until(GuiDriver& gui, Done done) {
  while (!done()) {
    gui.frame();
    std::this_thread::yield();
  }
  gui.frame();
  return true;
}

// Waits for the race's thread to end, then draws the result.
bool race_over(GuiDriver& gui) {
  gui.app().wait_for_background();
  gui.frame();
  return !gui.app().race().running();
}

void open_race_window(GuiDriver& gui, int threads, int rounds) {
  REQUIRE(gui.click("Seat race"));
  REQUIRE(gui.app().view().race_open);
  gui.window_state().race.threads = threads;  // typing digits is ImGui's business, not this test's
  gui.window_state().race.rounds = rounds;
}

TEST_CASE("the top bar's Seat race button opens the race window and closes it again") {
  GuiDriver gui("h1", english_settings());
  CHECK_FALSE(gui.has_item("Start race"));
  REQUIRE(gui.click("Seat race"));
  CHECK(gui.has_item("Start race"));
  CHECK(gui.has_item("Choose the inputs and press Start race."));
  CHECK_FALSE(gui.item_enabled("Cancel race"));
  REQUIRE(gui.click("Seat race"));
  CHECK_FALSE(gui.app().view().race_open);
  CHECK_FALSE(gui.has_item("Start race"));
}

TEST_CASE("a naive race of 4 threads over 20 rounds shows the seat promised to more than one buyer") {
  GuiDriver gui("h1", english_settings());
  open_race_window(gui, 4, 20);
  REQUIRE(gui.click("naive read-write: read, then write"));
  REQUIRE(gui.click("Start race"));
  REQUIRE(race_over(gui));
  const RaceRunner::Status status = gui.app().race().status();
  REQUIRE(status.state == RaceRunner::State::finished);
  REQUIRE(status.result.has_value());
  CHECK(status.result->options.model == Model::naive);
  CHECK(status.result->max_winners > 1);
  CHECK(gui.has_item("most winners in one round: 4"));
  CHECK(gui.has_item("rounds with more than one winner: 20"));
  CHECK(
      gui.has_item("At most one owner per seat: BROKEN. Seat A1 was promised to 4 buyers in one round; 20 of "
                   "20 rounds oversold it."));
  CHECK(gui.has_item("20 / 20 rounds"));
}

TEST_CASE("an atomic race from the window has exactly one winner in every round") {
  GuiDriver gui("h1", english_settings());
  open_race_window(gui, 4, 30);
  REQUIRE(gui.click("atomic (conditional update): one UPDATE decides"));
  REQUIRE(gui.click("Start race"));
  REQUIRE(race_over(gui));
  CHECK(gui.has_item("At most one owner per seat: holds. Exactly one winner in every round."));
  CHECK(gui.has_item("most winners in one round: 1"));
  CHECK(gui.has_item("rounds with no winner: 0"));
}

TEST_CASE("the race window's model follows the top bar until one is picked in the window") {
  GuiDriver gui("h1", english_settings());
  REQUIRE(gui.click("naive read-write"));
  open_race_window(gui, 2, 1);
  CHECK(gui.window_state().race.model == Model::naive);
  REQUIRE(gui.click("atomic (conditional update): one UPDATE decides"));
  REQUIRE(gui.click("naive read-write"));
  CHECK(gui.window_state().race.model == Model::atomic);
}

TEST_CASE("while a race runs the event loop is asked back soon, and Start is disabled") {
  GuiDriver gui("h1", english_settings());
  open_race_window(gui, 16, 100'000);
  REQUIRE(gui.click("Start race"));
  REQUIRE(gui.app().race().running());
  const double wait = gui.app().tick();
  CHECK(wait >= 0);
  CHECK(wait < 0.26);  // the progress refresh interval, not "whenever an input comes"
  gui.frame();
  CHECK_FALSE(gui.item_enabled("Start race"));
  CHECK(gui.item_enabled("Cancel race"));
  REQUIRE(gui.click("Cancel race"));
  REQUIRE(race_over(gui));
}

TEST_CASE("Cancel stops a long race early and says after how many rounds") {
  GuiDriver gui("h1", english_settings());
  open_race_window(gui, 16, 100'000);
  REQUIRE(gui.click("Start race"));
  REQUIRE(run_frames_until(gui, [&] { return gui.app().race().status().progress.rounds_done >= 2; }));
  REQUIRE(gui.click("Cancel race"));
  REQUIRE(race_over(gui));
  const RaceRunner::Status status = gui.app().race().status();
  REQUIRE(status.state == RaceRunner::State::cancelled);
  CHECK(status.progress.rounds_done >= 2);
  CHECK(status.progress.rounds_done < 100'000);
  CHECK(gui.has_item("Cancelled after " + std::to_string(status.progress.rounds_done) + " rounds."));
  CHECK(status.result->max_winners == 1);
  CHECK(gui.item_enabled("Start race"));
}

TEST_CASE("closing the app during a race stops the race instead of hanging") {
  {
    GuiDriver gui("h1", english_settings());
    open_race_window(gui, 8, 100'000);
    REQUIRE(gui.click("Start race"));
    REQUIRE(gui.app().race().running());
  }  // the app, and with it the race, ends here
  CHECK(true);
}

TEST_CASE("the runner wakes its owner while racing and once at the end") {
  std::atomic<int> wakes{0};
  RaceRunner runner([&] { ++wakes; });
  REQUIRE(runner.start(RaceOptions{2, 5, Model::atomic, {}, Backend::sqlite, {}, false}) == "");
  runner.wait();
  CHECK(wakes >= 1);
  CHECK(runner.status().state == RaceRunner::State::finished);
  CHECK(runner.status().progress.rounds_done == 5);
}

TEST_CASE("the runner refuses inputs out of range without starting") {
  RaceRunner runner;
  CHECK(runner.start(RaceOptions{1, 5, Model::atomic, {}, Backend::sqlite, {}, false}) ==
        "--threads must be between 2 and 64, not 1");
  CHECK_FALSE(runner.running());
  CHECK(runner.status().state == RaceRunner::State::idle);
}

TEST_CASE("a platform without live labs refuses the race and names the command that runs it") {
  const LiveLabs labs = desktop_only_live_labs();
  CHECK(labs.race->start(RaceOptions{2, 5, Model::atomic, {}, Backend::sqlite, {}, false}) ==
        "the seat race runs in the desktop app only; in a terminal: reslab race");
  CHECK_FALSE(labs.race->running());
  CHECK(labs.race->status().state == RaceRun::State::idle);
}

}  // namespace
}  // namespace reslab
