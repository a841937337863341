#include "app/panels/sql_panel.hpp"

#include <imgui.h>

#include "app/visibility.hpp"

namespace reslab {
namespace {

std::string bound_values(const std::vector<Value>& params) {
  std::string text;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const bool quoted = std::holds_alternative<std::string>(params[i]);
    text += (i ? ", " : "") + std::string("?") + std::to_string(i + 1) + " = " + (quoted ? "'" : "") +
            to_display(params[i]) + (quoted ? "'" : "");
  }
  return text;
}

}  // namespace

void draw_sql_panel(const PanelContext& ctx) {
  ctx.heading(ctx.tr("sql.title"));
  ImGui::BeginChild("sql_scroll", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  const Step* step = ctx.session().current_step();
  if (!step) {
    ImGui::TextDisabled("%s", ctx.tr("sql.none").c_str());
  } else {
    const bool hidden = ctx.view().result_hidden(ctx.session().cursor());
    ImGui::PushFont(ctx.app.fonts().mono);
    int index = 0;
    for (const auto& record : step->sql) {
      ImGui::BeginGroup();
      const bool ok = record.result == "SQLITE_OK" || record.result == "SQLITE_DONE" || record.result == "SQLITE_ROW";
      ImGui::PushStyleColor(ImGuiCol_Text, ctx.colors.sql_text);
      ImGui::TextUnformatted((record.connection + "> " + record.sql).c_str());
      if (!record.params.empty()) ImGui::TextDisabled("   -- %s", bound_values(record.params).c_str());
      ImGui::PopStyleColor();
      if (hidden) {
        ImGui::TextDisabled("   %s", ctx.tr("sql.result_hidden").c_str());
      } else {
        ImGui::PushStyleColor(ImGuiCol_Text, ok ? ctx.colors.sql_ok : ctx.colors.sql_error);
        ImGui::TextUnformatted(
            ("   " + ctx.tr("sql.result", {{"code", record.result}, {"changes", std::to_string(record.changes)}}))
                .c_str());
        ImGui::PopStyleColor();
      }
      ImGui::EndGroup();
      require_shown("sql " + std::to_string(++index));
      ImGui::Spacing();
    }
    ImGui::PopFont();
  }
  ImGui::EndChild();
}

}  // namespace reslab
