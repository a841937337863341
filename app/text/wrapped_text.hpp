#pragma once
// ImGui widgets over app/text/text_layout: paragraphs wrapped between Chinese characters as well as at
// spaces, and labels shortened at a word boundary with the full text on hover, measured with the current
// font.
#include <imgui.h>

#include <string>
#include <string_view>
#include <vector>

#include "app/text/text_layout.hpp"

namespace reslab {

// The current font's advances at the current font size, as ImGui measures text. Like every function here,
// call it inside a frame (between NewFrame and Render).
AdvanceFn current_font_advance();

// The lines text_wrapped draws. `width` 0 (or less): to the right edge of the content region.
std::vector<Line> wrap_lines(std::string_view text, float width = 0);

// A paragraph, one TextUnformatted item per line, grouped: afterwards the last item is the whole paragraph.
// Empty text draws nothing (ImGui's own TextUnformatted("") takes a line).
void text_wrapped(std::string_view text, float width = 0);

// One paragraph whose parts have their own colours (a statement, then its values, then its result),
// wrapped as a whole: a part starts on the line where the previous one ended.
struct ColoredPart {
  std::string text;
  ImU32 color;
};
void text_wrapped_parts(const std::vector<ColoredPart>& parts, float width = 0);

// The height text_wrapped(text, width) takes, without the item spacing after it.
float wrapped_height(std::string_view text, float width = 0);

// A button no wider than `max_width` (0: the content region's width) whose label is shortened with "…" when
// it does not fit, showing the full label on hover. Recorded in frame_items() under its full label.
bool fitted_button(const std::string& label, float max_width = 0, bool enabled = true);

// A button `width` wide (0: the content region's width) whose label wraps onto as many lines as it needs,
// left-aligned, so a long label is read whole; at least `min_lines` high (a button that keeps its height
// while its label changes). Recorded in frame_items() under its full label, and `id` when given.
bool wrapped_button(const std::string& label, float width = 0, bool enabled = true, int min_lines = 1,
                    const std::string& id = "");
// How many lines wrapped_button(label, width) takes.
int wrapped_button_lines(std::string_view label, float width = 0);

// A picker (what ImGui's combo is) whose current choice wraps onto as many lines as it needs instead of
// being cut at the frame's edge, `width` wide (0: the content region's). Recorded in frame_items() under
// `label` ("##id" hidden). True while its list is open: the caller draws the choices, then calls
// ImGui::EndPopup().
bool begin_wrapped_combo(const std::string& label, const std::string& preview, float width = 0);

// A label drawn as text, shortened the same way and recorded under its full label.
void fitted_text(const std::string& label, float max_width = 0);

// A tooltip whose text is wrapped like text_wrapped, at most 30 font sizes wide (as help_marker's).
void wrapped_tooltip(std::string_view text);

}  // namespace reslab
