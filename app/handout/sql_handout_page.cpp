// [SECTION] index: words · the SQL · the variants · slides · every interleaving · the page · the isolation
// table
#include "app/handout/sql_handout_page.hpp"

#include <sstream>

#include "app/handout/handout_page.hpp"
#include "app/handout/handout_style.hpp"
#include "app/handout/html_text.hpp"
#include "core/sim/message.hpp"
#include "core/sim/sql_run.hpp"

namespace reslab {
namespace {

// [SECTION] words
std::string sql_page_say(const std::string& key, Lang lang, MessageArgs args = {}) {
  return render(Message{key, std::move(args)}, lang);
}

// "prevented (wait, 40001)" in its colour's class.
std::string sql_verdict_html(bool anomaly, const std::string& how, const UiText& text, Lang lang) {
  const std::string word = text.get(lang, anomaly ? "verdict.anomaly_word" : "verdict.prevented_word");
  const std::string words = how.empty() ? word
                                        : text.format(lang, "verdict.with_how",
                                                      {{"verdict", word}, {"how", how_in_words(how, lang)}});
  return "<span class=\"" + std::string(anomaly ? "anomaly" : "prevented") + "\">" + html_escape(words) +
         "</span>";
}

std::string sql_variant_title(const SqlVariant& variant, Lang lang) {
  return level_text(variant.level, lang) + " (" + std::string(backend_display(variant.backend)) + ")";
}

// [SECTION] the SQL
void write_sql_listing(std::ostringstream& out, const SqlScenario& scenario, const UiText& text, Lang lang) {
  out << "<section id=\"sql\">\n<h2>" << html_escape(text.get(lang, "handout.sql_heading")) << "</h2>\n";
  out << "<p>" << html_escape(text.get(lang, "handout.setup")) << "</p>\n<pre class=\"sql\">";
  for (const auto& statement : scenario.setup) out << html_escape(statement.sql) << ";\n";
  out << "</pre>\n<p>" << html_escape(text.get(lang, "handout.sql_intro")) << "</p>\n";
  out << "<table class=\"steps\">\n<thead><tr><th>" << html_escape(sql_page_say("sql.session", lang))
      << "</th><th>" << html_escape(sql_page_say("sql.step", lang))
      << "</th><th>SQL</th></tr></thead>\n<tbody>\n";
  for (const auto& session : scenario.sessions)
    for (const auto& name : session.steps)
      if (const SqlStep* step = scenario.find_step(name))
        out << "<tr><td>" << html_escape(session.name.empty() ? session.id : session.name.in(lang))
            << "</td><td><code>" << html_escape(name) << "</code></td><td><code>" << html_escape(step->text)
            << "</code></td></tr>\n";
  out << "</tbody>\n</table>\n</section>\n";
}

// [SECTION] the variants
void write_sql_variants(std::ostringstream& out, const SqlHandout& handout, const UiText& text, Lang lang) {
  out << "<section id=\"variants\">\n<h2>" << html_escape(text.get(lang, "handout.variants")) << "</h2>\n<p>"
      << html_escape(text.get(lang, "handout.variants_intro")) << "</p>\n<dl>\n";
  for (const SqlHandoutRun& run : handout.runs) {
    const SqlVariant& variant = *run.variant;
    out << "<dt>" << html_escape(sql_variant_title(variant, lang)) << " <code>" << html_escape(variant.id)
        << "</code></dt>\n<dd><code>" << html_escape(variant.begin) << "</code></dd>\n";
  }
  out << "</dl>\n</section>\n";
}

// [SECTION] slides
void write_variant_slides(std::ostringstream& out, const SqlHandout& handout, const SqlHandoutRun& run,
                          const UiText& text, Lang lang) {
  const SqlVariant& variant = *run.variant;
  out << "<section class=\"run\" id=\"variant-" << html_escape(variant.id) << "\">\n<h3>"
      << html_escape(sql_variant_title(variant, lang)) << "</h3>\n";
  if (run.trace.verdict && run.trace.verdict->complete)
    out << "<p>" << html_escape(text.get(lang, "handout.result")) << " "
        << sql_verdict_html(run.trace.verdict->anomaly, run.trace.verdict->how, text, lang) << "</p>\n";
  for (std::size_t i = 0; i < run.trace.steps.size(); ++i) {
    const Step& step = run.trace.steps[i];
    out << "<figure class=\"slide\" id=\"" << html_escape(variant.id) << "-step-" << step.index << "\">\n";
    if (i < run.slides.size())
      out << "<img src=\"" << png_data_uri(run.slides[i]) << "\" width=\"" << handout.slide_width
          << "\" height=\"" << handout.slide_height << "\" alt=\""
          << html_escape(text.format(lang, "handout.slide_alt",
                                     {{"model", level_text(variant.level, lang)},
                                      {"step", std::to_string(step.index)},
                                      {"what", render(step.summary, lang)}}))
          << "\">\n";
    out << "<figcaption>\n";
    write_handout_why(out, *handout.view, Model::atomic, step, text, lang);
    out << "</figcaption>\n</figure>\n";
  }
  if (!variant.explanation.empty())
    out << "<p class=\"model\"><strong>"
        << html_escape(
               text.format(lang, "why.variant_explains", {{"level", level_text(variant.level, lang)}}))
        << "</strong> " << html_escape(variant.explanation.in(lang)) << "</p>\n";
  out << "</section>\n";
}

// [SECTION] every interleaving
void write_sql_interleavings(std::ostringstream& out, const SqlHandout& handout, const UiText& text,
                             Lang lang) {
  if (handout.interleavings.empty()) return;
  const std::size_t orders = handout.interleavings.front().orders;
  out << "<section id=\"interleavings\">\n<h2>" << html_escape(text.get(lang, "handout.interleavings"))
      << "</h2>\n<p>"
      << html_escape(text.format(lang, "handout.interleavings_intro", {{"orders", std::to_string(orders)}}))
      << "</p>\n<table class=\"steps\">\n<thead><tr><th>"
      << html_escape(sql_page_say("sql.explore.variant", lang)) << "</th><th>"
      << html_escape(sql_page_say("sql.explore.outcome", lang)) << "</th><th>"
      << html_escape(sql_page_say("sql.explore.orders", lang)) << "</th><th>"
      << html_escape(sql_page_say("sql.explore.example", lang)) << "</th></tr></thead>\n<tbody>\n";
  for (const auto& item : handout.interleavings)
    for (const auto& outcome : item.outcomes) {
      std::string example;
      for (const auto& step : outcome.example) example += (example.empty() ? "" : ", ") + step;
      out << "<tr><td>" << html_escape(sql_variant_title(*item.variant, lang)) << "</td><td>";
      if (handout.scenario->anomaly)
        out << sql_verdict_html(outcome.anomaly, outcome.how, text, lang);
      else
        out << html_escape(how_in_words(outcome.how, lang));
      if (outcome.stuck) out << " · " << html_escape(sql_page_say("sql.explore.stuck", lang));
      out << "</td><td>" << outcome.orders << " / " << item.orders << "</td><td>";
      if (outcome.example_number > 0) out << "#" << outcome.example_number << " ";
      out << "<code>" << html_escape(example) << "</code></td></tr>\n";
    }
  out << "</tbody>\n</table>\n<p>"
      << html_escape(text.format(lang, "handout.interleavings_command", {{"command", handout.command}}))
      << "</p>\n</section>\n";
}

}  // namespace

// [SECTION] the page
std::string sql_handout_page_html(const SqlHandout& handout, const UiText& text, Lang lang) {
  const SqlScenario& scenario = *handout.scenario;
  std::ostringstream out;
  open_handout_page(out, text.format(lang, "handout.page_title", {{"title", scenario.title.in(lang)}}), lang);
  out << "<header>\n<p class=\"kicker\">" << html_escape(text.get(lang, "handout.kicker")) << "</p>\n<h1>"
      << html_escape(scenario.title.in(lang)) << "</h1>\n<p class=\"summary\">"
      << html_escape(scenario.summary.in(lang)) << "</p>\n";
  out << "<nav aria-label=\"" << html_escape(text.get(lang, "handout.contents")) << "\"><ul>\n";
  if (handout.indexed) {
    out << "<li><a href=\"index.html\">" << html_escape(text.get(lang, "handout.all_cases")) << "</a></li>\n";
    if (!scenario.test.empty())
      out << "<li><a href=\"" << kIsolationHandoutFile << "\">"
          << html_escape(text.get(lang, "handout.isolation_link")) << "</a></li>\n";
  }
  out << "<li><a href=\"#sql\">" << html_escape(text.get(lang, "handout.sql_heading")) << "</a></li>\n";
  for (const SqlHandoutRun& run : handout.runs)
    out << "<li><a href=\"#variant-" << html_escape(run.variant->id) << "\">"
        << html_escape(level_text(run.variant->level, lang)) << "</a></li>\n";
  if (!handout.interleavings.empty())
    out << "<li><a href=\"#interleavings\">" << html_escape(text.get(lang, "handout.interleavings"))
        << "</a></li>\n";
  out << "</ul></nav>\n</header>\n";
  write_sql_listing(out, scenario, text, lang);
  write_sql_variants(out, handout, text, lang);
  out << "<section id=\"slides\">\n<h2>"
      << html_escape(text.format(lang, "handout.sql_slides", {{"permutation", handout.permutation}}))
      << "</h2>\n<p>" << html_escape(text.get(lang, "handout.sql_slides_intro")) << "</p>\n";
  for (const SqlHandoutRun& run : handout.runs) write_variant_slides(out, handout, run, text, lang);
  out << "</section>\n";
  write_sql_interleavings(out, handout, text, lang);
  close_handout_page(out, text, lang, handout.command);
  return out.str();
}

// [SECTION] the isolation table
std::string isolation_handout_html(const IsolationTable& table, const UiText& text, Lang lang) {
  std::ostringstream out;
  const std::string backend(backend_display(table.backend));
  const std::string title =
      text.format(lang, "handout.isolation_title", {{"backend", backend}, {"version", table.server_version}});
  open_handout_page(out, title, lang);
  out << "<header>\n<p class=\"kicker\">" << html_escape(text.get(lang, "handout.kicker")) << "</p>\n<h1>"
      << html_escape(title) << "</h1>\n<p class=\"summary\">"
      << html_escape(text.format(lang, "handout.isolation_intro", {{"backend", backend}})) << "</p>\n"
      << "<nav><ul><li><a href=\"index.html\">" << html_escape(text.get(lang, "handout.all_cases"))
      << "</a></li></ul></nav>\n</header>\n";
  out << "<table class=\"steps isolation\">\n<thead><tr><th>" << html_escape(text.get(lang, "isolation.test"))
      << "</th>";
  for (const auto& column : table.columns) {
    std::string level = column;
    for (const auto& test : table.tests)
      if (const SqlVariant* variant = test.find_variant(column)) level = level_text(variant->level, lang);
    out << "<th>" << html_escape(level) << "</th>";
  }
  out << "</tr></thead>\n<tbody>\n";
  for (const auto& test : table.tests) {
    const std::string name = test.test.empty() ? test.id : test.test;
    out << "<tr><td><a href=\"" << html_escape(test.id) << ".html\">" << html_escape(test.title.in(lang))
        << "</a></td>";
    for (const auto& column : table.columns) {
      const SqlRunResult* cell = table.cell(name, column);
      if (!cell) {
        out << "<td></td>";
        continue;
      }
      out << "<td class=\"" << (cell->anomaly ? "anomaly" : "prevented") << "\"><a href=\""
          << html_escape(test.id) << ".html#variant-" << html_escape(column) << "\">"
          << sql_verdict_html(cell->anomaly, cell->how, text, lang) << "</a></td>";
    }
    out << "</tr>\n";
  }
  out << "</tbody>\n</table>\n<p>" << html_escape(text.get(lang, "isolation.note")) << "</p>\n";
  // Each variant's own explanation, test by test: the column no published table has.
  out << "<h2>" << html_escape(text.get(lang, "isolation.why")) << "</h2>\n<dl>\n";
  for (const auto& test : table.tests)
    for (const auto& column : table.columns)
      if (const SqlVariant* variant = test.find_variant(column); variant && !variant->explanation.empty())
        out << "<dt>" << html_escape(test.title.in(lang)) << " · "
            << html_escape(level_text(variant->level, lang)) << "</dt>\n<dd>"
            << html_escape(variant->explanation.in(lang)) << "</dd>\n";
  out << "</dl>\n";
  close_handout_page(out, text, lang,
                     "reslab isolation --backend " + std::string(backend_name(table.backend)));
  return out.str();
}

}  // namespace reslab
