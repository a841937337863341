#include "core/formats/labels.hpp"

#include "core/sim/case_family.hpp"
#include "core/sim/message.hpp"

namespace reslab {

std::string figure_label(const Scenario& scenario, const std::string& figure, Lang lang) {
  return render(Message{family_message_key(scenario.schema, "figure." + figure)}, lang);
}

std::string outcome_label(const std::string& outcome, Lang lang) {
  const std::string label = render(Message{"outcome." + outcome}, lang);
  return lang == Lang::zh ? label + " `" + outcome + "`" : "`" + outcome + "`";
}

std::string outcome_text(const std::string& outcome, Lang lang) {
  if (outcome.empty()) return {};
  if (lang == Lang::en || !has_message("outcome." + outcome)) return outcome;
  return render(Message{"outcome." + outcome}, Lang::zh) + " (" + outcome + ")";
}

std::string invariant_label(const Scenario& scenario, const std::string& invariant, Lang lang) {
  return render(Message{family_message_key(scenario.schema, "invariant." + invariant)}, lang);
}

std::string figure_value_text(const Figure& figure) {
  if (figure.name != "nights") return is_null(figure.value) ? "-" : to_display(figure.value);
  std::string text;
  for (const auto& night : figure.nights) {
    if (!text.empty()) text += ", ";
    text += night.night + " " + std::to_string(night.available) + "/" + std::to_string(night.sold) + "/" +
            std::to_string(night.capacity);
  }
  return text;
}

std::string actor_label(const Scenario& scenario, const std::string& actor_id, Lang lang) {
  const Actor* actor = scenario.find_actor(actor_id);
  if (!actor || actor->name.empty()) return actor_id;
  return actor->name.in(lang);
}

std::string action_label(const Scenario& scenario, Model model, const std::string& actor_id,
                         const std::string& action, Lang lang) {
  const CaseFamily* family = find_family(scenario.schema);
  const ActionEntry* info = family ? find_action(*family, action) : nullptr;
  if (!info) {
    // An SQL scenario's step: its events are named by their steps, each labelled with its SQL.
    if (const Event* event = scenario.find_event(action); event && !event->label.empty())
      return event->label.in(lang);
    return actor_id + ": " + action;
  }
  const std::string label =
      fill_placeholders(info->label(model).in(lang), {{"actor", actor_label(scenario, actor_id, lang)}});
  return lang == Lang::zh ? without_spaces_between_cjk(label) : label;
}

}  // namespace reslab
