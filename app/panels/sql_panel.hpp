#pragma once
// The SQL the step ran: each statement by connection, its bound values and result.
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_sql_panel(const PanelContext& ctx);

}  // namespace reslab
