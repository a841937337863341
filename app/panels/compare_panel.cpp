#include "app/panels/compare_panel.hpp"

#include <imgui.h>

#include "app/panels/invariant_badge.hpp"
#include "app/panels/state_panel.hpp"
#include "app/panels/table_view.hpp"
#include "app/panels/verdict_badge.hpp"
#include "app/text/wrapped_text.hpp"
#include "app/widgets.hpp"

namespace reslab {
namespace {

void draw_column(const PanelContext& ctx, const Trace& trace, const std::string& stopped,
                 const std::string& heading) {
  const int cursor = ctx.session().cursor();
  const int shown = std::min<int>(cursor, static_cast<int>(trace.steps.size()));
  const bool hidden = ctx.view().result_hidden(cursor);
  const Step* step = shown == 0 ? nullptr : &trace.steps[static_cast<std::size_t>(shown - 1)];
  const auto state =
      hidden ? (shown <= 1 ? trace.initial : trace.steps[static_cast<std::size_t>(shown - 2)].committed)
      : step ? step->committed
             : trace.initial;
  ImGui::PushID(heading.c_str());
  ctx.heading(heading);
  if (shown < cursor)
    colored_wrapped(ctx.colors.broken_text,
                    ctx.tr("compare.stopped", {{"step", std::to_string(shown + 1)}, {"reason", stopped}}));
  if (trace.verdict) {
    // An SQL scenario: its verdict, and what each variant's step returned, side by side.
    draw_verdict_badge(ctx, trace, shown, "", hidden);
    if (step && !hidden) draw_returned_rows(ctx, *step);
  } else {
    draw_invariant_badge(ctx, state.get(), "", hidden);
  }
  draw_figures(ctx, state.get(), hidden);
  ImGui::Spacing();
  static const std::vector<TableDiff> no_diff;
  draw_tables(ctx, state->tables, step && !hidden ? step->diff : no_diff);
  ImGui::Spacing();
  if (shown > 0) draw_step_trace(ctx, trace, shown, (heading + "_trace").c_str());
  ImGui::PopID();
}

// Two variants of an SQL scenario's order side by side, in the file's order of variants; a combo chooses
// the one beside the variant shown (of any backend the file has).
void draw_sql_compare(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const SqlScenario& sql = *session.sql_scenario();
  ctx.heading(ctx.tr("compare.title_variants", {{"step", std::to_string(session.cursor())}}));
  const std::string beside = ctx.app.compared_variant();
  const SqlVariant* other_variant = sql.find_variant(beside);
  const auto variant_label = [&](const SqlVariant& variant) {
    return level_text(variant.level, ctx.lang()) + " (" + std::string(backend_display(variant.backend)) + ")";
  };
  plain_text(ctx.tr("compare.beside"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
  if (ImGui::BeginCombo("##compared_variant", other_variant ? variant_label(*other_variant).c_str() : "")) {
    for (const auto& variant : sql.variants) {
      if (&variant == session.variant()) continue;
      const std::string label = variant_label(variant);
      if (ImGui::Selectable((label + "##" + variant.id).c_str(), variant.id == beside))
        ctx.send(SetComparedVariant{variant.id});
      record_item(label);
    }
    ImGui::EndCombo();
  }
  record_item(ctx.tr("compare.beside"));
  const PartialReplay* other = ctx.app.comparison();
  if (!other) return;
  const auto label = [&](const Trace& trace) {
    const SqlVariant* variant = sql.find_variant(trace.variant);
    return variant ? variant_label(*variant) : trace.variant;
  };
  ImGui::BeginChild("compare_scroll", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  if (ImGui::BeginTable("compare", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextRow();
    const bool current_first =
        sql.variant_index(session.trace().variant) < sql.variant_index(other->trace.variant);
    const Trace& first = current_first ? session.trace() : other->trace;
    const Trace& second = current_first ? other->trace : session.trace();
    ImGui::TableNextColumn();
    draw_column(ctx, first, current_first ? session.stopped() : other->stopped, label(first));
    ImGui::TableNextColumn();
    draw_column(ctx, second, current_first ? other->stopped : session.stopped(), label(second));
    ImGui::EndTable();
  }
  ImGui::EndChild();
}

}  // namespace

void draw_compare_panel(const PanelContext& ctx) {
  const PartialReplay* other = ctx.app.comparison();
  const LabSession& session = ctx.session();
  const bool backends = ctx.view().compare_backends && !session.is_sql();
  if (session.is_sql()) {
    draw_sql_compare(ctx);
    return;
  }
  if (backends)
    ctx.heading(ctx.tr("compare.title_backends", {{"model", ctx.model_label(session.model())},
                                                  {"step", std::to_string(session.cursor())}}));
  else
    ctx.heading(ctx.tr("compare.title", {{"step", std::to_string(session.cursor())}}));
  if (!other) return;
  ImGui::BeginChild("compare_scroll", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  if (ImGui::BeginTable("compare", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextRow();
    // Naive left of atomic, SQLite left of the server backend, whichever the session shows.
    const bool current_first =
        backends ? session.backend() == Backend::sqlite : session.model() == Model::naive;
    const auto label = [&](const Trace& trace) {
      return backends ? ctx.tr("backend." + std::string(backend_name(trace.backend)))
                      : ctx.model_label(trace.model);
    };
    const auto current = [&] {
      draw_column(ctx, session.trace(), session.stopped(), label(session.trace()));
    };
    const auto compared = [&] { draw_column(ctx, other->trace, other->stopped, label(other->trace)); };
    ImGui::TableNextColumn();
    if (current_first)
      current();
    else
      compared();
    ImGui::TableNextColumn();
    if (current_first)
      compared();
    else
      current();
    ImGui::EndTable();
  }
  ImGui::EndChild();
}

}  // namespace reslab
