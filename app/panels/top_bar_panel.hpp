#pragma once
// The top bar: scenario picker, model toggle, compare, predict, the seat race, language,
// zoom, theme, screenshot and its options, help.
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_top_bar_panel(const PanelContext& ctx);

}  // namespace reslab
