#pragma once
// The All orders window's body for an SQL scenario: every interleaving of its sessions' steps under each
// variant of the backend shown, a square per order, grouped by what it gave.
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_sql_orders(const PanelContext& ctx);

}  // namespace reslab
