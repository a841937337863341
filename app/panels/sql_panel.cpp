#include "app/panels/sql_panel.hpp"

#include <imgui.h>

#include <cctype>

#include "app/export/visibility.hpp"
#include "app/text/wrapped_text.hpp"

namespace reslab {
namespace {

// A statement as the panel shows it: each ? followed by the value bound to it, in its own colour, so
// the values read in place and stay visibly apart from the SQL text (they are bound, never spliced).
std::vector<ColoredPart> with_values(const SqlRecord& record, ImU32 sql, ImU32 value) {
  std::vector<ColoredPart> parts;
  std::string text;
  std::size_t next = 0;
  bool quoted = false;
  for (char c : record.sql) {
    if (c == '\'') quoted = !quoted;
    text += c;
    if (c != '?' || quoted || next >= record.params.size()) continue;
    parts.push_back({text, sql});
    text.clear();
    const Value& bound = record.params[next++];
    const bool is_text = std::holds_alternative<std::string>(bound);
    parts.push_back(
        {std::string("\u00b7") + (is_text ? "'" : "") + to_display(bound) + (is_text ? "'" : ""), value});
  }
  if (!text.empty()) parts.push_back({text, sql});
  return parts;
}

// Whether the statement opens with `word` (upper case), whatever the case it is written in: an SQL
// scenario's statements are as their author wrote them.
bool opens_with_word(const std::string& sql, const char* word) {
  std::size_t i = sql.find_first_not_of(" \t\r\n(");
  for (const char* c = word; *c; ++c, ++i)
    if (i >= sql.size() || std::toupper(static_cast<unsigned char>(sql[i])) != *c) return false;
  return true;
}

// What a statement did, in as few words as say it: an error by its SQLite code (the teaching moment),
// a write by the rows it changed, a read by the rows it returned, anything else as done. SQLITE_DONE
// and SQLITE_ROW are not news.
std::string result_text(const PanelContext& ctx, const SqlRecord& record, bool ok) {
  // A server's errors also show their SQLSTATE; a statement still in flight is "waiting"; one a spec's
  // markers report waiting says so, not that it waits for a lock.
  if (!record.held_by_markers.empty())
    return ctx.tr("sql.shown_waiting", {{"markers", record.held_by_markers}});
  if (record.waiting)
    return record.result == "waiting" ? ctx.tr("sql.waits") : record.result + " · " + ctx.tr("sql.waits");
  if (!ok) return record.sqlstate.empty() ? record.result : record.result + " (" + record.sqlstate + ")";
  // What an SQL scenario's statement returned is the lesson: its rows, in place.
  if (!record.returned_columns.empty()) {
    if (record.returned_rows.empty()) return ctx.tr("tables.no_rows");
    std::string rows;
    for (const auto& row : record.returned_rows) {
      std::string cells;
      for (const auto& value : row) cells += (cells.empty() ? "" : ", ") + to_display(value);
      rows += (rows.empty() ? "(" : " (") + cells + ")";
    }
    return rows;
  }
  const bool writes = opens_with_word(record.sql, "INSERT") || opens_with_word(record.sql, "UPDATE") ||
                      opens_with_word(record.sql, "DELETE") || opens_with_word(record.sql, "REPLACE");
  if (writes) return ctx.tr("sql.changed", {{"changes", std::to_string(record.changes)}});
  if (opens_with_word(record.sql, "SELECT"))
    return ctx.tr("sql.returned", {{"rows", std::to_string(record.rows)}});
  return ctx.tr("sql.ok");
}

}  // namespace

// Every statement whole: SQL wraps instead of running off the edge (an upsert's ON CONFLICT ... DO
// UPDATE is part of what happened), statements of one connection under its name once. The panel draws
// straight into the window it is given, which scrolls if it must.
float draw_sql_panel(const PanelContext& ctx) {
  ctx.heading(ctx.tr("sql.title"));
  const Step* step = ctx.session().current_step();
  const auto needed = [] {
    return ImGui::GetCursorPosY() + ImGui::GetScrollY() + ImGui::GetStyle().WindowPadding.y;
  };
  if (!step && ctx.session().is_sql()) {
    // Before the first step of an SQL scenario: the setup that made the tables.
    text_wrapped_parts({{ctx.tr("sql.setup"), ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
    ImGui::PushFont(ctx.app.fonts().mono);
    for (const auto& statement : ctx.session().sql_scenario()->setup)
      text_wrapped_parts({{statement.sql, ctx.colors.sql_text}});
    ImGui::PopFont();
    return needed();
  }
  if (!step) {
    text_wrapped_parts({{ctx.tr("sql.none"), ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
    return needed();
  }
  const bool hidden = ctx.view().result_hidden(ctx.session().cursor());
  const float indent = ImGui::GetFontSize();
  const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  ImGui::PushFont(ctx.app.fonts().mono);
  // Statements sit close together: a step may run a dozen of them, and each is one paragraph.
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing.x, spacing.y * 0.34f));
  std::string connection;
  int index = 0;
  for (const auto& record : step->sql) {
    // One paragraph per statement: the SQL with its values in place, then its result. A connection's
    // first statement opens with its name, the ones after it are indented under it.
    const bool first = record.connection != connection;
    connection = record.connection;
    const bool ok = record.ok;
    std::vector<ColoredPart> parts = with_values(record, ctx.colors.sql_text, ctx.colors.sql_value);
    if (first) parts.insert(parts.begin(), {connection + "> ", muted});
    if (hidden)
      parts.push_back({"  → " + ctx.tr("sql.result_hidden"), muted});
    else
      parts.push_back({"  → " + result_text(ctx, record, ok), ok               ? ctx.colors.sql_ok
                                                              : record.waiting ? ctx.colors.wake_arrow
                                                                               : ctx.colors.sql_error});
    if (!first) ImGui::Indent(indent);
    text_wrapped_parts(parts);
    // What the server said to the session while the statement ran, under it, as it said it: part of its
    // result, so hidden with it.
    if (!hidden && !record.notices.empty()) {
      ImGui::Indent(indent);
      for (const auto& notice : record.notices) text_wrapped_parts({{notice, muted}});
      ImGui::Unindent(indent);
    }
    if (!first) ImGui::Unindent(indent);
    require_shown("sql " + std::to_string(++index));
  }
  ImGui::PopStyleVar();
  ImGui::PopFont();
  return needed();
}

}  // namespace reslab
