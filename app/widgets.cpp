#include "app/widgets.hpp"

#include "app/visibility.hpp"

namespace reslab {

std::vector<ItemRecord>& frame_items() {
  static std::vector<ItemRecord> items;
  return items;
}

void begin_item_frame() {
  frame_items().clear();
  must_show().clear();
}

void record_item(const std::string& label, bool enabled) {
  const auto hidden = label.find("##");
  frame_items().push_back({hidden == std::string::npos ? label : label.substr(0, hidden),
                           ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), enabled});
}

bool button(const std::string& label, bool enabled, ImVec2 size) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label.c_str(), size);
  ImGui::EndDisabled();
  record_item(label, enabled);
  return pressed && enabled;
}

bool toggle_button(const std::string& label, bool active, ImVec2 size) {
  if (active) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_Text));
  }
  const bool pressed = ImGui::Button(label.c_str(), size);
  if (active) ImGui::PopStyleColor(2);
  record_item(label);
  return pressed;
}

void help_marker(const std::string& text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void colored_wrapped(ImU32 color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

}  // namespace reslab
