// What is on screen has settled: after any change, the window's stop rule (FrameSettler) draws until
// a frame's draw data equals the one before, then sleeps; the last frame drawn must be what five more
// frames would draw. H7 atomic step 3 is the case that once stopped early: the committed | open
// transaction split showed one-letter column headers until something else happened.
#include <doctest/doctest.h>

#include <GLFW/glfw3.h>

#include "app/frame_settler.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/gui_driver.hpp"

using namespace reslab;
using reslab::test::english_settings;
using reslab::testing::GuiDriver;

namespace {

std::uint64_t last_frame() {
  return draw_data_digest(*ImGui::GetDrawData());
}

// Settles as the window would, then checks that five more frames draw exactly the same.
void check_settled(GuiDriver& gui, const std::string& after) {
  INFO(after);
  const int frames = gui.settle();
  CHECK(gui.passes() < kMaxLayoutPasses);  // the unseen passes agreed before the limit
  CHECK(frames <= 2);                       // so the first frame shown was already the settled one
  CHECK(frames <= FrameSettler::kMaxFrames);
  const std::uint64_t settled = last_frame();
  for (int i = 0; i < 5; ++i) {
    gui.frame();
    CHECK(last_frame() == settled);
  }
}

}  // namespace

TEST_CASE("after a step with the keys, the last frame drawn is the settled one (H7 atomic step 3)") {
  GuiDriver gui("h7", english_settings());
  gui.app().apply(SetModel{Model::atomic});
  for (int i = 0; i < 3; ++i) gui.press_key(GLFW_KEY_RIGHT);
  REQUIRE(gui.session().cursor() == 3);
  REQUIRE_FALSE(gui.session().current_step()->open_transactions.empty());
  check_settled(gui, "step 3");
}

TEST_CASE("after a toggle, a resize, the language, zoom, theme or a reload, the frame settles") {
  GuiDriver gui("h2", english_settings());
  gui.press_key(GLFW_KEY_RIGHT);
  gui.press_key(GLFW_KEY_RIGHT);
  gui.app().apply(SetModel{Model::naive});
  check_settled(gui, "model toggle");
  gui.resize(1366, 768);
  check_settled(gui, "resize");
  gui.app().apply(SetLanguage{Lang::zh});
  check_settled(gui, "language");
  gui.app().apply(ZoomBy{1});
  check_settled(gui, "zoom");
  gui.app().apply(SetDarkTheme{true});
  check_settled(gui, "theme");
  gui.app().apply(OpenScenario{"t2"});
  check_settled(gui, "another scenario");
}

TEST_CASE("the settler stops at the first frame equal to the one before, and keeps going while frames differ") {
  FrameSettler settler;
  ImDrawData empty;
  CHECK(settler.wants_frame());
  CHECK(settler.drawn(empty));  // nothing to compare with yet
  CHECK_FALSE(settler.drawn(empty));
  CHECK(settler.settled());
  settler.changed();
  CHECK(settler.wants_frame());
}

