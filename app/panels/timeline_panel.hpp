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
};

void draw_timeline_panel(const PanelContext& ctx, TimelineDrag& drag);

}  // namespace reslab
