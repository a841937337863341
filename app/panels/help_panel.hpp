#pragma once
// The help popup: every key, from the same table the keyboard handler reads.
#include "app/panels/panel_context.hpp"

namespace reslab {

// Open while the view says so (ShowHelp, CloseHelp).
void draw_help_panel(const PanelContext& ctx);

}  // namespace reslab
