#include "core/formats/trace_markdown.hpp"

#include <sstream>

#include "core/formats/labels.hpp"

namespace reslab {
namespace {

std::string cell(std::string text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string time_text(const Step& step, Lang lang) {
  if (step.time == step.scheduled_time)
    return render({"md.seconds", {{"t", std::to_string(step.time)}}}, lang);
  return render(
      {"md.scheduled", {{"t", std::to_string(step.time)}, {"s", std::to_string(step.scheduled_time)}}}, lang);
}

std::string outcome_text(const Step& step, Lang lang) {
  std::string text = outcome_label(step.outcome, lang);
  for (const auto& wake : step.wakes)
    text +=
        "; " +
        render({"md.wakes", {{"actor", wake.actor}, {"outcome", outcome_label(wake.outcome, lang)}}}, lang);
  return text;
}

std::string invariants_text(const CommittedState& state, Lang lang) {
  if (state.invariants.empty()) return "-";
  std::string broken;
  for (const auto& invariant : state.invariants) {
    if (invariant.holds) continue;
    if (!broken.empty()) broken += "; ";
    broken += "✗ " + invariant_label(invariant.name, lang) + ": " + render(invariant.detail, lang);
  }
  return broken.empty() ? "✓ " + render(Message{"invariant.all_hold"}, lang) : broken;
}

}  // namespace

std::string trace_to_markdown(const Trace& trace, const Scenario& scenario, Lang lang) {
  std::ostringstream out;
  std::string order;
  for (const auto& id : trace.order) order += (order.empty() ? "" : ",") + id;
  out << "## " << scenario.title.in(lang) << "\n\n";
  out << "- " << render(Message{"md.model"}, lang) << ": `" << model_name(trace.model) << "` ("
      << render(Message{trace.model == Model::naive ? "model.naive" : "model.atomic"}, lang) << ")\n";
  if (!trace.preset.empty())
    out << "- " << render(Message{"md.preset"}, lang) << ": `" << trace.preset << "`\n";
  out << "- " << render(Message{"md.order"}, lang) << ": `--order " << order << "`\n\n";

  out << "| " << render(Message{"md.step"}, lang) << " | " << render(Message{"md.time"}, lang) << " | "
      << render(Message{"md.event"}, lang);
  for (const auto& figure : scenario.figures) out << " | " << figure_label(figure, lang);
  out << " | " << render(Message{"md.outcome"}, lang) << " | " << render(Message{"md.invariants"}, lang)
      << " |\n";
  out << "|---|---|---";
  for (std::size_t i = 0; i < scenario.figures.size(); ++i) out << "|---";
  out << "|---|---|\n";

  for (const auto& step : trace.steps) {
    std::string event = render(step.summary, lang);
    if (step.committed_is_previous) event += " " + render(Message{"md.committed_previous"}, lang);
    out << "| " << step.index << " | " << cell(time_text(step, lang)) << " | " << cell(event);
    for (const auto& name : scenario.figures) {
      const Figure* figure = step.committed->figure(name);
      out << " | " << cell(figure ? figure_value_text(*figure) : "-");
    }
    out << " | " << cell(outcome_text(step, lang)) << " | " << cell(invariants_text(*step.committed, lang))
        << " |\n";
  }
  out << "\n" << render(Message{"md.trace_hash"}, lang) << ": `" << trace.hash << "`\n";
  return out.str();
}

}  // namespace reslab
