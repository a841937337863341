#pragma once
// A key as the window saw it: each press (and each repeat of a held key) once, in the order it came,
// whatever the frame rate. ImGui 1.86 reads keys as up or down at the start of a frame, so a press and
// its release between two frames (a tap, a presenter's remote, xdotool), or a press that only unseen
// layout passes saw, would be lost; shortcuts read these instead.
#include <vector>

namespace reslab {

struct KeyPress {
  int key = -1;            // a GLFW key code; -1 for a typed character
  int mods = 0;            // GLFW_MOD_* bits held with it
  bool repeat = false;     // the system's repeat of a key held down
  unsigned character = 0;  // the character typed, when key is -1 ('?' is a character on every layout)
};

using KeyPresses = std::vector<KeyPress>;

}  // namespace reslab
