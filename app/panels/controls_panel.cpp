// [SECTION] index: actor buttons · stepping · preset and times · state summary
#include "app/panels/controls_panel.hpp"

#include <imgui.h>

#include "app/panels/invariant_badge.hpp"
#include "app/widgets.hpp"
#include "app/wrapped_text.hpp"

namespace reslab {
namespace {

// [SECTION] actor buttons
void draw_actor_buttons(const PanelContext& ctx) {
  const auto controls = ctx.session().controls();
  const float width = ImGui::GetContentRegionAvail().x;
  if (ctx.view().result_hidden(ctx.session().cursor())) {
    // Who waits and who is done would give the hidden result away.
    for (std::size_t i = 0; i < controls.size(); ++i)
      wrapped_button(ctx.tr("controls.actor_hidden", {{"actor", ctx.actor_name(controls[i].actor)}}) +
                         "##actor" + std::to_string(i),
                     width, false);
    return;
  }
  for (std::size_t i = 0; i < controls.size(); ++i) {
    const ActorControl& control = controls[i];
    const std::string key = i < 9 ? std::to_string(i + 1) + "  " : "   ";
    ImGui::PushID(static_cast<int>(i));
    if (control.event.empty()) {
      const std::string done =
          control.resolved.empty()
              ? ctx.tr("controls.actor_done", {{"actor", ctx.actor_name(control.actor)}})
              : ctx.tr("controls.actor_resolved", {{"actor", ctx.actor_name(control.actor)},
                                                   {"outcome", ctx.outcome_text(control.resolved)}});
      wrapped_button(key + done, width, false);
    } else if (control.waiting) {
      ImGui::PushStyleColor(ImGuiCol_Button, ctx.colors.waiting_button);
      // PostgreSQL makes it wait for a row another transaction wrote; SQLite for the database's write lock.
      const bool row = ctx.session().backend() != Backend::sqlite;
      wrapped_button(key + ctx.tr(row ? "controls.actor_waiting_row" : "controls.actor_waiting",
                                  {{"actor", ctx.actor_name(control.actor)},
                                   {"holder", ctx.actor_name(control.waiting_for)}}),
                     width, false);
      ImGui::PopStyleColor();
    } else {
      const bool can_run = control.blocked_reason.empty();
      // A label wraps rather than being cut: the class reads who does what next.
      if (wrapped_button(key + ctx.action_label(control.actor, control.action), width, can_run))
        ctx.send(RunActor{control.actor});
      if (!can_run && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", control.blocked_reason.c_str());
    }
    ImGui::PopID();
  }
}

// [SECTION] stepping
void draw_stepping(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const bool can_back = session.cursor() > 0;
  if (button(ctx.tr("controls.reset"), can_back)) ctx.send(ResetSteps{});
  ImGui::SameLine();
  if (button(ctx.tr("controls.back"), can_back)) ctx.send(StepBack{});
  ImGui::SameLine();
  const bool hidden = ctx.view().result_hidden(session.cursor());
  if (button(hidden ? ctx.tr("controls.reveal") : ctx.tr("controls.next"),
             hidden || session.next_event().has_value()))
    ctx.send(StepForward{});
  ImGui::SameLine();
  if (button(ctx.view().playing ? ctx.tr("controls.pause") : ctx.tr("controls.play"))) ctx.send(TogglePlay{});

  float speed = static_cast<float>(ctx.view().seconds_per_step);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::SliderFloat("##speed", &speed, 0.2f, 10.0f, ctx.tr("controls.speed_format").c_str(),
                         ImGuiSliderFlags_Logarithmic))
    ctx.send(SetPlaySpeed{speed});
  record_item(ctx.tr("controls.speed"));
  ImGui::SameLine();
  ImGui::TextUnformatted(ctx.tr("controls.speed").c_str());

  ImGui::TextUnformatted(ctx.tr("controls.step_of", {{"step", std::to_string(session.cursor())},
                                                     {"steps", std::to_string(session.step_count())}})
                             .c_str());
}

// [SECTION] preset and times
void draw_preset_and_times(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const Scenario& scenario = session.scenario();
  if (!scenario.presets.empty()) {
    const Preset* current = scenario.find_preset(session.preset());
    const std::string preview = current
                                    ? (current->title.empty() ? current->name : current->title.in(ctx.lang()))
                                    : ctx.tr("controls.preset_custom");
    ImGui::TextUnformatted(ctx.tr("controls.preset").c_str());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    if (ImGui::BeginCombo("##preset", preview.c_str())) {
      for (const auto& preset : scenario.presets) {
        const std::string title = preset.title.empty() ? preset.name : preset.title.in(ctx.lang());
        if (ImGui::Selectable((title + "##" + preset.name).c_str(), current == &preset))
          ctx.send(ChoosePreset{preset.name});
        record_item(title);
      }
      ImGui::EndCombo();
    }
    record_item(ctx.tr("controls.preset"));
  }
  for (const auto& event : scenario.events) {
    if (!event.movable) continue;
    int seconds = static_cast<int>(session.time_of(event.id));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    // The field moves when the event runs; a time the event carries (the provider's paid_at) is its own fact.
    const std::string label = event.time_label.empty() ? ctx.tr("controls.event_time", {{"event", event.id}})
                                                       : event.time_label.in(ctx.lang());
    if (ImGui::DragInt(("##time_" + event.id).c_str(), &seconds, 0.1f, 0, 1'000'000'000, "%d s"))
      ctx.send(MoveEvent{event.id, seconds});
    record_item(label);
    ImGui::SameLine();
    ImGui::TextUnformatted(label.c_str());
    for (const auto& [name, value] : session.args_of(event.id))
      if (name.size() > 3 && name.compare(name.size() - 3, 3, "_at") == 0)
        ImGui::TextDisabled(
            "%s", ctx.tr("controls.event_fact", {{"name", name}, {"seconds", to_display(value)}}).c_str());
  }
  if (button(ctx.tr("controls.copy_order"))) ctx.send(CopyOrder{});
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("reslab trace %s %s", scenario.id.c_str(), session.order_argument().c_str());
}

}  // namespace

void draw_controls_panel(const PanelContext& ctx) {
  ctx.heading(ctx.tr("controls.title"));
  draw_actor_buttons(ctx);
  ImGui::Spacing();
  draw_stepping(ctx);
  ImGui::Separator();
  draw_preset_and_times(ctx);
  ImGui::Separator();

  // [SECTION] state summary
  const LabSession& session = ctx.session();
  const bool hidden = ctx.view().result_hidden(session.cursor());
  const auto state = session.committed_at(session.cursor());
  draw_figures(ctx, state.get(), hidden);
  ImGui::Spacing();
  if (!ctx.view().compare) {
    draw_invariant_badge(ctx, state.get(), "", hidden);
  } else if (const PartialReplay* other = ctx.app.comparison()) {
    const int other_step = std::min<int>(session.cursor(), static_cast<int>(other->trace.steps.size()));
    const auto other_state =
        other_step == 0 ? other->trace.initial : other->trace.steps[other_step - 1].committed;
    // Naive before atomic, or SQLite before PostgreSQL when one model is compared on both backends.
    const bool backends = ctx.view().compare_backends;
    const bool current_first =
        backends ? session.backend() == Backend::sqlite : session.model() == Model::naive;
    const auto label = [&](const Trace& trace) {
      return "(" +
             (backends ? ctx.tr(trace.backend == Backend::sqlite ? "backend.sqlite" : "backend.postgres")
                       : ctx.model_label(trace.model)) +
             ") ";
    };
    const Trace& first = current_first ? session.trace() : other->trace;
    const Trace& second = current_first ? other->trace : session.trace();
    draw_invariant_badge(ctx, current_first ? state.get() : other_state.get(), label(first), hidden);
    draw_invariant_badge(ctx, current_first ? other_state.get() : state.get(), label(second), hidden);
  }
}

}  // namespace reslab
