// [SECTION] index: diff lookups · widths · one table · every table
#include "app/panels/table_view.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/export/visibility.hpp"
#include "app/panels/widgets.hpp"
#include "app/text/wrapped_text.hpp"
#include "core/sim/case_family.hpp"

namespace reslab {
namespace {

// [SECTION] diff lookups
bool cell_changed(const TableDiff* diff, std::size_t row, std::size_t column) {
  if (!diff) return false;
  return std::find(diff->changed_cells.begin(), diff->changed_cells.end(), std::make_pair(row, column)) !=
         diff->changed_cells.end();
}

bool row_added(const TableDiff* diff, std::size_t row) {
  return diff && std::find(diff->added_rows.begin(), diff->added_rows.end(), row) != diff->added_rows.end();
}

// [SECTION] widths
// Each column's natural width: its widest header or cell, with the cell padding.
std::vector<float> natural_widths(const std::vector<std::string>& headers, const TableData& table,
                                  const TableDiff* diff) {
  const float padding = ImGui::GetStyle().CellPadding.x * 2 + 1;
  std::vector<float> widths;
  for (std::size_t c = 0; c < headers.size(); ++c) {
    float width = ImGui::CalcTextSize(headers[c].c_str()).x;
    for (const auto& row : table.rows)
      if (c < row.size()) width = std::max(width, ImGui::CalcTextSize(to_display(row[c]).c_str()).x);
    if (diff)
      for (const auto& row : diff->removed_rows)
        if (c < row.size()) width = std::max(width, ImGui::CalcTextSize(to_display(row[c]).c_str()).x);
    widths.push_back(width + padding);
  }
  return widths;
}

// Each column's least width: its widest word (header or cell) with the cell padding, so a squeezed
// column wraps between words ("provider_ payment_id") and never inside one ("SUCC EEDED").
std::vector<float> least_widths(const std::vector<std::string>& headers, const TableData& table,
                                const TableDiff* diff) {
  const float padding = ImGui::GetStyle().CellPadding.x * 2 + 1;
  const AdvanceFn advance = current_font_advance();
  std::vector<float> widths;
  for (std::size_t c = 0; c < headers.size(); ++c) {
    float width = widest_unbreakable(headers[c], advance);
    for (const auto& row : table.rows)
      if (c < row.size()) width = std::max(width, widest_unbreakable(to_display(row[c]), advance));
    if (diff)
      for (const auto& row : diff->removed_rows)
        if (c < row.size()) width = std::max(width, widest_unbreakable(to_display(row[c]), advance));
    widths.push_back(width + padding);
  }
  return widths;
}

// Widths that fit `room`: columns narrower than an even share keep their natural width, the wide ones
// share what is left equally (water-filling), so short columns ("id", "state") never wrap while a long
// one ("provider_payment_id") gives way; no column under its least width. When even the least widths
// do not fit, they shrink in proportion and the last resort, a cut inside a word, is taken.
std::vector<float> fitted_widths(std::vector<float> natural, const std::vector<float>& least, float room) {
  float least_sum = 0;
  for (float width : least) least_sum += width;
  if (least_sum >= room) {
    std::vector<float> shrunk = least;
    for (float& width : shrunk) width *= room / least_sum;
    return shrunk;
  }
  // Water-filling above the floors: raise a common cap until the room is used.
  float low = 0, high = room;
  for (int i = 0; i < 40; ++i) {
    const float cap = (low + high) * 0.5f;
    float used = 0;
    for (std::size_t c = 0; c < natural.size(); ++c) used += std::max(least[c], std::min(natural[c], cap));
    (used > room ? high : low) = cap;
  }
  for (std::size_t c = 0; c < natural.size(); ++c) natural[c] = std::max(least[c], std::min(natural[c], low));
  return natural;
}

bool any_cell_changed(const TableDiff* diff, std::size_t row, std::size_t columns) {
  if (row_added(diff, row)) return true;
  for (std::size_t c = 0; c < columns; ++c)
    if (cell_changed(diff, row, c)) return true;
  return false;
}

}  // namespace

// [SECTION] one table
// A table fits the width it is given: at its natural width when that fits, otherwise its columns share
// the width and headers and cells wrap (between words, or between Chinese characters), so a changed
// row is never cut at the panel's edge.
void draw_table(const PanelContext& ctx, const TableData& table, const TableDiff* diff) {
  const bool changed = diff && !diff->empty();
  // Short of room, a changed table shows its changed rows and says on its name line how many it left out.
  const bool fold = ctx.slide.fold_unchanged_rows && changed;
  std::size_t folded = 0;
  if (fold)
    for (std::size_t r = 0; r < table.rows.size(); ++r)
      folded += !any_cell_changed(diff, r, table.columns.size());
  if (changed) {
    // The name and what changed, wrapped as one line of two colours.
    std::string marker = "  " + ctx.tr("tables.changed_marker");
    if (folded > 0) marker += " " + ctx.tr("tables.rows_folded", {{"rows", std::to_string(folded)}});
    text_wrapped_parts({{table.name, ImGui::GetColorU32(ImGuiCol_Text)},
                        {marker, ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
    require_shown("table " + table.name);
  } else {
    text_wrapped(table.name);
  }
  // Cells keep the database's values; a header says when they are seconds.
  const CaseFamily* family = find_family(ctx.session().scenario().schema);
  const TableInfo* info = family ? family->find_table(table.name) : nullptr;
  std::vector<std::string> headers;
  for (const auto& column : table.columns)
    headers.push_back(info && info->in_seconds(column) ? ctx.tr("tables.in_seconds", {{"column", column}})
                                                       : column);

  const float marker_width = ImGui::GetFontSize() * 0.9f;
  const std::vector<float> widths = natural_widths(headers, table, diff);
  float natural = marker_width + ImGui::GetStyle().CellPadding.x * 2;
  for (float width : widths) natural += width;
  const float room = ImGui::GetContentRegionAvail().x;
  const bool squeezed = natural > room;
  if (changed) ctx.slide.measuring.tables_width = std::max(ctx.slide.measuring.tables_width, natural);
  ctx.slide.measuring.widest_table = std::max(ctx.slide.measuring.widest_table, natural);
  // Squeezed, every column gets an exact width (a fixed column that cannot be resized keeps the width it
  // is given): what each cell's text may use, its padding and border being the same for all.
  const float cell_frame = ImGui::GetStyle().CellPadding.x * 2 + 1;
  std::vector<float> fitted;
  if (squeezed) {
    fitted = fitted_widths(widths, least_widths(headers, table, diff),
                           room - marker_width - ImGui::GetStyle().CellPadding.x * 2 - 1);
    for (float& width : fitted) width = std::max(1.0f, width - cell_frame);
  }

  const int columns = static_cast<int>(table.columns.size()) + 1;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoHostExtendX;
  // Its own id when squeezed: ImGui keeps column widths per table, and the natural widths it measured are
  // not the ones a squeezed table is given.
  const std::string id = squeezed ? table.name + "##fit" : table.name;
  if (!ImGui::BeginTable(id.c_str(), columns, flags)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, marker_width);
  for (std::size_t c = 0; c < headers.size(); ++c) {
    if (squeezed)
      ImGui::TableSetupColumn(headers[c].c_str(), ImGuiTableColumnFlags_WidthFixed, fitted[c]);
    else
      ImGui::TableSetupColumn(headers[c].c_str());
  }
  // The header row by hand, so a header wraps instead of being cut in a narrow column.
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < columns; ++c) {
    ImGui::TableSetColumnIndex(c);
    ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
    if (c == 0) continue;
    // A fixed-fit column takes its width from its cells and its TableHeader: wrapping there would
    // narrow it to nothing, and plain text in a header row does not count towards the width.
    const std::string& header = headers[static_cast<std::size_t>(c - 1)];
    if (squeezed) {
      text_wrapped(header);
    } else {
      ImGui::TableHeader(header.c_str());
      const ImVec2 min = ImGui::GetItemRectMin();
      record_label(header, min,
                   ImVec2(min.x + ImGui::CalcTextSize(header.c_str()).x, ImGui::GetItemRectMax().y));
    }
  }

  const auto cell = [&](const std::string& text) {
    if (squeezed)
      text_wrapped(text.empty() ? " " : text);
    else
      plain_text(text);
  };
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const bool added = row_added(diff, r);
    const bool any_change = any_cell_changed(diff, r, table.columns.size());
    if (fold && !any_change) continue;
    ImGui::TableNextRow();
    if (added) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ctx.colors.added_row);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(added ? "+" : any_change ? "*" : "");
    const ImVec2 row_min = ImGui::GetItemRectMin();
    ImVec2 row_max = ImGui::GetItemRectMax();
    for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
      ImGui::TableNextColumn();
      if (cell_changed(diff, r, c))
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ctx.colors.changed_cell);
      cell(to_display(table.rows[r][c]));
      row_max = ImVec2(std::max(row_max.x, ImGui::GetItemRectMax().x),
                       std::max(row_max.y, ImGui::GetItemRectMax().y));
    }
    if (any_change) require_shown("row " + table.name + " " + std::to_string(r + 1), row_min, row_max);
  }
  if (diff) {
    for (const auto& removed : diff->removed_rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("-");
      const ImVec2 row_min = ImGui::GetItemRectMin();
      ImVec2 row_max = ImGui::GetItemRectMax();
      for (const auto& value : removed) {
        ImGui::TableNextColumn();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetColorU32(ImGuiCol_TextDisabled));
        cell(to_display(value));
        ImGui::PopStyleColor();
        const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
        const float mid = (min.y + max.y) * 0.5f;
        ImGui::GetWindowDrawList()->AddLine(ImVec2(min.x, mid), ImVec2(max.x, mid), ctx.colors.broken_border);
        row_max = ImVec2(std::max(row_max.x, max.x), std::max(row_max.y, max.y));
      }
      require_shown("removed row " + table.name, row_min, row_max);
    }
  }
  ImGui::EndTable();
}

// [SECTION] every table
void draw_tables(const PanelContext& ctx, const Tables& tables, const std::vector<TableDiff>& diffs) {
  std::string empty;
  std::string unchanged;
  for (const auto& table : tables) {
    const TableDiff* diff = nullptr;
    for (const auto& d : diffs)
      if (d.table == table.name) diff = &d;
    const bool has_removed = diff && !diff->removed_rows.empty();
    if (table.rows.empty() && !has_removed) {
      empty += (empty.empty() ? "" : ", ") + table.name;
      continue;
    }
    // Short of room, what did not change gives way first: an unchanged table is one line.
    if (ctx.slide.fold_unchanged_tables && (!diff || diff->empty())) {
      unchanged +=
          (unchanged.empty() ? "" : ", ") +
          ctx.tr("tables.folded", {{"table", table.name}, {"rows", std::to_string(table.rows.size())}});
      continue;
    }
    ImGui::PushID(table.name.c_str());
    draw_table(ctx, table, diff);
    ImGui::PopID();
    ImGui::Spacing();
  }
  const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  if (!unchanged.empty()) text_wrapped_parts({{ctx.tr("tables.unchanged", {{"tables", unchanged}}), muted}});
  if (!empty.empty()) text_wrapped_parts({{ctx.tr("tables.empty", {{"tables", empty}}), muted}});
}

}  // namespace reslab
