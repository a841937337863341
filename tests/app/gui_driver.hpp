#pragma once
// Drives the lab window without a real window: an ImGui context with the real
// fonts, frames run by hand, and clicks made the way a user makes them (hover,
// press, release over three frames), in the spirit of imgui_test_engine's
// ItemClick("Next").
#include <imgui.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "app/lab_app.hpp"
#include "app/lab_window.hpp"
#include "app/panels/widgets.hpp"
#include "app/platform/desktop/isolation_runner.hpp"
#include "app/platform/desktop/live_labs.hpp"
#include "app/session/redraw_rule.hpp"
#include "app/session/settings.hpp"

namespace reslab::testing {

class FakePlatform : public Platform {
 public:
  double clock = 0;
  std::string clipboard;
  std::vector<std::pair<std::string, int>> screenshots;  // path, scale
  std::string screenshot_error;                          // returned by save_screenshot when set
  int full_screen_toggles = 0;

  double now() const override { return clock; }
  void set_clipboard(const std::string& text) override { clipboard = text; }
  void toggle_full_screen() override { ++full_screen_toggles; }
  // Writes a stand-in file where the picture would go, so the next name is chosen as on disk.
  std::string save_screenshot(const std::string& path, int scale) override {
    screenshots.emplace_back(path, scale);
    if (screenshot_error.empty()) std::ofstream(path) << "png";
    return screenshot_error;
  }
  LiveLabs live_labs() const override { return desktop_live_labs(); }
  std::unique_ptr<IsolationRunner> isolation_runner() const override { return desktop_isolation_runner(); }
};

class GuiDriver {
 public:
  explicit GuiDriver(const std::string& scenario = "h1", Settings settings = {});
  ~GuiDriver();
  GuiDriver(const GuiDriver&) = delete;
  GuiDriver& operator=(const GuiDriver&) = delete;

  LabApp& app() { return *m_app; }
  FakePlatform& platform() { return m_platform; }
  const LabSession& session() { return m_app->session(); }
  WindowState& window_state() { return m_state; }

  // One frame: draw, render, apply the commands it produced.
  void frame();
  // Frames as the window's loop draws them (app/session/redraw_rule.hpp, one rule for the driver's life),
  // until the loop would sleep: the frame's tick (play, toasts, reloads), unseen layout passes when the rule
  // asks for them (the most in one go: passes()), then the frame shown and its commands applied. Each returns
  // how many frames were shown; shown_frames() holds their draw_data_digest, settled() whether the last
  // change ended on a frame equal to the one before rather than on the frame limit. After a change made by
  // hand (a command applied, a resize):
  int settle();
  // After a key (a GLFW key code) pressed and released, handed to the first frame shown as the window
  // hands each press to one frame:
  int press_key_and_settle(int key);
  // After `seconds` with no input (a scenario file edited on disk reloads on a tick):
  int wait_and_settle(double seconds);
  int passes() const { return m_passes; }
  const std::vector<std::uint64_t>& shown_frames() const { return m_shown; }
  bool settled() const { return m_settled; }
  // The window's size in logical pixels (1600x900 unless set).
  void resize(float width, float height);
  // Pixels per logical pixel, as a 2x screenshot or `reslab export --scale 2` draws: the fonts are built
  // at that many times their size and drawn scaled back (GuiContext::capture), so text is measured with
  // the glyphs such a picture uses. 1 unless set.
  void set_render_scale(float scale);
  // Clicks the item whose visible label is `label` (exact). False when no such enabled item was drawn.
  bool click(const std::string& label);
  // The first drawn item whose label contains `part`; empty when none.
  std::string find_label(const std::string& part);
  bool has_item(const std::string& label);
  bool item_enabled(const std::string& label);
  // Presses and releases a key (a GLFW key code), with modifiers.
  void press_key(int key, bool ctrl = false, bool shift = false);
  // Types a character (as '?', which is a character on every keyboard layout).
  void type_character(unsigned character);

 private:
  void fonts_and_theme();
  int run_loop(const KeyPresses& presses);
  const ItemRecord* find(const std::string& label);
  FakePlatform m_platform;
  ImGuiContext* m_context = nullptr;
  std::unique_ptr<LabApp> m_app;
  WindowState m_state;
  KeyPresses m_presses;  // for the next frame()
  float m_render_scale = 1, m_fonts_scale = 1;
  RedrawRule m_rule;  // one for the driver's life, as the window has one for its loop
  int m_passes = 0;
  std::vector<std::uint64_t> m_shown;
  bool m_settled = false;
};

}  // namespace reslab::testing
