#include "app/theme.hpp"

namespace reslab {
namespace {

constexpr ImU32 rgb(unsigned r, unsigned g, unsigned b, unsigned a = 255) {
  return IM_COL32(r, g, b, a);
}

const Palette kLight{
    rgb(220, 247, 227), rgb(34, 139, 58),   rgb(20, 100, 40),    // holds
    rgb(253, 222, 222), rgb(200, 40, 40),   rgb(150, 20, 20),    // broken
    rgb(255, 236, 140), rgb(214, 240, 255), rgb(232, 234, 240),  // changed, added, hidden
    rgb(150, 156, 168), rgb(70, 74, 84),    rgb(220, 50, 50),    // lane, axis, cursor
    rgb(59, 130, 246),  rgb(245, 246, 248), rgb(230, 140, 20),  rgb(60, 64, 72),  rgb(120, 60, 200),
    rgb(253, 230, 150), rgb(30, 34, 40),    rgb(20, 110, 50),   rgb(180, 40, 40), rgb(120, 50, 170),
};

const Palette kDark{
    rgb(24, 70, 40),    rgb(80, 200, 110),  rgb(170, 240, 185),  // holds
    rgb(90, 28, 28),    rgb(240, 90, 90),   rgb(255, 190, 190),  // broken
    rgb(120, 100, 20),  rgb(30, 70, 100),   rgb(50, 54, 62),     // changed, added, hidden
    rgb(110, 116, 128), rgb(200, 204, 212), rgb(255, 90, 90),    // lane, axis, cursor
    rgb(96, 165, 250),  rgb(40, 44, 52),    rgb(245, 160, 40),  rgb(210, 214, 222), rgb(190, 140, 255),
    rgb(110, 85, 20),   rgb(220, 224, 230), rgb(110, 220, 140), rgb(255, 120, 120), rgb(200, 160, 255),
};

}  // namespace

const Palette& palette(bool dark) {
  return dark ? kDark : kLight;
}

const Palette& apply_theme(bool dark, float scale) {
  ImGuiStyle style;
  if (dark) {
    ImGui::StyleColorsDark(&style);
  } else {
    ImGui::StyleColorsLight(&style);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.97f, 0.97f, 0.98f, 1.0f);
    style.Colors[ImGuiCol_ChildBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    style.Colors[ImGuiCol_Border] = ImVec4(0.62f, 0.66f, 0.74f, 0.8f);
  }
  style.WindowRounding = 0.0f;
  style.ChildRounding = 4.0f;
  style.FrameRounding = 4.0f;
  style.FrameBorderSize = 1.0f;
  style.ChildBorderSize = 1.0f;
  style.ItemSpacing = ImVec2(8, 6);
  style.WindowPadding = ImVec2(8, 8);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
  return palette(dark);
}

}  // namespace reslab
