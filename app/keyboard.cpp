#include "app/keyboard.hpp"

#include <imgui.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace reslab {

const std::vector<Shortcut>& shortcuts() {
  static const std::vector<Shortcut> table{
      {"Right, Space", "keys.next"},
      {"Left", "keys.back"},
      {"Home", "keys.reset"},
      {"1 - 9", "keys.actor"},
      {"M", "keys.model"},
      {"P", "keys.predict"},
      {"C", "keys.compare"},
      {"Enter", "keys.play"},
      {"Ctrl+S", "keys.screenshot"},
      {"Ctrl+=, Ctrl+-", "keys.zoom"},
      {"Ctrl+0", "keys.zoom_reset"},
      {"F11", "keys.full_screen"},
      {"?", "keys.help"},
      {"Esc", "keys.close"},
  };
  return table;
}

void read_shortcuts(const LabSession& session, Commands& commands) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  const auto pressed = [](int key) { return ImGui::IsKeyPressed(key, true); };
  const auto once = [](int key) { return ImGui::IsKeyPressed(key, false); };
  if (io.KeyCtrl) {
    if (once(GLFW_KEY_S)) commands.push_back(TakeScreenshot{});
    if (once(GLFW_KEY_EQUAL) || once(GLFW_KEY_KP_ADD)) commands.push_back(ZoomBy{+1});
    if (once(GLFW_KEY_MINUS) || once(GLFW_KEY_KP_SUBTRACT)) commands.push_back(ZoomBy{-1});
    if (once(GLFW_KEY_0)) commands.push_back(ZoomBy{0});
    return;
  }
  if (pressed(GLFW_KEY_RIGHT) || pressed(GLFW_KEY_SPACE)) commands.push_back(StepForward{});
  if (pressed(GLFW_KEY_LEFT)) commands.push_back(StepBack{});
  if (once(GLFW_KEY_HOME)) commands.push_back(ResetSteps{});
  if (once(GLFW_KEY_M))
    commands.push_back(SetModel{session.model() == Model::naive ? Model::atomic : Model::naive});
  if (once(GLFW_KEY_P)) commands.push_back(TogglePredict{});
  if (once(GLFW_KEY_C)) commands.push_back(ToggleCompare{});
  if (once(GLFW_KEY_ENTER)) commands.push_back(TogglePlay{});
  if (once(GLFW_KEY_F11)) commands.push_back(ToggleFullScreen{});
  if (once(GLFW_KEY_SLASH) && io.KeyShift) commands.push_back(ShowHelp{});
  const auto& actors = session.scenario().actors;
  for (int i = 0; i < 9 && i < static_cast<int>(actors.size()); ++i)
    if (once(GLFW_KEY_1 + i) || once(GLFW_KEY_KP_1 + i)) commands.push_back(RunActor{actors[i].id});
}

}  // namespace reslab
