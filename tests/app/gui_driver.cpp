#include "gui_driver.hpp"

#include <algorithm>
#include <cfloat>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "app/export/slide_layout.hpp"
#include "app/panels/widgets.hpp"
#include "app/session/frame_settler.hpp"
#include "app/text/font_atlas.hpp"
#include "app/theme.hpp"

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
  const float text_scale = m_app->view().text_scale(io.DisplaySize.y);
  const float pixels = kBaseFontPixels * text_scale * m_render_scale;
  if (m_app->fonts_dirty() || m_fonts_scale != m_render_scale || m_app->fonts().pixel_size != pixels) {
    m_app->fonts_rebuilt(build_fonts(*io.Fonts, pixels, m_app->glyph_texts(), find_font));
    io.FontGlobalScale = 1.0f / m_render_scale;
    m_fonts_scale = m_render_scale;
    unsigned char* texture = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&texture, &width, &height);
  }
  apply_theme(m_app->view().dark, text_scale);
}

void GuiDriver::frame() {
  fonts_and_theme();
  m_platform.clock += 1.0 / 60.0;
  m_app->tick();
  // A typed character reaches a text field too, as the GLFW backend's character callback hands it over.
  for (const auto& press : m_presses)
    if (press.character != 0) ImGui::GetIO().AddInputCharacter(press.character);
  ImGui::NewFrame();
  KeyPresses presses;
  presses.swap(m_presses);
  const Commands commands = draw_lab_window(*m_app, m_state, &presses);
  ImGui::Render();
  m_app->apply(commands);
}

int GuiDriver::run_loop(const KeyPresses& presses) {
  RedrawRule& rule = m_rule;
  // A loop that never sleeps stops here; the caller's count of frames shown then fails its check.
  constexpr int kRunaway = 100;
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
                            draw_lab_window(*m_app, m_state);
                            ImGui::Render();
                            return frame_digest(*ImGui::GetDrawData(), slide_layout_digest(m_state.slide));
                          }));
    }
    // The presses reach the first frame shown, as the window hands each press to one frame.
    const KeyPresses none;
    ImGui::NewFrame();
    const Commands commands = draw_lab_window(*m_app, m_state, m_shown.empty() ? &presses : &none);
    ImGui::Render();
    m_shown.push_back(draw_data_digest(*ImGui::GetDrawData()));
    rule.drawn(*ImGui::GetDrawData(), slide_layout_digest(m_state.slide), !commands.empty());
    m_app->apply(commands);
  }
  m_settled = rule.settled();
  return static_cast<int>(m_shown.size());
}

int GuiDriver::settle() {
  m_rule.changed();
  return run_loop({});
}

int GuiDriver::press_key_and_settle(int key) {
  m_rule.input();
  return run_loop({KeyPress{key, 0, false, 0}});
}

int GuiDriver::wait_and_settle(double seconds) {
  m_platform.clock += seconds;
  return run_loop({});
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
  m_presses.push_back({key, (ctrl ? GLFW_MOD_CONTROL : 0) | (shift ? GLFW_MOD_SHIFT : 0), false, 0});
  frame();
  frame();
}

void GuiDriver::type_character(unsigned character) {
  m_presses.push_back({-1, 0, false, character});
  frame();
  frame();
}

}  // namespace reslab::testing
