#pragma once
// The two colour themes. Light is the default: it reads best on a projector.
// Meaning never rests on colour alone: badges carry an icon and words too.
#include <imgui.h>

namespace reslab {

struct Palette {
  ImU32 holds_fill, holds_border, holds_text;
  ImU32 broken_fill, broken_border, broken_text;
  ImU32 changed_cell;  // a cell the step changed
  ImU32 added_row;
  ImU32 hidden_fill;  // predict mode's veil
  ImU32 lane_line, axis_text, cursor_line;
  ImU32 marker_done, marker_pending, marker_waiting, marker_outline, wake_arrow;
  ImU32 waiting_button;
  ImU32 sql_text, sql_ok, sql_error;
  ImU32 sql_value;  // a bound value shown where its ? stands
};

// Applies the theme to ImGui's style, scaled for the zoom, and returns its palette.
const Palette& apply_theme(bool dark, float scale);
const Palette& palette(bool dark);

}  // namespace reslab
