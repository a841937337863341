// [SECTION] index: one cell · the table · why each cell · draw_isolation_panel
#include "app/panels/isolation_panel.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/panels/verdict_badge.hpp"
#include "app/panels/widgets.hpp"
#include "app/text/wrapped_text.hpp"

namespace reslab {
namespace {

std::string isolation_test_name(const SqlScenario& test) {
  return test.test.empty() ? test.id : test.test;
}

bool isolation_has_explanations(const IsolationTable& table) {
  for (const auto& test : table.tests)
    for (const auto& column : table.columns)
      if (const SqlVariant* variant = test.find_variant(column); variant && !variant->explanation.empty())
        return true;
  return false;
}

// [SECTION] one cell
// A cell: the verdict in words and colour, the variant's explanation on hover, a click steps it.
void draw_isolation_cell(const PanelContext& ctx, const SqlScenario& test, const SqlRunResult& result) {
  const SqlVariant* variant = test.find_variant(result.variant);
  const std::string words = verdict_words(ctx, result.anomaly, result.how);
  ImGui::PushStyleColor(ImGuiCol_Button, result.anomaly ? ctx.colors.broken_fill : ctx.colors.holds_fill);
  ImGui::PushStyleColor(ImGuiCol_Text, result.anomaly ? ctx.colors.broken_text : ctx.colors.holds_text);
  const std::string id = test.id + "/" + result.variant;
  // The words wrap in a narrow column: "prevented (SQLITE_BUSY, wait)" is read whole.
  ImGui::PushID(id.c_str());
  const bool clicked = wrapped_button(words, ImGui::GetContentRegionAvail().x, true, 1, "isolation/" + id);
  ImGui::PopID();
  ImGui::PopStyleColor(2);
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    ImGui::TextUnformatted(
        (test.title.in(ctx.lang()) + " · " + level_text(result.level, ctx.lang())).c_str());
    if (variant && !variant->explanation.empty())
      ImGui::TextUnformatted(variant->explanation.in(ctx.lang()).c_str());
    ImGui::TextDisabled("%s", ctx.tr("isolation.click").c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  if (clicked) ctx.send(OpenIsolationCell{test.file, result.variant});
}

// [SECTION] the table
void draw_isolation_table(const PanelContext& ctx, const IsolationTable& table) {
  const int columns = 1 + static_cast<int>(table.columns.size());
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("isolation_table", columns, flags)) return;
  ImGui::TableSetupColumn(ctx.tr("isolation.test").c_str(), ImGuiTableColumnFlags_WidthStretch, 1.2f);
  for (const auto& column : table.columns) {
    std::string level = column;
    for (const auto& test : table.tests)
      if (const SqlVariant* variant = test.find_variant(column))
        level = level_text(variant->level, ctx.lang());
    ImGui::TableSetupColumn(level.c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  }
  ImGui::TableHeadersRow();
  for (const auto& test : table.tests) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    text_wrapped(test.title.empty() ? isolation_test_name(test) : test.title.in(ctx.lang()));
    if (ImGui::IsItemHovered()) wrapped_tooltip(test.summary.in(ctx.lang()));
    for (const auto& column : table.columns) {
      ImGui::TableNextColumn();
      if (const SqlRunResult* cell = table.cell(isolation_test_name(test), column)) {
        draw_isolation_cell(ctx, test, *cell);
      } else if (const auto refused = table.refused.find(column); refused != table.refused.end()) {
        muted_text(ctx.tr("isolation.refused"));
        if (ImGui::IsItemHovered()) wrapped_tooltip(refused->second);
      } else if (test.find_variant(column)) {
        muted_text("…");
      }
    }
  }
  ImGui::EndTable();
}

// [SECTION] why each cell
// Each variant's explanation, test by test, for a table a class reads after the lesson (SQLite's column is
// new ground: no published table has it).
void draw_isolation_explanations(const PanelContext& ctx, const IsolationTable& table) {
  if (!isolation_has_explanations(table) || !ImGui::CollapsingHeader(ctx.tr("isolation.why").c_str())) return;
  record_item(ctx.tr("isolation.why"));
  for (const auto& test : table.tests)
    for (const auto& column : table.columns) {
      const SqlVariant* variant = test.find_variant(column);
      if (!variant || variant->explanation.empty()) continue;
      text_wrapped_parts({{isolation_test_name(test) + ", " + level_text(variant->level, ctx.lang()) + ": ",
                           ImGui::GetColorU32(ImGuiCol_Text)},
                          {variant->explanation.in(ctx.lang()), ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
    }
}

}  // namespace

// [SECTION] draw_isolation_panel
void draw_isolation_panel(const PanelContext& ctx) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.2f, display.y * 0.08f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(std::min(em * 48, display.x * 0.75f), std::min(em * 34, display.y * 0.85f)),
                           ImGuiCond_FirstUseEver);
  bool open = true;
  const std::string title = ctx.tr("isolation.title") + "###isolation";
  if (ImGui::Begin(title.c_str(), &open)) {
    const IsolationRunner::Status status = ctx.app.isolation().status();
    const Backend shown = ctx.session().backend();
    const std::string backend(backend_display(status.backend));
    text_wrapped(ctx.tr("isolation.intro", {{"backend", std::string(backend_display(shown))}}));
    const bool running = status.state == IsolationRunner::State::running;
    if (button(ctx.tr(status.state == IsolationRunner::State::idle ? "isolation.start" : "isolation.again"),
               !running))
      ctx.send(RunIsolation{});
    ImGui::SameLine();
    if (button(ctx.tr("isolation.cancel"), running)) ctx.send(CancelIsolation{});
    if (status.state != IsolationRunner::State::idle) {
      ImGui::SameLine();
      const std::string overlay =
          ctx.tr("isolation.progress",
                 {{"done", std::to_string(status.cells_done)}, {"total", std::to_string(status.cell_count)}});
      ImGui::ProgressBar(status.cell_count > 0
                             ? static_cast<float>(status.cells_done) / static_cast<float>(status.cell_count)
                             : 0.0f,
                         ImVec2(-1, 0), overlay.c_str());
      record_item(overlay);
    }
    ImGui::Separator();
    switch (status.state) {
      case IsolationRunner::State::idle:
        muted_text(ctx.tr("isolation.idle"));
        break;
      case IsolationRunner::State::failed:
        colored_wrapped(ctx.colors.broken_text, ctx.tr("isolation.failed", {{"error", status.error}}));
        break;
      default: {
        std::string heading =
            ctx.tr("isolation.table_title", {{"backend", backend}, {"version", status.table.server_version}});
        if (status.state == IsolationRunner::State::cancelled) heading += " " + ctx.tr("isolation.cancelled");
        ctx.heading(heading);
        if (status.backend != shown)
          colored_wrapped(ctx.colors.axis_text,
                          ctx.tr("isolation.other_backend",
                                 {{"backend", backend}, {"shown", std::string(backend_display(shown))}}));
        if (status.table.columns.empty()) muted_text(ctx.tr("isolation.no_variants", {{"backend", backend}}));
        ImGui::BeginChild("isolation_scroll");
        draw_isolation_table(ctx, status.table);
        ImGui::Spacing();
        text_wrapped_parts({{ctx.tr("isolation.note"), ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
        draw_isolation_explanations(ctx, status.table);
        ImGui::EndChild();
      }
    }
  }
  ImGui::End();
  if (!open) ctx.send(ToggleIsolationPanel{});
}

}  // namespace reslab
