// [SECTION] index: layout · banners · toasts · draw_lab_window
#include "app/lab_window.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>

#include "app/export/visibility.hpp"
#include "app/panels/compare_panel.hpp"
#include "app/panels/controls_panel.hpp"
#include "app/panels/explanation_panel.hpp"
#include "app/panels/help_panel.hpp"
#include "app/panels/isolation_panel.hpp"
#include "app/panels/orders_panel.hpp"
#include "app/panels/presenter_bar_panel.hpp"
#include "app/panels/race_panel.hpp"
#include "app/panels/sql_panel.hpp"
#include "app/panels/state_panel.hpp"
#include "app/panels/top_bar_panel.hpp"
#include "app/panels/widgets.hpp"
#include "app/session/keyboard.hpp"
#include "app/theme.hpp"

namespace reslab {
namespace {

// [SECTION] banners
// In the middle column, above the timeline: a banner never moves the controls a presenter clicks.
void draw_banners(const PanelContext& ctx) {
  const auto banner = [&](const std::string& text, bool dismissable) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(ctx.colors.broken_fill));
    const ImGuiStyle& style = ImGui::GetStyle();
    const float dismiss = dismissable ? ImGui::CalcTextSize(ctx.tr("banner.dismiss").c_str()).x +
                                            style.FramePadding.x * 2 + style.ItemSpacing.x
                                      : 0;
    const float text_width = ImGui::GetContentRegionAvail().x - style.WindowPadding.x * 2 - dismiss;
    const float text_height = ImGui::CalcTextSize(text.c_str(), nullptr, false, text_width).y;
    // Up to four lines in view (the rest scrolls), never less than the dismiss button.
    const float height = std::clamp(text_height, ImGui::GetFrameHeight(), ImGui::GetTextLineHeight() * 4) +
                         style.WindowPadding.y * 2;
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
    banner(ctx.tr(ctx.view().scenario_error_at_start ? "banner.scenario_error_at_start"
                                                     : "banner.scenario_error",
                  {{"error", ctx.view().scenario_error},
                   {"opened", ctx.session().scenario().title.in(ctx.lang())}}),
           true);
  if (ctx.view().backend_unavailable) banner(ctx.view().backend_status, false);
  if (!ctx.app.fonts().warning.empty()) banner(ctx.app.fonts().warning, false);
  if (!ctx.app.strings_error().empty()) banner(ctx.app.strings_error(), false);
}

// [SECTION] toasts
void draw_toasts(const PanelContext& ctx) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // A status line while PostgreSQL's server starts, over the foot of the window: it moves nothing.
  if (const std::string& status = ctx.view().backend_status;
      !status.empty() && !ctx.view().backend_unavailable) {
    const float pad = ImGui::GetFontSize() * 0.6f;
    const ImVec2 size = ImGui::CalcTextSize(status.c_str(), nullptr, false, display.x * 0.45f);
    const ImVec2 min(pad, display.y - size.y - pad * 3);
    const ImVec2 max(min.x + size.x + pad * 2, display.y - pad);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(min, max, ctx.colors.holds_fill, pad * 0.5f);
    draw->AddRect(min, max, ctx.colors.holds_border, pad * 0.5f);
    draw->AddText(nullptr, 0.0f, ImVec2(min.x + pad, min.y + pad), ctx.colors.holds_text, status.c_str(),
                  nullptr, display.x * 0.45f);
  }
  float y = display.y - ImGui::GetFontSize();
  for (auto it = ctx.view().toasts.rbegin(); it != ctx.view().toasts.rend(); ++it) {
    const ImVec2 size = ImGui::CalcTextSize(it->text.c_str(), nullptr, false, display.x * 0.45f);
    const float pad = ImGui::GetFontSize() * 0.6f;
    const ImVec2 max(display.x - pad, y);
    const ImVec2 min(max.x - size.x - pad * 2, max.y - size.y - pad * 2);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(min, max, it->error ? ctx.colors.broken_fill : ctx.colors.holds_fill, pad * 0.5f);
    draw->AddRect(min, max, it->error ? ctx.colors.broken_border : ctx.colors.holds_border, pad * 0.5f);
    draw->AddText(nullptr, 0.0f, ImVec2(min.x + pad, min.y + pad),
                  it->error ? ctx.colors.broken_text : ctx.colors.holds_text, it->text.c_str(), nullptr,
                  display.x * 0.45f);
    y = min.y - pad;
  }
}

// [SECTION] blank screen
// Black, and nothing else: a click or any key brings the lab back.
void draw_blank_screen(const PanelContext& ctx, ImGuiWindowFlags flags) {
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(0, 0, 0, 255));
  ImGui::Begin("reslab", nullptr, flags);
  if (ImGui::InvisibleButton("blank", ImGui::GetContentRegionAvail())) ctx.send(ToggleBlank{});
  record_item("blank screen");
  ImGui::End();
  ImGui::PopStyleColor();
}

// What is shown: a new key starts the slide layout from its defaults.
std::string layout_key(const LabApp& app) {
  const ViewState& view = app.view();
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  const SqlVariant* variant = app.session().variant();
  return app.session().scenario().id + "|" + std::string(model_name(app.session().model())) + "|" +
         (variant ? variant->id + "|" : std::string()) + std::to_string(app.session().cursor()) + "|" +
         std::to_string(app.session().step_count()) + "|" + std::string(lang_code(view.lang)) + "|" +
         std::to_string(view.text_scale(size.y)) + "|" + std::to_string(view.compare) +
         std::to_string(view.compare_backends) + std::to_string(app.comparisons().size()) + "|" +
         std::to_string(view.hidden_step) + "|" + std::to_string(static_cast<int>(size.x)) + "x" +
         std::to_string(static_cast<int>(size.y));
}

}  // namespace

// [SECTION] draw_lab_window
Commands draw_lab_window(const LabApp& app, WindowState& state, const KeyPresses* keys) {
  Commands commands;
  const Palette& colors = palette(app.view().dark);
  reset_slide_layout(state.slide, layout_key(app));
  begin_slide_frame(state.slide);
  const PanelContext ctx{app, colors, commands, state.edits, state.slide};
  begin_item_frame();

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(viewport->Size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (app.view().blank) {
    draw_blank_screen(ctx, flags);
    if (keys) read_shortcuts(app.session(), app.view(), *keys, false, commands);
    return commands;
  }
  ImGui::Begin("reslab", nullptr, flags);

  // [SECTION] layout
  if (app.view().presenting)
    draw_presenter_bar_panel(ctx);
  else
    draw_top_bar_panel(ctx);
  ImGui::Separator();

  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const float em = ImGui::GetFontSize();
  // The controls' column: its width depends on the window and the text size only, never on the step, so
  // the buttons a presenter clicks stay where they are.
  const float left = std::clamp(available.x * 0.17f, em * 13, em * 21);
  // The explanation's column widens on a crowded slide, but not into the room the changed tables need
  // (their width as measured last frame, with the middle column's padding and scrollbar).
  const float default_right =
      std::max(available.x * SlideLayout::kRightShare, std::min(em * 14, available.x * 0.3f));
  const float tables_room = state.slide.measured.tables_width * (state.slide.squeeze_tables ? 0.75f : 1.0f) +
                            (style.WindowPadding.x + style.ItemSpacing.x) * 2 + style.ScrollbarSize;
  const float right =
      std::max(default_right, std::min(available.x * state.slide.right_share,
                                       available.x - left - tables_room - style.ItemSpacing.x * 2));
  const float middle = std::max(em * 10, available.x - left - right - style.ItemSpacing.x * 2);

  // The scrollbar is always there, so the buttons keep their width when the column's content grows.
  ImGui::BeginChild("left", ImVec2(left, available.y), true, ImGuiWindowFlags_AlwaysVerticalScrollbar);
  draw_controls_panel(ctx);
  ImGui::EndChild();
  ImGui::SameLine();

  ImGui::BeginChild("middle", ImVec2(middle, available.y), false);
  draw_banners(ctx);
  const float lanes = static_cast<float>(app.session().scenario().actors.size());
  const float timeline = std::min(available.y * 0.45f, state.slide.measured.timeline_height > 0
                                                           ? state.slide.measured.timeline_height
                                                           : em * (7.0f + 2.1f * lanes));
  ImGui::BeginChild("timeline", ImVec2(0, timeline), true);
  const float timeline_needed = draw_timeline_panel(ctx, state.drag);
  ImGui::EndChild();
  // On a crowded slide the SQL may sit under the tables, in the room they leave (the trace scrolls).
  const bool sql_in_middle = state.slide.sql_in_middle && !app.view().compare;
  const float sql_height = state.slide.measured.sql_height;
  float sql_needed = 0;
  if (sql_in_middle) {
    const float rest = ImGui::GetContentRegionAvail().y;
    ImGui::BeginChild("state", ImVec2(0, std::max(em * 6, rest - sql_height - style.ItemSpacing.y)), true);
    draw_state_panel(ctx);
    ImGui::EndChild();
    ImGui::BeginChild("sql", ImVec2(0, 0), true);
    sql_needed = draw_sql_panel(ctx);
    ImGui::EndChild();
  } else {
    ImGui::BeginChild("state", ImVec2(0, 0), true);
    if (app.view().compare)
      draw_compare_panel(ctx);
    else
      draw_state_panel(ctx);
    ImGui::EndChild();
  }
  ImGui::EndChild();
  ImGui::SameLine();

  ImGui::BeginChild("right", ImVec2(0, available.y), false);
  // The explanation gets what it measured it needs, the SQL the rest (each scrolls if it must).
  const float min_sql = sql_in_middle ? 0 : em * 6;
  const float why_height =
      sql_in_middle ? available.y
      : state.slide.measured.why_height > 0
          ? std::clamp(state.slide.measured.why_height, em * 6, std::max(em * 6, available.y - min_sql))
          : available.y * 0.55f;
  ImGui::BeginChild("why", ImVec2(0, why_height), true);
  draw_explanation_panel(ctx);
  const float why_needed = ImGui::GetCursorPosY() + style.WindowPadding.y;
  ImGui::EndChild();
  if (!sql_in_middle) {
    ImGui::BeginChild("sql", ImVec2(0, 0), true);
    sql_needed = draw_sql_panel(ctx);
    ImGui::EndChild();
  }
  ImGui::EndChild();

  draw_help_panel(ctx);
  if (state.edits.file_dialog_asked) {
    state.edits.file_dialog_asked = false;
    state.file_dialog.open_now = true;
  }
  draw_file_dialog_panel(ctx, state.file_dialog);
  ImGui::End();
  if (app.view().race_open) draw_race_panel(ctx, state.race);
  if (app.view().orders_open) draw_orders_panel(ctx);
  if (app.view().isolation_open) draw_isolation_panel(ctx);
  if (app.view().load_open) draw_load_panel(ctx, state.load);
  draw_toasts(ctx);

  // A dialog (open a file, save a preset) has the keyboard while it is open, as a text field has.
  const bool dialog = ImGui::GetTopMostPopupModal() != nullptr && !app.view().help_open;
  if (keys)
    read_shortcuts(app.session(), app.view(), *keys, ImGui::GetIO().WantTextInput || dialog, commands);
  // For the next frame: what the explanation needs, and what gives way where something was clipped.
  state.slide.measuring.why_height = why_needed;
  state.slide.measuring.timeline_height = timeline_needed;
  state.slide.measuring.sql_height = sql_needed;
  // What the middle column would leave under its tables if the SQL moved there.
  state.slide.measuring.middle_room =
      available.y - timeline - state.slide.measuring.tables_height - style.ItemSpacing.y;
  adapt_slide_layout(state.slide, must_show());
  return commands;
}

}  // namespace reslab
