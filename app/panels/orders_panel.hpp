#pragma once
// The All orders window: every order of the preset's events that keeps each actor's own order, run on
// the real database under both models, as a headline, a progress bar while it runs (a slice a frame,
// Cancel), and per model the orders as squares grouped by how they end, coloured by harm; clicking
// one loads it in the main window at its first harmful step. It only reads the app's Explorer.
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_orders_panel(const PanelContext& ctx);

}  // namespace reslab
