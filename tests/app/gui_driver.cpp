#include "gui_driver.hpp"

#include <algorithm>
#include <cfloat>

#include "app/font_atlas.hpp"
#include "app/frame_settler.hpp"
#include "app/slide_layout.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"

namespace reslab::testing {

GuiDriver::GuiDriver(const std::string& scenario, Settings settings) {
  m_context = ImGui::CreateContext();
  ImGui::SetCurrentContext(m_context);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1600, 900);
  io.DeltaTime = 1.0f / 60.0f;
  for (int i = 0; i < ImGuiKey_COUNT; ++i) io.KeyMap[i] = -1;
  io.KeyMap[ImGuiKey_Escape] = 256;  // GLFW_KEY_ESCAPE, as the GLFW backend maps it
  m_app = std::make_unique<LabApp>(m_platform, std::move(settings), scenario);
  frame();  // builds the fonts and lays the window out once
}

GuiDriver::~GuiDriver() {
  ImGui::DestroyContext(m_context);
}

void GuiDriver::fonts_and_theme() {
  ImGuiIO& io = ImGui::GetIO();
  if (m_app->fonts_dirty() || m_fonts_scale != m_render_scale) {
    m_app->fonts_rebuilt(
        build_fonts(*io.Fonts, kBaseFontPixels * m_app->view().zoom * m_render_scale, m_app->glyph_texts()));
    io.FontGlobalScale = 1.0f / m_render_scale;
    m_fonts_scale = m_render_scale;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  apply_theme(m_app->view().dark, m_app->view().zoom);
}

void GuiDriver::frame() {
  fonts_and_theme();
  m_platform.clock += 1.0 / 60.0;
  m_app->tick();
  ImGui::NewFrame();
  const Commands commands = draw_lab_window(*m_app, m_state);
  ImGui::Render();
  m_app->apply(commands);
}

int GuiDriver::run_loop(int key) {
  RedrawRule& rule = m_rule;
  // A loop that never sleeps stops here; the caller's count of frames shown then fails its check.
  constexpr int kRunaway = 100;
  ImGuiIO& io = ImGui::GetIO();
  m_passes = 0;
  m_shown.clear();
  while (static_cast<int>(m_shown.size()) < kRunaway) {
    m_platform.clock += 1.0 / 60.0;
    const int revision = m_app->revision();
    m_app->tick();
    if (m_app->revision() != revision || m_app->fonts_dirty()) rule.changed();
    if (!rule.wants_frame()) break;
    fonts_and_theme();
    if (rule.lay_out_first()) {
      // As the window's unseen passes: no input (the key is not down yet), commands dropped.
      m_passes = std::max(m_passes, lay_out([&] {
                            ImGui::NewFrame();
                            draw_lab_window(*m_app, m_state, false);
                            ImGui::Render();
                            return frame_digest(*ImGui::GetDrawData(), slide_layout_digest(m_state.slide));
                          }));
    }
    if (key >= 0) io.KeysDown[key] = m_shown.empty();
    ImGui::NewFrame();
    const Commands commands = draw_lab_window(*m_app, m_state);
    ImGui::Render();
    m_shown.push_back(draw_data_digest(*ImGui::GetDrawData()));
    rule.drawn(*ImGui::GetDrawData(), slide_layout_digest(m_state.slide), !commands.empty());
    m_app->apply(commands);
  }
  if (key >= 0) io.KeysDown[key] = false;
  m_settled = rule.settled();
  return static_cast<int>(m_shown.size());
}

int GuiDriver::settle() {
  m_rule.changed();
  return run_loop(-1);
}

int GuiDriver::press_key_and_settle(int key) {
  m_rule.input();
  return run_loop(key);
}

int GuiDriver::wait_and_settle(double seconds) {
  m_platform.clock += seconds;
  return run_loop(-1);
}

void GuiDriver::resize(float width, float height) {
  ImGui::GetIO().DisplaySize = ImVec2(width, height);
}

void GuiDriver::set_render_scale(float scale) {
  m_render_scale = scale;
  ImGui::GetIO().DisplayFramebufferScale = ImVec2(scale, scale);
}

const ItemRecord* GuiDriver::find(const std::string& label) {
  for (const auto& item : frame_items())
    if (item.label == label) return &item;
  return nullptr;
}

std::string GuiDriver::find_label(const std::string& part) {
  for (const auto& item : frame_items())
    if (item.label.find(part) != std::string::npos) return item.label;
  return {};
}

bool GuiDriver::has_item(const std::string& label) {
  return find(label) != nullptr;
}

bool GuiDriver::item_enabled(const std::string& label) {
  const ItemRecord* item = find(label);
  return item && item->enabled;
}

bool GuiDriver::click(const std::string& label) {
  const ItemRecord* item = find(label);
  if (!item || !item->enabled) return false;
  const ImVec2 centre((item->min.x + item->max.x) * 0.5f, (item->min.y + item->max.y) * 0.5f);
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = centre;
  frame();  // hover
  io.MouseDown[0] = true;
  frame();  // press
  io.MouseDown[0] = false;
  frame();  // release: the button reports the click, its command is applied
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  frame();
  return true;
}

void GuiDriver::press_key(int key, bool ctrl, bool shift) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = ctrl;
  io.KeyShift = shift;
  io.KeysDown[key] = true;
  frame();
  io.KeysDown[key] = false;
  io.KeyCtrl = false;
  io.KeyShift = false;
  frame();
}

}  // namespace reslab::testing
