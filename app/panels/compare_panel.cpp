#include "app/panels/compare_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <memory>

#include "app/export/slide_layout.hpp"
#include "app/panels/invariant_badge.hpp"
#include "app/panels/state_panel.hpp"
#include "app/panels/table_view.hpp"
#include "app/panels/widgets.hpp"
#include "app/text/wrapped_text.hpp"
#include "core/sim/message.hpp"
#include "core/sim/sql_scenario.hpp"

namespace reslab {
namespace {

// One column at the step shown: what it draws from its trace.
struct Column {
  const Trace* trace = nullptr;
  const std::string* stopped = nullptr;
  std::string heading;
  int shown = 0;  // steps of this run shown (fewer than the cursor where its replay stopped)
  const Step* step = nullptr;
  std::shared_ptr<const CommittedState> state;
  const std::vector<TableDiff>* diffs = nullptr;
};

Column column_of(const PanelContext& ctx, const ComparedTrace& compared) {
  static const std::vector<TableDiff> no_diff;
  const int cursor = ctx.session().cursor();
  const bool hidden = ctx.view().result_hidden(cursor);
  const Trace& trace = *compared.trace;
  Column column;
  column.trace = &trace;
  column.stopped = compared.stopped;
  column.heading = compared_label(ctx, trace);
  column.shown = std::min<int>(cursor, static_cast<int>(trace.steps.size()));
  column.step = column.shown == 0 ? nullptr : &trace.steps[static_cast<std::size_t>(column.shown - 1)];
  column.state = hidden
                     ? (column.shown <= 1 ? trace.initial
                                          : trace.steps[static_cast<std::size_t>(column.shown - 2)].committed)
                 : column.step ? column.step->committed
                               : trace.initial;
  column.diffs = column.step && !hidden ? &column.step->diff : &no_diff;
  return column;
}

const TableData* table_in(const Column& column, const std::string& name) {
  for (const auto& table : column.state->tables)
    if (table.name == name) return &table;
  return nullptr;
}

const TableDiff* diff_in(const Column& column, const std::string& name) {
  for (const auto& diff : *column.diffs)
    if (diff.table == name) return &diff;
  return nullptr;
}

// Runs that agree on something (a table, the verdict), drawn once with their names joined.
struct Group {
  std::vector<const Column*> columns;
  std::string heading;  // "PostgreSQL, MariaDB"
};

// The columns in groups of equal `key`, in the order each group first appears.
template <class Key>
std::vector<Group> groups_by(const std::vector<Column>& columns, Key key) {
  std::vector<Group> groups;
  std::vector<decltype(key(columns.front()))> keys;
  for (const auto& column : columns) {
    const auto value = key(column);
    const auto found = std::find(keys.begin(), keys.end(), value);
    if (found == keys.end()) {
      keys.push_back(value);
      groups.push_back({{&column}, column.heading});
    } else {
      Group& group = groups[static_cast<std::size_t>(found - keys.begin())];
      group.columns.push_back(&column);
      group.heading += ", " + column.heading;
    }
  }
  return groups;
}

// Which group each column falls in, as one text: the tables with the same split are drawn side by side.
std::string split_of(const std::vector<Group>& groups) {
  std::string text;
  for (const auto& group : groups) text += group.heading + "|";
  return text;
}

// What the step changed in `name` in any of `columns` (each run reached the same rows, some maybe by
// changing more of them in this step).
TableDiff changed_anywhere(const std::vector<const Column*>& columns, const std::string& name) {
  TableDiff merged;
  merged.table = name;
  const auto add = [](auto& into, const auto& item) {
    if (std::find(into.begin(), into.end(), item) == into.end()) into.push_back(item);
  };
  for (const Column* column : columns) {
    const TableDiff* diff = diff_in(*column, name);
    if (!diff) continue;
    for (const auto& row : diff->added_rows) add(merged.added_rows, row);
    for (const auto& row : diff->removed_rows) add(merged.removed_rows, row);
    for (const auto& cell : diff->changed_cells) add(merged.changed_cells, cell);
  }
  // A row one run added and another changed is shown as added.
  std::erase_if(merged.changed_cells, [&](const auto& cell) {
    return std::find(merged.added_rows.begin(), merged.added_rows.end(), cell.first) !=
           merged.added_rows.end();
  });
  return merged;
}

bool same_changes(const TableDiff* a, const TableDiff* b) {
  const bool a_changed = a && !a->empty();
  const bool b_changed = b && !b->empty();
  if (!a_changed || !b_changed) return a_changed == b_changed;
  return a->added_rows == b->added_rows && a->removed_rows == b->removed_rows &&
         a->changed_cells == b->changed_cells;
}

// When the runs of a group reached `name`'s rows by different changes in this step: which of them changed it.
std::string changed_by(const PanelContext& ctx, const Group& group, const std::string& name) {
  std::string which;
  bool alike = true;
  for (const Column* column : group.columns) {
    const TableDiff* diff = diff_in(*column, name);
    alike = alike && same_changes(diff, diff_in(*group.columns.front(), name));
    if (diff && !diff->empty()) which += (which.empty() ? "" : ", ") + column->heading;
  }
  return alike ? std::string() : ctx.tr("compare.changed_by", {{"table", name}, {"runs", which}});
}

// A column's verdict as text: the same invariants hold or break, with the same numbers.
std::string verdict_of(const Column& column, Lang lang) {
  std::string text;
  for (const auto& invariant : column.state->invariants)
    text +=
        invariant.name + (invariant.holds ? " holds " : " broken ") + render(invariant.detail, lang) + "\n";
  return text;
}

// The tables named in `names` as the group's first run has them, with what any run of it changed.
void draw_group_tables(const PanelContext& ctx, const Group& group, const std::vector<std::string>& names,
                       bool hidden) {
  Tables tables;
  std::vector<TableDiff> diffs;
  std::string notes;
  for (const auto& table : group.columns.front()->state->tables) {
    if (std::find(names.begin(), names.end(), table.name) == names.end()) continue;
    tables.push_back(table);
    if (hidden) continue;
    diffs.push_back(changed_anywhere(group.columns, table.name));
    const std::string note = changed_by(ctx, group, table.name);
    notes += (notes.empty() || note.empty() ? "" : " ") + note;
  }
  if (!notes.empty()) text_wrapped_parts({{notes, ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
  draw_tables(ctx, tables, diffs);
}

// A row of the view, one cell per item (each drawn by `draw`), as wide as `shares` weigh them (alike when
// there are none).
template <class Item, class Draw>
void side_by_side(const std::string& id, const std::vector<Item>& items, Draw draw,
                  const std::vector<float>& shares = {}) {
  if (!ImGui::BeginTable(id.c_str(), static_cast<int>(items.size()),
                         ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp))
    return;
  for (std::size_t i = 0; i < items.size(); ++i)
    ImGui::TableSetupColumn(std::to_string(i).c_str(), ImGuiTableColumnFlags_WidthStretch,
                            i < shares.size() ? shares[i] : 1.0f);
  ImGui::TableNextRow();
  for (std::size_t i = 0; i < items.size(); ++i) {
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(i));
    draw(items[i]);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

// An SQL scenario's variant as the compare view names it: its level and its backend.
std::string variant_label(const PanelContext& ctx, const SqlVariant& variant) {
  return level_text(variant.level, ctx.lang()) + " (" + std::string(backend_display(variant.backend)) + ")";
}

// An SQL scenario's heading: which variant stands beside the one shown, chosen among all the file's.
void draw_variant_chooser(const PanelContext& ctx, bool all_alike) {
  const LabSession& session = ctx.session();
  const SqlScenario& sql = *session.sql_scenario();
  ctx.heading(ctx.tr(all_alike ? "compare.title_variants_alike" : "compare.title_variants",
                     {{"step", std::to_string(session.cursor())}}));
  const std::string beside = ctx.app.compared_variant();
  const SqlVariant* other = sql.find_variant(beside);
  plain_text(ctx.tr("compare.beside"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
  if (ImGui::BeginCombo("##compared_variant", other ? variant_label(ctx, *other).c_str() : "")) {
    for (const auto& variant : sql.variants) {
      if (&variant == session.variant()) continue;
      const std::string label = variant_label(ctx, variant);
      if (ImGui::Selectable((label + "##" + variant.id).c_str(), variant.id == beside))
        ctx.send(SetComparedVariant{variant.id});
      record_item(label);
    }
    ImGui::EndCombo();
  }
  record_item(ctx.tr("compare.beside"));
}

}  // namespace

std::vector<ComparedTrace> compared_traces(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  std::vector<ComparedTrace> traces = {{&session.trace(), &session.stopped()}};
  for (const auto& other : ctx.app.comparisons()) traces.push_back({&other.trace, &other.stopped});
  // Naive left of atomic; the backends in their own order (SQLite, PostgreSQL, MariaDB); an SQL
  // scenario's variants in the file's order.
  const SqlScenario* sql = session.sql_scenario();
  const bool backends = ctx.view().compare_backends;
  std::stable_sort(traces.begin(), traces.end(), [&](const ComparedTrace& a, const ComparedTrace& b) {
    if (sql) return sql->variant_index(a.trace->variant) < sql->variant_index(b.trace->variant);
    return backends ? static_cast<int>(a.trace->backend) < static_cast<int>(b.trace->backend)
                    : a.trace->model == Model::naive && b.trace->model != Model::naive;
  });
  return traces;
}

std::vector<ComparedVerdict> compared_verdicts(const PanelContext& ctx) {
  std::vector<Column> columns;
  for (const auto& compared : compared_traces(ctx)) columns.push_back(column_of(ctx, compared));
  std::vector<ComparedVerdict> verdicts;
  for (const auto& group :
       groups_by(columns, [&](const Column& column) { return verdict_of(column, ctx.lang()); }))
    verdicts.push_back({group.heading, group.columns.front()->state});
  return verdicts;
}

std::string compared_label(const PanelContext& ctx, const Trace& trace) {
  if (const SqlScenario* sql = ctx.session().sql_scenario()) {
    const SqlVariant* variant = sql->find_variant(trace.variant);
    return variant ? variant_label(ctx, *variant) : trace.variant;
  }
  return ctx.view().compare_backends ? ctx.tr("backend." + std::string(backend_name(trace.backend)))
                                     : ctx.model_label(trace.model);
}

void draw_compare_panel(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const bool sql = session.is_sql();
  const bool backends = ctx.view().compare_backends && !sql;
  // With no other run ready the session's own column stands alone: its tables stay in view.
  std::vector<Column> columns;
  for (const auto& compared : compared_traces(ctx)) columns.push_back(column_of(ctx, compared));
  const bool hidden = ctx.view().result_hidden(session.cursor());
  // What the runs agree on is drawn once, with their names; only what differs stands side by side, one cell
  // per group of runs that agree (SQLite | PostgreSQL, MariaDB), so that the differences stand out and
  // three narrow columns do not each repeat the same rows.
  std::vector<std::string> alike;
  std::vector<std::pair<std::vector<Group>, std::vector<std::string>>> splits;  // each split and its tables
  for (const auto& table : columns.front().state->tables) {
    const std::vector<Group> groups = groups_by(columns, [&](const Column& column) {
      const TableData* own = table_in(column, table.name);
      return own ? *own : TableData{};
    });
    if (groups.size() == 1) {
      alike.push_back(table.name);
      continue;
    }
    auto found = std::find_if(splits.begin(), splits.end(),
                              [&](const auto& split) { return split_of(split.first) == split_of(groups); });
    if (found == splits.end()) found = splits.insert(splits.end(), {groups, {}});
    found->second.push_back(table.name);
  }

  // The title says when every table is alike (then no line under it has to). On a crowded slide, once the
  // timeline has closed up, it gives way too: the top bar says side by side, the timeline which step.
  const bool all_alike = columns.size() > 1 && splits.empty();
  const std::string step = std::to_string(session.cursor());
  const bool titled = all_alike || !ctx.slide.compact_timeline;
  if (sql)
    draw_variant_chooser(ctx, all_alike);
  else if (titled && backends)
    ctx.heading(ctx.tr(all_alike ? "compare.title_backends_alike" : "compare.title_backends",
                       {{"model", ctx.model_label(session.model())}, {"step", step}}));
  else if (titled)
    ctx.heading(ctx.tr(all_alike ? "compare.title_alike" : "compare.title", {{"step", step}}));
  for (const auto& missing : ctx.view().compare_missing)
    colored_wrapped(ImGui::GetColorU32(ImGuiCol_TextDisabled), missing);
  const float above = ImGui::GetCursorPosY();
  // The tables wrap to the width they are given, as in the state panel: nothing scrolls sideways.
  ImGui::BeginChild("compare_scroll", ImVec2(0, 0), false);
  // Short of room, the tables sit closer together (as in the state panel).
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                      ImVec2(spacing.x, ctx.slide.fold_unchanged_rows ? spacing.y * 0.5f : spacing.y));
  // A run that stops before the step shown says so (the controls show each verdict).
  for (const auto& column : columns)
    if (column.shown < session.cursor())
      colored_wrapped(ctx.colors.broken_text,
                      column.heading + ": " +
                          ctx.tr("compare.stopped",
                                 {{"step", std::to_string(column.shown + 1)}, {"reason", *column.stopped}}));
  // What each variant's statements of the step returned, side by side (an SQL scenario's).
  if (!hidden && std::any_of(columns.begin(), columns.end(),
                             [](const Column& column) { return column.step && returns_rows(*column.step); }))
    side_by_side("compare_returned", columns, [&](const Column& column) {
      ctx.heading(column.heading);
      if (column.step) draw_returned_rows(ctx, *column.step);
    });
  // What the slide layout measures: the changed tables side by side (or the tables alike across the view,
  // if wider), and how far down the tables reach.
  SlideMeasures& measuring = ctx.slide.measuring;
  const SlideMeasures& measured = ctx.slide.measured;
  const float least = ImGui::GetFontSize() * 10;
  float width = 0;
  std::size_t measured_at = 0;  // each split's groups' widths follow those of the splits before it
  for (const auto& split : splits) {
    // Named, not bound: the browser build's clang cannot capture a structured binding in a lambda.
    const std::vector<Group>& groups = split.first;
    const std::vector<std::string>& names = split.second;
    // Each group as wide as the last frame measured it needs: at natural width when they fit; short of
    // room, what changed keeps its width and a group that changed nothing gives way first (as committed
    // and open transactions share the state panel).
    const float padding = ImGui::GetStyle().CellPadding.x * 2 * static_cast<float>(groups.size());
    const auto slice = [&](const std::vector<float>& all) {
      if (all.size() < measured_at + groups.size()) return std::vector<float>{};
      return std::vector<float>(all.begin() + static_cast<long>(measured_at),
                                all.begin() + static_cast<long>(measured_at + groups.size()));
    };
    const std::vector<float> shares =
        view_shares(slice(measured.view_widths), slice(measured.view_natural), groups.size(), least,
                    ImGui::GetContentRegionAvail().x - padding);
    measured_at += groups.size();
    float split_width = padding;
    side_by_side(
        "compare_split" + split_of(groups), groups,
        [&](const Group& group) {
          ctx.heading(group.heading);
          measuring.tables_width = 0;
          measuring.widest_table = 0;
          draw_group_tables(ctx, group, names, hidden);
          measuring.view_widths.push_back(measuring.tables_width);
          measuring.view_natural.push_back(measuring.widest_table);
          split_width += std::max(measuring.tables_width, least);
        },
        shares);
    width = std::max(width, split_width);
  }
  measuring.tables_width = 0;
  if (!alike.empty()) {
    if (!splits.empty()) ImGui::Separator();
    Group everyone{{}, ""};
    for (const auto& column : columns) everyone.columns.push_back(&column);
    if (!all_alike && columns.size() > 1)
      text_wrapped_parts({{ctx.tr(sql        ? "compare.alike_variants"
                                  : backends ? "compare.alike_backends"
                                             : "compare.alike_models"),
                           ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
    draw_group_tables(ctx, everyone, alike, hidden);
  }
  measuring.tables_width = std::max(width, measuring.tables_width);
  measuring.tables_height = above + ImGui::GetCursorPosY() + ImGui::GetScrollY() +
                            ImGui::GetStyle().WindowPadding.y * 2 + ImGui::GetStyle().ScrollbarSize;
  ImGui::PopStyleVar();
  ImGui::Spacing();
  // Each run's own step trace, in its column.
  if (session.cursor() > 0)
    side_by_side("compare_traces", columns, [&](const Column& column) {
      ctx.heading(column.heading);
      if (column.shown > 0)
        draw_step_trace(ctx, *column.trace, column.shown, (column.heading + "_trace").c_str());
    });
  ImGui::EndChild();
}

}  // namespace reslab
