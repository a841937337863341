#pragma once
// Database tables as the panels show them: one ImGui table per SQL table,
// changed cells and added rows highlighted (with a marker, not colour alone),
// removed rows kept and struck through.
#include <string>
#include <vector>

#include "app/panels/panel_context.hpp"
#include "core/sim/snapshot.hpp"

namespace reslab {

void draw_table(const PanelContext& ctx, const TableData& table, const TableDiff* diff);
// Every table of a state; empty ones listed on one line at the end.
void draw_tables(const PanelContext& ctx, const Tables& tables, const std::vector<TableDiff>& diffs);

}  // namespace reslab
