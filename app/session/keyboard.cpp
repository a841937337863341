#include "app/session/keyboard.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace reslab {

const std::vector<Shortcut>& shortcuts() {
  static const std::vector<Shortcut> table{
      {"Right, Space, Page Down", "keys.next"},
      {"Left, Page Up", "keys.back"},
      {"Home", "keys.reset"},
      {"1 - 9", "keys.actor"},
      {"M", "keys.model"},
      {"P", "keys.predict"},
      {"C", "keys.compare"},
      {"Enter", "keys.play"},
      {"F5", "keys.present"},
      {"B, .", "keys.blank"},
      {"Esc", "keys.close"},
      {"Ctrl+S", "keys.screenshot"},
      {"Ctrl+Z", "keys.undo"},
      {"Ctrl+=, Ctrl+-", "keys.zoom"},
      {"Ctrl+0", "keys.zoom_reset"},
      {"F11", "keys.full_screen"},
      {"?", "keys.help"},
  };
  return table;
}

namespace {

bool is_modifier(int key) {
  return key >= GLFW_KEY_LEFT_SHIFT && key <= GLFW_KEY_RIGHT_SUPER;
}

// Keys that step may repeat while held; every other shortcut acts once per press.
void read_stepping(const KeyPress& press, Commands& commands) {
  switch (press.key) {
    case GLFW_KEY_RIGHT:
    case GLFW_KEY_SPACE:
    case GLFW_KEY_PAGE_DOWN:
      commands.push_back(StepForward{});
      return;
    case GLFW_KEY_LEFT:
    case GLFW_KEY_PAGE_UP:
      commands.push_back(StepBack{});
      return;
    default:
      return;
  }
}

void read_with_ctrl(const KeyPress& press, Commands& commands) {
  switch (press.key) {
    case GLFW_KEY_S:
      commands.push_back(TakeScreenshot{});
      return;
    case GLFW_KEY_EQUAL:
    case GLFW_KEY_KP_ADD:
      commands.push_back(ZoomBy{+1});
      return;
    case GLFW_KEY_MINUS:
    case GLFW_KEY_KP_SUBTRACT:
      commands.push_back(ZoomBy{-1});
      return;
    case GLFW_KEY_0:
    case GLFW_KEY_KP_0:
      commands.push_back(ZoomBy{0});
      return;
    case GLFW_KEY_Z:
      commands.push_back(Undo{});
      return;
    default:
      return;
  }
}

void read_once(const LabSession& session, const ViewState& view, const KeyPress& press, Commands& commands) {
  switch (press.key) {
    case GLFW_KEY_HOME:
      commands.push_back(ResetSteps{});
      return;
    case GLFW_KEY_M:
      if (const SqlScenario* sql = session.sql_scenario()) {
        // An SQL scenario: the next variant of the backend shown, round to the first.
        const auto variants = sql->variants_on(session.backend());
        for (std::size_t i = 0; i < variants.size(); ++i)
          if (variants[i] == session.variant())
            commands.push_back(SetVariant{variants[(i + 1) % variants.size()]->id});
        return;
      }
      commands.push_back(SetModel{session.model() == Model::naive ? Model::atomic : Model::naive});
      return;
    case GLFW_KEY_P:
      commands.push_back(TogglePredict{});
      return;
    case GLFW_KEY_C:
      commands.push_back(ToggleCompare{});
      return;
    case GLFW_KEY_ENTER:
    case GLFW_KEY_KP_ENTER:
      commands.push_back(TogglePlay{});
      return;
    case GLFW_KEY_F5:
      commands.push_back(SetPresenting{!view.presenting});
      return;
    case GLFW_KEY_ESCAPE:
      if (view.presenting) commands.push_back(SetPresenting{false});
      return;
    case GLFW_KEY_B:
    case GLFW_KEY_PERIOD:
      commands.push_back(ToggleBlank{});
      return;
    case GLFW_KEY_F11:
      commands.push_back(ToggleFullScreen{});
      return;
    default:
      break;
  }
  const auto& actors = session.scenario().actors;
  for (int i = 0; i < 9 && i < static_cast<int>(actors.size()); ++i)
    if (press.key == GLFW_KEY_1 + i || press.key == GLFW_KEY_KP_1 + i)
      commands.push_back(RunActor{actors[i].id});
}

}  // namespace

void read_shortcuts(const LabSession& session, const ViewState& view, const KeyPresses& presses, bool typing,
                    Commands& commands) {
  if (typing) return;
  for (const KeyPress& press : presses) {
    if (is_modifier(press.key)) continue;
    if (view.blank) {
      // A blank screen comes back at any key (a remote's blank button sends B or . again).
      if (press.key >= 0 && !press.repeat) commands.push_back(ToggleBlank{});
      continue;
    }
    if (view.help_open) {
      if ((press.key == GLFW_KEY_ESCAPE && !press.repeat) || press.character == '?')
        commands.push_back(CloseHelp{});
      continue;
    }
    if (press.key < 0) {
      if (press.character == '?') commands.push_back(ShowHelp{});
      continue;
    }
    if (press.mods & (GLFW_MOD_ALT | GLFW_MOD_SUPER)) continue;  // the desktop's own shortcuts
    if (press.mods & GLFW_MOD_CONTROL) {
      if (!press.repeat) read_with_ctrl(press, commands);
      continue;
    }
    read_stepping(press, commands);
    if (!press.repeat) read_once(session, view, press, commands);
  }
}

}  // namespace reslab
