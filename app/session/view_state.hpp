#pragma once
// Everything the user chose about how to look at the lab, in one plain struct:
// language, theme, zoom, compare and predict mode, play, screenshot options.
// Panels read it; only the app changes it, between frames.
#include <algorithm>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/text.hpp"

namespace reslab {

struct Toast {
  std::string text;
  bool error = false;
  double until = 0;  // seconds on the app's clock
};

struct ViewState {
  Lang lang = Lang::en;
  bool dark = false;
  float zoom = 1.0f;
  bool compare = false;
  bool compare_backends = false;  // side by side: one model on every backend instead of both models
  // The backends side by side leaves out, each with why (its server is starting, or cannot be used).
  std::vector<std::string> compare_missing;
  // The backend chosen; the session switches to it once its server is ready (PostgreSQL starts in the
  // background). backend_status: a status line while it starts, or why it cannot be used (a banner).
  Backend backend = Backend::sqlite;
  std::string backend_status;
  bool backend_unavailable = false;
  bool predict = false;
  int hidden_step = 0;  // in predict mode, the step whose result is not revealed yet (0: none)
  bool playing = false;
  double seconds_per_step = 1.5;
  double next_play_at = 0;
  int screenshot_scale = 1;
  std::string screenshot_dir;
  std::string scenario_name;             // as the user gave it: a bundled id or a path
  std::string scenario_error;            // the last scenario file that could not be used, with file:line:col
  bool scenario_error_at_start = false;  // it was the one asked for at start-up: H1 opened instead
  std::string notice;                    // e.g. where a replay stopped after a model toggle
  bool help_open = false;                // the list of keys, until closed
  bool presenting = false;               // presentation mode: no toolbar, larger text
  bool blank = false;                    // the screen blanked, as a presenter's remote asks
  bool picture = false;          // drawn for a picture (export, handout): no button that leaves a mode
  bool load_open = false;        // the floating window of L1's load lab
  bool race_open = false;        // the floating window of T1's live seat race
  bool orders_open = false;      // the All orders window (every order of the preset explored)
  bool isolation_open = false;   // the Isolation window (Hermitage's table, built live)
  std::string compared_variant;  // an SQL scenario's variant beside the one shown; empty: the app picks
  std::vector<Toast> toasts;

  // The size text is drawn at in a window `display_height` logical pixels high: the zoom, and while
  // presenting larger with the screen (not at all on a 768-pixel projector, a third more at 1080 pixels),
  // so the panels keep their places and a small screen still holds the step.
  float text_scale(float display_height) const {
    if (!presenting) return zoom;
    return zoom * std::clamp(display_height / 800.0f, 1.0f, 1.5f);
  }

  bool result_hidden(int step) const { return predict && hidden_step != 0 && step >= hidden_step; }
};

}  // namespace reslab
