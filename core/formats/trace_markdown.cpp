// [SECTION] index: escaping · the step table · why, step by step · models and questions · trace_to_markdown
#include "core/formats/trace_markdown.hpp"

#include <cctype>
#include <sstream>

#include "core/formats/labels.hpp"
#include "core/formats/step_explanation.hpp"
#include "core/formats/step_row.hpp"
#include "core/sim/timed_text.hpp"

namespace reslab {
namespace {

// [SECTION] escaping
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

// Text from the engine or a scenario file as one Markdown paragraph: what would turn into emphasis,
// code, a link or an HTML tag is escaped ("now < deadline" stays as it is), and line breaks cannot
// start a list or a heading.
std::string prose(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : ' ';
    const bool opens_tag = c == '<' && (std::isalpha(static_cast<unsigned char>(next)) || next == '/' ||
                                        next == '!' || next == '?');
    if (c == '\\' || c == '`' || c == '*' || c == '[' || c == ']' || opens_tag) out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

// [SECTION] the step table
void write_step_table(std::ostringstream& out, const Trace& trace, const Scenario& scenario, Lang lang) {
  out << "| " << render(Message{"md.step"}, lang) << " | " << render(Message{"md.time"}, lang) << " | "
      << render(Message{"md.event"}, lang);
  for (const auto& figure : scenario.figures) out << " | " << figure_label(scenario, figure, lang);
  out << " | " << render(Message{"md.outcome"}, lang) << " | " << render(Message{"md.invariants"}, lang)
      << " |\n";
  out << "|---|---|---";
  for (std::size_t i = 0; i < scenario.figures.size(); ++i) out << "|---";
  out << "|---|---|\n";

  for (const auto& step : trace.steps) {
    out << "| " << step.index << " | " << cell(step_time_text(step, lang)) << " | "
        << cell(step_event_text(step, lang));
    for (const auto& name : scenario.figures) {
      const Figure* figure = step.committed->figure(name);
      out << " | " << cell(figure ? figure_value_text(*figure) : "-");
    }
    out << " | " << cell(step_outcome_text(scenario, step, lang, outcome_label)) << " | "
        << cell(step_invariants_text(scenario, *step.committed, lang)) << " |\n";
  }
}

// [SECTION] why, step by step
// As the app's "Why" panel shows it: heading, a late start, the outcome, the explanation, whom the step
// woke and why, the event's note.
void write_explanations(std::ostringstream& out, const Trace& trace, const Scenario& scenario, Lang lang) {
  if (trace.steps.empty()) return;
  out << "\n### " << render(Message{"md.why"}, lang) << "\n";
  for (const auto& step : trace.steps) {
    const StepExplanation why = explain_step(scenario, trace.model, step, lang);
    out << "\n#### " << prose(why.heading) << "\n\n";
    if (!why.ran_late.empty()) out << "*" << prose(why.ran_late) << "*  \n";
    out << render(Message{"md.outcome"}, lang) << ": " << outcome_label(why.outcome, lang) << "\n\n";
    out << prose(why.text) << "\n";
    for (const auto& wake : why.wakes)
      out << "\n*" << prose(wake.line) << "*  \n" << prose(wake.text) << "\n";
    if (!why.note.empty()) out << "\n> " << prose(why.note) << "\n";
  }
}

// [SECTION] models and questions
void write_models_and_questions(std::ostringstream& out, const Scenario& scenario, const Trace& trace,
                                Lang lang) {
  if (!scenario.naive_model.empty() || !scenario.atomic_model.empty()) {
    out << "\n### " << render(Message{"md.models"}, lang) << "\n\n";
    for (const Model model : {Model::naive, Model::atomic}) {
      const LocalizedText& text = model == Model::naive ? scenario.naive_model : scenario.atomic_model;
      if (text.empty()) continue;
      out << "- **" << render(Message{model == Model::naive ? "model.naive" : "model.atomic"}, lang)
          << "** (`" << model_name(model) << "`): " << prose(text.in(lang)) << "\n";
    }
  }
  if (!scenario.questions.empty()) {
    out << "\n### " << render(Message{"md.questions"}, lang) << "\n\n";
    for (std::size_t i = 0; i < scenario.questions.size(); ++i)
      out << i + 1 << ". " << prose(with_times(scenario.questions[i].in(lang), trace.times)) << "\n";
  }
}

}  // namespace

// [SECTION] trace_to_markdown
std::string trace_to_markdown(const Trace& trace, const Scenario& scenario, Lang lang) {
  std::ostringstream out;
  std::string order;
  for (const auto& id : trace.order) order += (order.empty() ? "" : ",") + id;
  out << "## " << scenario.title.in(lang) << "\n\n";
  out << "- " << render(Message{"md.model"}, lang) << ": `" << model_name(trace.model) << "` ("
      << render(Message{trace.model == Model::naive ? "model.naive" : "model.atomic"}, lang) << ")\n";
  // SQLite is the default and its traces say nothing new; another backend names itself and its server.
  if (trace.backend != Backend::sqlite)
    out << "- " << render(Message{"md.backend"}, lang) << ": `" << backend_name(trace.backend) << "` ("
        << backend_display(trace.backend) << " " << trace.server_version << ")\n";
  if (!trace.preset.empty())
    out << "- " << render(Message{"md.preset"}, lang) << ": `" << trace.preset << "`\n";
  out << "- " << render(Message{"md.order"}, lang) << ": `--order " << order << "`\n\n";
  write_step_table(out, trace, scenario, lang);
  out << "\n" << render(Message{"md.trace_hash"}, lang) << ": `" << trace.hash << "`\n";
  write_explanations(out, trace, scenario, lang);
  write_models_and_questions(out, scenario, trace, lang);
  return out.str();
}

}  // namespace reslab
