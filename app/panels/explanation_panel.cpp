#include "app/panels/explanation_panel.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/export/visibility.hpp"
#include "app/panels/widgets.hpp"
#include "app/text/wrapped_text.hpp"
#include "core/formats/labels.hpp"
#include "core/formats/step_explanation.hpp"
#include "core/sim/message.hpp"
#include "core/sim/timed_text.hpp"

namespace reslab {
namespace {

// A paragraph in one colour, wrapped between any two Chinese characters as well as at spaces.
void paragraph(ImU32 color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  text_wrapped(text);
  ImGui::PopStyleColor();
}

void paragraph(const std::string& text) {
  text_wrapped(text);
}

void muted(const std::string& text) {
  paragraph(ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
}

// What the step did, then the general knowledge said with it (how the databases lock, what a table
// stands for), set apart and muted. On a crowded slide the background folds to one line whose full
// text shows on hover: it is the same in every run, what the step did is not.
// The scenario's note for the event follows the facts, muted.
// `lead`, when given, opens the first paragraph in its own colour (who woke, and how it ended).
void explanation(const PanelContext& ctx, const std::vector<Message>& messages,
                 const ColoredPart& lead = {}) {
  std::vector<Message> facts, notes, background;
  for (const auto& message : messages)
    (is_background(message.key)     ? background
     : message.key == "engine.note" ? notes
                                    : facts)
        .push_back(message);
  const std::string text = render(facts, ctx.lang());
  if (lead.text.empty())
    paragraph(text);
  else
    text_wrapped_parts(
        {lead, {(ctx.lang() == Lang::en ? " " : "") + text, ImGui::GetColorU32(ImGuiCol_Text)}});
  for (const auto& note : notes) muted(render(note, ctx.lang()));
  if (background.empty()) return;
  ctx.slide.measuring.has_background = true;
  const std::string aside = render(background, ctx.lang());
  const ImU32 muted_color = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  if (!ctx.slide.fold_background) {
    paragraph(muted_color, ctx.tr("why.background", {{"text", aside}}));
    return;
  }
  // Folded, it says where the text is rather than showing the first half of a sentence.
  text_wrapped_parts({{ctx.tr("why.background_folded"), muted_color}});
  if (ImGui::IsItemHovered()) wrapped_tooltip(aside);
}

std::string step_header(const PanelContext& ctx, const Step& step) {
  const Event* event = ctx.session().scenario().find_event(step.event);
  return ctx.tr(ctx.session().is_sql() ? "why.sql_step_header" : "why.step_header",
                {{"step", std::to_string(step.index)},
                 {"time", std::to_string(step.time)},
                 {"what", ctx.action_label(step.actor, event ? event->action : "")}});
}

// [SECTION] SQL scenarios
// What the file expects of the step, as questions to call before the reveal (`asked` only), or with what
// the run did after it.
void predictions(const PanelContext& ctx, const Step& step, bool revealed) {
  bool first = true;
  for (const auto& prediction : step.predictions) {
    if (!revealed && !prediction.asked) continue;
    if (first) {
      ImGui::Spacing();
      muted(ctx.tr(revealed ? "why.predictions" : "why.predict_questions"));
      first = false;
    }
    const std::string question = render(prediction.question, ctx.lang());
    if (!revealed) {
      paragraph(ctx.colors.axis_text, "· " + question);
      continue;
    }
    paragraph(prediction.verdict == Prediction::Verdict::unmet ? ctx.colors.broken_text
                                                               : ImGui::GetColorU32(ImGuiCol_Text),
              "· " + prediction_text(prediction, ctx.lang()));
  }
}

// The variant's own explanation, which its file wrote for its first permutation: shown after the last step
// of that order (it says how the run ends), and not for an order of the user's own.
void variant_explanation(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const SqlVariant* variant = session.variant();
  const Scenario& view = session.scenario();
  if (!variant || variant->explanation.empty() || view.presets.empty()) return;
  const Preset& written_for = view.presets.front();
  if (session.wanted_order() != written_for.order || session.cursor() != session.step_count()) return;
  ImGui::Spacing();
  ImGui::Separator();
  muted(ctx.tr("why.variant_explains", {{"level", level_text(variant->level, ctx.lang())}}));
  paragraph(variant->explanation.in(ctx.lang()));
}

void sql_overview(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const SqlVariant* variant = session.variant();
  paragraph(session.scenario().summary.in(ctx.lang()));
  ImGui::Spacing();
  const SqlScenario* sql = session.sql_scenario();
  if (variant && !variant->begin.empty()) {
    muted(ctx.tr("why.variant", {{"level", level_text(variant->level, ctx.lang())},
                                 {"backend", std::string(backend_display(variant->backend))}}));
    // The variant's BEGIN: what each session runs before its first step.
    text_wrapped_parts({{variant->begin, ctx.colors.sql_text}});
  } else if (variant && sql) {
    // No BEGIN of the variant's own (a .spec): the sessions' own setups open their transactions.
    const bool setups = std::any_of(sql->sessions.begin(), sql->sessions.end(),
                                    [](const SqlSession& own) { return own.setup.has_value(); });
    const std::vector<std::pair<std::string, std::string>> words{
        {"level", level_text(variant->level, ctx.lang())},
        {"backend", std::string(backend_display(variant->backend))}};
    muted(ctx.tr(setups ? "why.variant_session_setups" : "why.variant_no_begin", words));
    for (const auto& own : sql->sessions)
      if (own.setup)
        text_wrapped_parts({{own.id + ": ", ctx.colors.sql_text}, {own.setup->text, ctx.colors.sql_text}});
  }
  ImGui::Spacing();
  muted(ctx.tr("why.sql_start_hint"));
}

}  // namespace

// The panel draws straight into the window it is given (no scrolling child of its own), so the
// caller can read how tall it needed to be and give it that room on the next frame.
void draw_explanation_panel(const PanelContext& ctx) {
  const LabSession& session = ctx.session();
  const Scenario& scenario = session.scenario();
  const Lang lang = ctx.lang();
  // The summary and the questions quote event times as this run schedules them (a moved event too).
  const auto timed = [&](const LocalizedText& text) {
    return with_times(text.in(lang), session.trace().times);
  };
  ctx.heading(ctx.tr("why.title"));
  // A crowded slide gives the questions one line beside the heading (whole on hover); before the first
  // step, the case's overview, they are always shown whole.
  const bool overview = session.cursor() == 0;
  const bool has_questions = !scenario.questions.empty();
  ctx.slide.measuring.questions_foldable = has_questions && !overview;
  const bool questions_folded = has_questions && ctx.slide.fold_questions && !overview;
  if (questions_folded) {
    std::string all;
    for (std::size_t i = 0; i < scenario.questions.size(); ++i)
      all += (all.empty() ? "" : "\n") + std::to_string(i + 1) + ". " + timed(scenario.questions[i]);
    // Beside the heading when it fits there, else on a line of its own: whole either way.
    const std::string folded =
        ctx.tr("why.questions_folded", {{"count", std::to_string(scenario.questions.size())}});
    ImGui::SameLine(0, ImGui::GetFontSize());
    if (ImGui::CalcTextSize(folded.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
    ImGui::AlignTextToFramePadding();
    text_wrapped_parts({{folded, ImGui::GetColorU32(ImGuiCol_TextDisabled)}});
    if (ImGui::IsItemHovered()) wrapped_tooltip(all);
  }

  if (!ctx.view().notice.empty()) paragraph(ctx.colors.broken_text, ctx.view().notice);

  const Step* step = session.current_step();
  if (!step && session.is_sql()) {
    sql_overview(ctx);
  } else if (!step) {
    paragraph(timed(scenario.summary));
    ImGui::Spacing();
    const LocalizedText& model =
        session.model() == Model::naive ? scenario.naive_model : scenario.atomic_model;
    if (!model.empty()) {
      muted(ctx.model_label(session.model()));
      paragraph(model.in(lang));
    }
    ImGui::Spacing();
    muted(ctx.tr("why.start_hint"));
  } else if (ctx.view().result_hidden(session.cursor())) {
    paragraph(step_header(ctx, *step));
    ImGui::Spacing();
    paragraph(ctx.colors.axis_text,
              ctx.tr(session.is_sql() ? "why.predict_prompt_sql" : "why.predict_prompt"));
    predictions(ctx, *step, false);
  } else {
    ImGui::BeginGroup();
    // The step and its outcome in one paragraph, the outcome muted.
    const ImU32 muted_color = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    text_wrapped_parts(
        {{step_header(ctx, *step), ImGui::GetColorU32(ImGuiCol_Text)},
         {"  " + ctx.tr("why.outcome", {{"outcome", ctx.outcome_text(step->outcome)}}), muted_color}});
    if (step->time != step->scheduled_time)
      muted(ctx.tr("why.ran_late", {{"scheduled", std::to_string(step->scheduled_time)}}));
    ImGui::Spacing();
    explanation(ctx, step->explanation);
    for (const auto& wake : step->wakes) {
      ImGui::Spacing();
      explanation(ctx, wake.explanation,
                  {ctx.tr("why.woke", {{"actor", ctx.actor_name(wake.actor)},
                                       {"outcome", ctx.outcome_text(wake.outcome)}}),
                   ctx.colors.wake_arrow});
    }
    predictions(ctx, *step, true);
    ImGui::EndGroup();
    require_shown("explanation");
    variant_explanation(ctx);
  }

  if (has_questions && !questions_folded) {
    ImGui::Spacing();
    ImGui::Separator();
    // Numbered and set close together, as a list.
    const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing.x, spacing.y * 0.34f));
    ImGui::BeginGroup();
    paragraph(ctx.tr("why.questions"));
    for (std::size_t i = 0; i < scenario.questions.size(); ++i)
      paragraph(std::to_string(i + 1) + (lang == Lang::zh ? "．" : ". ") + timed(scenario.questions[i]));
    ImGui::EndGroup();
    ImGui::PopStyleVar();
    require_shown("questions");
  }
}

}  // namespace reslab
