// The lab window driven like a user: click by label, press keys, read the engine's state.
#include <doctest/doctest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/panels/invariant_badge.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/trace.hpp"
#include "gui_driver.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/scoped_env.hpp"

namespace reslab {
namespace {

using test::english_settings;
using test::ScratchDir;
using testing::GuiDriver;

GuiDriver& on_naive(GuiDriver& gui) {
  REQUIRE(gui.click("naive read-write"));
  REQUIRE(gui.session().model() == Model::naive);
  return gui;
}

bool capacity_holds(GuiDriver& gui) {
  const auto state = gui.session().committed_at(gui.session().cursor());
  return state->all_invariants_hold();
}

TEST_CASE("the first start opens H1 at step 0 in the atomic model") {
  GuiDriver gui("", english_settings());
  CHECK(gui.session().scenario().id == "h1");
  CHECK(gui.session().cursor() == 0);
  CHECK(gui.session().model() == Model::atomic);
  CHECK(gui.has_item("Invariant holds"));
}

TEST_CASE("clicking Next follows the preset one step at a time") {
  GuiDriver gui("h1", english_settings());
  REQUIRE(gui.click("Next ▶"));
  CHECK(gui.session().cursor() == 1);
  CHECK(gui.session().current_step()->event == "A1");
  REQUIRE(gui.click("Next ▶"));
  CHECK(gui.session().current_step()->event == "B1");
}

TEST_CASE("actor buttons say what the action does in the current model") {
  GuiDriver gui("h1", english_settings());
  CHECK(gui.has_item("1  Request A conditional decrement"));
  CHECK(gui.has_item("2  Request B conditional decrement"));
  on_naive(gui);
  CHECK(gui.has_item("1  Request A reads inventory"));
  CHECK(gui.has_item("2  Request B reads inventory"));
}

TEST_CASE("clicking an actor's button runs that actor's next event") {
  GuiDriver gui("h1", english_settings());
  on_naive(gui);
  REQUIRE(gui.click("2  Request B reads inventory"));
  CHECK(gui.session().cursor() == 1);
  CHECK(gui.session().current_step()->actor == "B");
  CHECK(gui.has_item("2  Request B writes back and books"));
}

TEST_CASE("the naive seed order breaks the invariant and the badge says so in words") {
  GuiDriver gui("h1", english_settings());
  on_naive(gui);
  for (int i = 0; i < 4; ++i) REQUIRE(gui.click("Next ▶"));
  CHECK(gui.session().cursor() == 4);
  CHECK_FALSE(capacity_holds(gui));
  CHECK(gui.has_item("Invariant broken"));
  CHECK_FALSE(gui.item_enabled("Next ▶"));
}

TEST_CASE("the badge is headed by the invariant that broke, with its numbers, not by a true sum") {
  // H5-1 naive step 2: the booking is confirmed after its deadline, while the capacity still balances.
  const Scenario scenario = load_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/h5_1_late_payment.toml");
  PlanRequest request;
  request.model = Model::naive;
  const Trace trace = run_plan(scenario, make_plan(scenario, request));
  const CommittedState& state = *trace.steps.at(1).committed;
  const auto shown = badge_order(state);
  REQUIRE_FALSE(shown.empty());
  CHECK_FALSE(shown.front()->holds);
  CHECK(shown.front()->name == "confirmed_before_deadline");
  CHECK(shown.back()->holds);
}

TEST_CASE("H2's movable field says what it moves: when the payment callback arrives") {
  GuiDriver gui("h2", english_settings());
  CHECK(gui.has_item("when the payment callback arrives"));
  CHECK_FALSE(gui.has_item("time of payment"));
}

TEST_CASE("a waiting actor's button is disabled and names the lock holder") {
  GuiDriver gui("h1", english_settings());
  REQUIRE(gui.click("Next ▶"));  // A1: A holds the write lock
  REQUIRE(gui.click("Next ▶"));  // B1: B waits
  const std::string waiting = "2  Request B waits for Request A's write lock";
  CHECK(gui.has_item(waiting));
  CHECK_FALSE(gui.item_enabled(waiting));
  CHECK_FALSE(gui.click(waiting));
  CHECK(gui.session().cursor() == 2);
}

TEST_CASE("toggling the model replays the same order at once") {
  GuiDriver gui("h1", english_settings());
  on_naive(gui);
  for (int i = 0; i < 4; ++i) REQUIRE(gui.click("Next ▶"));
  REQUIRE(gui.click("atomic (conditional update)"));
  CHECK(gui.session().model() == Model::atomic);
  CHECK(gui.session().cursor() == 4);
  CHECK(gui.session().trace().order == std::vector<std::string>{"A1", "B1", "A2", "B2"});
  CHECK(capacity_holds(gui));
  CHECK(gui.has_item("Invariant holds"));
}

TEST_CASE("the compare view shows a badge for each model") {
  GuiDriver gui("h1", english_settings());
  on_naive(gui);
  for (int i = 0; i < 4; ++i) REQUIRE(gui.click("Next ▶"));
  REQUIRE(gui.click("Side by side"));
  CHECK(gui.app().view().compare);
  CHECK(gui.has_item("(naive read-write) Invariant broken"));
  CHECK(gui.has_item("(atomic (conditional update)) Invariant holds"));
}

TEST_CASE("in the compare view stepping through the order and changing language replay nothing") {
  GuiDriver gui("h1", english_settings());
  on_naive(gui);
  REQUIRE(gui.click("Side by side"));
  const int replays = gui.app().comparison_replays();
  CHECK(replays >= 1);
  for (int i = 0; i < 4; ++i) REQUIRE(gui.click("Next ▶"));
  REQUIRE(gui.click("◀ Back"));
  REQUIRE(gui.click("中文"));
  CHECK(gui.app().comparison_replays() == replays);
  REQUIRE(gui.click("原子（条件更新）"));  // another model: the other side is replayed
  CHECK(gui.app().comparison_replays() == replays + 1);
  REQUIRE(gui.app().comparisons().size() == 1);
  CHECK(gui.app().comparisons().front().trace.model == Model::naive);
}

TEST_CASE("predict mode hides the next result until it is revealed") {
  GuiDriver gui("h1", english_settings());
  on_naive(gui);
  for (int i = 0; i < 3; ++i) REQUIRE(gui.click("Next ▶"));
  REQUIRE(gui.click("Predict"));
  REQUIRE(gui.click("Next ▶"));
  CHECK(gui.session().cursor() == 4);
  CHECK(gui.has_item("Hidden: predict first"));
  CHECK_FALSE(gui.has_item("Invariant broken"));
  CHECK(gui.has_item("Reveal"));
  gui.press_key(GLFW_KEY_P);
  CHECK(gui.has_item("Invariant broken"));
  CHECK_FALSE(gui.has_item("Hidden: predict first"));
}

TEST_CASE("in predict mode the first Next reveals, the second steps") {
  GuiDriver gui("h1", english_settings());
  REQUIRE(gui.click("Predict"));
  gui.press_key(GLFW_KEY_RIGHT);
  CHECK(gui.session().cursor() == 1);
  CHECK(gui.has_item("Hidden: predict first"));
  gui.press_key(GLFW_KEY_RIGHT);
  CHECK(gui.session().cursor() == 1);
  CHECK_FALSE(gui.has_item("Hidden: predict first"));
  gui.press_key(GLFW_KEY_RIGHT);
  CHECK(gui.session().cursor() == 2);
}

TEST_CASE("keys step, rewind, reset, toggle the model and run actors in lane order") {
  GuiDriver gui("h1", english_settings());
  gui.press_key(GLFW_KEY_M);
  CHECK(gui.session().model() == Model::naive);
  gui.press_key(GLFW_KEY_2);
  CHECK(gui.session().current_step()->actor == "B");
  gui.press_key(GLFW_KEY_1);
  CHECK(gui.session().current_step()->actor == "A");
  gui.press_key(GLFW_KEY_SPACE);
  CHECK(gui.session().cursor() == 3);
  gui.press_key(GLFW_KEY_LEFT);
  CHECK(gui.session().cursor() == 2);
  gui.press_key(GLFW_KEY_HOME);
  CHECK(gui.session().cursor() == 0);
  CHECK(gui.session().follows_preset());  // reset is the preset's order again, as its picker says
  CHECK(gui.session().step_count() == 4);
}

TEST_CASE("Ctrl+S saves a screenshot named after the scenario, model, step and language") {
  Settings settings = english_settings();
  ScratchDir shots;
  settings.screenshot_dir = shots.path();
  settings.screenshot_scale = 2;
  GuiDriver gui("h1", settings);
  gui.press_key(GLFW_KEY_RIGHT);
  gui.press_key(GLFW_KEY_S, true);
  REQUIRE(gui.platform().screenshots.size() == 1);
  CHECK(gui.platform().screenshots[0].first == settings.screenshot_dir + "/h1-atomic-step01-en.png");
  CHECK(gui.platform().screenshots[0].second == 2);
  REQUIRE_FALSE(gui.app().view().toasts.empty());
  CHECK_FALSE(gui.app().view().toasts.back().error);
}

TEST_CASE("a second screenshot of the same step is saved beside the first, and the toast says so") {
  Settings settings = english_settings();
  ScratchDir shots;
  settings.screenshot_dir = shots.path();
  GuiDriver gui("h1", settings);
  gui.press_key(GLFW_KEY_S, true);
  gui.app().apply(SetDarkTheme{true});
  gui.press_key(GLFW_KEY_S, true);
  REQUIRE(gui.platform().screenshots.size() == 2);
  CHECK(gui.platform().screenshots[1].first == settings.screenshot_dir + "/h1-atomic-step00-en (2).png");
  CHECK(gui.app().view().toasts.back().text.find("h1-atomic-step00-en.png is there already") !=
        std::string::npos);
  gui.app().apply(SetLanguage{Lang::zh});
  gui.press_key(GLFW_KEY_S, true);
  CHECK(gui.platform().screenshots.back().first == settings.screenshot_dir + "/h1-atomic-step00-zh.png");
}

TEST_CASE("a screenshot that cannot be written is an error toast, not a crash") {
  Settings settings = english_settings();
  ScratchDir shots;
  settings.screenshot_dir = shots.path();
  GuiDriver gui("h1", settings);
  gui.platform().screenshot_error = "disk full";
  REQUIRE(gui.click("Screenshot"));
  REQUIRE_FALSE(gui.app().view().toasts.empty());
  CHECK(gui.app().view().toasts.back().error);
  CHECK(gui.app().view().toasts.back().text.find("disk full") != std::string::npos);
}

TEST_CASE("a screenshot folder under a file is refused with a message") {
  ScratchDir scratch;
  const std::string dir = scratch.path();
  std::ofstream(dir + "/plain").put('x');
  Settings settings = english_settings();
  settings.screenshot_dir = dir + "/plain/shots";
  GuiDriver gui("h1", settings);
  gui.press_key(GLFW_KEY_S, true);
  CHECK(gui.platform().screenshots.empty());
  REQUIRE_FALSE(gui.app().view().toasts.empty());
  CHECK(gui.app().view().toasts.back().error);
}

TEST_CASE("Copy order puts a command-line order on the clipboard") {
  GuiDriver gui("h1", english_settings());
  on_naive(gui);
  REQUIRE(gui.click("2  Request B reads inventory"));
  REQUIRE(gui.click("1  Request A reads inventory"));
  REQUIRE(gui.click("Copy order"));
  CHECK(gui.platform().clipboard == "--model naive --preset article --order B1,A1");
}

TEST_CASE("switching to Chinese relabels the controls") {
  GuiDriver gui("h1", english_settings());
  REQUIRE(gui.click("中文"));
  CHECK(gui.app().view().lang == Lang::zh);
  CHECK(gui.has_item("下一步 ▶"));
  CHECK(gui.has_item("1  请求 A 条件扣减"));
  CHECK(gui.has_item("不变量成立"));
}

TEST_CASE("clicking an event on the timeline jumps to its step") {
  GuiDriver gui("h1", english_settings());
  for (int i = 0; i < 4; ++i) REQUIRE(gui.click("Next ▶"));
  REQUIRE(gui.click("event:B1"));
  CHECK(gui.session().cursor() == 2);
}

TEST_CASE("picking a preset starts its order from step 0") {
  GuiDriver gui("h1", english_settings());
  REQUIRE(gui.click("Next ▶"));
  gui.app().apply(ChoosePreset{"serial"});
  CHECK(gui.session().cursor() == 0);
  CHECK(gui.session().wanted_order() == std::vector<std::string>{"A1", "A2", "B1", "B2"});
}

TEST_CASE("a bad scenario file keeps the current scenario and shows where the error is") {
  GuiDriver gui("h1", english_settings());
  REQUIRE(gui.click("Next ▶"));
  gui.app().apply(OpenScenario{std::string(RESLAB_TEST_DATA_DIR) + "/bad_unknown_actor.toml"});
  gui.frame();
  CHECK(gui.session().scenario().id == "h1");
  CHECK(gui.session().cursor() == 1);
  const std::string& error = gui.app().view().scenario_error;
  CHECK(error.find("bad_unknown_actor.toml:") != std::string::npos);
  CHECK(error.find("unknown actor") != std::string::npos);
  REQUIRE(gui.click("Dismiss"));
  CHECK(gui.app().view().scenario_error.empty());
  CHECK(gui.session().scenario().id == "h1");
}

TEST_CASE("an edited scenario file reloads, and a broken edit keeps the last good one") {
  ScratchDir scratch;
  const std::string dir = scratch.path();
  const std::string file = dir + "/case.toml";
  std::filesystem::copy_file(std::string(RESLAB_SCENARIO_DIR) + "/h1_last_room.toml", file);
  GuiDriver gui(file, english_settings());
  REQUIRE(gui.session().scenario().file == file);

  std::string text;
  {
    std::ifstream in(file);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto replace_title = [&](const std::string& with) {
    std::string edited = text;
    const std::string old_title = "H1 · Last room, two requests";
    edited.replace(edited.find(old_title), old_title.size(), with);
    std::ofstream(file) << edited;
    std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(2));
  };
  replace_title("H1 · Last room, edited");
  gui.platform().clock += 2;
  gui.frame();
  CHECK(gui.session().scenario().title.en == "H1 · Last room, edited");

  std::ofstream(file, std::ios::app) << "\n[[actors]]\nid = 7\n";
  std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(4));
  gui.platform().clock += 2;
  gui.frame();
  CHECK(gui.session().scenario().title.en == "H1 · Last room, edited");
  CHECK(gui.app().view().scenario_error.find("case.toml:") != std::string::npos);
}

TEST_CASE("an event is not moved before a time it carries: H2's callback before the payment it reports") {
  GuiDriver gui("h2", english_settings());
  const std::vector<std::string> order = gui.session().wanted_order();
  gui.app().apply(MoveEvent{"payment", 8});
  CHECK(gui.session().moved_times().empty());
  CHECK(gui.session().wanted_order() == order);
  REQUIRE_FALSE(gui.app().view().toasts.empty());
  CHECK(gui.app().view().toasts.back().error);
  CHECK(gui.app().view().toasts.back().text.find("9 s (paid_at)") != std::string::npos);
  gui.app().apply(MoveEvent{"payment", 9});
  CHECK(gui.session().time_of("payment") == 9);
}

TEST_CASE("the summary and the questions quote the callback's time as it is moved (H2)") {
  GuiDriver gui("h2", english_settings());
  gui.frame();
  CHECK(test::shows("the payment callback arrives at 11 s although the customer paid at 9 s"));
  CHECK(test::shows("but the callback arrived at 11 s. Refund or not?"));
  CHECK_FALSE(test::shows("{at:"));
  gui.app().apply(MoveEvent{"payment", 15});
  gui.frame();
  CHECK(test::shows("the payment callback arrives at 15 s although the customer paid at 9 s"));
  CHECK(test::shows("but the callback arrived at 15 s. Refund or not?"));
  gui.app().apply(ChoosePreset{"paid-in-time"});
  gui.frame();
  CHECK(test::shows("the payment callback arrives at 9 s"));
}

TEST_CASE("the help popup lists every key and closes") {
  GuiDriver gui("h1", english_settings());
  gui.type_character('?');
  gui.frame();
  CHECK(gui.has_item("Close"));
  REQUIRE(gui.click("Close"));
  CHECK_FALSE(gui.has_item("Close"));
  gui.type_character('?');
  gui.frame();
  CHECK(gui.has_item("Close"));
  gui.press_key(GLFW_KEY_RIGHT);  // waits while the list is open
  CHECK(gui.session().cursor() == 0);
  gui.press_key(GLFW_KEY_ESCAPE);
  gui.frame();
  CHECK_FALSE(gui.has_item("Close"));
}

TEST_CASE("zoom keys change the text size and rebuild the fonts") {
  GuiDriver gui("h1", english_settings());
  const float before = ImGui::GetFontSize();
  gui.press_key(GLFW_KEY_EQUAL, true);
  CHECK(gui.app().view().zoom > 1.0f);
  CHECK(ImGui::GetIO().Fonts->Fonts[0]->FontSize > before);
  gui.press_key(GLFW_KEY_0, true);
  CHECK(gui.app().view().zoom == doctest::Approx(1.0f));
}

TEST_CASE("play steps on its own at the chosen speed and stops at the end") {
  GuiDriver gui("h1", english_settings());
  REQUIRE(gui.click("Play"));
  CHECK(gui.app().view().playing);
  for (int i = 0; i < 5; ++i) {
    gui.platform().clock += 2;
    gui.frame();
  }
  CHECK(gui.session().cursor() == 4);
  gui.platform().clock += 2;
  gui.frame();
  CHECK_FALSE(gui.app().view().playing);
}

TEST_CASE("opening a file whose preset stops in one model warns as reslab check would") {
  GuiDriver gui(std::string(RESLAB_TEST_DATA_DIR) + "/waiting_preset.toml", english_settings());
  REQUIRE_FALSE(gui.app().view().toasts.empty());
  const std::string& text = gui.app().view().toasts.back().text;
  CHECK(text.find("warning: preset 'b-skips-ahead' stops under atomic") != std::string::npos);
  CHECK(text.find("waiting_preset.toml:") != std::string::npos);
}

TEST_CASE("an order built in class is saved as a named preset in the user's copy of the file, and undone") {
  ScratchDir data;
  const test::ScopedEnv data_home("XDG_DATA_HOME", data.path());
  {
    GuiDriver gui("h1", english_settings());
    REQUIRE(gui.click("2  Request B conditional decrement"));  // B first: off the preset's order
    CHECK_FALSE(gui.session().follows_preset());
    CHECK(gui.app().can_undo());
    gui.app().apply(SavePreset{"B goes first"});
    const std::string copy = data.path() + "/reslab/scenarios/h1_last_room.toml";
    REQUIRE(std::filesystem::exists(copy));
    CHECK(gui.session().scenario().file == copy);
    CHECK(gui.session().preset() == "b-goes-first");
    CHECK(gui.session().wanted_order() == std::vector<std::string>{"B1"});
    const Preset* saved = gui.session().scenario().find_preset("b-goes-first");
    REQUIRE(saved);
    CHECK(saved->title.en == "B goes first");
    CHECK_FALSE(saved->naive_harm);  // B alone oversells nothing
    bool listed = false;
    for (const auto& entry : gui.app().catalog()) listed = listed || (entry.users && entry.file == copy);
    CHECK(listed);
    // Saved again from the copy: added to it under a name of its own.
    gui.app().apply(SavePreset{"B goes first"});
    CHECK(gui.session().preset() == "b-goes-first-2");
    CHECK(gui.session().scenario().presets.size() ==
          load_scenario_file(resolve_scenario("h1")).presets.size() + 2);
    // Restore preset, then Undo brings the order back.
    REQUIRE(gui.click("1  Request A conditional decrement"));
    const std::vector<std::string> built = gui.session().wanted_order();
    gui.app().apply(RestorePreset{});
    CHECK(gui.session().follows_preset());
    gui.press_key(GLFW_KEY_Z, true);
    CHECK(gui.session().wanted_order() == built);
  }
}

TEST_CASE(
    "the file dialog opens a scenario file from a folder, and the picker lists it among the recent ones") {
  ScratchDir dir;
  const std::string h1 = resolve_scenario("h1");
  std::filesystem::create_directories(dir.file("cases/more"));
  std::filesystem::copy_file(h1, dir.file("cases/first.toml"));
  std::filesystem::copy_file(h1, dir.file("cases/more/second.toml"));
  std::ofstream(dir.file("cases/notes.txt")) << "not a scenario";
  GuiDriver gui("h1", english_settings());
  gui.app().apply(OpenScenario{dir.file("cases/first.toml")});
  REQUIRE(gui.session().scenario().file == dir.file("cases/first.toml"));
  REQUIRE(gui.click("Scenario"));
  gui.frame();
  REQUIRE(gui.click("Browse for a file…"));
  gui.frame();
  CHECK(gui.has_item("first.toml"));
  CHECK_FALSE(gui.has_item("notes.txt"));
  REQUIRE(gui.click("more/"));
  for (int i = 0; i < 30; ++i) gui.frame();  // half a second: the next click is not a double click
  REQUIRE(gui.click("second.toml"));
  REQUIRE(gui.click("Open"));
  CHECK(gui.session().scenario().file == dir.file("cases/more/second.toml"));
  const auto& recent = gui.app().settings().recent_files;
  REQUIRE(recent.size() == 2);
  CHECK(recent[0] == dir.file("cases/more/second.toml"));
  CHECK(recent[1] == dir.file("cases/first.toml"));
  REQUIRE(gui.click("Scenario"));
  gui.frame();
  CHECK(gui.has_item(dir.file("cases/first.toml")));
}

}  // namespace
}  // namespace reslab
