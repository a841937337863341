#include "app/panels/widgets.hpp"

#include "app/export/visibility.hpp"
#include "app/text/wrapped_text.hpp"

namespace reslab {

std::vector<ItemRecord>& frame_items() {
  static std::vector<ItemRecord> items;
  return items;
}

void begin_item_frame() {
  frame_items().clear();
  must_show().clear();
  drawn_labels().clear();
}

void record_item(const std::string& label, bool enabled, const std::string& id) {
  const auto hidden = label.find("##");
  const auto fixed = label.find("###");
  std::string visible = hidden == std::string::npos ? label : label.substr(0, hidden);
  std::string stable = !id.empty() ? id : fixed != std::string::npos ? label.substr(fixed + 3) : visible;
  frame_items().push_back(
      {std::move(visible), ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), enabled, std::move(stable)});
}

namespace {
// A button's label for the whole-label check: shortened when the button was given less room than it needs.
void record_button_label(const std::string& label, ImVec2 size) {
  const float needed =
      ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
  record_label(frame_items().back().label, size.x > 0 && needed > size.x + 1.0f);
}
}  // namespace

bool button(const std::string& label, bool enabled, ImVec2 size) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label.c_str(), size);
  ImGui::EndDisabled();
  record_item(label, enabled);
  record_button_label(label, size);
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
  record_button_label(label, size);
  return pressed;
}

void plain_text(const std::string& text) {
  ImGui::TextUnformatted(text.c_str());
  record_label(text);
}

void muted_text(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetColorU32(ImGuiCol_TextDisabled));
  plain_text(text);
  ImGui::PopStyleColor();
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
  text_wrapped_parts({{text, color}});
}

}  // namespace reslab
