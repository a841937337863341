#include "app/visibility.hpp"

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
