// [SECTION] index: one square per order · a group of squares · the case's orders · draw_orders_panel
#include "app/panels/orders_panel.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/panels/sql_orders_panel.hpp"
#include "app/panels/widgets.hpp"
#include "core/formats/explore_markdown.hpp"
#include "core/formats/labels.hpp"

namespace reslab {
namespace {

constexpr std::size_t kSquaresPerGroup = 400;  // more would be a wall; the rest are counted

std::string order_text(const std::vector<std::string>& order) {
  std::string text;
  for (const auto& id : order) text += (text.empty() ? "" : ", ") + id;
  return text;
}

// The step an order is best looked at: its first harmful one, where it stopped, else its last.
int step_to_show(const OrderRun& run) {
  if (run.first_harmful_step > 0) return run.first_harmful_step;
  if (!run.runnable) return std::max(0, run.stopped_step - 1);
  return static_cast<int>(run.order.size());
}

// [SECTION] one square per order
void draw_square(const PanelContext& ctx, const Exploration& exploration, std::size_t index, ImU32 fill) {
  const OrderRun& run = exploration.runs[index];
  const float side = ImGui::GetFontSize() * 0.95f;
  ImGui::PushID(static_cast<int>(index));
  ImGui::PushStyleColor(ImGuiCol_Button, fill);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetColorU32(ImGuiCol_ButtonActive));
  const bool clicked = ImGui::Button("##order", ImVec2(side, side));
  ImGui::PopStyleColor(2);
  const std::string order = order_text(run.order);
  record_item(order + " " + std::string(model_name(run.model)), true, "orders/" + std::to_string(index));
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(order.c_str());
    ImGui::TextDisabled("%s", ctx.tr("orders.click").c_str());
    ImGui::EndTooltip();
  }
  if (clicked) {
    LoadExploredOrder load;
    load.model = run.model;
    load.preset = exploration.preset;
    load.order = run.order;
    load.step = step_to_show(run);
    ctx.send(std::move(load));
  }
  ImGui::PopID();
}

// [SECTION] a group of squares
void draw_squares(const PanelContext& ctx, const Exploration& exploration,
                  const std::vector<std::size_t>& runs, ImU32 fill) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float side = ImGui::GetFontSize() * 0.95f;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const std::size_t shown = std::min(runs.size(), kSquaresPerGroup);
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) {
      const float next = ImGui::GetItemRectMax().x + style.ItemSpacing.x * 0.5f + side;
      if (next < right) ImGui::SameLine(0, style.ItemSpacing.x * 0.5f);
    }
    draw_square(ctx, exploration, runs[i], fill);
  }
  if (runs.size() > shown) {
    const std::string more = ctx.tr("orders.more", {{"count", std::to_string(runs.size() - shown)}});
    muted_text(more);
    record_item(more);
  }
}

void draw_model(const PanelContext& ctx, const Explorer& explorer, const ModelExploration& summary) {
  const Exploration& exploration = explorer.exploration();
  const Scenario& scenario = explorer.scenario();
  ctx.heading(ctx.model_label(summary.model));
  const std::string counts =
      ctx.tr(summary.harmful > 0 ? "orders.harmful" : "orders.safe",
             {{"harmful", std::to_string(summary.harmful)}, {"runnable", std::to_string(summary.runnable)}});
  colored_wrapped(summary.harmful > 0 ? ctx.colors.broken_text : ctx.colors.holds_text, counts);
  record_item(counts);
  for (const auto& outcome : summary.outcomes) {
    std::string line =
        ctx.tr("orders.outcome", {{"count", std::to_string(outcome.count)},
                                  {"state", final_state_text(outcome.figures, scenario, ctx.lang())}});
    if (outcome.harmful) {
      std::string broken;
      for (const auto& name : outcome.broken)
        broken += (broken.empty()           ? ""
                   : ctx.lang() == Lang::zh ? "、"
                                            : ", ") +
                  invariant_label(scenario, name, ctx.lang());
      line += ctx.tr("orders.breaks", {{"broken", broken}});
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(line.c_str());
    ImGui::PopTextWrapPos();
    record_item(line);
    draw_squares(ctx, exploration, outcome.runs,
                 outcome.harmful ? ctx.colors.broken_fill : ctx.colors.holds_fill);
  }
  for (const auto& blocked : summary.blocked) {
    std::string holders;
    for (const auto& id : blocked.waiting_for)
      holders += (holders.empty() ? "" : ctx.lang() == Lang::zh ? "、" : ", ") + ctx.actor_name(id);
    const std::string line = holders.empty()
                                 ? ctx.tr("orders.blocked_alone", {{"count", std::to_string(blocked.count)},
                                                                   {"actor", ctx.actor_name(blocked.actor)}})
                                 : ctx.tr("orders.blocked", {{"count", std::to_string(blocked.count)},
                                                             {"actor", ctx.actor_name(blocked.actor)},
                                                             {"holder", holders}});
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", line.c_str());
    ImGui::PopTextWrapPos();
    record_item(line);
    draw_squares(ctx, exploration, blocked.runs, ctx.colors.hidden_fill);
  }
  ImGui::Spacing();
}

// [SECTION] the case's orders
// The case's orders under both models, a square per order.
void draw_case_orders(const PanelContext& ctx) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(ctx.tr("orders.intro").c_str());
  ImGui::PopTextWrapPos();
  const Explorer* explorer = ctx.app.explorer();
  // An exploration of another case, preset or backend is not this one's.
  const bool current = ctx.app.explorer_is_current();
  draw_explore_bar(ctx, current, current && !explorer->finished(), current ? explorer->runs_done() : 0,
                   current ? explorer->total_runs() : 0);
  if (current) {
    const Exploration& exploration = explorer->exploration();
    ImGui::Separator();
    std::string what = exploration.preset.empty()
                           ? ctx.tr("orders.all_events", {{"orders", std::to_string(exploration.orders)}})
                           : ctx.tr("orders.of_preset", {{"orders", std::to_string(exploration.orders)}});
    if (exploration.sampled)
      what += " " + ctx.tr("orders.sampled", {{"explored", std::to_string(exploration.explored)},
                                              {"sample", std::to_string(exploration.seed)}});
    if (exploration.cancelled) what += " " + ctx.tr("orders.cancelled");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", what.c_str());
    const std::string headline = exploration_headline(exploration, explorer->scenario(), ctx.lang());
    ImGui::TextUnformatted(headline.c_str());
    ImGui::PopTextWrapPos();
    record_item(headline);
    ImGui::Separator();
    ImGui::BeginChild("orders_by_model");
    for (const auto& summary : exploration.models) draw_model(ctx, *explorer, summary);
    ImGui::EndChild();
  } else {
    muted_text(ctx.tr("orders.idle"));
    record_item(ctx.tr("orders.idle"));
  }
}

}  // namespace

// [SECTION] draw_orders_panel
void draw_explore_bar(const PanelContext& ctx, bool current, bool running, std::uint64_t done,
                      std::uint64_t total) {
  if (button(ctx.tr(current ? "orders.again" : "orders.start"), !running)) ctx.send(ExploreOrders{});
  ImGui::SameLine();
  if (button(ctx.tr("orders.cancel"), running)) ctx.send(CancelExplore{});
  if (!current) return;
  ImGui::SameLine();
  const std::string overlay =
      ctx.tr("orders.progress", {{"done", std::to_string(done)}, {"total", std::to_string(total)}});
  ImGui::ProgressBar(total > 0 ? static_cast<float>(done) / static_cast<float>(total) : 0.0f, ImVec2(-1, 0),
                     overlay.c_str());
  record_item(overlay);
}

void draw_orders_panel(const PanelContext& ctx) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.42f, display.y * 0.1f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(std::min(em * 36, display.x * 0.56f), std::min(em * 32, display.y * 0.85f)),
                           ImGuiCond_FirstUseEver);
  bool open = true;
  const std::string title = ctx.tr("orders.title") + "###orders";
  if (ImGui::Begin(title.c_str(), &open)) {
    if (ctx.session().is_sql())
      draw_sql_orders(ctx);
    else
      draw_case_orders(ctx);
  }
  ImGui::End();
  if (!open) ctx.send(ToggleOrdersPanel{});
}

}  // namespace reslab
