#pragma once
// The All orders window: every order of the preset's events that keeps each actor's own order, run on
// the real database under both models, as a headline, a progress bar while it runs (a slice a frame,
// Cancel), and per model the orders as squares grouped by how they end, coloured by harm; clicking
// one loads it in the main window at its first harmful step. It only reads the app's Explorer. An SQL
// scenario's interleavings are drawn by app/panels/sql_orders_panel.
#include <cstdint>

#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_orders_panel(const PanelContext& ctx);
// Run every order (Run again once `current`), Cancel while it runs, and the runs done so far when current.
void draw_explore_bar(const PanelContext& ctx, bool current, bool running, std::uint64_t done,
                      std::uint64_t total);

}  // namespace reslab
