// What is on screen has settled: after any change the window's loop (RedrawRule, driven here through
// GuiDriver's settle calls) draws until a frame's draw data equals the one before, then sleeps; the
// last frame drawn must be what five more frames would draw, at most FrameSettler::kMaxFrames frames are
// shown, and none of them is a frame in between. H7 atomic step 3 is the case that once stopped early:
// the committed | open transaction split showed one-letter column headers until something else happened.
#include <GLFW/glfw3.h>
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>

#include "app/session/frame_settler.hpp"
#include "app/session/redraw_rule.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/gui_driver.hpp"

using namespace reslab;
using reslab::test::english_settings;
using reslab::testing::GuiDriver;

namespace {

std::uint64_t last_frame() {
  return draw_data_digest(*ImGui::GetDrawData());
}

// `frames` were shown after a change; from `first_new` on (0 after a change made by hand, 1 after a key:
// the frame that reads the key still shows what was there) each must be the settled frame, and five more
// frames must draw exactly the same.
void check_settled(GuiDriver& gui, int frames, int first_new, const std::string& after) {
  INFO(after);
  CHECK(gui.passes() < kMaxLayoutPasses);  // the unseen passes agreed before the limit
  CHECK(frames <= FrameSettler::kMaxFrames);
  CHECK(gui.settled());  // the loop stopped because two frames agreed, not on the limit
  REQUIRE(frames > first_new);
  const std::uint64_t settled = last_frame();
  REQUIRE(gui.shown_frames().back() == settled);
  for (int i = first_new; i < frames; ++i) {
    INFO("frame " << i + 1 << " of " << frames);
    CHECK(gui.shown_frames()[static_cast<std::size_t>(i)] == settled);
  }
  for (int i = 0; i < 5; ++i) {
    gui.frame();
    CHECK(last_frame() == settled);
  }
}

}  // namespace

TEST_CASE("after a step with the keys, the last frame drawn is the settled one (H7 atomic step 3)") {
  GuiDriver gui("h7", english_settings());
  gui.app().apply(SetModel{Model::atomic});
  gui.settle();
  for (int step = 1; step <= 3; ++step) {
    const int frames = gui.press_key_and_settle(GLFW_KEY_RIGHT);
    REQUIRE(gui.session().cursor() == step);
    check_settled(gui, frames, 1, "step " + std::to_string(step));
  }
  REQUIRE_FALSE(gui.session().current_step()->open_transactions.empty());
}

TEST_CASE("after a toggle, a resize, the language, zoom, theme or a reload, the frame settles") {
  const test::ScratchDir dir;
  const std::string file = dir.file("case.toml");
  std::filesystem::copy_file(std::string(RESLAB_SCENARIO_DIR) + "/h2_hold_expiry.toml", file);
  GuiDriver gui(file, english_settings());
  gui.press_key(GLFW_KEY_RIGHT);
  gui.press_key(GLFW_KEY_RIGHT);
  gui.app().apply(SetModel{Model::naive});
  check_settled(gui, gui.settle(), 0, "model toggle");
  gui.resize(1366, 768);
  check_settled(gui, gui.settle(), 0, "resize");
  gui.app().apply(SetLanguage{Lang::zh});
  check_settled(gui, gui.settle(), 0, "language");
  gui.app().apply(ZoomBy{1});
  check_settled(gui, gui.settle(), 0, "zoom");
  gui.app().apply(SetDarkTheme{true});
  check_settled(gui, gui.settle(), 0, "theme");

  // The file edited on disk: the loop notices on a tick, with no input, and reloads it.
  std::string text;
  {
    std::ifstream in(file);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::string title = gui.session().scenario().title.zh;
  REQUIRE(text.find(title) != std::string::npos);
  text.replace(text.find(title), title.size(), title + "（改）");
  std::ofstream(file) << text;
  std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(2));
  const int frames = gui.wait_and_settle(2);
  REQUIRE(gui.session().scenario().title.zh == title + "（改）");
  REQUIRE(gui.session().cursor() == 2);
  check_settled(gui, frames, 0, "reload");

  gui.app().apply(OpenScenario{"t2"});
  check_settled(gui, gui.settle(), 0, "another scenario");
}

TEST_CASE("with no input the loop draws nothing until a tick changes something, then settles again") {
  GuiDriver gui("h1", english_settings());
  gui.app().toast("saved");
  gui.settle();
  CHECK(gui.wait_and_settle(0.5) == 0);
  const int frames = gui.wait_and_settle(10);  // the toast has gone
  CHECK(gui.app().view().toasts.empty());
  check_settled(gui, frames, 0, "toast gone");
}

TEST_CASE(
    "the loop's rule draws three frames after input even when they agree, and keeps drawing after commands") {
  RedrawRule rule;
  ImDrawData empty;
  CHECK(rule.wants_frame());  // a new rule has a layout to settle
  rule.drawn(empty, 0, false);
  rule.drawn(empty, 0, false);
  CHECK(rule.settled());
  CHECK_FALSE(rule.wants_frame());
  rule.input();
  CHECK(rule.lay_out_first());
  for (int frame = 1; frame <= RedrawRule::kFramesAfterInput; ++frame) {
    INFO("frame " << frame);
    REQUIRE(rule.wants_frame());
    rule.drawn(empty, 0, false);
  }
  CHECK_FALSE(rule.wants_frame());
  rule.input();
  rule.drawn(empty, 0, true);  // a frame that produced a command counts as one after new input
  for (int frame = 2; frame <= RedrawRule::kFramesAfterInput; ++frame) {
    REQUIRE(rule.wants_frame());
    rule.drawn(empty, 0, false);
  }
  CHECK_FALSE(rule.wants_frame());
  rule.drawn(empty, 1, false);
  rule.changed();  // decisions that differ keep it drawing, to the limit at most
  int frames = 0;
  for (std::uint64_t decisions = 2; rule.wants_frame(); ++decisions, ++frames)
    rule.drawn(empty, decisions, false);
  CHECK(frames == FrameSettler::kMaxFrames);
  CHECK_FALSE(rule.settled());
}

TEST_CASE(
    "the settler stops at the first frame equal to the one before, and keeps going while frames differ") {
  FrameSettler settler;
  ImDrawData empty;
  CHECK(settler.wants_frame());
  CHECK(settler.drawn(empty));  // nothing to compare with yet
  CHECK_FALSE(settler.drawn(empty));
  CHECK(settler.settled());
  settler.changed();
  CHECK(settler.wants_frame());
}
