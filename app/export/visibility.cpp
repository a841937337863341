#include "app/export/visibility.hpp"

#include <imgui_internal.h>

#include <algorithm>

namespace reslab {

bool VisibleItem::shown() const {
  constexpr float kSlack = 1.0f;
  return min.x >= clip_min.x - kSlack && min.y >= clip_min.y - kSlack && max.x <= clip_max.x + kSlack &&
         max.y <= clip_max.y + kSlack;
}

std::vector<VisibleItem>& must_show() {
  static std::vector<VisibleItem> items;
  return items;
}

void require_shown(const std::string& what, ImVec2 min, ImVec2 max, float hidden_left_of) {
  // The window's inner clip rectangle is already cut by its parents' and the screen's.
  const ImRect clip = ImGui::GetCurrentWindowRead()->InnerClipRect;
  must_show().push_back({what, min, max, ImVec2(std::max(clip.Min.x, hidden_left_of), clip.Min.y), clip.Max});
}

void require_shown(const std::string& what) {
  require_shown(what, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

std::vector<std::string> clipped_items() {
  std::vector<std::string> clipped;
  for (const auto& item : must_show())
    if (!item.shown()) clipped.push_back(item.what);
  return clipped;
}

}  // namespace reslab

namespace reslab {

bool LabelRecord::cut() const {
  constexpr float kSlack = 1.0f;
  if (shortened) return true;
  if (scrolls) return false;
  // Out of view (scrolled away, or a panel folded to nothing): not shown, so not cut.
  if (max.y <= clip_min.y || min.y >= clip_max.y || max.x <= clip_min.x || min.x >= clip_max.x) return false;
  return min.x < clip_min.x - kSlack || max.x > clip_max.x + kSlack;
}

std::vector<LabelRecord>& drawn_labels() {
  static std::vector<LabelRecord> labels;
  return labels;
}

void record_label(std::string_view text, ImVec2 min, ImVec2 max) {
  if (text.empty()) return;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImGuiWindow* window = ImGui::GetCurrentWindowRead();
  // A sideways scrollbar says there is more (a scrolling table draws its cells in a window of its own).
  const bool scrolls = window->ScrollbarX;
  drawn_labels().push_back(
      {std::string(text), min, max, draw->GetClipRectMin(), draw->GetClipRectMax(), false, scrolls});
}

void record_label(std::string_view text, ImVec2 min, ImVec2 max, ImVec2 clip_min, ImVec2 clip_max) {
  if (text.empty()) return;
  drawn_labels().push_back({std::string(text), min, max, clip_min, clip_max, false, false});
}

void record_label(std::string_view text, bool shortened) {
  if (text.empty()) return;
  record_label(text, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  drawn_labels().back().shortened = shortened;
}

std::vector<std::string> cut_labels() {
  std::vector<std::string> cut;
  for (const auto& label : drawn_labels())
    if (label.cut()) cut.push_back(label.text);
  return cut;
}

}  // namespace reslab
