#pragma once
// The model toggle of the top bar and the presenter's bar: naive | atomic for a case, the variants of the
// backend shown for an SQL scenario ("read committed | repeatable read | serializable").
#include <string>
#include <vector>

#include "app/panels/panel_context.hpp"

namespace reslab {

struct ModelChoice {
  std::string label;  // what the button says
  bool active = false;
  Command command;  // what a click asks for
};

// The choices, in the order they are drawn.
std::vector<ModelChoice> model_choices(const PanelContext& ctx);
// How wide the toggle is drawn (its buttons side by side, no gap).
float model_toggle_width(const PanelContext& ctx);
void draw_model_toggle(const PanelContext& ctx);

}  // namespace reslab
