#pragma once
// "Why": what the step shown did and why, who it woke, the instructor's note,
// where a replay stopped; the case's summary and models; the discussion questions.
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_explanation_panel(const PanelContext& ctx);

}  // namespace reslab
