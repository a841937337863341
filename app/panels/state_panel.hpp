#pragma once
// The middle of the window: every table after the step shown, with changes
// highlighted; an open transaction's own view beside the committed state; and
// the step trace, one row per step as in the source articles.
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_state_panel(const PanelContext& ctx);
// Whether any statement of the step returned rows to show (an SQL scenario's reads).
bool returns_rows(const Step& step);
// What an SQL scenario's step returned: each statement's rows, its own view (nothing for a case's step).
void draw_returned_rows(const PanelContext& ctx, const Step& step);
// The step table up to `cursor`, as tall as its rows (also under the compare view); it scrolls sideways
// when it is wider than the panel (squeezed, its columns would shrink to one letter each).
void draw_step_trace(const PanelContext& ctx, const Trace& trace, int cursor, const char* id);

}  // namespace reslab
