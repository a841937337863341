#include "app/panels/model_toggle.hpp"

#include <imgui.h>

#include "app/panels/widgets.hpp"

namespace reslab {

std::vector<ModelChoice> model_choices(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  std::vector<ModelChoice> choices;
  if (const SqlScenario* sql = session.sql_scenario()) {
    const SqlVariant* shown = session.variant();
    for (const SqlVariant* variant : sql->variants_on(session.backend()))
      choices.push_back({level_text(variant->level, ctx.lang()) + "###variant_" + variant->id,
                         variant == shown, SetVariant{variant->id}});
    return choices;
  }
  for (const Model model : {Model::naive, Model::atomic})
    choices.push_back({ctx.model_label(model), session.model() == model, SetModel{model}});
  return choices;
}

float model_toggle_width(const PanelContext& ctx) {
  const float padding = ImGui::GetStyle().FramePadding.x * 2;
  float width = 0;
  for (const auto& choice : model_choices(ctx))
    width += ImGui::CalcTextSize(choice.label.c_str(), nullptr, true).x + padding;
  return width;
}

void draw_model_toggle(const PanelContext& ctx) {
  bool first = true;
  for (const auto& choice : model_choices(ctx)) {
    if (!first) ImGui::SameLine(0, 0);
    first = false;
    if (toggle_button(choice.label, choice.active)) ctx.send(choice.command);
  }
}

}  // namespace reslab
