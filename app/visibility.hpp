#pragma once
// What a slide must show, recorded as it is drawn: each changed table and changed row, the current
// event and the cursor, each SQL statement, the explanation and the questions. A record holds the
// item's rectangle and the visible area of the window it was drawn in, so a test (and the exporter)
// can prove that nothing that must be seen is clipped, by layout rather than by eye.
#include <imgui.h>

#include <string>
#include <vector>

namespace reslab {

struct VisibleItem {
  std::string what;  // "table holds", "row holds #2", "sql 3", "explanation"...
  ImVec2 min, max;
  ImVec2 clip_min, clip_max;  // the visible area of the window it sits in, on the screen

  bool shown() const;  // wholly inside its visible area (a pixel of slack)
};

// The records of the frame being drawn; cleared when a frame begins (begin_item_frame).
std::vector<VisibleItem>& must_show();
// Records the last item ImGui drew (for a group: the whole group).
void require_shown(const std::string& what);
// Records a rectangle drawn by hand (a timeline marker, the cursor line); `hidden_left_of`: what is
// left of this x is covered (the timeline's lane names) and does not count as shown.
void require_shown(const std::string& what, ImVec2 min, ImVec2 max, float hidden_left_of = -1e30f);
// The records that are clipped, as "what" strings.
std::vector<std::string> clipped_items();

}  // namespace reslab
