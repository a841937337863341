#pragma once
// The left column: one button per actor's next action (keys 1-9), reset,
// back, next, play and its speed, the preset, movable event times, the order
// to copy, the figures and the invariant badge.
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_controls_panel(const PanelContext& ctx);

}  // namespace reslab
