#pragma once
// The one line presentation mode keeps of the toolbar: the model toggle, Reveal in predict mode, which
// step of which case, and the way out (F5 and Esc do the same).
#include "app/panels/panel_context.hpp"

namespace reslab {

void draw_presenter_bar_panel(const PanelContext& ctx);

}  // namespace reslab
