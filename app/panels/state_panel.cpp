// [SECTION] index: tables · open transactions · step trace
#include "app/panels/state_panel.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

#include "app/panels/table_view.hpp"
#include "app/panels/widgets.hpp"
#include "app/text/wrapped_text.hpp"
#include "core/formats/labels.hpp"
#include "core/sim/message.hpp"

namespace reslab {

// [SECTION] what the step returned
namespace {
bool shows_rows(const SqlRecord& record) {
  return record.ok && !record.returned_columns.empty();
}
}  // namespace

bool returns_rows(const Step& step) {
  return std::any_of(step.sql.begin(), step.sql.end(), shows_rows);
}

void draw_returned_rows(const PanelContext& ctx, const Step& step) {
  std::vector<const SqlRecord*> reads;
  for (const auto& record : step.sql)
    if (shows_rows(record)) reads.push_back(&record);
  if (reads.empty()) return;
  ctx.heading(ctx.tr("tables.returned", {{"step", std::to_string(step.index)}}));
  ImGui::PushID("returned");
  int index = 0;
  for (const SqlRecord* record : reads) {
    ImGui::PushID(index++);
    const std::string what = record->connection + ": " + record->sql;
    if (record->returned_rows.empty()) {
      text_wrapped_parts({{what, ImGui::GetColorU32(ImGuiCol_Text)},
                          {"  → " + ctx.tr("tables.no_rows"), ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
    } else {
      draw_table(ctx, TableData{what, record->returned_columns, record->returned_rows}, nullptr);
    }
    require_shown("returned " + std::to_string(index));
    ImGui::PopID();
  }
  ImGui::PopID();
  ImGui::Spacing();
}

// [SECTION] step trace
void draw_step_trace(const PanelContext& ctx, const Trace& trace, int cursor, const char* id) {
  const Scenario& scenario = ctx.session().scenario();
  const int hidden_from = ctx.view().result_hidden(cursor) ? ctx.view().hidden_step : 0;
  // An SQL scenario's steps have no time; a case without invariants has no verdict per step.
  const bool timed = !ctx.session().is_sql();
  const bool judged = !scenario.invariants.empty();
  const int columns = 2 + (timed ? 1 : 0) + 1 + static_cast<int>(scenario.figures.size()) + (judged ? 1 : 0);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  const int rows = std::min(cursor, static_cast<int>(trace.steps.size())) + 1;
  // Room for the sideways scrollbar only while the table had one (unknown before its first frame: kept),
  // or that room reads as an empty last row.
  ImGuiStorage& storage = *ImGui::GetStateStorage();
  const ImGuiID scrollbar_key = ImGui::GetID((std::string(id) + "##had scrollbar").c_str());
  const bool had_scrollbar = storage.GetBool(scrollbar_key, true);
  // A row is a line of text and the cell padding above and below it (the header row too); the outer
  // border takes a pixel at the top and one at the bottom.
  const float row_height = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const float height =
      row_height * static_cast<float>(rows) + (had_scrollbar ? ImGui::GetStyle().ScrollbarSize : 0.0f) + 2.0f;
  if (!ImGui::BeginTable(id, columns, flags, ImVec2(0, height))) return;
  if (const ImGuiTable* table = ImGui::GetCurrentTable(); table && table->InnerWindow)
    storage.SetBool(scrollbar_key, table->InnerWindow->ScrollbarX);
  ImGui::TableSetupScrollFreeze(1, 0);  // the step number stays in view
  ImGui::TableSetupColumn(ctx.tr("trace.step").c_str());
  if (timed) ImGui::TableSetupColumn(ctx.tr("trace.time").c_str());
  ImGui::TableSetupColumn(ctx.tr("trace.event").c_str());
  ImGui::TableSetupColumn(ctx.tr("trace.outcome").c_str());
  for (const auto& figure : scenario.figures)
    ImGui::TableSetupColumn(figure_label(scenario, figure, ctx.lang()).c_str());
  if (judged) ImGui::TableSetupColumn(ctx.tr("trace.invariants").c_str());
  ImGui::TableHeadersRow();
  for (const auto& step : trace.steps) {
    if (step.index > cursor) break;
    const bool hidden = hidden_from != 0 && step.index >= hidden_from;
    ImGui::TableNextRow();
    if (step.index == cursor) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ctx.colors.added_row);
    ImGui::TableNextColumn();
    const std::string label = std::to_string(step.index) + "##" + id + std::to_string(step.index);
    if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_SpanAllColumns))
      ctx.send(JumpTo{step.index});
    record_item(std::string(id) + " step " + std::to_string(step.index));
    if (timed) {
      ImGui::TableNextColumn();
      plain_text(ctx.tr("trace.seconds", {{"seconds", std::to_string(step.time)}}));
    }
    ImGui::TableNextColumn();
    const Event* event = scenario.find_event(step.event);
    plain_text(hidden ? ctx.action_label(step.actor, event ? event->action : "")
                      : render(step.summary, ctx.lang()));
    ImGui::TableNextColumn();
    plain_text(hidden ? "?" : ctx.outcome_text(step.outcome));
    for (const auto& name : scenario.figures) {
      ImGui::TableNextColumn();
      const Figure* figure = step.committed ? step.committed->figure(name) : nullptr;
      plain_text(hidden || !figure ? "?" : figure_value_text(*figure));
    }
    if (!judged) continue;
    ImGui::TableNextColumn();
    const bool holds = step.committed && step.committed->all_invariants_hold();
    plain_text(hidden ? "?" : ctx.tr(holds ? "trace.holds" : "trace.broken"));
  }
  ImGui::EndTable();
}

void draw_state_panel(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const int cursor = session.cursor();
  const bool hidden = ctx.view().result_hidden(cursor);
  const Step* step = session.current_step();

  // [SECTION] tables
  // An SQL scenario's step shows first the rows its statements returned: its own view, read by the step
  // itself (nothing else reads inside an open transaction), then what is committed.
  if (step && !hidden) draw_returned_rows(ctx, *step);
  std::string title = hidden        ? ctx.tr("tables.before_step", {{"step", std::to_string(cursor)}})
                      : cursor == 0 ? ctx.tr("tables.initial")
                      : session.is_sql()
                          ? ctx.tr("tables.committed_after_step", {{"step", std::to_string(cursor)}})
                          : ctx.tr("tables.after_step", {{"step", std::to_string(cursor)}});
  const bool open = step && !hidden && !step->open_transactions.empty();
  if (open) {
    std::string actors;
    for (const auto& transaction : step->open_transactions)
      actors += (actors.empty() ? "" : ", ") + ctx.actor_name(transaction.actor);
    title += "   " + ctx.tr("tables.committed_and_open", {{"actors", actors}});
  }
  ctx.heading(title);
  if (hidden) {
    colored_wrapped(ctx.colors.axis_text, ctx.tr("tables.hidden_hint"));
  }
  if (step && step->committed_is_previous && !hidden)
    text_wrapped_parts({{ctx.tr("tables.committed_unchanged"), ImGui::GetColorU32(ImGuiCol_TextDisabled)}});

  const float above = ImGui::GetCursorPosY();
  ImGui::BeginChild("tables_scroll", ImVec2(0, 0), false);
  // Short of room, the tables sit closer together.
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                      ImVec2(spacing.x, ctx.slide.fold_unchanged_rows ? spacing.y * 0.5f : spacing.y));
  const auto state = session.committed_at(hidden ? cursor - 1 : cursor);
  static const std::vector<TableDiff> no_diff;
  const std::vector<TableDiff>& diffs = step && !hidden ? step->diff : no_diff;

  // [SECTION] open transactions
  if (open) {
    // Each view's width (as the last frame measured): every table at its natural width when they all
    // fit; short of room, what changed keeps its width and the views without changes give way first.
    // With less than kLeastViewEms a view, they stack instead: a table squeezed narrower would cut its
    // words.
    constexpr float kLeastViewEms = 14;
    const int columns = 1 + static_cast<int>(step->open_transactions.size());
    const float least = ImGui::GetFontSize() * 10;
    SlideMeasures& measuring = ctx.slide.measuring;
    const float spacing = ImGui::GetStyle().CellPadding.x * 2 * static_cast<float>(columns);
    const float room = ImGui::GetContentRegionAvail().x - spacing;
    const bool stacked = room / static_cast<float>(columns) < ImGui::GetFontSize() * kLeastViewEms;
    const std::vector<float> shares =
        view_shares(ctx.slide.measured.view_widths, ctx.slide.measured.view_natural,
                    static_cast<std::size_t>(columns), least, room);
    float total = spacing;
    float widest = 0;
    const auto end_view = [&] {
      measuring.view_widths.push_back(measuring.tables_width);
      measuring.view_natural.push_back(measuring.widest_table);
      total += std::max(measuring.tables_width, least);
      widest = std::max(widest, measuring.tables_width);
      measuring.tables_width = 0;
      measuring.widest_table = 0;
    };
    const auto committed_view = [&] {
      text_wrapped(ctx.tr("tables.committed_view"));
      draw_tables(ctx, state->tables, diffs);
      end_view();
    };
    const auto transaction_view = [&](const OpenTransaction& transaction) {
      ImGui::PushID(transaction.actor.c_str());
      text_wrapped(ctx.tr("tables.transaction_view", {{"actor", ctx.actor_name(transaction.actor)}}));
      // On PostgreSQL a session whose statement waits for a lock cannot be asked for its view.
      if (!transaction.readable) colored_wrapped(ctx.colors.axis_text, ctx.tr("tables.not_readable"));
      // Highlight where the transaction's own view differs from what is committed.
      CommittedState own;
      own.tables = transaction.tables;
      const auto own_diffs = diff_states(*state, own, session.scenario().schema);
      for (const auto& table : transaction.tables) {
        const TableDiff* diff = nullptr;
        for (const auto& d : own_diffs)
          if (d.table == table.name) diff = &d;
        ImGui::PushID(table.name.c_str());
        draw_table(ctx, table, diff);
        ImGui::PopID();
      }
      ImGui::PopID();
      end_view();
    };
    measuring.tables_width = 0;
    measuring.widest_table = 0;
    if (stacked) {
      committed_view();
      for (const auto& transaction : step->open_transactions) {
        ImGui::Separator();
        transaction_view(transaction);
      }
      total = widest;
    } else if (ImGui::BeginTable("side_by_side", columns,
                                 ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp)) {
      for (int c = 0; c < columns; ++c)
        ImGui::TableSetupColumn(c == 0 ? "committed" : "open", ImGuiTableColumnFlags_WidthStretch,
                                shares[static_cast<std::size_t>(c)]);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      committed_view();
      for (const auto& transaction : step->open_transactions) {
        ImGui::TableNextColumn();
        transaction_view(transaction);
      }
      ImGui::EndTable();
    }
    measuring.tables_width = total;
  } else {
    draw_tables(ctx, state->tables, diffs);
  }

  ImGui::PopStyleVar();
  // Down to the last table: what the panel needs for the tables, the trace below may scroll.
  ctx.slide.measuring.tables_height = above + ImGui::GetCursorPosY() + ImGui::GetScrollY() +
                                      ImGui::GetStyle().WindowPadding.y * 2 + ImGui::GetStyle().ScrollbarSize;
  ImGui::Spacing();
  ImGui::Separator();
  ctx.heading(ctx.tr("trace.title"));
  if (session.step_count() == 0 || cursor == 0)
    text_wrapped_parts({{ctx.tr("trace.empty"), ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
  else {
    // The trace scrolls sideways on its own, so the tables above never lose a line to a scrollbar.
    draw_step_trace(ctx, session.trace(), cursor, "trace");
  }
  ImGui::EndChild();
}

}  // namespace reslab
