#include "core/formats/step_explanation.hpp"

#include "core/formats/labels.hpp"
#include "core/sim/message.hpp"
#include "core/sim/sql_scenario_steps.hpp"

namespace reslab {

StepExplanation explain_step(const Scenario& scenario, Model model, const Step& step, Lang lang) {
  StepExplanation why;
  const Event* event = scenario.find_event(step.event);
  // An SQL scenario's steps have no time.
  why.heading =
      render({scenario.schema == kSqlCaseSchema ? "md.sql_step_header" : "md.step_header",
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
  for (const auto& prediction : step.predictions)
    why.predictions.push_back(prediction_text(prediction, lang));
  return why;
}

std::string prediction_text(const Prediction& prediction, Lang lang) {
  const char* key = prediction.verdict == Prediction::Verdict::met     ? "sql.prediction.met"
                    : prediction.verdict == Prediction::Verdict::unmet ? "sql.prediction.unmet"
                                                                       : "sql.prediction.open";
  const std::string expected = prediction.expected.key.empty()
                                   ? render(Message{"sql.prediction.no_expectation"}, lang)
                                   : render(prediction.expected, lang);
  return render(Message{key,
                        {{"question", render(prediction.question, lang)},
                         {"expected", expected},
                         {"answer", render(prediction.answer, lang)}}},
                lang);
}

}  // namespace reslab
