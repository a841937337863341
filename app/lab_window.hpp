#pragma once
// The whole window for one frame: top bar, controls on the left, timeline and
// tables in the middle, explanation and SQL on the right, toasts and help.
// Returns what the user asked for; the caller applies it after the frame.
#include "app/export/slide_layout.hpp"
#include "app/lab_app.hpp"
#include "app/panels/file_dialog_panel.hpp"
#include "app/panels/load_panel.hpp"
#include "app/panels/panel_context.hpp"
#include "app/panels/race_panel.hpp"
#include "app/panels/timeline_panel.hpp"
#include "app/session/commands.hpp"
#include "app/session/key_press.hpp"

namespace reslab {

// Widget state that lives across frames (text being typed, a drag in progress).
struct WindowState {
  EditBuffers edits;
  FileDialogState file_dialog;
  SlideLayout slide;
  TimelineDrag drag;
  RaceInputs race;
  LoadInputs load;
};

// Call between ImGui::NewFrame() and ImGui::Render(). `keys`: the frame's key presses, read as shortcuts
// (null for frames nobody sees: exports, unseen layout passes).
Commands draw_lab_window(const LabApp& app, WindowState& state, const KeyPresses* keys = nullptr);

}  // namespace reslab
