#pragma once
// The Isolation window: Hermitage's anomaly table built live for the backend shown (a row per test, a
// column per variant, each cell "prevented" or "anomaly" with how), as `reslab isolation` computes it, in
// the background; a click on a cell steps that test at that level in the main window.
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_isolation_panel(const PanelContext& ctx);

}  // namespace reslab
