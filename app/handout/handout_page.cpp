// [SECTION] index: page shell · why a step did what it did · slides · step tables · every order · case page ·
// index page
#include "app/handout/handout_page.hpp"

#include <sstream>
#include <string_view>

#include "app/handout/handout_style.hpp"
#include "app/handout/html_text.hpp"
#include "app/handout/sql_handout_page.hpp"
#include "core/formats/explore_markdown.hpp"
#include "core/formats/labels.hpp"
#include "core/formats/step_explanation.hpp"
#include "core/formats/step_row.hpp"
#include "core/sim/message.hpp"
#include "core/sim/timed_text.hpp"

namespace reslab {
namespace {

// [SECTION] page shell
std::string model_label(const UiText& text, Lang lang, Model model) {
  return text.get(lang, model == Model::naive ? "model.naive" : "model.atomic");
}

const LocalizedText& model_description(const Scenario& scenario, Model model) {
  return model == Model::naive ? scenario.naive_model : scenario.atomic_model;
}

// "Order: ", in Chinese "顺序：", escaped.
std::string label_html(const UiText& text, Lang lang, std::string_view key) {
  return html_escape(text.format(lang, "handout.label", {{"label", text.get(lang, key)}}));
}

// "accepted", or in Chinese "已接受 (accepted)", with the word itself as code.
std::string outcome_html(const std::string& outcome, Lang lang) {
  const std::string plain = outcome_text(outcome, lang);
  const std::size_t word = plain.rfind(outcome);
  if (outcome.empty() || word == std::string::npos) return html_escape(plain);
  return html_escape(plain.substr(0, word)) + "<code>" + html_escape(outcome) + "</code>" +
         html_escape(plain.substr(word + outcome.size()));
}

// A preset's title, its name when it has none; without a preset the slides run the file's order.
std::string preset_title(const Preset* preset, const UiText& text, Lang lang) {
  if (!preset) return text.get(lang, "handout.file_order");
  return preset->title.empty() ? preset->name : preset->title.in(lang);
}

std::string order_text(const Trace& trace) {
  std::string order = "--order ";
  for (std::size_t i = 0; i < trace.order.size(); ++i) order += (i ? "," : "") + trace.order[i];
  return order;
}

}  // namespace

// [SECTION] why a step did what it did
// As the app's "Why" panel shows it: heading, a late start, the outcome, the explanation, whom the
// step woke and why, the event's note, what the scenario file expected.
void write_handout_why(std::ostringstream& out, const Scenario& scenario, Model model, const Step& step,
                       const UiText& text, Lang lang) {
  const StepExplanation why = explain_step(scenario, model, step, lang);
  out << "<div class=\"why\">\n<p class=\"heading\">" << html_escape(why.heading) << "</p>\n";
  if (!why.ran_late.empty()) out << "<p class=\"late\">" << html_escape(why.ran_late) << "</p>\n";
  out << "<p class=\"outcome\">" << label_html(text, lang, "trace.outcome") << outcome_html(why.outcome, lang)
      << "</p>\n";
  out << "<p>" << html_escape(why.text) << "</p>\n";
  for (const auto& wake : why.wakes)
    out << "<p class=\"woke\">" << html_escape(wake.line) << "</p>\n<p>" << html_escape(wake.text)
        << "</p>\n";
  if (!why.note.empty()) out << "<p class=\"note\">" << html_escape(why.note) << "</p>\n";
  for (const auto& prediction : why.predictions)
    out << "<p class=\"note\">" << html_escape(prediction) << "</p>\n";
  out << "</div>\n";
}

namespace {

void write_stopped(std::ostringstream& out, const HandoutRun& run, const UiText& text, Lang lang) {
  if (run.stopped.empty()) return;
  out << "<p class=\"stopped\">"
      << html_escape(text.format(lang, "notice.stopped",
                                 {{"model", model_label(text, lang, run.model)},
                                  {"step", std::to_string(run.trace.steps.size() + 1)},
                                  {"reason", run.stopped}}))
      << "</p>\n";
}

// `level`: the heading level of the model's name (3 under the slides, 4 under a preset).
void write_run_header(std::ostringstream& out, const Scenario& scenario, const HandoutRun& run,
                      const UiText& text, Lang lang, int level, const std::string& id) {
  out << "<h" << level << " id=\"" << id << "\">" << html_escape(model_label(text, lang, run.model)) << "</h"
      << level << ">\n";
  if (const LocalizedText& description = model_description(scenario, run.model); !description.empty())
    out << "<p class=\"model\">" << html_escape(description.in(lang)) << "</p>\n";
  out << "<p class=\"order\">" << label_html(text, lang, "handout.order") << "<code>"
      << html_escape(order_text(run.trace)) << "</code></p>\n";
  if (run.trace.steps.empty())
    out << "<p class=\"stopped\">" << html_escape(text.get(lang, "handout.no_steps")) << "</p>\n";
}

// [SECTION] slides
void write_slides(std::ostringstream& out, const HandoutCase& handout, const UiText& text, Lang lang) {
  const Scenario& scenario = *handout.scenario;
  out << "<section id=\"slides\">\n<h2>"
      << html_escape(text.format(lang, "handout.slides",
                                 {{"preset", preset_title(handout.slides.preset, text, lang)}}))
      << "</h2>\n";
  out << "<p>" << html_escape(text.get(lang, "handout.slides_intro")) << "</p>\n";
  for (const HandoutRun& run : handout.slides.runs) {
    const std::string model(model_name(run.model));
    out << "<section class=\"run\">\n";
    write_run_header(out, scenario, run, text, lang, 3, "slides-" + model);
    for (std::size_t i = 0; i < run.trace.steps.size(); ++i) {
      const Step& step = run.trace.steps[i];
      out << "<figure class=\"slide\" id=\"" << model << "-step-" << step.index << "\">\n";
      if (i < run.slides.size()) {
        const std::string alt = text.format(lang, "handout.slide_alt",
                                            {{"model", model_label(text, lang, run.model)},
                                             {"step", std::to_string(step.index)},
                                             {"what", step_event_text(step, lang)}});
        out << "<img src=\"" << png_data_uri(run.slides[i]) << "\" width=\"" << handout.slide_width
            << "\" height=\"" << handout.slide_height << "\" alt=\"" << html_escape(alt) << "\">\n";
      }
      out << "<figcaption>\n";
      write_handout_why(out, scenario, run.model, step, text, lang);
      out << "</figcaption>\n</figure>\n";
    }
    write_stopped(out, run, text, lang);
    out << "</section>\n";
  }
  out << "</section>\n";
}

// [SECTION] step tables
void write_step_table(std::ostringstream& out, const Scenario& scenario, const HandoutRun& run,
                      const UiText& text, Lang lang) {
  if (run.trace.steps.empty()) return;
  const std::size_t columns = 5 + scenario.figures.size();
  out << "<table class=\"steps\">\n<thead><tr><th>" << html_escape(text.get(lang, "trace.step"))
      << "</th><th>" << html_escape(text.get(lang, "trace.time")) << "</th><th>"
      << html_escape(text.get(lang, "trace.event")) << "</th>";
  for (const auto& figure : scenario.figures)
    out << "<th>" << html_escape(figure_label(scenario, figure, lang)) << "</th>";
  out << "<th>" << html_escape(text.get(lang, "trace.outcome")) << "</th><th>"
      << html_escape(text.get(lang, "trace.invariants")) << "</th></tr></thead>\n";
  for (const Step& step : run.trace.steps) {
    // One body per step, so a printed page never separates a row from its explanation.
    out << "<tbody>\n<tr><td>" << step.index << "</td><td>" << html_escape(step_time_text(step, lang))
        << "</td><td>" << html_escape(step_event_text(step, lang)) << "</td>";
    for (const auto& name : scenario.figures) {
      const Figure* figure = step.committed->figure(name);
      out << "<td>" << html_escape(figure ? figure_value_text(*figure) : "-") << "</td>";
    }
    out << "<td>" << html_escape(step_outcome_text(scenario, step, lang, outcome_text));
    bool holds = true;
    for (const auto& invariant : step.committed->invariants) holds = holds && invariant.holds;
    out << "</td><td" << (holds ? "" : " class=\"broken\"") << ">"
        << html_escape(step_invariants_text(scenario, *step.committed, lang)) << "</td></tr>\n";
    out << "<tr class=\"why-row\"><td colspan=\"" << columns << "\">\n";
    write_handout_why(out, scenario, run.model, step, text, lang);
    out << "</td></tr>\n</tbody>\n";
  }
  out << "</table>\n";
}

void write_tables(std::ostringstream& out, const HandoutCase& handout, const UiText& text, Lang lang) {
  if (handout.tables.empty()) return;
  const Scenario& scenario = *handout.scenario;
  out << "<section id=\"presets\">\n<h2>" << html_escape(text.get(lang, "handout.other_presets"))
      << "</h2>\n";
  out << "<p>" << html_escape(text.get(lang, "handout.other_presets_intro")) << "</p>\n";
  for (const HandoutPreset& preset : handout.tables) {
    const std::string& name = preset.preset->name;
    out << "<section class=\"preset\" id=\"preset-" << html_escape(name) << "\">\n<h3>"
        << html_escape(preset_title(preset.preset, text, lang)) << " <code>" << html_escape(name)
        << "</code></h3>\n";
    for (const HandoutRun& run : preset.runs) {
      out << "<div class=\"run-table\">\n";
      write_run_header(out, scenario, run, text, lang, 4,
                       "preset-" + html_escape(name) + "-" + std::string(model_name(run.model)));
      write_step_table(out, scenario, run, text, lang);
      write_stopped(out, run, text, lang);
      out << "</div>\n";
    }
    out << "</section>\n";
  }
  out << "</section>\n";
}

// [SECTION] every order
std::string say(const std::string& key, Lang lang,
                std::vector<std::pair<std::string, std::string>> args = {}) {
  Message message{key};
  message.args = std::move(args);
  return render(message, lang);
}

void write_orders(std::ostringstream& out, const HandoutCase& handout, const UiText& text, Lang lang) {
  if (!handout.orders) return;
  const Exploration& exploration = *handout.orders;
  const Scenario& scenario = *handout.scenario;
  out << "<section id=\"orders\">\n<h2>" << html_escape(text.get(lang, "orders.handout")) << "</h2>\n<p>"
      << html_escape(text.format(lang, "orders.handout_intro",
                                 {{"orders", std::to_string(exploration.orders)},
                                  {"preset", preset_title(handout.slides.preset, text, lang)}}))
      << "</p>\n<p><strong>" << html_escape(exploration_headline(exploration, scenario, lang))
      << "</strong></p>\n";
  if (exploration.sampled)
    out << "<p>"
        << html_escape(say("explore.sampled", lang,
                           {{"limit", std::to_string(exploration.explored)},
                            {"explored", std::to_string(exploration.explored)},
                            {"sample", std::to_string(exploration.seed)}}))
        << "</p>\n";
  for (const auto& summary : exploration.models) {
    if (summary.outcomes.empty()) continue;
    out << "<h3>" << html_escape(model_label(text, lang, summary.model)) << "</h3>\n<table>\n<tr><th>"
        << html_escape(say("explore.group_orders", lang)) << "</th><th>"
        << html_escape(say("explore.group_state", lang)) << "</th><th>"
        << html_escape(say("explore.broken", lang)) << "</th><th>"
        << html_escape(say("explore.group_example", lang)) << "</th></tr>\n";
    for (const auto& outcome : summary.outcomes) {
      std::string broken;
      for (const auto& name : outcome.broken)
        broken += (broken.empty()     ? ""
                   : lang == Lang::zh ? "、"
                                      : ", ") +
                  invariant_label(scenario, name, lang);
      std::string example;
      for (const auto& id : outcome.example) example += (example.empty() ? "" : ",") + id;
      out << "<tr><td>" << outcome.count << "</td><td>"
          << html_escape(final_state_text(outcome.figures, scenario, lang)) << "</td><td>"
          << html_escape(outcome.harmful ? broken : say("explore.none", lang)) << "</td><td><code>"
          << html_escape(example) << "</code></td></tr>\n";
    }
    out << "</table>\n";
  }
  out << "<p>"
      << html_escape(
             text.format(lang, "orders.handout_command", {{"command", "reslab explore " + scenario.id}}))
      << "</p>\n</section>\n";
}

// [SECTION] case page
void write_contents(std::ostringstream& out, const HandoutCase& handout, const UiText& text, Lang lang) {
  out << "<nav aria-label=\"" << html_escape(text.get(lang, "handout.contents")) << "\"><ul>\n";
  if (handout.indexed)
    out << "<li><a href=\"index.html\">" << html_escape(text.get(lang, "handout.all_cases")) << "</a></li>\n";
  out << "<li><a href=\"#models\">" << html_escape(text.get(lang, "handout.models")) << "</a></li>\n";
  for (const HandoutRun& run : handout.slides.runs)
    out << "<li><a href=\"#slides-" << model_name(run.model) << "\">"
        << html_escape(model_label(text, lang, run.model)) << "</a></li>\n";
  if (!handout.tables.empty())
    out << "<li><a href=\"#presets\">" << html_escape(text.get(lang, "handout.other_presets"))
        << "</a></li>\n";
  if (handout.orders)
    out << "<li><a href=\"#orders\">" << html_escape(text.get(lang, "orders.handout")) << "</a></li>\n";
  if (!handout.scenario->questions.empty())
    out << "<li><a href=\"#questions\">" << html_escape(text.get(lang, "handout.questions")) << "</a></li>\n";
  out << "</ul></nav>\n";
}

void write_models(std::ostringstream& out, const Scenario& scenario, const UiText& text, Lang lang) {
  out << "<section id=\"models\">\n<h2>" << html_escape(text.get(lang, "handout.models")) << "</h2>\n<dl>\n";
  for (const Model model : {Model::naive, Model::atomic}) {
    out << "<dt>" << html_escape(model_label(text, lang, model)) << " <code>" << model_name(model)
        << "</code></dt>\n";
    out << "<dd>" << html_escape(model_description(scenario, model).in(lang)) << "</dd>\n";
  }
  out << "</dl>\n</section>\n";
}

void write_questions(std::ostringstream& out, const Scenario& scenario, const EventTimes& times,
                     const UiText& text, Lang lang) {
  if (scenario.questions.empty()) return;
  out << "<section id=\"questions\">\n<h2>" << html_escape(text.get(lang, "handout.questions"))
      << "</h2>\n<ol>\n";
  for (const auto& question : scenario.questions)
    out << "<li>" << html_escape(with_times(question.in(lang), times)) << "</li>\n";
  out << "</ol>\n</section>\n";
}

}  // namespace

std::string handout_file_name(const Scenario& scenario) {
  return scenario.id + ".html";
}

std::string handout_page_html(const HandoutCase& handout, const UiText& text, Lang lang) {
  const Scenario& scenario = *handout.scenario;
  // The texts quote event times as the slides run them (the first preset's).
  const EventTimes times =
      handout.slides.runs.empty() ? first_preset_times(scenario) : handout.slides.runs.front().trace.times;
  std::ostringstream out;
  open_handout_page(out, text.format(lang, "handout.page_title", {{"title", scenario.title.in(lang)}}), lang);
  out << "<header>\n<p class=\"kicker\">" << html_escape(text.get(lang, "handout.kicker")) << "</p>\n<h1>"
      << html_escape(scenario.title.in(lang)) << "</h1>\n<p class=\"summary\">"
      << html_escape(with_times(scenario.summary.in(lang), times)) << "</p>\n";
  write_contents(out, handout, text, lang);
  out << "</header>\n";
  write_models(out, scenario, text, lang);
  write_slides(out, handout, text, lang);
  write_tables(out, handout, text, lang);
  write_orders(out, handout, text, lang);
  write_questions(out, scenario, times, text, lang);
  close_handout_page(out, text, lang, handout.command);
  return out.str();
}

// [SECTION] index page
std::string handout_index_html(const std::vector<const Scenario*>& scenarios,
                               const std::vector<const Scenario*>& isolation_tests, const UiText& text,
                               Lang lang) {
  std::ostringstream out;
  open_handout_page(out, text.get(lang, "handout.index_title"), lang);
  out << "<header>\n<p class=\"kicker\">" << html_escape(text.get(lang, "handout.kicker")) << "</p>\n<h1>"
      << html_escape(text.get(lang, "handout.index_title")) << "</h1>\n<p class=\"summary\">"
      << html_escape(text.get(lang, "handout.index_intro")) << "</p>\n</header>\n<ul class=\"cases\">\n";
  for (const Scenario* scenario : scenarios)
    out << "<li><a href=\"" << html_escape(handout_file_name(*scenario)) << "\">"
        << html_escape(scenario->title.in(lang)) << "</a>\n<p>"
        << html_escape(with_times(scenario->summary.in(lang), first_preset_times(*scenario)))
        << "</p></li>\n";
  out << "</ul>\n";
  if (!isolation_tests.empty()) {
    out << "<h2>" << html_escape(text.get(lang, "handout.isolation_tests")) << "</h2>\n<p><a href=\""
        << kIsolationHandoutFile << "\">" << html_escape(text.get(lang, "handout.isolation_link"))
        << "</a></p>\n<ul class=\"cases\">\n";
    for (const Scenario* test : isolation_tests)
      out << "<li><a href=\"" << html_escape(handout_file_name(*test)) << "\">"
          << html_escape(test->title.in(lang)) << "</a>\n<p>" << html_escape(test->summary.in(lang))
          << "</p></li>\n";
    out << "</ul>\n";
  }
  close_handout_page(out, text, lang, "reslab");
  return out.str();
}

}  // namespace reslab
