#include "app/panels/compare_panel.hpp"

#include <imgui.h>

#include "app/panels/invariant_badge.hpp"
#include "app/panels/state_panel.hpp"
#include "app/panels/table_view.hpp"
#include "app/widgets.hpp"

namespace reslab {
namespace {

void draw_column(const PanelContext& ctx, Model model, const Trace& trace, const std::string& stopped) {
  const int cursor = ctx.session().cursor();
  const int shown = std::min<int>(cursor, static_cast<int>(trace.steps.size()));
  const bool hidden = ctx.view().result_hidden(cursor);
  const Step* step = shown == 0 ? nullptr : &trace.steps[static_cast<std::size_t>(shown - 1)];
  const auto state = hidden ? (shown <= 1 ? trace.initial : trace.steps[static_cast<std::size_t>(shown - 2)].committed)
                     : step ? step->committed
                            : trace.initial;
  ImGui::PushID(static_cast<int>(model));
  ctx.heading(ctx.model_label(model));
  if (shown < cursor)
    colored_wrapped(ctx.colors.broken_text,
                    ctx.tr("compare.stopped", {{"step", std::to_string(shown + 1)}, {"reason", stopped}}));
  draw_invariant_badge(ctx, state.get(), "", hidden);
  draw_figures(ctx, state.get(), hidden);
  ImGui::Spacing();
  static const std::vector<TableDiff> no_diff;
  draw_tables(ctx, state->tables, step && !hidden ? step->diff : no_diff);
  ImGui::Spacing();
  if (shown > 0) draw_step_trace(ctx, trace, shown, model == Model::naive ? "naive_trace" : "atomic_trace");
  ImGui::PopID();
}

}  // namespace

void draw_compare_panel(const PanelContext& ctx) {
  const PartialReplay* other = ctx.app.comparison();
  const LabSession& session = ctx.session();
  ctx.heading(ctx.tr("compare.title", {{"step", std::to_string(session.cursor())}}));
  if (!other) return;
  ImGui::BeginChild("compare_scroll", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  if (ImGui::BeginTable("compare", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextRow();
    const bool naive_is_current = session.model() == Model::naive;
    ImGui::TableNextColumn();
    if (naive_is_current) draw_column(ctx, Model::naive, session.trace(), session.stopped());
    else draw_column(ctx, Model::naive, other->trace, other->stopped);
    ImGui::TableNextColumn();
    if (naive_is_current) draw_column(ctx, Model::atomic, other->trace, other->stopped);
    else draw_column(ctx, Model::atomic, session.trace(), session.stopped());
    ImGui::EndTable();
  }
  ImGui::EndChild();
}

}  // namespace reslab
