// [SECTION] index: actor buttons · stepping · preset and times · state summary
#include "app/panels/controls_panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <initializer_list>

#include "app/panels/compare_panel.hpp"
#include "app/panels/invariant_badge.hpp"
#include "app/panels/verdict_badge.hpp"
#include "app/panels/widgets.hpp"
#include "app/text/wrapped_text.hpp"
#include "core/sim/message_catalog.hpp"
#include "core/sim/spec_file.hpp"

namespace reslab {
namespace {

// [SECTION] actor buttons
// Every label an actor's button may show in this case and model: its actions, waiting for any other
// actor, done, resolved with any outcome, hidden. The button is as high as the longest of them, so it
// keeps its place, and the buttons under it keep theirs, from step to step.
std::vector<std::string> possible_labels(const PanelContext& ctx, const std::string& actor) {
  const Scenario& scenario = ctx.session().scenario();
  const std::string name = ctx.actor_name(actor);
  std::vector<std::string> labels{ctx.tr("controls.actor_done", {{"actor", name}}),
                                  ctx.tr("controls.actor_hidden", {{"actor", name}})};
  for (const auto& event : scenario.events)
    if (event.actor == actor) labels.push_back(ctx.action_label(actor, event.action));
  if (const SqlScenario* sql = ctx.session().sql_scenario()) {
    labels.push_back(ctx.tr("controls.session_waiting_lock", {{"actor", name}}));
    for (const auto& permutation : sql->permutations)
      for (std::size_t i = 0; i < permutation.steps.size(); ++i)
        if (const SqlStep* step = sql->find_step(permutation.steps[i]); step && step->session == actor)
          if (const std::string markers = blockers_text(permutation.blockers_at(i)); !markers.empty())
            labels.push_back(ctx.tr("controls.session_held", {{"actor", name}, {"markers", markers}}));
    for (const auto& other : scenario.actors)
      if (other.id != actor)
        labels.push_back(
            ctx.tr("controls.session_waiting", {{"actor", name}, {"holder", ctx.actor_name(other.id)}}));
    return labels;
  }
  const bool row = backend_facts(ctx.session().backend()).row_locks();
  for (const auto& other : scenario.actors)
    if (other.id != actor)
      labels.push_back(ctx.tr(row ? "controls.actor_waiting_row" : "controls.actor_waiting",
                              {{"actor", name}, {"holder", ctx.actor_name(other.id)}}));
  for (const auto& message : engine_messages()) {
    const std::string_view key = message.key;
    if (key.rfind("outcome.", 0) != 0) continue;
    const std::string outcome = ctx.outcome_text(std::string(key.substr(8)));
    for (const char* form : {"controls.actor_resolved", "controls.actor_resolved_next"})
      labels.push_back(ctx.tr(form, {{"actor", name}, {"outcome", outcome}}));
  }
  return labels;
}

// A waiting actor's button says whom it waits for. A row-locking server makes it wait for a row another
// transaction wrote, SQLite for the write lock; an SQL scenario's session for whom the database names.
std::string waiting_label(const PanelContext& ctx, const ActorControl& control) {
  const std::string actor = ctx.actor_name(control.actor);
  if (!control.held_by.empty())
    return ctx.tr("controls.session_held", {{"actor", actor}, {"markers", control.held_by}});
  if (ctx.session().is_sql())
    return control.waiting_for.empty()
               ? ctx.tr("controls.session_waiting_lock", {{"actor", actor}})
               : ctx.tr("controls.session_waiting",
                        {{"actor", actor}, {"holder", ctx.actor_name(control.waiting_for)}});
  const bool row = backend_facts(ctx.session().backend()).row_locks();
  return ctx.tr(row ? "controls.actor_waiting_row" : "controls.actor_waiting",
                {{"actor", actor}, {"holder", ctx.actor_name(control.waiting_for)}});
}

void draw_actor_buttons(const PanelContext& ctx) {
  const auto controls = ctx.session().controls();
  const float width = ImGui::GetContentRegionAvail().x;
  const bool hidden = ctx.view().result_hidden(ctx.session().cursor());
  for (std::size_t i = 0; i < controls.size(); ++i) {
    const ActorControl& control = controls[i];
    const std::string key = i < 9 ? std::to_string(i + 1) + "  " : "   ";
    const std::string id = "actor " + std::to_string(i + 1);
    int lines = 1;
    for (const auto& label : possible_labels(ctx, control.actor))
      lines = std::max(lines, wrapped_button_lines(key + label, width));
    ImGui::PushID(static_cast<int>(i));
    if (hidden) {
      // Who waits and who is done would give the hidden result away.
      wrapped_button(key + ctx.tr("controls.actor_hidden", {{"actor", ctx.actor_name(control.actor)}}), width,
                     false, lines, id);
    } else if (control.waiting) {
      ImGui::PushStyleColor(ImGuiCol_Button, ctx.colors.waiting_button);
      wrapped_button(key + waiting_label(ctx, control), width, false, lines, id);
      ImGui::PopStyleColor();
    } else if (control.event.empty()) {
      const std::string done =
          control.resolved.empty()
              ? ctx.tr("controls.actor_done", {{"actor", ctx.actor_name(control.actor)}})
              : ctx.tr("controls.actor_resolved", {{"actor", ctx.actor_name(control.actor)},
                                                   {"outcome", ctx.outcome_text(control.resolved)}});
      wrapped_button(key + done, width, false, lines, id);
    } else {
      const bool can_run = control.blocked_reason.empty();
      // A label wraps rather than being cut: the class reads who does what next. A request already decided
      // says so: its next event changes nothing.
      const std::string label =
          control.resolved.empty()
              ? ctx.action_label(control.actor, control.action)
              : ctx.tr("controls.actor_resolved_next", {{"actor", ctx.actor_name(control.actor)},
                                                        {"outcome", ctx.outcome_text(control.resolved)}});
      if (wrapped_button(key + label, width, can_run, lines, id)) ctx.send(RunActor{control.actor});
      if (!can_run && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", control.blocked_reason.c_str());
    }
    ImGui::PopID();
  }
}

// Text after the item just drawn: on its line when it fits there, else wrapped on the next.
void text_beside(const std::string& text) {
  ImGui::SameLine();
  if (ImGui::CalcTextSize(text.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
  text_wrapped(text);
}

// [SECTION] stepping
// The width of a button as wide as the widest of the labels it takes in turn (Next and Reveal, Play and
// Pause), so neither it nor the buttons beside it move when its label changes.
float steady_width(std::initializer_list<std::string> labels) {
  float width = 0;
  for (const auto& each : labels) width = std::max(width, ImGui::CalcTextSize(each.c_str()).x);
  return width + ImGui::GetStyle().FramePadding.x * 2;
}

void draw_stepping(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const bool can_back = session.cursor() > 0;
  const std::string reset = ctx.tr("controls.reset"), back = ctx.tr("controls.back");
  const std::string next = ctx.tr("controls.next"), reveal = ctx.tr("controls.reveal");
  const std::string play = ctx.tr("controls.play"), pause = ctx.tr("controls.pause");
  const float widths[] = {steady_width({reset}), steady_width({back}), steady_width({next, reveal}),
                          steady_width({play, pause})};
  // One row when the four fit the column, else two (Reset, Back / Next, Play): which one depends on the
  // language and the text size only, never on the step.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const bool one_row =
      widths[0] + widths[1] + widths[2] + widths[3] + spacing * 3 <= ImGui::GetContentRegionAvail().x;
  if (button(reset + "###step_reset", can_back || !session.follows_preset(), ImVec2(widths[0], 0)))
    ctx.send(ResetSteps{});
  ImGui::SameLine();
  if (button(back + "###step_back", can_back, ImVec2(widths[1], 0))) ctx.send(StepBack{});
  if (one_row) ImGui::SameLine();
  const bool hidden = ctx.view().result_hidden(session.cursor());
  if (button((hidden ? reveal : next) + "###step_next", hidden || session.next_event().has_value(),
             ImVec2(widths[2], 0)))
    ctx.send(StepForward{});
  ImGui::SameLine();
  // Play turns to Pause while it plays, and back to Play at the last step.
  const bool can_play = session.next_event().has_value() || hidden;
  if (button((ctx.view().playing ? pause : play) + "###step_play", ctx.view().playing || can_play,
             ImVec2(widths[3], 0)))
    ctx.send(TogglePlay{});

  if (!ctx.view().presenting) {
    float speed = static_cast<float>(ctx.view().seconds_per_step);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    if (ImGui::SliderFloat("##speed", &speed, 0.2f, 10.0f, ctx.tr("controls.speed_format").c_str(),
                           ImGuiSliderFlags_Logarithmic))
      ctx.send(SetPlaySpeed{speed});
    record_item(ctx.tr("controls.speed"));
    text_beside(ctx.tr("controls.speed"));
  }

  plain_text(ctx.tr("controls.step_of", {{"step", std::to_string(session.cursor())},
                                         {"steps", std::to_string(session.step_count())}}));
}

// [SECTION] preset and times
// The next button goes beside the last one when its label fits there, else on the next line: which one
// depends on the language and text size only.
void same_line_if_room(const std::string& label) {
  ImGui::SameLine();
  const float width =
      ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
  if (width > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
}

// Save what is shown as a preset of the user's own copy of the file, go back to the preset as written,
// undo the last change of the order or times. Always there (disabled when there is nothing to do), so
// nothing below them moves when they apply.
void draw_preset_actions(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const bool changed = !session.follows_preset() || !session.moved_times().empty();
  const std::string save = ctx.tr("controls.save_preset"), restore = ctx.tr("controls.restore_preset");
  const std::string undo = ctx.tr("controls.undo");
  if (button(save, changed)) {
    ctx.edits.preset_title.clear();
    ImGui::OpenPopup("save_preset");
  }
  same_line_if_room(restore);
  if (button(restore, changed)) ctx.send(RestorePreset{});
  same_line_if_room(undo);
  if (button(undo, ctx.app.can_undo())) ctx.send(Undo{});
  if (ImGui::BeginPopup("save_preset")) {
    plain_text(ctx.tr("controls.preset_title"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    const bool entered =
        ImGui::InputTextWithHint("##preset_title", ctx.tr("controls.preset_title_hint").c_str(),
                                 &ctx.edits.preset_title, ImGuiInputTextFlags_EnterReturnsTrue);
    record_item(ctx.tr("controls.preset_title"));
    const char* where = session.is_sql() ? "controls.save_permutation_where" : "controls.save_preset_where";
    text_wrapped_parts({{ctx.tr(where), ImGui::GetColorU32(ImGuiCol_TextDisabled)}},
                       ImGui::GetFontSize() * 18);
    if ((button(ctx.tr("controls.save")) || entered) && !ctx.edits.preset_title.empty()) {
      ctx.send(SavePreset{ctx.edits.preset_title});
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (button(ctx.tr("controls.cancel"))) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

// Any interleaving of an SQL scenario's sessions by its number, past the ones the picker lists.
void draw_interleaving_number(const PanelContext& ctx) {
  plain_text(ctx.tr("controls.interleaving"));
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  const bool entered =
      ImGui::InputInt("##interleaving", &ctx.edits.interleaving, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue);
  record_item(ctx.tr("controls.interleaving"));
  if (ctx.edits.interleaving < 1) ctx.edits.interleaving = 1;
  ImGui::SameLine();
  if (button(ctx.tr("controls.interleaving_go")) || entered)
    ctx.send(UseInterleaving{static_cast<std::size_t>(ctx.edits.interleaving)});
}

void draw_preset_and_times(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const Scenario& scenario = session.scenario();
  if (!scenario.presets.empty()) {
    const Preset* current = scenario.find_preset(session.preset());
    std::string preview = current ? (current->title.empty() ? current->name : current->title.in(ctx.lang()))
                                  : ctx.tr("controls.preset_custom");
    // An order built by running actors, or moved times, is no longer the preset as written: it says so.
    if (current && (!session.follows_preset() || !session.moved_times().empty()))
      preview = ctx.tr("controls.preset_changed", {{"preset", preview}});
    const std::string heading = ctx.tr(session.is_sql() ? "controls.permutation" : "controls.preset");
    plain_text(heading);
    if (begin_wrapped_combo(heading + "##preset", preview)) {
      for (const auto& preset : scenario.presets) {
        const std::string title = preset.title.empty() ? preset.name : preset.title.in(ctx.lang());
        if (ImGui::Selectable((title + "##" + preset.name).c_str(), current == &preset))
          ctx.send(ChoosePreset{preset.name});
        record_item(title);
      }
      ImGui::EndPopup();
    }
    if (session.is_sql()) draw_interleaving_number(ctx);
    draw_preset_actions(ctx);
  }
  for (const auto& event : scenario.events) {
    if (!event.movable) continue;
    int seconds = static_cast<int>(session.time_of(event.id));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    // The field moves when the event runs; a time the event carries (the provider's paid_at) is its own fact.
    const std::string label = event.time_label.empty() ? ctx.tr("controls.event_time", {{"event", event.id}})
                                                       : event.time_label.in(ctx.lang());
    // Never before a time the event carries (plan.hpp, earliest_time).
    const int floor = static_cast<int>(session.earliest(event.id).seconds);
    if (ImGui::DragInt(("##time_" + event.id).c_str(), &seconds, 0.1f, floor, 1'000'000'000, "%d s",
                       ImGuiSliderFlags_AlwaysClamp))
      ctx.send(MoveEvent{event.id, seconds});
    record_item(label);
    text_beside(label);
    for (const auto& [name, value] : session.args_of(event.id))
      if (name.size() > 3 && name.compare(name.size() - 3, 3, "_at") == 0)
        text_wrapped_parts({{ctx.tr("controls.event_fact", {{"name", name}, {"seconds", to_display(value)}}),
                             ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
  }
  if (button(ctx.tr("controls.copy_order"))) ctx.send(CopyOrder{});
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("reslab trace %s %s", scenario.id.c_str(), session.order_argument().c_str());
}

// An SQL scenario's verdict, or in the compare view each variant's (in the file's order).
void draw_sql_verdicts(const PanelContext& ctx, bool hidden) {
  const LabSession& session = ctx.session();
  if (!ctx.view().compare || ctx.app.comparisons().empty()) {
    draw_verdict_badge(ctx, session.trace(), session.cursor(), "", hidden);
    return;
  }
  const int cursor = session.cursor();
  const std::vector<ComparedTrace> traces = compared_traces(ctx);
  // Named by level, and by backend too when the variants run on different ones.
  const bool across = traces.front().trace->backend != traces.back().trace->backend;
  for (const auto& compared : traces) {
    const Trace& trace = *compared.trace;
    const SqlVariant* variant = session.sql_scenario()->find_variant(trace.variant);
    const std::string label =
        across || !variant ? compared_label(ctx, trace) : level_text(variant->level, ctx.lang());
    draw_verdict_badge(ctx, trace, std::min<int>(cursor, static_cast<int>(trace.steps.size())),
                       "(" + label + ") ", hidden);
  }
}

}  // namespace

void draw_controls_panel(const PanelContext& ctx) {
  // When the top bar names the case by its short name only ("H2"), this column heads with its title.
  const Scenario& scenario = ctx.session().scenario();
  ctx.heading(ctx.slide.measuring.title_abbreviated
                  ? (scenario.title.empty() ? scenario.id : scenario.title.in(ctx.lang()))
                  : ctx.tr("controls.title"));
  draw_actor_buttons(ctx);
  ImGui::Spacing();
  draw_stepping(ctx);
  ImGui::Separator();
  if (!ctx.view().presenting) {
    draw_preset_and_times(ctx);
    ImGui::Separator();
  }

  // [SECTION] state summary
  const LabSession& session = ctx.session();
  const bool hidden = ctx.view().result_hidden(session.cursor());
  const auto state = session.committed_at(session.cursor());
  draw_figures(ctx, state.get(), hidden);
  ImGui::Spacing();
  if (session.is_sql()) {
    draw_sql_verdicts(ctx, hidden);
  } else if (!ctx.view().compare) {
    draw_invariant_badge(ctx, state.get(), "", hidden);
  } else {
    // One badge per verdict of the compare view: runs whose invariants read alike share one.
    for (const auto& verdict : compared_verdicts(ctx))
      draw_invariant_badge(ctx, verdict.state.get(), "(" + verdict.label + ") ", hidden);
  }
}

}  // namespace reslab
