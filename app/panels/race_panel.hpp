#pragma once
// T1's live race in a floating window: threads, rounds and model, Start, a
// progress bar, Cancel, and the results of the last race. The race runs in the
// background (app/platform/race_runner); this panel only reads it and sends commands.
#include "app/panels/panel_context.hpp"

namespace reslab {

// The inputs being edited, kept across frames until Start sends them.
struct RaceInputs {
  int threads = 16;
  int rounds = 200;
  Model model = Model::atomic;
  bool model_chosen = false;  // until the user picks one, follow the top bar's model
  Backend backend = Backend::sqlite;
};

void draw_race_panel(const PanelContext& ctx, RaceInputs& inputs);

}  // namespace reslab
