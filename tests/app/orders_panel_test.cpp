// The All orders window driven like a user: open it from the top bar, read the counts, click an order
// and find it stepped in the main window at its first harmful step.
#include <doctest/doctest.h>

#include "gui_driver.hpp"
#include "tests/app/app_test_support.hpp"

namespace reslab {
namespace {

using test::english_settings;
using testing::GuiDriver;

void open_and_finish(GuiDriver& gui) {
  REQUIRE(gui.click("All orders"));
  REQUIRE(gui.app().view().orders_open);
  for (int frame = 0; frame < 1000 && gui.app().explorer() && !gui.app().explorer()->finished(); ++frame)
    gui.frame();
  gui.frame();
  REQUIRE(gui.app().explorer());
  REQUIRE(gui.app().explorer()->finished());
}

TEST_CASE("All orders runs every order of H1's preset on opening and heads the window with the counts") {
  GuiDriver gui("h1", english_settings());
  CHECK_FALSE(gui.has_item("Run again"));
  open_and_finish(gui);
  CHECK(gui.has_item("12 / 12 runs"));
  CHECK(gui.has_item("4 of 6 orders that can run break an invariant."));
  CHECK(gui.has_item("None of the 4 orders that can run breaks an invariant."));
  CHECK_FALSE(gui.find_label("4 of 6 orders break an invariant in naive read-write").empty());
  CHECK_FALSE(
      gui.find_label("cannot happen: Request B would have to act while it waits for Request A").empty());
  CHECK(gui.item_enabled("Run again"));
  CHECK_FALSE(gui.item_enabled("Cancel"));
  REQUIRE(gui.click("All orders"));
  CHECK_FALSE(gui.app().view().orders_open);
}

TEST_CASE(
    "clicking an order that oversells loads it in the main window at the step that broke the invariant") {
  GuiDriver gui("h1", english_settings());
  REQUIRE(gui.click("atomic (conditional update)"));
  open_and_finish(gui);
  REQUIRE(gui.click("A1, B1, B2, A2 naive"));
  gui.settle();
  CHECK(gui.app().session().model() == Model::naive);
  CHECK(gui.app().session().wanted_order() == std::vector<std::string>{"A1", "B1", "B2", "A2"});
  CHECK(gui.app().session().cursor() == 4);
  CHECK(gui.app().session().preset() == "article");
  // An order that cannot happen in atomic opens where it stopped, saying why.
  REQUIRE(gui.click("A1, B1, B2, A2 atomic"));
  gui.settle();
  CHECK(gui.app().session().model() == Model::atomic);
  CHECK(gui.app().session().cursor() == 2);
  CHECK_FALSE(gui.app().session().stopped().empty());
  // The load can be undone like any change of the order.
  CHECK(gui.app().can_undo());
}

TEST_CASE("another preset's exploration is not shown as this one's: the window offers to run it") {
  GuiDriver gui("h1", english_settings());
  open_and_finish(gui);
  gui.app().apply(ChoosePreset{"serial"});
  gui.settle();
  CHECK(gui.has_item("Not run yet for this case and preset."));
  REQUIRE(gui.click("Run every order"));
  for (int frame = 0; frame < 1000 && !gui.app().explorer()->finished(); ++frame) gui.frame();
  gui.frame();
  CHECK(gui.app().explorer()->exploration().preset == "serial");
  CHECK(gui.has_item("Run again"));
}

}  // namespace
}  // namespace reslab
