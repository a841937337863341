// [SECTION] index: one square per order · one variant · draw_sql_orders
#include "app/panels/sql_orders_panel.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/panels/orders_panel.hpp"
#include "app/panels/widgets.hpp"
#include "core/formats/sql_trace.hpp"

namespace reslab {
namespace {

std::string order_text(const std::vector<std::string>& order) {
  std::string text;
  for (const auto& id : order) text += (text.empty() ? "" : ", ") + id;
  return text;
}

void wrapped(const std::string& text) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  record_item(text);
}

// [SECTION] one square per order
void draw_square(const PanelContext& ctx, const SqlExplorer& explorer, const SqlVariant& variant,
                 std::size_t number, ImU32 fill) {
  const std::vector<std::string>& order = explorer.order(number);
  const float side = ImGui::GetFontSize() * 0.95f;
  ImGui::PushID(static_cast<int>(number));
  ImGui::PushStyleColor(ImGuiCol_Button, fill);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetColorU32(ImGuiCol_ButtonActive));
  const bool clicked = ImGui::Button("##order", ImVec2(side, side));
  ImGui::PopStyleColor(2);
  const std::string text = order_text(order);
  record_item(text + " " + variant.id, true, "orders/" + variant.id + "/" + std::to_string(number));
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::Text("%zu: %s", number, text.c_str());
    ImGui::TextDisabled("%s", ctx.tr("orders.click").c_str());
    ImGui::EndTooltip();
  }
  if (clicked) {
    LoadExploredOrder load;
    load.order = order;
    load.step = static_cast<int>(order.size());
    load.variant = variant.id;
    load.interleaving = number;
    ctx.send(std::move(load));
    ctx.edits.interleaving = static_cast<int>(number);  // the number field says which one is shown
  }
  ImGui::PopID();
}

// [SECTION] one variant
void draw_variant(const PanelContext& ctx, const SqlExplorer& explorer, const SqlExploredVariant& explored) {
  const SqlScenario& scenario = explorer.scenario();
  const SqlVariant& variant = *explored.variant;
  ctx.heading(level_text(variant.level, ctx.lang()));
  if (!explored.refused.empty()) {
    muted_text(ctx.tr("isolation.refused"));
    record_item(ctx.tr("isolation.refused"));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", explored.refused.c_str());
    return;
  }
  if (explored.orders == 0) return;
  const std::string orders = std::to_string(explored.orders);
  if (scenario.anomaly) {
    const std::size_t anomalies = explored.anomalies();
    const std::string counts =
        anomalies > 0
            ? ctx.tr("orders.sql_anomaly", {{"anomalies", std::to_string(anomalies)}, {"orders", orders}})
            : ctx.tr("orders.sql_no_anomaly", {{"orders", orders}});
    colored_wrapped(anomalies > 0 ? ctx.colors.broken_text : ctx.colors.holds_text, counts);
    record_item(counts);
  }
  const ImGuiStyle& style = ImGui::GetStyle();
  const float side = ImGui::GetFontSize() * 0.95f;
  for (const auto& outcome : explored.outcomes) {
    wrapped(ctx.tr("orders.sql_outcome", {{"count", std::to_string(outcome.orders)},
                                          {"orders", orders},
                                          {"result", sql_outcome_text(scenario, outcome, ctx.lang())}}));
    const ImU32 fill = outcome.anomaly ? ctx.colors.broken_fill : ctx.colors.holds_fill;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (std::size_t i = 0; i < outcome.numbers.size(); ++i) {
      if (i > 0 && ImGui::GetItemRectMax().x + style.ItemSpacing.x * 0.5f + side < right)
        ImGui::SameLine(0, style.ItemSpacing.x * 0.5f);
      draw_square(ctx, explorer, variant, outcome.numbers[i], fill);
    }
  }
  ImGui::Spacing();
}

}  // namespace

// [SECTION] draw_sql_orders
void draw_sql_orders(const PanelContext& ctx) {
  const std::string backend(backend_display(ctx.session().backend()));
  wrapped(ctx.tr("orders.sql_intro", {{"backend", backend}}));
  const SqlExplorer* explorer = ctx.app.sql_explorer();
  const bool current = ctx.app.sql_explorer_is_current();
  draw_explore_bar(ctx, current, current && !explorer->finished(), current ? explorer->runs_done() : 0,
                   current ? explorer->total_runs() : 0);
  if (!current) {
    muted_text(ctx.tr("orders.sql_idle", {{"backend", backend}}));
    record_item(ctx.tr("orders.sql_idle", {{"backend", backend}}));
    return;
  }
  ImGui::Separator();
  const std::string orders = std::to_string(explorer->interleavings());
  std::string what = explorer->explored() < explorer->interleavings()
                         ? ctx.tr("orders.sql_first",
                                  {{"orders", orders}, {"explored", std::to_string(explorer->explored())}})
                         : ctx.tr("orders.sql_of", {{"orders", orders}});
  if (explorer->cancelled()) what += " " + ctx.tr("orders.cancelled");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", what.c_str());
  ImGui::PopTextWrapPos();
  record_item(what);
  if (!explorer->error().empty())
    colored_wrapped(ctx.colors.broken_text, ctx.tr("orders.sql_stopped", {{"error", explorer->error()}}));
  ImGui::Separator();
  ImGui::BeginChild("orders_by_variant");
  for (const auto& explored : explorer->variants()) draw_variant(ctx, *explorer, explored);
  ImGui::EndChild();
}

}  // namespace reslab
