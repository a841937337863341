#include "app/export/slide_camera.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "app/export/visibility.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// A display that is there can still refuse a connection now and then: under Xvfb, while other servers
// start beside it, about one attempt in a hundred fails. A command that opens a window per case would
// then stop halfway, so a refused window is tried again; with no display named it fails at once.
std::unique_ptr<GuiContext> open_hidden_window(int width, int height, FontFinder find_font) {
  constexpr int kAttempts = 4;
  for (int attempt = 1;; ++attempt) {
    try {
      return std::make_unique<GuiContext>(width, height, false, "reslab export", find_font);
    } catch (const DisplayError&) {
      const char* display = std::getenv("DISPLAY");
      if (attempt == kAttempts || display == nullptr || *display == '\0') throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(100 * attempt));
    }
  }
}

}  // namespace

// What the app may ask of a window that nobody sees.
class SlideCamera::HiddenPlatform : public Platform {
 public:
  double now() const override { return glfwGetTime(); }
  void set_clipboard(const std::string&) override {}
  void toggle_full_screen() override {}
  std::string save_screenshot(const std::string&, int) override { return "not available while exporting"; }
};

SlideCamera::SlideCamera(FontFinder find_font, const std::string& scenario_file, Lang lang, int width,
                         int height, int scale, bool content)
    : m_gui(open_hidden_window(width, height, find_font)),
      m_platform(std::make_unique<HiddenPlatform>()),
      m_width(width),
      m_height(height),
      m_scale(scale) {
  m_gui->start_imgui();
  Settings settings;
  settings.lang = std::string(lang_code(lang));
  m_app = std::make_unique<LabApp>(*m_platform, settings, scenario_file);
  if (!m_app->view().scenario_error.empty()) throw UsageError(m_app->view().scenario_error);
  m_app->view().picture = true;
  if (content) m_app->apply(SetPresenting{true});
}

SlideCamera::~SlideCamera() = default;

const LabSession& SlideCamera::run(Model model, const std::string& preset,
                                   const std::vector<std::string>& order, Backend backend) {
  m_app->apply(SetBackend{backend});
  if (m_app->session().backend() != backend) throw BackendUnavailableError(m_app->view().backend_status);
  m_app->apply(SetModel{model});
  if (!order.empty()) {
    m_app->apply(UseOrder{preset, order});
  } else {
    m_app->apply(ChoosePreset{preset});
  }
  return m_app->session();
}

const LabSession& SlideCamera::run_variant(const std::string& variant, const std::string& preset,
                                           const std::vector<std::string>& order) {
  m_app->apply(SetVariant{variant});
  const SqlVariant* shown = m_app->session().variant();
  if (!shown || shown->id != variant)
    throw BackendUnavailableError(m_app->view().toasts.empty() ? "the variant " + variant + " cannot run here"
                                                               : m_app->view().toasts.back().text);
  if (!order.empty()) {
    m_app->apply(UseOrder{preset, order});
  } else {
    m_app->apply(ChoosePreset{preset});
  }
  return m_app->session();
}

RgbaImage SlideCamera::capture(int step) {
  m_app->apply(JumpTo{step});
  RgbaImage image = m_gui->capture(*m_app, m_state, m_width, m_height, m_scale);
  // The records of the frame just drawn: the next frame clears them.
  m_clipped = image.pixels.empty() ? std::vector<std::string>{} : clipped_items();
  return image;
}

}  // namespace reslab
