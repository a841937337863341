#pragma once
// Naive and atomic side by side for the same order: each column has its
// badge, figures, tables and step trace at the step shown.
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_compare_panel(const PanelContext& ctx);

}  // namespace reslab
