#pragma once
// The keyboard: one table of shortcuts, read from each frame's key presses into commands, and
// listed by the help popup (so the two can never disagree).
#include <string>
#include <vector>

#include "app/session/commands.hpp"
#include "app/session/key_press.hpp"
#include "app/session/lab_session.hpp"
#include "app/session/view_state.hpp"

namespace reslab {

struct Shortcut {
  const char* keys;         // as shown to the user
  const char* description;  // a string-table key
};

const std::vector<Shortcut>& shortcuts();

// The commands this frame's key presses ask for. Nothing happens while a text field has the keyboard
// (`typing`); while the screen is blank any key brings it back; while the help is open, Esc or ?
// closes it and other keys wait.
void read_shortcuts(const LabSession& session, const ViewState& view, const KeyPresses& presses, bool typing,
                    Commands& commands);

}  // namespace reslab
