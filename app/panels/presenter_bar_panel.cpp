#include "app/panels/presenter_bar_panel.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/panels/model_toggle.hpp"
#include "app/panels/widgets.hpp"
#include "app/text/wrapped_text.hpp"

namespace reslab {

void draw_presenter_bar_panel(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const ImGuiStyle& style = ImGui::GetStyle();
  // Everything a presenter clicks sits where it sat at the last step: the toggle first, Reveal in a
  // place kept for it, the step in a box as wide as its widest text.
  draw_model_toggle(ctx);
  if (ctx.view().predict) {
    ImGui::SameLine();
    const bool hidden = ctx.view().result_hidden(session.cursor());
    if (button(ctx.tr("top.reveal") + "###present_reveal", hidden)) ctx.send(RevealStep{});
  }
  ImGui::SameLine();
  const std::string widest = ctx.tr("controls.step_of", {{"step", "88"}, {"steps", "88"}});
  const std::string step = ctx.tr("controls.step_of", {{"step", std::to_string(session.cursor())},
                                                       {"steps", std::to_string(session.step_count())}});
  const float step_x = ImGui::GetCursorPosX();
  plain_text(step);
  ImGui::SameLine(step_x + ImGui::CalcTextSize(widest.c_str()).x + style.ItemSpacing.x * 2);

  const std::string leave = ctx.tr("present.leave");
  const float leave_width =
      ctx.view().picture ? 0 : ImGui::CalcTextSize(leave.c_str()).x + style.FramePadding.x * 2;
  const float right = ImGui::GetWindowContentRegionMax().x;
  const Scenario& scenario = session.scenario();
  const std::string title = scenario.title.empty() ? scenario.id : scenario.title.in(ctx.lang());
  fitted_text(title, std::max(0.0f, right - leave_width - style.ItemSpacing.x - ImGui::GetCursorPosX()));
  if (ctx.view().picture) return;
  ImGui::SameLine(right - leave_width);
  if (button(leave)) ctx.send(SetPresenting{false});
}

}  // namespace reslab
