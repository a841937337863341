#pragma once
// A GLFW window with an OpenGL 3.3 core context and Dear ImGui bound to it;
// one frame of the lab window, on screen or into an offscreen framebuffer (so
// a 2x screenshot or export does not depend on the screen).
#include <memory>
#include <stdexcept>
#include <string>

#include "app/lab_window.hpp"
#include "app/platform/font_lookup.hpp"
#include "app/platform/png_writer.hpp"
#include "app/session/commands.hpp"

struct GLFWwindow;
struct ImFontAtlas;

namespace reslab {

class LabApp;
class Framebuffer;

// GLFW could not start or make a GL 3.3 context (e.g. no display).
class DisplayError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class GuiContext {
 public:
  // Opens the window and its GL context. Throws DisplayError. A hidden window is for
  // exports: it renders offscreen only. Its fonts are the ones `find_font` (the platform's) finds.
  // Call start_imgui() before any frame.
  GuiContext(int width, int height, bool visible, const std::string& title, FontFinder find_font);
  // Creates the ImGui context and its backends. `prebuilt_atlas`: fonts built while the
  // window opened (for `prebuilt_scale`), or null to build them before the first frame.
  void start_imgui(std::unique_ptr<ImFontAtlas> prebuilt_atlas = nullptr, float prebuilt_scale = 1.0f);
  ~GuiContext();
  GuiContext(const GuiContext&) = delete;
  GuiContext& operator=(const GuiContext&) = delete;

  GLFWwindow* window() const { return m_window; }
  // Whether any input or window event arrived since the last call (GLFW's wait does not say).
  bool take_input();
  // Monitor scale (HiDPI); 1 under Xvfb.
  float content_scale() const;

  // Rebuilds the font atlas at `text_scale` (the view's, for the window's size) times `render_scale` and
  // re-uploads it.
  void rebuild_fonts(LabApp& app, float render_scale, float text_scale);
  // One frame on screen: input from the window, the lab window drawn, swapped. Returns its commands.
  // After a change, `lay_out_first` first settles the layout in unseen passes (see lay_out).
  Commands frame_on_screen(LabApp& app, WindowState& state, bool lay_out_first = false);
  // Draws the lab window at `width` x `height` logical pixels, rendered at `scale`, and reads it back.
  // Fonts are rebuilt at that scale for the capture, so 2x text is crisp, then restored.
  RgbaImage capture(LabApp& app, WindowState& state, int width, int height, int scale);

 private:
  void begin_frame(LabApp& app, float text_scale);
  // The view's text scale for the window's present size.
  float text_scale(const LabApp& app) const;
  // One ImGui frame drawn and not shown, with the input as it is; returns its frame_digest.
  std::uint64_t unseen_pass(LabApp& app, WindowState& state);
  FontFinder m_find_font;
  float m_font_scale = 0;     // the render scale the atlas was last built for
  float m_monitor_scale = 1;  // the monitor scale it was built for
  GLFWwindow* m_window = nullptr;
  std::unique_ptr<Framebuffer> m_target;
  std::unique_ptr<ImFontAtlas>
      m_atlas;  // outlives the ImGui context that shares it  // the offscreen target of the last capture
};

}  // namespace reslab
