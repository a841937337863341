#pragma once
// L1's flash-sale load lab in a floating window: the workload and how to run
// it, Start and Cancel, a progress bar, the figures against the article's targets,
// throughput over time and the latency distribution, drawn with ImDrawList.
// The lab runs in the background (app/platform/load_runner); this panel only reads it.
#include "app/panels/panel_context.hpp"
#include "core/labs/load/lab.hpp"

namespace reslab {

// The inputs being edited, kept across frames until Start sends them.
struct LoadInputs {
  LoadOptions options;
};

void draw_load_panel(const PanelContext& ctx, LoadInputs& inputs);

}  // namespace reslab
