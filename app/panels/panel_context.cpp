#include "app/panels/panel_context.hpp"

#include <imgui.h>

#include "app/text/wrapped_text.hpp"
#include "core/formats/labels.hpp"

namespace reslab {

std::string PanelContext::actor_name(const std::string& actor_id) const {
  return actor_label(session().scenario(), actor_id, lang());
}

std::string PanelContext::action_label(const std::string& actor_id, const std::string& action) const {
  return reslab::action_label(session().scenario(), session().model(), actor_id, action, lang());
}

std::string PanelContext::model_label(Model model) const {
  return tr(model == Model::naive ? "model.naive" : "model.atomic");
}

std::string PanelContext::outcome_text(const std::string& outcome) const {
  return reslab::outcome_text(outcome, lang());
}

void PanelContext::heading(const std::string& text) const {
  ImGui::PushFont(app.fonts().heading);
  text_wrapped(text);
  ImGui::PopFont();
}

}  // namespace reslab
