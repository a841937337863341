#pragma once
// The keyboard: one table of shortcuts, read each frame into commands, and
// listed by the help popup (so the two can never disagree).
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/lab_session.hpp"

namespace reslab {

struct Shortcut {
  const char* keys;         // as shown to the user
  const char* description;  // a string-table key
};

const std::vector<Shortcut>& shortcuts();

// Reads this frame's key presses (ImGui's key state, GLFW key codes). Nothing
// happens while a text field has the keyboard.
void read_shortcuts(const LabSession& session, Commands& commands);

}  // namespace reslab
