#pragma once
// The SQL the step ran: each statement by connection, its bound values and result.
#include "app/panels/panel_context.hpp"

namespace reslab {

// Draws into the window it is given; returns the height that window needs to show every statement.
float draw_sql_panel(const PanelContext& ctx);

}  // namespace reslab
