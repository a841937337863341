// One headless ImGui frame of the main layout (app/lab_window.cpp): NewFrame, every panel drawn over the
// current snapshot, Render (ImGui's vertex lists), commands applied. No window and no GL: this is the CPU
// side of a frame. The pixels (OpenGL under Mesa's software renderer) and the PNG file are measured by
// bench/desktop (`reslab export`) and bench/png_bench.cpp (write_png of a 1920x1080 frame): a headless
// context has vertex lists but no pixels to encode.
#include <benchmark/benchmark.h>
#include <imgui.h>

#include <memory>
#include <string>

#include "app/lab_app.hpp"
#include "app/lab_window.hpp"
#include "app/platform/font_lookup.hpp"
#include "app/session/settings.hpp"
#include "app/text/font_atlas.hpp"
#include "app/theme.hpp"

namespace {

using namespace reslab;

class HeadlessPlatform : public Platform {
 public:
  double clock = 0;
  double now() const override { return clock; }
  void set_clipboard(const std::string&) override {}
  void toggle_full_screen() override {}
  std::string save_screenshot(const std::string&, int) override { return "no screenshots in a benchmark"; }
};

// An ImGui context at 1920x1080 with the real fonts, and the app on one bundled case.
class HeadlessWindow {
 public:
  explicit HeadlessWindow(const std::string& scenario) {
    m_context = ImGui::CreateContext();
    ImGui::SetCurrentContext(m_context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1920, 1080);
    io.DeltaTime = 1.0f / 60.0f;
    Settings settings;
    settings.lang = "en";
    m_app = std::make_unique<LabApp>(m_platform, settings, scenario);
    frame();  // builds the fonts (outside the timed frames) and lays the window out once
  }
  ~HeadlessWindow() {
    m_app.reset();
    ImGui::DestroyContext(m_context);
  }
  HeadlessWindow(const HeadlessWindow&) = delete;
  HeadlessWindow& operator=(const HeadlessWindow&) = delete;

  LabApp& app() { return *m_app; }

  void frame() {
    ImGuiIO& io = ImGui::GetIO();
    if (m_app->fonts_dirty()) {
      m_app->fonts_rebuilt(
          build_fonts(*io.Fonts, kBaseFontPixels * m_app->view().zoom, m_app->glyph_texts(), find_font));
      unsigned char* pixels = nullptr;
      int width = 0, height = 0;
      io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }
    apply_theme(m_app->view().dark, m_app->view().zoom);
    m_platform.clock += 1.0 / 60.0;
    m_app->tick();
    ImGui::NewFrame();
    const Commands commands = draw_lab_window(*m_app, m_state);
    ImGui::Render();
    m_app->apply(commands);
  }

 private:
  HeadlessPlatform m_platform;
  ImGuiContext* m_context = nullptr;
  std::unique_ptr<LabApp> m_app;
  WindowState m_state;
};

// `steps`: how far into the first preset the frame is drawn (tables, SQL and explanation filled in).
void main_layout(benchmark::State& state, const std::string& scenario, int steps) {
  HeadlessWindow window(scenario);
  for (int i = 0; i < steps; ++i) window.app().apply(Command{StepForward{}});
  window.frame();
  for (auto _ : state) window.frame();
  state.counters["draw_lists_vertices"] = static_cast<double>(ImGui::GetDrawData()->TotalVtxCount);
}

const bool registered = [] {
  for (const char* scenario : {"h1", "h2"}) {
    benchmark::RegisterBenchmark((std::string("frame/main_layout/") + scenario + "/first_step").c_str(),
                                 main_layout, std::string(scenario), 0)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((std::string("frame/main_layout/") + scenario + "/after_4_steps").c_str(),
                                 main_layout, std::string(scenario), 4)
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
