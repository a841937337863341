#include "app/panels/help_panel.hpp"

#include <imgui.h>

#include "app/panels/widgets.hpp"
#include "app/session/keyboard.hpp"

namespace reslab {

void draw_help_panel(const PanelContext& ctx) {
  const std::string title = ctx.tr("help.title") + "###help";
  if (ctx.view().help_open && !ImGui::IsPopupOpen("###help")) ImGui::OpenPopup(title.c_str());
  const ImVec2 center(ImGui::GetIO().DisplaySize.x * 0.5f, ImGui::GetIO().DisplaySize.y * 0.5f);
  ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (!ctx.view().help_open) {  // closed by Esc, ? or the button in the last frame
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
    ImGui::TableSetupColumn(ctx.tr("help.key").c_str());
    ImGui::TableSetupColumn(ctx.tr("help.action").c_str());
    ImGui::TableHeadersRow();
    for (const auto& shortcut : shortcuts()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      plain_text(shortcut.keys);
      ImGui::TableNextColumn();
      plain_text(ctx.tr(shortcut.description));
    }
    ImGui::EndTable();
  }
  ImGui::Spacing();
  muted_text(ctx.tr("help.timeline"));
  // Esc and ? close it too (app/session/keyboard.cpp): the app's state says whether it is open.
  if (button(ctx.tr("help.close"))) ctx.send(CloseHelp{});
  ImGui::EndPopup();
}

}  // namespace reslab
