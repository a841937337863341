#include "core/formats/step_explanation.hpp"

#include "core/formats/labels.hpp"
#include "core/sim/message.hpp"

namespace reslab {

StepExplanation explain_step(const Scenario& scenario, Model model, const Step& step, Lang lang) {
  StepExplanation why;
  const Event* event = scenario.find_event(step.event);
  why.heading =
      render({"md.step_header",
              {{"step", std::to_string(step.index)},
               {"time", std::to_string(step.time)},
               {"what", action_label(scenario, model, step.actor, event ? event->action : "", lang)}}},
             lang);
  if (step.time != step.scheduled_time)
    why.ran_late = render({"md.ran_late", {{"scheduled", std::to_string(step.scheduled_time)}}}, lang);
  why.outcome = step.outcome;
  why.text = render(step.explanation, lang);
  for (const auto& wake : step.wakes)
    why.wakes.push_back({render({"md.woke",
                                 {{"actor", actor_label(scenario, wake.actor, lang)},
                                  {"outcome", outcome_text(wake.outcome, lang)}}},
                                lang),
                         render(wake.explanation, lang)});
  // The note as the run said it (its quoted times filled in: timed_text.hpp).
  for (const auto& message : step.explanation)
    if (message.key == "engine.note") why.note = render(message, lang);
  return why;
}

}  // namespace reslab
