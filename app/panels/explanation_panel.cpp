#include "app/panels/explanation_panel.hpp"

#include <imgui.h>

#include "app/visibility.hpp"
#include "app/widgets.hpp"
#include "core/sim/message.hpp"

namespace reslab {

void draw_explanation_panel(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const Scenario& scenario = session.scenario();
  const Lang lang = ctx.lang();
  ctx.heading(ctx.tr("why.title"));
  ImGui::BeginChild("why_scroll");
  ImGui::PushTextWrapPos(0.0f);

  if (!ctx.view().notice.empty()) colored_wrapped(ctx.colors.broken_text, ctx.view().notice);

  const Step* step = session.current_step();
  if (!step) {
    ImGui::TextUnformatted(scenario.summary.in(lang).c_str());
    ImGui::Spacing();
    const LocalizedText& model = session.model() == Model::naive ? scenario.naive_model : scenario.atomic_model;
    if (!model.empty()) {
      ImGui::TextDisabled("%s", ctx.model_label(session.model()).c_str());
      ImGui::TextUnformatted(model.in(lang).c_str());
    }
    ImGui::Spacing();
    ImGui::TextDisabled("%s", ctx.tr("why.start_hint").c_str());
  } else if (ctx.view().result_hidden(session.cursor())) {
    const Event* event = scenario.find_event(step->event);
    ImGui::TextUnformatted(ctx.tr("why.step_header", {{"step", std::to_string(step->index)},
                                                      {"time", std::to_string(step->time)},
                                                      {"what", ctx.action_label(step->actor, event ? event->action : "")}})
                               .c_str());
    ImGui::Spacing();
    colored_wrapped(ctx.colors.axis_text, ctx.tr("why.predict_prompt"));
  } else {
    ImGui::BeginGroup();
    const Event* event = scenario.find_event(step->event);
    ImGui::TextUnformatted(ctx.tr("why.step_header", {{"step", std::to_string(step->index)},
                                                      {"time", std::to_string(step->time)},
                                                      {"what", ctx.action_label(step->actor, event ? event->action : "")}})
                               .c_str());
    if (step->time != step->scheduled_time)
      ImGui::TextDisabled("%s", ctx.tr("why.ran_late", {{"scheduled", std::to_string(step->scheduled_time)}}).c_str());
    ImGui::TextDisabled("%s: %s", ctx.tr("trace.outcome").c_str(), ctx.outcome_text(step->outcome).c_str());
    ImGui::Spacing();
    ImGui::TextUnformatted(render(step->explanation, lang).c_str());
    for (const auto& wake : step->wakes) {
      ImGui::Spacing();
      colored_wrapped(ctx.colors.wake_arrow, ctx.tr("why.woke", {{"actor", ctx.actor_name(wake.actor)},
                                                                 {"outcome", ctx.outcome_text(wake.outcome)}}));
      ImGui::TextUnformatted(render(wake.explanation, lang).c_str());
    }
    if (event && !event->note.empty()) {
      ImGui::Spacing();
      ImGui::TextDisabled("%s", event->note.in(lang).c_str());
    }
    ImGui::EndGroup();
    require_shown("explanation");
  }

  if (!scenario.questions.empty()) {
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::BeginGroup();
    ImGui::TextUnformatted(ctx.tr("why.questions").c_str());
    for (std::size_t i = 0; i < scenario.questions.size(); ++i)
      // ImGui wraps at spaces; Chinese has none, so "2. " would stand alone on its line.
      ImGui::Text(lang == Lang::zh ? "%zu．%s" : "%zu. %s", i + 1, scenario.questions[i].in(lang).c_str());
    ImGui::EndGroup();
    require_shown("questions");
  }
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
}

}  // namespace reslab
