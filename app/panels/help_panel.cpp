#include "app/panels/help_panel.hpp"

#include <imgui.h>

#include "app/keyboard.hpp"
#include "app/widgets.hpp"

namespace reslab {

void draw_help_panel(const PanelContext& ctx, bool open_now) {
  const std::string title = ctx.tr("help.title") + "###help";
  if (open_now) ImGui::OpenPopup(title.c_str());
  const ImVec2 center(ImGui::GetIO().DisplaySize.x * 0.5f, ImGui::GetIO().DisplaySize.y * 0.5f);
  ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
    ImGui::TableSetupColumn(ctx.tr("help.key").c_str());
    ImGui::TableSetupColumn(ctx.tr("help.action").c_str());
    ImGui::TableHeadersRow();
    for (const auto& shortcut : shortcuts()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(shortcut.keys);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(ctx.tr(shortcut.description).c_str());
    }
    ImGui::EndTable();
  }
  ImGui::Spacing();
  ImGui::TextDisabled("%s", ctx.tr("help.timeline").c_str());
  if (button(ctx.tr("help.close")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace reslab
