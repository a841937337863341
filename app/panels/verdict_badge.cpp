#include "app/panels/verdict_badge.hpp"

#include <imgui.h>

#include "app/panels/invariant_badge.hpp"
#include "app/text/wrapped_text.hpp"
#include "core/sim/sql_run.hpp"

namespace reslab {

std::string verdict_words(const PanelContext& ctx, bool anomaly, const std::string& how) {
  const std::string word = ctx.tr(anomaly ? "verdict.anomaly_word" : "verdict.prevented_word");
  if (how.empty()) return word;
  return ctx.tr("verdict.with_how", {{"verdict", word}, {"how", how_in_words(how, ctx.lang())}});
}

void draw_verdict_badge(const PanelContext& ctx, const Trace& trace, int cursor,
                        const std::string& title_prefix, bool hidden) {
  if (!trace.verdict) return;
  const AnomalyVerdict& verdict = *trace.verdict;
  const int last = static_cast<int>(trace.steps.size());
  if (hidden) {
    draw_badge_box(ctx, BadgeLook::hidden, title_prefix + ctx.tr("badge.hidden"), {});
    return;
  }
  // The rule speaks of the whole run (what each step read, what was committed at the end): judged after
  // the last step, not before.
  if (!verdict.complete || cursor < last) {
    const std::string title = title_prefix + ctx.tr("verdict.pending");
    draw_badge_box(ctx, BadgeLook::pending, title, [&](float right) {
      const std::string when = verdict.complete
                                   ? ctx.tr("verdict.after_step", {{"step", std::to_string(last)}})
                                   : ctx.tr("verdict.incomplete");
      text_wrapped(when, right - ImGui::GetCursorScreenPos().x);
    });
    return;
  }
  const std::string title = title_prefix + ctx.tr(verdict.anomaly ? "verdict.anomaly" : "verdict.prevented");
  draw_badge_box(ctx, verdict.anomaly ? BadgeLook::broken : BadgeLook::holds, title, [&](float right) {
    const auto line = [&](const std::string& text) {
      text_wrapped(text, right - ImGui::GetCursorScreenPos().x);
    };
    if (!verdict.how.empty())
      line(ctx.tr(verdict.anomaly ? "verdict.along" : "verdict.how",
                  {{"how", how_in_words(verdict.how, ctx.lang())}}));
    if (verdict.stuck) line(ctx.tr("verdict.stuck"));
    if (!verdict.expected_anomaly) return;
    // What the file expects of this variant: met, or what it says instead.
    const bool met = *verdict.expected_anomaly == verdict.anomaly &&
                     (!verdict.expected_how || *verdict.expected_how == verdict.how);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    line(met ? ctx.tr("verdict.as_expected")
             : ctx.tr("verdict.expected", {{"expected", verdict_words(ctx, *verdict.expected_anomaly,
                                                                      verdict.expected_how.value_or(""))}}));
    ImGui::PopStyleColor();
  });
}

}  // namespace reslab
