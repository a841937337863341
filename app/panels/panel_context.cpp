#include "app/panels/panel_context.hpp"

#include <imgui.h>

#include "core/sim/case_family.hpp"
#include "core/sim/message.hpp"

namespace reslab {

std::string PanelContext::actor_name(const std::string& actor_id) const {
  const Actor* actor = session().scenario().find_actor(actor_id);
  if (!actor || actor->name.empty()) return actor_id;
  return actor->name.in(lang());
}

std::string PanelContext::action_label(const std::string& actor_id, const std::string& action) const {
  const CaseFamily* family = find_family(session().scenario().schema);
  const ActionEntry* info = family ? find_action(*family, action) : nullptr;
  if (!info) return actor_id + ": " + action;
  return fill_placeholders(info->label(session().model()).in(lang()), {{"actor", actor_name(actor_id)}});
}

std::string PanelContext::model_label(Model model) const {
  return tr(model == Model::naive ? "model.naive" : "model.atomic");
}

std::string PanelContext::outcome_text(const std::string& outcome) const {
  if (outcome.empty()) return {};
  if (lang() == Lang::en || !has_message("outcome." + outcome)) return outcome;
  return render(Message{"outcome." + outcome}, Lang::zh) + " (" + outcome + ")";
}

void PanelContext::heading(const std::string& text) const {
  ImGui::PushFont(app.fonts().heading);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopFont();
}

}  // namespace reslab
