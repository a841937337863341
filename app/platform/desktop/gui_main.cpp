// [SECTION] index: platform · run_gui
#include "app/platform/gui_main.hpp"

#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <future>
#include <iostream>
#include <optional>

#include "app/export/slide_layout.hpp"
#include "app/gui_context.hpp"
#include "app/lab_app.hpp"
#include "app/platform/desktop/cancel_on_signal.hpp"
#include "app/platform/desktop/isolation_runner.hpp"
#include "app/platform/desktop/live_labs.hpp"
#include "app/platform/font_lookup.hpp"
#include "app/platform/png_writer.hpp"
#include "app/session/redraw_rule.hpp"
#include "app/session/settings.hpp"
#include "app/text/font_atlas.hpp"

namespace reslab {
namespace {

// [SECTION] platform
class WindowPlatform : public Platform {
 public:
  WindowPlatform() = default;
  void attach(GuiContext* gui, LabApp* app, WindowState* state) {
    m_gui = gui;
    m_app = app;
    m_state = state;
  }
  double now() const override { return glfwGetTime(); }
  void set_clipboard(const std::string& text) override {
    glfwSetClipboardString(m_gui->window(), text.c_str());
  }
  void toggle_full_screen() override {
    GLFWwindow* window = m_gui->window();
    if (glfwGetWindowMonitor(window)) {
      glfwSetWindowMonitor(window, nullptr, m_saved[0], m_saved[1], m_saved[2], m_saved[3], 0);
      return;
    }
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    if (!monitor) return;
    glfwGetWindowPos(window, &m_saved[0], &m_saved[1]);
    glfwGetWindowSize(window, &m_saved[2], &m_saved[3]);
    const GLFWvidmode* mode = glfwGetVideoMode(monitor);
    glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  }
  std::string save_screenshot(const std::string& path, int scale) override {
    int width = 0, height = 0;
    glfwGetWindowSize(m_gui->window(), &width, &height);
    const RgbaImage image = m_gui->capture(*m_app, *m_state, width, height, scale);
    if (image.pixels.empty()) return "the offscreen framebuffer could not be created";
    return write_png(path, image);
  }
  LiveLabs live_labs() const override { return desktop_live_labs(); }
  std::unique_ptr<IsolationRunner> isolation_runner() const override { return desktop_isolation_runner(); }

 private:
  GuiContext* m_gui = nullptr;
  LabApp* m_app = nullptr;
  WindowState* m_state = nullptr;
  int m_saved[4] = {100, 100, 1600, 900};
};

}  // namespace

// [SECTION] run_gui
int run_gui(const std::string& scenario_name, const std::string& lang_code, bool first_frame_only,
            const std::string& backend) {
  std::string settings_warning;
  Settings settings = load_settings(settings_path(), settings_warning);
  if (!lang_code.empty()) settings.lang = lang_code;
  if (!backend.empty()) settings.backend = backend;
  WindowPlatform platform;
  LabApp app(platform, settings, scenario_name);
  // The fonts (FreeType over a 19 MB collection) build while the window opens:
  // together they are most of the start-up time. No ImGui context exists yet,
  // so the worker shares nothing with this thread but `app`, which it only reads.
  const float text_scale = app.view().text_scale(static_cast<float>(settings.window_height));
  auto fonts = std::async(std::launch::async, [&app, text_scale] {
    auto atlas = std::make_unique<ImFontAtlas>();
    UiFonts built = build_fonts(*atlas, font_pixels(text_scale, 1.0f), app.glyph_texts(), find_font);
    return std::make_pair(std::move(atlas), built);
  });
  std::optional<GuiContext> window_context;
  try {
    window_context.emplace(settings.window_width, settings.window_height, true, "reslab", find_font);
  } catch (...) {
    fonts.wait();
    throw;
  }
  GuiContext& gui = *window_context;
  auto [atlas, built] = fonts.get();
  gui.start_imgui(std::move(atlas), 1.0f);
  app.fonts_rebuilt(built);
  GLFWwindow* window = gui.window();
  if (settings.maximized) glfwMaximizeWindow(window);

  // SIGTERM or Ctrl+C in the terminal: leave the loop (it wakes at least once a second) and save the
  // settings as a normal close would.
  std::atomic<bool> stop{false};
  const CancelOnSignal stop_on_signal(stop);

  WindowState state;
  platform.attach(&gui, &app, &state);
  if (!settings_warning.empty()) app.toast(settings_warning, true);
  if (const char* log = std::getenv("RESLAB_COMMAND_LOG"); log && *log)
    if (const std::string error = app.log_commands(log); !error.empty()) app.toast(error, true);

  // Frames after input and until the layout has settled (RedrawRule); otherwise the loop sleeps. The
  // first frames are drawn as after input.
  RedrawRule rule;
  rule.input();
  double wait = app.tick();
  while (!glfwWindowShouldClose(window) && !stop) {
    if (rule.wants_frame()) {
      glfwPollEvents();
    } else if (wait < 0) {
      glfwWaitEvents();
    } else {
      glfwWaitEventsTimeout(std::max(wait, 0.001));
    }
    if (gui.take_input()) rule.input();
    const int revision = app.revision();
    wait = app.tick();
    if (app.revision() != revision || app.fonts_dirty()) rule.changed();
    if (!rule.wants_frame()) continue;

    // After a change the layout settles unseen first, so the frame shown is the settled one.
    const Commands commands = gui.frame_on_screen(app, state, rule.lay_out_first());
    if (first_frame_only) {
      glFinish();
      return 0;
    }
    rule.drawn(*ImGui::GetDrawData(), slide_layout_digest(state.slide), !commands.empty());
    app.apply(commands);
  }

  Settings remembered = app.settings();
  remembered.maximized = glfwGetWindowAttrib(window, GLFW_MAXIMIZED) == GLFW_TRUE;
  if (!remembered.maximized && !glfwGetWindowMonitor(window))
    glfwGetWindowSize(window, &remembered.window_width, &remembered.window_height);
  if (const std::string error = save_settings(settings_path(), remembered); !error.empty())
    std::cerr << "reslab: " << error << "\n";
  return 0;
}

}  // namespace reslab
