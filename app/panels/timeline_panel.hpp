#pragma once
// The timeline: one lane per actor on the logical time axis. The layout comes
// from layout_timeline (no ImGui); this file paints it and turns clicks into
// JumpTo / RunActor and drags of a movable event into MoveEvent.
#include "app/panels/panel_context.hpp"

namespace reslab {

struct TimelineDrag {
  std::string event;  // empty when nothing is being dragged
  std::int64_t start_seconds = 0;
  float start_x = 0;
  // After the step shown or the canvas's width changes, the canvas scrolls to keep the current event and
  // the cursor in view for a few frames; then the user's scrolling is left alone.
  std::string followed;
  float followed_width = 0;
  int follow_frames = 0;
};

// Draws into the window it is given; returns the height that window needs to show every lane, the axis
// and the step label without scrolling vertically (the window sizes it from this on the next frame).
float draw_timeline_panel(const PanelContext& ctx, TimelineDrag& drag);

}  // namespace reslab
