#include "core/formats/step_row.hpp"

#include "core/formats/labels.hpp"
#include "core/sim/message.hpp"

namespace reslab {

std::string step_time_text(const Step& step, Lang lang) {
  if (step.time == step.scheduled_time)
    return render({"md.seconds", {{"t", std::to_string(step.time)}}}, lang);
  return render(
      {"md.scheduled", {{"t", std::to_string(step.time)}, {"s", std::to_string(step.scheduled_time)}}}, lang);
}

std::string step_event_text(const Step& step, Lang lang) {
  std::string event = render(step.summary, lang);
  if (step.committed_is_previous)
    event += (lang == Lang::zh ? "" : " ") + render(Message{"md.committed_previous"}, lang);
  return event;
}

std::string step_outcome_text(const Scenario& scenario, const Step& step, Lang lang, OutcomeWord word) {
  std::string text = word(step.outcome, lang);
  for (const auto& wake : step.wakes)
    text +=
        render(Message{"md.wakes.separator"}, lang) +
        render({"md.wakes",
                {{"actor", actor_label(scenario, wake.actor, lang)}, {"outcome", word(wake.outcome, lang)}}},
               lang);
  return text;
}

std::string step_invariants_text(const Scenario& scenario, const CommittedState& state, Lang lang) {
  if (state.invariants.empty()) return "-";
  std::string broken;
  for (const auto& invariant : state.invariants) {
    if (invariant.holds) continue;
    if (!broken.empty()) broken += "; ";
    broken += "✗ " + invariant_label(scenario, invariant.name, lang) + ": " + render(invariant.detail, lang);
  }
  return broken.empty() ? "✓ " + render(Message{"invariant.all_hold"}, lang) : broken;
}

}  // namespace reslab
