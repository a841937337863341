// [SECTION] index: layout · banners · toasts · draw_lab_window
#include "app/lab_window.hpp"

#include <imgui.h>

#include "app/keyboard.hpp"
#include "app/panels/compare_panel.hpp"
#include "app/panels/controls_panel.hpp"
#include "app/panels/explanation_panel.hpp"
#include "app/panels/help_panel.hpp"
#include "app/panels/race_panel.hpp"
#include "app/panels/sql_panel.hpp"
#include "app/panels/state_panel.hpp"
#include "app/panels/top_bar_panel.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"

namespace reslab {
namespace {

// [SECTION] banners
void draw_banners(const PanelContext& ctx) {
  const auto banner = [&](const std::string& text, bool dismissable) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(ctx.colors.broken_fill));
    const float height = ImGui::GetTextLineHeightWithSpacing() * 2.4f;
    ImGui::BeginChild(("banner" + text).c_str(), ImVec2(0, height), true);
    if (dismissable) {
      if (button(ctx.tr("banner.dismiss"))) ctx.send(DismissError{});
      ImGui::SameLine();
    }
    colored_wrapped(ctx.colors.broken_text, text);
    ImGui::EndChild();
    ImGui::PopStyleColor();
  };
  if (!ctx.view().scenario_error.empty())
    banner(ctx.tr("banner.scenario_error", {{"error", ctx.view().scenario_error}}), true);
  if (!ctx.app.fonts().warning.empty()) banner(ctx.app.fonts().warning, false);
  if (!ctx.app.strings_error().empty()) banner(ctx.app.strings_error(), false);
}

// [SECTION] toasts
void draw_toasts(const PanelContext& ctx) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  float y = display.y - ImGui::GetFontSize();
  for (auto it = ctx.view().toasts.rbegin(); it != ctx.view().toasts.rend(); ++it) {
    const ImVec2 size = ImGui::CalcTextSize(it->text.c_str(), nullptr, false, display.x * 0.45f);
    const float pad = ImGui::GetFontSize() * 0.6f;
    const ImVec2 max(display.x - pad, y);
    const ImVec2 min(max.x - size.x - pad * 2, max.y - size.y - pad * 2);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(min, max, it->error ? ctx.colors.broken_fill : ctx.colors.holds_fill, pad * 0.5f);
    draw->AddRect(min, max, it->error ? ctx.colors.broken_border : ctx.colors.holds_border, pad * 0.5f);
    draw->AddText(nullptr, 0.0f, ImVec2(min.x + pad, min.y + pad), it->error ? ctx.colors.broken_text : ctx.colors.holds_text,
                  it->text.c_str(), nullptr, display.x * 0.45f);
    y = min.y - pad;
  }
}

}  // namespace

// [SECTION] draw_lab_window
Commands draw_lab_window(const LabApp& app, WindowState& state, bool keyboard) {
  Commands commands;
  const Palette& colors = palette(app.view().dark);
  const PanelContext ctx{app, colors, commands, state.edits};
  begin_item_frame();

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(viewport->Size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("reslab", nullptr, flags);

  // [SECTION] layout
  draw_top_bar_panel(ctx);
  ImGui::Separator();
  draw_banners(ctx);

  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const float em = ImGui::GetFontSize();
  const float left = std::clamp(available.x * 0.2f, em * 13, em * 22);
  const float right = std::clamp(available.x * 0.26f, em * 14, em * 30);
  const float middle = std::max(em * 10, available.x - left - right - style.ItemSpacing.x * 2);

  ImGui::BeginChild("left", ImVec2(left, available.y), true);
  draw_controls_panel(ctx);
  ImGui::EndChild();
  ImGui::SameLine();

  ImGui::BeginChild("middle", ImVec2(middle, available.y), false);
  const float lanes = static_cast<float>(app.session().scenario().actors.size());
  const float timeline = std::min(available.y * 0.45f, em * (6.6f + 2.6f * lanes));
  ImGui::BeginChild("timeline", ImVec2(0, timeline), true);
  draw_timeline_panel(ctx, state.drag);
  ImGui::EndChild();
  ImGui::BeginChild("state", ImVec2(0, 0), true);
  if (app.view().compare) draw_compare_panel(ctx);
  else draw_state_panel(ctx);
  ImGui::EndChild();
  ImGui::EndChild();
  ImGui::SameLine();

  ImGui::BeginChild("right", ImVec2(0, available.y), false);
  ImGui::BeginChild("why", ImVec2(0, available.y * 0.55f), true);
  draw_explanation_panel(ctx);
  ImGui::EndChild();
  ImGui::BeginChild("sql", ImVec2(0, 0), true);
  draw_sql_panel(ctx);
  ImGui::EndChild();
  ImGui::EndChild();

  draw_help_panel(ctx, app.view().help_open);
  ImGui::End();
  if (app.view().race_open) draw_race_panel(ctx, state.race);
  if (app.view().load_open) draw_load_panel(ctx, state.load);
  draw_toasts(ctx);

  if (keyboard) read_shortcuts(app.session(), commands);
  return commands;
}

}  // namespace reslab
