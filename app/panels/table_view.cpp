#include "app/panels/table_view.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/visibility.hpp"

#include "core/sim/case_family.hpp"

namespace reslab {
namespace {

bool cell_changed(const TableDiff* diff, std::size_t row, std::size_t column) {
  if (!diff) return false;
  return std::find(diff->changed_cells.begin(), diff->changed_cells.end(), std::make_pair(row, column)) !=
         diff->changed_cells.end();
}

bool row_added(const TableDiff* diff, std::size_t row) {
  return diff && std::find(diff->added_rows.begin(), diff->added_rows.end(), row) != diff->added_rows.end();
}

}  // namespace

void draw_table(const PanelContext& ctx, const TableData& table, const TableDiff* diff) {
  const bool changed = diff && !diff->empty();
  ImGui::TextUnformatted(table.name.c_str());
  if (changed) {
    require_shown("table " + table.name);
    ImGui::SameLine();
    ImGui::TextDisabled("%s", ctx.tr("tables.changed_marker").c_str());
  }
  const int columns = static_cast<int>(table.columns.size()) + 1;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_NoHostExtendX;
  if (!ImGui::BeginTable(table.name.c_str(), columns, flags)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 0.9f);
  // Cells keep the database's values; a header says when they are seconds.
  const CaseFamily* family = find_family(ctx.session().scenario().schema);
  const TableInfo* info = family ? family->find_table(table.name) : nullptr;
  for (const auto& column : table.columns) {
    const std::string header =
        info && info->in_seconds(column) ? ctx.tr("tables.in_seconds", {{"column", column}}) : column;
    ImGui::TableSetupColumn(header.c_str());
  }
  ImGui::TableHeadersRow();
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    ImGui::TableNextRow();
    const bool added = row_added(diff, r);
    if (added) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ctx.colors.added_row);
    ImGui::TableNextColumn();
    bool any_change = added;
    for (std::size_t c = 0; c < table.columns.size(); ++c) any_change = any_change || cell_changed(diff, r, c);
    ImGui::TextUnformatted(added ? "+" : any_change ? "*" : "");
    const ImVec2 row_min = ImGui::GetItemRectMin();
    for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
      ImGui::TableNextColumn();
      if (cell_changed(diff, r, c)) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ctx.colors.changed_cell);
      ImGui::TextUnformatted(to_display(table.rows[r][c]).c_str());
    }
    if (any_change) require_shown("row " + table.name + " " + std::to_string(r + 1), row_min, ImGui::GetItemRectMax());
  }
  if (diff) {
    for (const auto& removed : diff->removed_rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("-");
      require_shown("removed row " + table.name);
      for (const auto& value : removed) {
        ImGui::TableNextColumn();
        const std::string text = to_display(value);
        ImGui::TextDisabled("%s", text.c_str());
        const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
        const float mid = (min.y + max.y) * 0.5f;
        ImGui::GetWindowDrawList()->AddLine(ImVec2(min.x, mid), ImVec2(max.x, mid), ctx.colors.broken_border);
      }
    }
  }
  ImGui::EndTable();
}

void draw_tables(const PanelContext& ctx, const std::vector<TableData>& tables, const std::vector<TableDiff>& diffs) {
  std::string empty;
  for (const auto& table : tables) {
    const TableDiff* diff = nullptr;
    for (const auto& d : diffs)
      if (d.table == table.name) diff = &d;
    const bool has_removed = diff && !diff->removed_rows.empty();
    if (table.rows.empty() && !has_removed) {
      empty += (empty.empty() ? "" : ", ") + table.name;
      continue;
    }
    ImGui::PushID(table.name.c_str());
    draw_table(ctx, table, diff);
    ImGui::PopID();
    ImGui::Spacing();
  }
  if (!empty.empty()) ImGui::TextDisabled("%s", ctx.tr("tables.empty", {{"tables", empty}}).c_str());
}

}  // namespace reslab
