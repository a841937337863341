#pragma once
// What a slide must show, recorded as it is drawn: each changed table and changed row, the current
// event and the cursor, each SQL statement, the explanation and the questions. A record holds the
// item's rectangle and the visible area of the window it was drawn in, so a test (and the exporter)
// can prove that nothing that must be seen is clipped, by layout rather than by eye.
#include <imgui.h>

#include <string>
#include <string_view>
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

// Every label drawn in the frame (button and table texts, headings, lines of wrapped text, timeline
// names), with where it was drawn and the area that clips it, so a test can prove that what a slide
// shows of a label is the whole label: not cut at a column's or a panel's edge, not shortened with "…".
// A label in a panel that scrolls sideways, or out of its panel's view, is not shown and is not held to it.
struct LabelRecord {
  std::string text;
  ImVec2 min, max;
  ImVec2 clip_min, clip_max;  // what clips it: its table column, its panel, the screen
  bool shortened = false;     // drawn with "…" for want of room
  bool scrolls = false;       // its panel scrolls sideways: a label at the edge is half in view by design

  bool cut() const;
};

// The records of the frame being drawn; cleared when a frame begins (begin_item_frame).
std::vector<LabelRecord>& drawn_labels();
// Records the last item ImGui drew as the label `text`.
void record_label(std::string_view text, bool shortened = false);
// Records a label drawn by hand at [min, max].
void record_label(std::string_view text, ImVec2 min, ImVec2 max);
// The same, in a box of its own [clip_min, clip_max] that it must fit (the timeline's lane names, which
// stay in view while the lanes scroll sideways).
void record_label(std::string_view text, ImVec2 min, ImVec2 max, ImVec2 clip_min, ImVec2 clip_max);
// The labels a slide shows only part of, as "text" strings.
std::vector<std::string> cut_labels();

}  // namespace reslab
