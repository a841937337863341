// [SECTION] index: window · fonts · frames · offscreen capture
#include "app/gui_context.hpp"

#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <deque>

#include "app/export/slide_layout.hpp"
#include "app/lab_app.hpp"
#include "app/session/frame_settler.hpp"
#include "app/theme.hpp"

// The shaders' GLSL: OpenGL 3.3 core here; a platform on OpenGL ES (the browser's WebGL2) names its own.
#ifndef RESLAB_GLSL_VERSION
#define RESLAB_GLSL_VERSION "#version 330 core"
#endif

namespace reslab {
namespace {

std::string g_glfw_error;

void remember_glfw_error(int code, const char* description) {
  g_glfw_error = std::to_string(code) + ": " + (description ? description : "");
}

// Input seen since the last take_input(). These callbacks are installed before
// the ImGui backend's, which then chains to them, so both see every event.
bool g_input = false;

// ImGui 1.86 reads keys as up/down at the start of a frame, so a key pressed
// and released between two frames (a quick tap, xdotool, a presenter's
// clicker) would be missed. Taps are queued here and replayed one per frame,
// each held down for exactly one frame with the modifiers it was pressed with.
struct KeyTap {
  int key;
  int mods;
};
std::deque<KeyTap> g_taps;
int g_held_for_a_frame = -1;
// Every press, repeat and typed character since the last frame shown, for the shortcuts
// (app/session/key_press.hpp).
KeyPresses g_presses;
constexpr std::size_t kMaxPresses = 256;

void on_key(GLFWwindow*, int key, int, int action, int mods) {
  g_input = true;
  if (action == GLFW_PRESS && key >= 0 && key < 512 && g_taps.size() < 64) g_taps.push_back({key, mods});
  if ((action == GLFW_PRESS || action == GLFW_REPEAT) && key >= 0 && g_presses.size() < kMaxPresses)
    g_presses.push_back({key, mods, action == GLFW_REPEAT, 0});
}

void set_modifiers(ImGuiIO& io, int mods) {
  io.KeyCtrl = (mods & GLFW_MOD_CONTROL) != 0;
  io.KeyShift = (mods & GLFW_MOD_SHIFT) != 0;
  io.KeyAlt = (mods & GLFW_MOD_ALT) != 0;
  io.KeySuper = (mods & GLFW_MOD_SUPER) != 0;
}

int physical_modifiers(GLFWwindow* window) {
  const auto down = [&](int left, int right) {
    return glfwGetKey(window, left) == GLFW_PRESS || glfwGetKey(window, right) == GLFW_PRESS;
  };
  return (down(GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL) ? GLFW_MOD_CONTROL : 0) |
         (down(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT) ? GLFW_MOD_SHIFT : 0) |
         (down(GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT) ? GLFW_MOD_ALT : 0) |
         (down(GLFW_KEY_LEFT_SUPER, GLFW_KEY_RIGHT_SUPER) ? GLFW_MOD_SUPER : 0);
}

// Call after the backend's NewFrame and before ImGui::NewFrame.
void replay_key_taps(GLFWwindow* window) {
  ImGuiIO& io = ImGui::GetIO();
  const int released = g_held_for_a_frame;
  if (released >= 0) {
    io.KeysDown[released] = glfwGetKey(window, released) == GLFW_PRESS;
    set_modifiers(io, physical_modifiers(window));
    g_held_for_a_frame = -1;
  }
  // Modifier keys themselves need no replay: their state travels with the tap.
  while (!g_taps.empty()) {
    const int key = g_taps.front().key;
    const bool modifier = key >= GLFW_KEY_LEFT_SHIFT && key <= GLFW_KEY_RIGHT_SUPER;
    if (!modifier) break;
    g_taps.pop_front();
  }
  if (g_taps.empty() || g_taps.front().key == released) return;  // a key needs one frame up between taps
  const KeyTap tap = g_taps.front();
  g_taps.pop_front();
  io.KeysDown[tap.key] = true;
  set_modifiers(io, tap.mods | physical_modifiers(window));
  g_held_for_a_frame = tap.key;
}

void on_char(GLFWwindow*, unsigned character) {
  g_input = true;
  if (g_presses.size() < kMaxPresses) g_presses.push_back({-1, 0, false, character});
}
void on_mouse_button(GLFWwindow*, int, int, int) {
  g_input = true;
}
void on_cursor(GLFWwindow*, double, double) {
  g_input = true;
}
void on_cursor_enter(GLFWwindow*, int) {
  g_input = true;
}
void on_scroll(GLFWwindow*, double, double) {
  g_input = true;
}
void on_focus(GLFWwindow*, int) {
  g_input = true;
}
void on_refresh(GLFWwindow*) {
  g_input = true;
}
void on_size(GLFWwindow*, int, int) {
  g_input = true;
}
void on_content_scale(GLFWwindow*, float, float) {
  g_input = true;
}

void watch_input(GLFWwindow* window) {
  glfwSetKeyCallback(window, on_key);
  glfwSetCharCallback(window, on_char);
  glfwSetMouseButtonCallback(window, on_mouse_button);
  glfwSetCursorPosCallback(window, on_cursor);
  glfwSetCursorEnterCallback(window, on_cursor_enter);
  glfwSetScrollCallback(window, on_scroll);
  glfwSetWindowFocusCallback(window, on_focus);
  glfwSetWindowRefreshCallback(window, on_refresh);
  glfwSetFramebufferSizeCallback(window, on_size);
  glfwSetWindowContentScaleCallback(window, on_content_scale);
}

}  // namespace

// An RGBA framebuffer object, deleted with its storage.
class Framebuffer {
 public:
  Framebuffer(int width, int height) {
    glGenFramebuffers(1, &m_fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, m_fbo);
    glGenRenderbuffers(1, &m_color);
    glBindRenderbuffer(GL_RENDERBUFFER, m_color);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m_color);
    m_complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  }
  ~Framebuffer() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteRenderbuffers(1, &m_color);
    glDeleteFramebuffers(1, &m_fbo);
  }
  Framebuffer(const Framebuffer&) = delete;
  Framebuffer& operator=(const Framebuffer&) = delete;
  bool complete() const { return m_complete; }
  void bind() const { glBindFramebuffer(GL_FRAMEBUFFER, m_fbo); }

  int width = 0, height = 0;

 private:
  GLuint m_fbo = 0, m_color = 0;
  bool m_complete = false;
};

// [SECTION] window
GuiContext::GuiContext(int width, int height, bool visible, const std::string& title, FontFinder find_font)
    : m_find_font(find_font) {
  glfwSetErrorCallback(remember_glfw_error);
  if (!glfwInit())
    throw DisplayError("cannot open a window (" + g_glfw_error +
                       "); the desktop app, `reslab export` and `reslab handout` need a display (Xvfb works: "
                       "xvfb-run -a ...)");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // Shown once it fits the screen it opens on (a size remembered from a larger screen would put the
  // right-hand panels and the toolbar's last buttons off it).
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  int work_x = 0, work_y = 0, work_width = 0, work_height = 0;
  if (visible)
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor())
      glfwGetMonitorWorkarea(monitor, &work_x, &work_y, &work_width, &work_height);
  if (work_width > 0 && work_height > 0) {
    width = std::min(width, work_width);
    height = std::min(height, work_height);
  }
  m_window = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!m_window) {
    glfwTerminate();
    throw DisplayError("cannot create an OpenGL 3.3 window (" + g_glfw_error + ")");
  }
  if (work_width > 0 && work_height > 0) {
    // The window manager's frame counts too, where it says how large it is.
    int left = 0, top = 0, right = 0, bottom = 0;
    glfwGetWindowFrameSize(m_window, &left, &top, &right, &bottom);
    const int fit_width = std::min(width, work_width - left - right);
    const int fit_height = std::min(height, work_height - top - bottom);
    if (fit_width != width || fit_height != height) glfwSetWindowSize(m_window, fit_width, fit_height);
    int x = 0, y = 0;
    glfwGetWindowPos(m_window, &x, &y);
    if (x + fit_width + right > work_x + work_width || y + fit_height + bottom > work_y + work_height)
      glfwSetWindowPos(m_window, work_x + left, work_y + top);
  }
  if (visible) glfwShowWindow(m_window);
  glfwMakeContextCurrent(m_window);
  glfwSwapInterval(1);
  watch_input(m_window);
}

void GuiContext::start_imgui(std::unique_ptr<ImFontAtlas> prebuilt_atlas, float prebuilt_scale) {
  IMGUI_CHECKVERSION();
  m_atlas = std::move(prebuilt_atlas);
  ImGui::CreateContext(m_atlas.get());
  ImGui::GetIO().IniFilename = nullptr;  // the layout is fixed; settings live in our own file
  ImGui_ImplGlfw_InitForOpenGL(m_window, true);
  ImGui_ImplOpenGL3_Init(RESLAB_GLSL_VERSION);
  // An atlas built for another monitor scale is rebuilt before the first frame.
  m_monitor_scale = content_scale();
  if (m_atlas && prebuilt_scale == m_monitor_scale) m_font_scale = 1.0f;
}

GuiContext::~GuiContext() {
  m_target.reset();
  if (ImGui::GetCurrentContext()) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  m_atlas.reset();
  glfwDestroyWindow(m_window);
  glfwTerminate();
}

bool GuiContext::take_input() {
  const bool seen = g_input || !g_taps.empty() || g_held_for_a_frame >= 0 || !g_presses.empty();
  g_input = false;
  return seen;
}

float GuiContext::content_scale() const {
  float x = 1, y = 1;
  glfwGetWindowContentScale(m_window, &x, &y);
  return std::max(1.0f, std::min(x, 3.0f));
}

// [SECTION] fonts
float GuiContext::text_scale(const LabApp& app) const {
  int width = 0, height = 0;
  glfwGetWindowSize(m_window, &width, &height);
  return app.view().text_scale(static_cast<float>(height));
}

void GuiContext::rebuild_fonts(LabApp& app, float render_scale, float text_scale) {
  ImGuiIO& io = ImGui::GetIO();
  const float pixels = font_pixels(text_scale, content_scale()) * render_scale;
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  app.fonts_rebuilt(build_fonts(*io.Fonts, pixels, app.glyph_texts(), m_find_font));
  io.FontGlobalScale = 1.0f / render_scale;
  ImGui_ImplOpenGL3_CreateFontsTexture();
  m_font_scale = render_scale;
  m_monitor_scale = content_scale();
}

// [SECTION] frames
void GuiContext::begin_frame(LabApp& app, float text_scale) {
  apply_theme(app.view().dark, text_scale * content_scale());
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
}

Commands GuiContext::frame_on_screen(LabApp& app, WindowState& state, bool lay_out_first) {
  // A move to a monitor with another scale rebuilds the fonts at that size rather than stretching them.
  const float scale = text_scale(app);
  if (app.fonts_dirty() || m_font_scale != 1.0f || m_monitor_scale != content_scale() ||
      app.fonts().pixel_size != font_pixels(scale, content_scale()))
    rebuild_fonts(app, 1.0f, scale);
  if (lay_out_first) {
    // Unseen passes read no input: the mouse and keys stay as the last frame left them, so nothing is
    // clicked or typed twice; only the window's size is brought up to date.
    apply_theme(app.view().dark, scale * content_scale());
    int width = 0, height = 0;
    glfwGetWindowSize(m_window, &width, &height);
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    io.DeltaTime = 1.0f / 60.0f;
    lay_out([&] { return unseen_pass(app, state); });
  }
  begin_frame(app, scale);
  replay_key_taps(m_window);
  ImGui::NewFrame();
  // The presses are read by this frame only: each acts once, however many frames it took to arrive.
  KeyPresses presses;
  presses.swap(g_presses);
  Commands commands;
  try {
    commands = draw_lab_window(app, state, &presses);
  } catch (const std::exception& e) {
    // Never in front of a class: close what the panel left open, say what happened, carry on.
    ImGui::ErrorCheckEndFrameRecover(nullptr);
    app.toast(e.what(), true);
  }
  ImGui::Render();
  int width = 0, height = 0;
  glfwGetFramebufferSize(m_window, &width, &height);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, width, height);
  const ImVec4 clear = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(clear.x, clear.y, clear.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  glfwSwapBuffers(m_window);
  return commands;
}

std::uint64_t GuiContext::unseen_pass(LabApp& app, WindowState& state) {
  ImGui::NewFrame();
  try {
    draw_lab_window(app, state);  // its commands are dropped: no input, so none but by accident
  } catch (const std::exception&) {
    ImGui::ErrorCheckEndFrameRecover(nullptr);  // the shown frame draws it again and says what happened
  }
  ImGui::Render();
  return frame_digest(*ImGui::GetDrawData(), slide_layout_digest(state.slide));
}

// [SECTION] offscreen capture
RgbaImage GuiContext::capture(LabApp& app, WindowState& state, int width, int height, int scale) {
  const float text = app.view().text_scale(static_cast<float>(height));
  if (app.fonts_dirty() || m_font_scale != static_cast<float>(scale) ||
      app.fonts().pixel_size != font_pixels(text, content_scale()) * static_cast<float>(scale))
    rebuild_fonts(app, static_cast<float>(scale), text);
  const int pixel_width = width * scale, pixel_height = height * scale;
  // Kept between captures: an export renders many frames of one size.
  if (!m_target || m_target->width != pixel_width || m_target->height != pixel_height) {
    m_target.reset();
    m_target = std::make_unique<Framebuffer>(pixel_width, pixel_height);
    m_target->width = pixel_width;
    m_target->height = pixel_height;
  }
  RgbaImage image;
  if (!m_target->complete()) return image;

  ImGuiIO& io = ImGui::GetIO();
  // Frames until the layout has settled (auto-sized items, the layout fitting what changed), as the
  // window does before it sleeps: a picture shows the frame a projector would.
  lay_out([&] {
    begin_frame(app, text);
    io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    io.DisplayFramebufferScale = ImVec2(static_cast<float>(scale), static_cast<float>(scale));
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no hover highlight in a picture
    for (bool& down : io.MouseDown) down = false;
    ImGui::NewFrame();
    draw_lab_window(app, state);
    ImGui::Render();
    return frame_digest(*ImGui::GetDrawData(), slide_layout_digest(state.slide));
  });
  m_target->bind();
  glViewport(0, 0, pixel_width, pixel_height);
  const ImVec4 clear = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(clear.x, clear.y, clear.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

  image.width = pixel_width;
  image.height = pixel_height;
  image.pixels.resize(static_cast<std::size_t>(pixel_width) * pixel_height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, pixel_width, pixel_height, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  flip_rows(image);
  return image;
}

}  // namespace reslab
