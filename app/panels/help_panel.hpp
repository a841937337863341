#pragma once
// The help popup: every key, from the same table the keyboard handler reads.
#include "app/panels/panel_context.hpp"

namespace reslab {

// `open_now`: the app asked for the popup this frame.
void draw_help_panel(const PanelContext& ctx, bool open_now);

}  // namespace reslab
