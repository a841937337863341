#include "gui_driver.hpp"

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
  if (m_app->fonts_dirty()) {
    m_app->fonts_rebuilt(build_fonts(*io.Fonts, kBaseFontPixels * m_app->view().zoom, m_app->glyph_texts()));
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

int GuiDriver::settle() {
  // As the window's loop: unseen passes (no input, commands dropped), then frames shown until one
  // equals the one before.
  fonts_and_theme();
  m_passes = lay_out([&] {
    ImGui::NewFrame();
    draw_lab_window(*m_app, m_state, false);
    ImGui::Render();
    return frame_digest(*ImGui::GetDrawData(), slide_layout_digest(m_state.slide));
  });
  FrameSettler settler;
  int frames = 0;
  do {
    frame();
    ++frames;
  } while (settler.drawn(*ImGui::GetDrawData(), slide_layout_digest(m_state.slide)));
  return frames;
}

void GuiDriver::resize(float width, float height) {
  ImGui::GetIO().DisplaySize = ImVec2(width, height);
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
