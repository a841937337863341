#pragma once
// Small widget helpers shared by the panels. Every clickable item is recorded
// with its label and rectangle for the frame, so headless tests can click
// "Next" the way a user would (ImGui 1.86 has no test-engine hooks).
#include <imgui.h>

#include <string>
#include <vector>

namespace reslab {

struct ItemRecord {
  std::string label;  // the visible part of the label (before any "##")
  ImVec2 min, max;
  bool enabled = true;
  std::string id;  // what stays the same while the label changes ("step_next" for Next and Reveal)
};

// The items drawn in the last frame; cleared when a frame begins.
std::vector<ItemRecord>& frame_items();
void begin_item_frame();
// Records the item ImGui drew last under the given label. `id`: "" takes the part after "###" when the
// label has one, else the visible label.
void record_item(const std::string& label, bool enabled = true, const std::string& id = "");

bool button(const std::string& label, bool enabled = true, ImVec2 size = ImVec2(0, 0));
// A button that looks pressed while `active` (toggles and segmented choices).
bool toggle_button(const std::string& label, bool active, ImVec2 size = ImVec2(0, 0));
void help_marker(const std::string& text);
// One line of text as it is (not wrapped), held to the whole-label check (app/export/visibility.hpp).
void plain_text(const std::string& text);
// The same in the muted colour.
void muted_text(const std::string& text);
// Wrapped text with a given colour.
void colored_wrapped(ImU32 color, const std::string& text);

}  // namespace reslab
