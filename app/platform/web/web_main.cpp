// [SECTION] index: platform · link · settings · frame loop · main
// The page's entry point: the self-test when the URL asks for it (?selftest), else the lab window in
// the canvas. The loop draws only while something changes: after input, a step played or a toast
// ending it pauses until the next event or the time the app asked for.
#include <emscripten.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "app/export/slide_layout.hpp"
#include "app/gui_context.hpp"
#include "app/lab_app.hpp"
#include "app/platform/font_lookup.hpp"
#include "app/platform/platform_paths.hpp"
#include "app/platform/web/browser.hpp"
#include "app/platform/web/page_link.hpp"
#include "app/platform/web/self_test.hpp"
#include "app/session/redraw_rule.hpp"
#include "app/session/settings.hpp"
#include "core/backends/registry.hpp"
#include "core/cases/families.hpp"
#include "core/sim/scenario_library.hpp"

namespace reslab::web {
namespace {

// The settings file in local storage; site/index.html reads its lang there before the app has loaded.
constexpr const char* kSettingsKey = "reslab.settings";

// [SECTION] platform
class PagePlatform : public Platform {
 public:
  void attach(GuiContext* gui, LabApp* app, WindowState* state) {
    m_gui = gui;
    m_app = app;
    m_state = state;
  }
  double now() const override { return emscripten_get_now() / 1000.0; }
  void set_clipboard(const std::string& text) override { copy_to_clipboard(text); }
  void toggle_full_screen() override { web::toggle_full_screen(); }
  std::string save_screenshot(const std::string& path, int scale) override {
    int width = 0, height = 0;
    glfwGetWindowSize(m_gui->window(), &width, &height);
    const RgbaImage image = m_gui->capture(*m_app, *m_state, width, height, scale);
    if (image.pixels.empty()) return "the offscreen framebuffer could not be created";
    if (std::string error = write_png(path, image); !error.empty()) return error;
    download(path, "image/png");
    return {};
  }
  void file_written(const std::string& path, const std::string& mime_type) override {
    download(path, mime_type);
  }

 private:
  GuiContext* m_gui = nullptr;
  LabApp* m_app = nullptr;
  WindowState* m_state = nullptr;
};

// [SECTION] link
// What the window shows, as the page's URL says it.
PageLink link_of(const LabApp& app, const PageLink& opened) {
  const LabSession& session = app.session();
  PageLink link;
  link.file = opened.file;
  link.case_id = session.scenario().id;
  if (const SqlVariant* variant = session.variant())
    link.variant = variant->id;
  else
    link.model = session.model() == Model::naive ? "naive" : "atomic";
  link.preset = session.preset();
  if (!session.follows_preset()) link.order = session.wanted_order();
  link.at = session.moved_times();
  link.step = session.cursor();
  link.lang = app.view().lang == Lang::zh ? "zh" : "en";
  link.compare = app.view().compare;
  link.isolation = app.view().isolation_open;
  link.orders = app.view().orders_open;
  return link;
}

// The commands that bring the opened scenario to what the link names.
Commands commands_for(const PageLink& link, const LabApp& app) {
  Commands commands;
  if (!link.lang.empty()) commands.push_back(SetLanguage{link.lang == "zh" ? Lang::zh : Lang::en});
  if (!link.model.empty()) commands.push_back(SetModel{link.model == "naive" ? Model::naive : Model::atomic});
  if (!link.variant.empty()) commands.push_back(SetVariant{link.variant});
  // A link names its side-by-side view; a page opened without one keeps the view used last.
  const bool names_a_step = !link.case_id.empty() || !link.file.empty();
  if (names_a_step && link.compare != app.view().compare) commands.push_back(ToggleCompare{});
  if (link.order)
    commands.push_back(UseOrder{link.preset, *link.order});
  else if (!link.preset.empty())
    commands.push_back(ChoosePreset{link.preset});
  for (const auto& [event, seconds] : link.at) commands.push_back(MoveEvent{event, seconds});
  if (link.step) commands.push_back(JumpTo{*link.step});
  if (link.isolation && !app.view().isolation_open) commands.push_back(ToggleIsolationPanel{});
  if (link.orders && !app.view().orders_open) commands.push_back(ToggleOrdersPanel{});
  return commands;
}

// [SECTION] settings
// The settings file lives in the page's file system while the page is open and in local storage
// between visits.
void restore_settings_file() {
  const auto text = local_storage_get(kSettingsKey);
  if (!text) return;
  const std::string path = settings_path();
  if (path.empty()) return;
  ensure_dir(std::filesystem::path(path).parent_path().string());
  std::ofstream(path, std::ios::binary) << *text;
}

std::string settings_file_text() {
  std::ifstream file(settings_path(), std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// [SECTION] frame loop
struct Page {
  PageLink opened;
  PagePlatform platform;
  std::unique_ptr<LabApp> app;
  std::unique_ptr<GuiContext> gui;
  WindowState state;
  RedrawRule rule;
  double wake_at = -1;  // when the app asked to run next (app.tick()), in now() seconds; < 0: never
  bool paused = false;
  bool first_frame = true;
  std::string shown_query;
  std::string saved_settings;
  std::string buttons_lang;  // the language the page's buttons were last labelled in
};
Page* g_page = nullptr;

void run_frame();

void resume() {
  if (g_page && g_page->paused) {
    g_page->paused = false;
    emscripten_resume_main_loop();
  }
}

void wake_for_tick(void*) {
  resume();
}

void follow_canvas_size(Page& page) {
  int width = 0, height = 0, shown_width = 0, shown_height = 0;
  canvas_size(width, height);
  glfwGetWindowSize(page.gui->window(), &shown_width, &shown_height);
  if (width > 0 && height > 0 && (width != shown_width || height != shown_height)) {
    glfwSetWindowSize(page.gui->window(), width, height);
    page.rule.input();
  }
}

void label_buttons_in_app_language(Page& page) {
  const std::string lang = page.app->view().lang == Lang::zh ? "zh" : "en";
  if (lang == page.buttons_lang) return;
  const LabApp& app = *page.app;
  label_page_buttons({lang, app.tr("page.copy_link"), app.tr("page.copy_link_tip"),
                      app.tr("page.link_copied"), app.tr("page.open_file"), app.tr("page.open_file_tip")});
  page.buttons_lang = lang;
}

void after_commands(Page& page) {
  label_buttons_in_app_language(page);
  const std::string query = page_link_query(link_of(*page.app, page.opened));
  if (query != page.shown_query) {
    replace_query(query);
    page.shown_query = query;
  }
  if (save_settings(settings_path(), page.app->settings()).empty()) {
    const std::string text = settings_file_text();
    if (text != page.saved_settings) {
      local_storage_set(kSettingsKey, text);
      page.saved_settings = text;
    }
  }
}

void run_frame() {
  Page& page = *g_page;
  loop_woke();
  follow_canvas_size(page);
  if (page.gui->take_input()) page.rule.input();
  const int revision = page.app->revision();
  const double wait = page.app->tick();
  page.wake_at = wait < 0 ? -1 : page.platform.now() + wait;
  const bool ticked = page.app->revision() != revision;  // a step played, a toast gone, a reload
  if (ticked || page.app->fonts_dirty()) page.rule.changed();
  if (page.rule.wants_frame()) {
    const Commands commands = page.gui->frame_on_screen(*page.app, page.state, page.rule.lay_out_first());
    page.rule.drawn(*ImGui::GetDrawData(), slide_layout_digest(page.state.slide), !commands.empty());
    frame_drawn();
    page.app->apply(commands);
    if (!commands.empty() || ticked || page.first_frame) after_commands(page);
    if (page.first_frame) {
      page.first_frame = false;
      first_frame_shown();
    }
  }
  if (page.rule.wants_frame()) return;
  // Nothing to draw: sleep until an event (index.html calls reslab_web_wake) or the app's next tick.
  page.paused = true;
  emscripten_pause_main_loop();
  if (page.wake_at >= 0)
    emscripten_async_call(wake_for_tick, nullptr,
                          static_cast<int>((page.wake_at - page.platform.now()) * 1000) + 1);
}

// [SECTION] main
EM_JS(void, report_self_test, (const char* lines), { reslabSelfTestDone(UTF8ToString(lines)); });

int run_self_test(const PageLink& link) {
  std::string text;
  try {
    std::vector<std::string> files =
        link.file.empty() ? bundled_scenario_files() : std::vector<std::string>{served_file_path(link.file)};
    if (link.file.empty())
      for (const auto& file : isolation_scenario_files()) files.push_back(file);
    for (const auto& line : self_test_lines(files)) text += line + "\n";
  } catch (const std::exception& e) {
    text += std::string("error ") + e.what() + "\n";
  }
  report_self_test(text.c_str());
  return 0;
}

// ?bench: every preset of every bundled case in both models replayed five times after a warm-up, the
// time per step in the title (bench/web compares it with the same replays natively).
int run_bench() {
  const auto files = bundled_scenario_files();
  self_test_lines(files);
  constexpr int kPasses = 5;
  int steps = 0;
  const double start = emscripten_get_now();
  for (int pass = 0; pass < kPasses; ++pass) self_test_lines(files, &steps);
  const double elapsed_ms = emscripten_get_now() - start;
  const std::string title = "bench: " + std::to_string(elapsed_ms * 1000.0 / steps) + " us per step, " +
                            std::to_string(steps / kPasses) + " steps per pass";
  emscripten_set_window_title(title.c_str());
  return 0;
}

int run_page(const PageLink& link) {
  restore_settings_file();
  std::string settings_warning;
  Settings settings = load_settings(settings_path(), settings_warning);
  if (!link.lang.empty()) settings.lang = link.lang;
  settings.backend = "sqlite";
  canvas_size(settings.window_width, settings.window_height);
  static Page page;
  g_page = &page;
  page.opened = link;
  const std::string scenario = !link.file.empty() ? served_file_path(link.file) : link.case_id;
  page.app = std::make_unique<LabApp>(page.platform, settings, scenario);
  page.gui =
      std::make_unique<GuiContext>(settings.window_width, settings.window_height, true, "reslab", find_font);
  page.gui->start_imgui();
  page.platform.attach(page.gui.get(), page.app.get(), &page.state);
  if (!settings_warning.empty()) page.app->toast(settings_warning, true);
  page.app->apply(commands_for(link, *page.app));
  page.rule.input();
  emscripten_set_main_loop(run_frame, 0, false);
  return 0;
}

}  // namespace
}  // namespace reslab::web

extern "C" {

// Any input event in the page: draw again (index.html calls it before GLFW's own handlers run).
EMSCRIPTEN_KEEPALIVE void reslab_web_wake() {
  reslab::web::resume();
}

// A turn of the wheel in notches, up and left positive as GLFW gives them on the desktop: index.html
// measures the browser's wheel event (pixels, lines or pages) and keeps it from Emscripten's GLFW, which
// hands the raw pixels on with the sign the other way round (a notch down scrolled up, a hundred lines).
EMSCRIPTEN_KEEPALIVE void reslab_web_scroll(double right, double up) {
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheelH += static_cast<float>(-right);
  io.MouseWheel += static_cast<float>(up);
  if (reslab::web::g_page) reslab::web::g_page->rule.input();  // GLFW's own callback would have said so
  reslab::web::resume();
}

// A .toml the user picked or dropped, written into the page's file system by index.html.
EMSCRIPTEN_KEEPALIVE void reslab_web_open_file(const char* path) {
  if (!reslab::web::g_page) return;
  reslab::web::g_page->app->apply(reslab::OpenScenario{path});
  reslab::web::g_page->rule.changed();
  reslab::web::after_commands(*reslab::web::g_page);
  reslab::web::resume();
}

}  // extern "C"

int main(int argc, char** argv) {
  // The engine as the page runs it: the bundled case families, and SQLite as its one backend.
  reslab::use_case_families(reslab::bundled_case_families());
  reslab::use_lab_backends(reslab::browser_backends());
  const reslab::web::PageLink link = reslab::web::parse_page_link(argc > 1 ? argv[1] : "");
  try {
    if (link.self_test) return reslab::web::run_self_test(link);
    if (link.bench) return reslab::web::run_bench();
    return reslab::web::run_page(link);
  } catch (const std::exception& e) {
    emscripten_log(EM_LOG_ERROR, "reslab: %s", e.what());
    return 1;
  }
}
