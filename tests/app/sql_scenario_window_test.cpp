// An SQL scenario in the window, driven like a user on SQLite: step it with Next and the sessions' buttons,
// read what each step returned and whom a waiting session waits for, switch variants, call predict mode's
// questions, set two variants side by side, and build the Isolation window's table and open a cell.
#include <GLFW/glfw3.h>
#include <doctest/doctest.h>

#include <algorithm>

#include "app/panels/timeline_layout.hpp"
#include "gui_driver.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/handout_test_support.hpp"
#include "tests/eventually.hpp"
#include "tests/scratch_dir.hpp"

namespace reslab {
namespace {

using test::english_settings;
using test::shows;
using testing::GuiDriver;

// P4 (lost update) from the isolation lab, opened by its test name.
GuiDriver& open_p4(GuiDriver& gui) {
  test::bundled_case("h1");  // points the scenario library at the source tree
  gui.app().apply(OpenScenario{"p4"});
  gui.settle();
  REQUIRE(gui.session().is_sql());
  return gui;
}

void next(GuiDriver& gui, int times = 1) {
  for (int i = 0; i < times; ++i) REQUIRE(gui.click("Next ▶"));
  gui.settle();
}

GuiDriver& open_repeated_step(GuiDriver& gui) {
  gui.app().apply(OpenScenario{std::string(RESLAB_TEST_DATA_DIR) + "/spec/repeated_step.spec"});
  gui.settle();
  REQUIRE(gui.session().is_sql());
  REQUIRE(gui.session().variant()->id == "sqlite");
  return gui;
}

// The timeline's markers of `event`: the steps that ran it, and whether each shows waiting.
std::vector<std::pair<int, bool>> markers_of(const LabSession& session, const std::string& event) {
  std::vector<std::pair<int, bool>> out;
  for (const auto& marker : layout_timeline(session, TimelineGeometry{}).markers)
    if (marker.event == event) out.emplace_back(marker.step, marker.kind == MarkerKind::waiting);
  return out;
}

}  // namespace

TEST_CASE(
    "an SQL scenario opens in the window with its sessions' buttons and its variants in the model's place") {
  GuiDriver gui("h1", english_settings());
  open_p4(gui);
  CHECK(gui.session().variant()->id == "sqlite-deferred");
  CHECK(gui.has_item("deferred, rollback journal"));
  CHECK(gui.has_item("immediate, WAL"));
  CHECK_FALSE(gui.has_item("naive read-write"));
  CHECK(gui.has_item("1  T1 t1_read: SELECT * FROM test WHERE id = 1"));
  CHECK(gui.has_item("Anomaly or not?"));
  CHECK(shows("hermitage"));  // the file's permutation in the preset picker
}

TEST_CASE(
    "stepping an SQL scenario shows the rows each step returned, its wait, and the verdict at the end") {
  GuiDriver gui("h1", english_settings());
  open_p4(gui);
  next(gui);
  CHECK(shows("What step 1 returned"));
  CHECK(shows("(1, 10)"));
  next(gui, 3);  // t2_write fails at once: SQLite would wait for ever
  CHECK(gui.session().current_step()->outcome == "failed");
  CHECK(shows("SQLITE_BUSY"));
  next(gui);  // T1's COMMIT waits for T2's read lock: its button says so
  CHECK(gui.has_item("1  T1 waits for T2"));
  CHECK_FALSE(gui.item_enabled("1  T1 waits for T2"));
  CHECK(gui.has_item("Anomaly or not?"));
  next(gui);  // T2's COMMIT wakes T1
  CHECK(gui.session().current_step()->wakes.size() == 1);
  CHECK(gui.has_item("Anomaly prevented"));
  CHECK(shows("What stood in the way: SQLITE_BUSY, wait"));
  CHECK(shows("As the scenario file expects."));
  // Back shows the recorded step: nothing runs again.
  REQUIRE(gui.click("◀ Back"));
  gui.settle();
  CHECK(gui.session().cursor() == 5);
  CHECK(gui.has_item("Anomaly or not?"));
}

TEST_CASE("clicking a session's button runs its next step: an order built by hand, as the cases do") {
  GuiDriver gui("h1", english_settings());
  open_p4(gui);
  REQUIRE(gui.click("2  T2 t2_read: SELECT * FROM test WHERE id = 1"));
  gui.settle();
  REQUIRE(gui.click("2  T2 t2_write: UPDATE test SET value = 11 WHERE id = 1"));
  gui.settle();
  CHECK(gui.session().wanted_order() == std::vector<std::string>{"t2_read", "t2_write"});
  CHECK(gui.session().current_step()->outcome == "done");
  CHECK_FALSE(gui.session().follows_preset());
  // Any interleaving by its number, past the file's own permutation.
  gui.app().apply(UseInterleaving{20});
  gui.settle();
  CHECK(gui.session().wanted_order() == sql_interleaving(*gui.session().sql_scenario(), 20));
}

TEST_CASE("the variant toggle replays the same order under another level, and M goes to the next one") {
  GuiDriver gui("h1", english_settings());
  open_p4(gui);
  next(gui, 6);
  REQUIRE(gui.click("immediate, rollback journal"));
  gui.settle();
  CHECK(gui.session().variant()->id == "sqlite-immediate");
  CHECK(gui.session().cursor() == 6);
  CHECK(gui.session().trace().steps[1].outcome == "waiting");  // T2's BEGIN IMMEDIATE waits for T1
  CHECK(gui.has_item("Anomaly prevented"));
  gui.press_key_and_settle(GLFW_KEY_M);
  CHECK(gui.session().variant()->id == "sqlite-wal-deferred");
}

TEST_CASE("predict mode asks what the file expects of the step before the reveal, and answers after it") {
  GuiDriver gui("h1", english_settings());
  open_p4(gui);
  REQUIRE(gui.click("Predict"));
  gui.settle();
  for (int step = 0; step < 4; ++step) {
    REQUIRE(gui.click("Next ▶"));  // the step runs, its result hidden
    gui.settle();
    if (step < 3) {
      REQUIRE(gui.click("Reveal"));
      gui.settle();
    }
  }
  CHECK(gui.app().view().result_hidden(4));
  CHECK(shows("Will t2_write fail, and with which code?"));
  CHECK_FALSE(shows("As expected"));
  CHECK_FALSE(shows("SQLITE_BUSY"));  // the SQL panel's result is hidden too
  REQUIRE(gui.click("Reveal"));
  gui.settle();
  CHECK(shows("Expected: it fails with SQLITE_BUSY."));
}

TEST_CASE("side by side shows two variants of the same order, each with its verdict") {
  GuiDriver gui("h1", english_settings());
  open_p4(gui);
  REQUIRE(gui.click("immediate, rollback journal"));
  gui.settle();
  REQUIRE(gui.click("Side by side"));
  gui.settle();
  REQUIRE(gui.app().comparisons().size() == 1);
  CHECK(gui.app().comparisons().front().trace.variant == "sqlite-deferred");  // deferred beside immediate
  CHECK(gui.has_item("Beside it:"));
  gui.app().apply(SetComparedVariant{"sqlite-wal-deferred"});
  gui.settle();
  REQUIRE(gui.app().comparisons().size() == 1);
  CHECK(gui.app().comparisons().front().trace.variant == "sqlite-wal-deferred");
  next(gui, 6);
  CHECK(gui.has_item("(immediate, rollback journal) Anomaly prevented"));
  CHECK(gui.has_item("(deferred, WAL) Anomaly prevented"));
}

TEST_CASE(
    "the Isolation window builds SQLite's table in the background, and a cell opens that test at that level") {
  GuiDriver gui("h1", english_settings());
  test::bundled_case("h1");
  REQUIRE(gui.click("Isolation"));
  // The table is built on a thread of its own: frames go on being drawn until it has finished, however
  // long a busy machine makes that (the budget only caps a hang).
  REQUIRE(test::until(
      [&] {
        gui.platform().clock += 0.05;
        gui.frame();
        return !gui.app().isolation().running();
      },
      std::chrono::minutes(5)));
  gui.settle();
  const IsolationRunner::Status status = gui.app().isolation().status();
  REQUIRE(status.state == IsolationRunner::State::finished);
  CHECK(status.backend == Backend::sqlite);
  CHECK(status.cells_done == status.cell_count);
  CHECK(status.table.results.size() == status.cell_count);
  CHECK(gui.has_item("52 / 52 cells"));
  // P4 under SQLite's DEFERRED on a rollback journal: prevented, T2's write failing with SQLITE_BUSY.
  REQUIRE(gui.click("prevented (SQLITE_BUSY, wait)"));
  gui.settle();
  CHECK(gui.session().is_sql());
  CHECK(gui.session().sql_scenario()->id == "p4");
  CHECK(gui.session().variant()->id == "sqlite-deferred");
  CHECK_FALSE(gui.app().view().isolation_open);
}

TEST_CASE(
    "All orders of an SQL scenario runs its interleavings under every variant, and a square steps one") {
  GuiDriver gui("h1", english_settings());
  gui.app().apply(OpenScenario{std::string(RESLAB_TEST_DATA_DIR) + "/sql_autocommit_lost_update.toml"});
  gui.settle();
  REQUIRE(gui.session().is_sql());
  REQUIRE(gui.click("All orders"));
  CHECK(gui.app().view().orders_open);
  REQUIRE(gui.app().sql_explorer());
  // Orders run between frames, a slice each, with no thread.
  for (int frame = 0; frame < 1000 && !gui.app().sql_explorer()->finished(); ++frame) gui.frame();
  gui.settle();
  REQUIRE(gui.app().sql_explorer()->finished());
  CHECK(gui.has_item("6 / 6 runs"));
  CHECK(gui.has_item("6 interleavings of the sessions' steps."));
  CHECK(gui.has_item("4 of 6 orders give the anomaly."));
  CHECK(gui.has_item("4 of 6: anomaly"));
  CHECK(gui.has_item("2 of 6: prevented"));
  CHECK(gui.has_item("Run again"));

  // The square of an order that gives the anomaly: stepped in the main window, at its last step.
  REQUIRE(gui.click("a_read, b_read, a_write, b_write autocommit"));
  gui.settle();
  CHECK(gui.session().wanted_order() == std::vector<std::string>{"a_read", "b_read", "a_write", "b_write"});
  CHECK(gui.session().cursor() == 4);
  CHECK(gui.has_item("Anomaly"));
  CHECK(gui.window_state().edits.interleaving == 2);  // the number field says which interleaving is shown

  // Closing and opening the window again shows what ran, without running it again.
  const SqlExplorer* explored = gui.app().sql_explorer();
  REQUIRE(gui.click("All orders"));
  gui.settle();
  CHECK_FALSE(gui.app().view().orders_open);
  REQUIRE(gui.click("All orders"));
  gui.settle();
  CHECK(gui.app().sql_explorer() == explored);

  gui.app().apply(SetLanguage{Lang::zh});
  gui.settle();
  CHECK(gui.has_item("6 种顺序中有 4 种出现异常。"));
  CHECK(gui.has_item("6 种中有 4 种：出现异常"));
}

TEST_CASE(
    "All orders of an SQL scenario offers to run another file's or backend's orders, not to show them") {
  GuiDriver gui("h1", english_settings());
  open_p4(gui);
  REQUIRE(gui.click("All orders"));
  for (int frame = 0; frame < 2000 && !gui.app().sql_explorer()->finished(); ++frame) gui.frame();
  gui.settle();
  CHECK(gui.has_item("80 / 80 runs"));
  CHECK(gui.has_item("None of the 20 orders gives the anomaly."));
  gui.app().apply(OpenScenario{std::string(RESLAB_TEST_DATA_DIR) + "/sql_autocommit_lost_update.toml"});
  gui.settle();
  CHECK(gui.has_item("Not run yet for this scenario on SQLite."));
  CHECK(gui.has_item("Run every order"));
}

TEST_CASE("Save as Markdown writes an SQL scenario's run as reslab trace prints it") {
  GuiDriver gui("h1", english_settings());
  open_p4(gui);
  next(gui, 6);
  test::ScratchDir dir;
  gui.app().apply(SetScreenshotDir{dir.path()});
  gui.app().apply(SaveTraceMarkdown{});
  const std::string markdown = test::read_file(dir.file("p4-sqlite-deferred-en.md"));
  CHECK(markdown.find("# P4: lost update: deferred, rollback journal on SQLite") == 0);
  CHECK(markdown.find("**Result: the anomaly is prevented**") != std::string::npos);
}

TEST_CASE("a .spec opens in the window: its sessions' setups begin their transactions, a wait shows as one") {
  GuiDriver gui("h1", english_settings());
  gui.app().apply(OpenScenario{std::string(RESLAB_TEST_DATA_DIR) + "/spec/row_lock_wait.spec"});
  gui.settle();
  REQUIRE(gui.session().is_sql());
  REQUIRE(gui.session().variant());
  CHECK(gui.session().variant()->id == "sqlite");  // SQLite runs this file's SQL, and the window is on SQLite
  CHECK(shows("before its first step each session runs its own setup"));
  CHECK(shows("s1: BEGIN;"));
  CHECK(gui.has_item("1  s1 s1u: UPDATE rooms SET free = free - 1 WHERE id = 1 AND free > 0;"));
  next(gui, 2);
  CHECK(gui.session().current_step()->outcome == "waiting");
  next(gui);  // s1's COMMIT wakes s2
  CHECK(gui.session().current_step()->wakes.size() == 1);
  next(gui);
  CHECK(shows("(1, 0, 0) (2, 5, 1)"));
}

TEST_CASE("a spec whose permutation runs a step twice steps through both runs, forward and back") {
  GuiDriver gui("h1", english_settings());
  open_repeated_step(gui);
  CHECK(gui.session().stopped().empty());
  CHECK(gui.session().step_count() == 4);
  next(gui, 2);  // s2's UPDATE waits for s1's read lock
  CHECK(gui.session().current_step()->outcome == "waiting");
  CHECK(markers_of(gui.session(), "s1read") == std::vector<std::pair<int, bool>>{{1, false}, {3, false}});
  CHECK(markers_of(gui.session(), "s2take") == std::vector<std::pair<int, bool>>{{2, true}});
  next(gui);  // s1 reads again, in the same transaction
  const Step* again = gui.session().current_step();
  REQUIRE(again);
  CHECK(again->event == "s1read");
  CHECK(again->outcome == "done");
  CHECK(shows("What step 3 returned"));
  next(gui);  // s1's COMMIT wakes s2
  REQUIRE(gui.session().current_step()->wakes.size() == 1);
  CHECK(gui.session().current_step()->wakes[0].event == "s2take");
  CHECK(gui.session().order_argument() == "--variant sqlite --order s1read,s2take,s1read,s1commit");
  REQUIRE(gui.click("◀ Back"));
  REQUIRE(gui.click("◀ Back"));
  gui.settle();
  CHECK(gui.session().cursor() == 2);
  CHECK(gui.session().current_step()->event == "s2take");
  // Run again while it waits, s2take queues behind its own wait: only the run that waits shows waiting.
  gui.app().apply(UseOrder{"", {"s1read", "s2take", "s2take"}});
  gui.app().apply(JumpTo{3});
  gui.settle();
  REQUIRE(gui.session().step_count() == 3);
  CHECK(gui.session().current_step()->outcome == "queued");
  CHECK(markers_of(gui.session(), "s2take") == std::vector<std::pair<int, bool>>{{2, true}, {3, false}});
}

TEST_CASE("Next past a spec's preset follows the preset's entries by occurrence, a repeated step too") {
  GuiDriver gui("h1", english_settings());
  open_repeated_step(gui);
  gui.app().apply(ChoosePreset{"2"});
  gui.settle();
  REQUIRE(gui.session().step_count() == 5);
  // s1 has run both of its steps by step 3, and its button runs the read the preset plans for it next.
  gui.app().apply(JumpTo{3});
  CHECK(gui.session().controls().front().event == "s1read");
  gui.app().apply(RunActor{"s1"});
  gui.settle();
  CHECK(gui.session().cursor() == 4);
  CHECK(gui.session().step_count() == 5);  // the planned order stands
  // A hand-made order that stops early: Next follows the preset's remaining entries.
  gui.app().apply(UseOrder{"2", {"s1read", "s1commit", "s2take"}});
  gui.settle();
  REQUIRE(gui.session().step_count() == 3);
  gui.app().apply(JumpTo{3});
  next(gui, 2);  // the preset's two runs of s1read, counted as two
  CHECK(gui.session().step_count() == 5);
  CHECK(gui.session().trace().order ==
        std::vector<std::string>{"s1read", "s1commit", "s2take", "s1read", "s1read"});
  CHECK_FALSE(gui.session().next_event().has_value());
}

TEST_CASE("a spec step under the (*) marker shows waiting in the window and completes at the next step") {
  GuiDriver gui("h1", english_settings());
  open_repeated_step(gui);
  gui.app().apply(ChoosePreset{"3"});
  gui.settle();
  next(gui, 2);
  CHECK(gui.session().current_step()->outcome == "held");  // not a lock wait
  CHECK(shows("s1 s1commit shown waiting"));
  CHECK(shows("the permutation's marker (*) holds back the report of its completion"));
  CHECK(gui.has_item("1  s1 shown waiting: marker (*)"));
  CHECK(shows("→ shown waiting: marker (*)"));  // the SQL panel: the COMMIT ran, its report is held
  CHECK_FALSE(shows("· waits"));
  next(gui);  // s2 takes the room; s1's COMMIT is reported complete
  REQUIRE(gui.session().current_step()->wakes.size() == 1);
  CHECK(gui.session().current_step()->wakes[0].actor == "s1");
  CHECK(gui.session().current_step()->wakes[0].event == "s1commit");
  // An order made by hand leaves the preset where it differs: no marker from there on.
  gui.app().apply(UseOrder{"3", {"s2take", "s1read", "s1commit"}});
  gui.settle();
  REQUIRE(gui.session().step_count() == 3);
  CHECK(gui.session().trace().steps[2].outcome == "done");
}

}  // namespace reslab
