// The handout page as text, without a window: what it holds, and that nothing in it reaches outside.
#include "app/handout/handout_page.hpp"

#include <doctest/doctest.h>

#include <string>

#include "app/handout/html_text.hpp"
#include "core/formats/step_explanation.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/timed_text.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/handout_test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

UiText strings() {
  UiText text;
  REQUIRE(text.load(std::string(RESLAB_ASSET_DIR) + "/strings") == "");
  return text;
}

HandoutRun table_run(const Scenario& scenario, Model model, const Preset& preset) {
  PlanRequest request;
  request.model = model;
  request.preset = preset.name;
  PartialReplay replay = replay_as_far_as_possible(scenario, make_plan(scenario, request));
  return {model, std::move(replay.trace), std::move(replay.stopped), {}};
}

// Every preset as a step table (no pictures: those need a window, see handout_window_test).
HandoutCase tables_only(const Scenario& scenario) {
  HandoutCase handout;
  handout.scenario = &scenario;
  handout.command = "reslab " + scenario.id;
  handout.slide_width = 1600;
  handout.slide_height = 900;
  handout.slides.preset = &scenario.presets.front();
  for (const Model model : {Model::naive, Model::atomic})
    handout.slides.runs.push_back(table_run(scenario, model, scenario.presets.front()));
  for (std::size_t i = 1; i < scenario.presets.size(); ++i) {
    HandoutPreset preset{&scenario.presets[i], {}};
    for (const Model model : {Model::naive, Model::atomic})
      preset.runs.push_back(table_run(scenario, model, scenario.presets[i]));
    handout.tables.push_back(std::move(preset));
  }
  return handout;
}

}  // namespace

TEST_CASE("a handout page explains every step of every preset in both models, in Chinese") {
  const auto scenario = bundled_case("h2");
  const HandoutCase handout = tables_only(*scenario);
  const std::string html = handout_page_html(handout, strings(), Lang::zh);
  CHECK(html.find("<html lang=\"zh-CN\">") != std::string::npos);
  CHECK(html.find(html_escape(scenario->title.zh)) != std::string::npos);
  // The texts quote the event times the first preset runs at.
  const EventTimes times = first_preset_times(*scenario);
  CHECK(html.find(html_escape(with_times(scenario->summary.zh, times))) != std::string::npos);
  CHECK(html.find(html_escape(scenario->naive_model.zh)) != std::string::npos);
  CHECK(html.find(html_escape(scenario->atomic_model.zh)) != std::string::npos);
  std::vector<const HandoutPreset*> presets{&handout.slides};
  for (const auto& preset : handout.tables) presets.push_back(&preset);
  for (const HandoutPreset* preset : presets)
    for (const HandoutRun& run : preset->runs)
      for (const Step& step : run.trace.steps) {
        INFO(preset->preset->name << " " << model_name(run.model) << " step " << step.index);
        const StepExplanation why = explain_step(*scenario, run.model, step, Lang::zh);
        CHECK(html.find(html_escape(why.heading)) != std::string::npos);
        CHECK(html.find(html_escape(why.text)) != std::string::npos);
      }
  for (const auto& question : scenario->questions)
    CHECK(html.find("<li>" + html_escape(with_times(question.zh, times)) + "</li>") != std::string::npos);
  CHECK(html.find("讨论") != std::string::npos);
  CHECK(without_data(html).find("seed") == std::string::npos);
}

TEST_CASE("every other preset of a case gets a step table per model") {
  const auto scenario = bundled_case("h2");
  const std::string html = handout_page_html(tables_only(*scenario), strings(), Lang::en);
  CHECK(count_of(html, "<table class=\"steps\">") == 2 * (scenario->presets.size() - 1));
  for (std::size_t i = 1; i < scenario->presets.size(); ++i)
    CHECK(html.find("id=\"preset-" + scenario->presets[i].name + "\"") != std::string::npos);
}

TEST_CASE("text from a scenario file reaches the page as text, never as markup") {
  Scenario scenario = *bundled_case("h1");
  scenario.title.en = "<script>alert('x')</script> & <img src=\"http://example.invalid/x.png\">";
  scenario.questions = {{"Is \"this\" <b>bold</b>?", ""}};
  const std::string html = handout_page_html(tables_only(scenario), strings(), Lang::en);
  CHECK(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;img") != std::string::npos);
  CHECK(html.find("Is &quot;this&quot; &lt;b&gt;bold&lt;/b&gt;?") != std::string::npos);
  CHECK(sources(html).empty());
  CHECK(html.find("<script") == std::string::npos);
}

TEST_CASE("a page without pictures and the index reach nothing outside themselves") {
  const auto h1 = bundled_case("h1");
  const auto t2 = bundled_case("t2");
  const UiText text = strings();
  CHECK(outside_references(handout_page_html(tables_only(*h1), text, Lang::en)).empty());
  const std::string index = handout_index_html({h1.get(), t2.get()}, {}, text, Lang::zh);
  CHECK(outside_references(index).empty());
  CHECK(index.find("<a href=\"h1.html\">" + html_escape(h1->title.zh) + "</a>") != std::string::npos);
  CHECK(index.find("<a href=\"t2.html\">" + html_escape(t2->title.zh) + "</a>") != std::string::npos);
}

TEST_CASE("a page beside an index links back to it, a page alone does not") {
  const auto scenario = bundled_case("h1");
  HandoutCase handout = tables_only(*scenario);
  const UiText text = strings();
  CHECK(handout_page_html(handout, text, Lang::en).find("href=\"index.html\"") == std::string::npos);
  handout.indexed = true;
  CHECK(handout_page_html(handout, text, Lang::en).find("href=\"index.html\"") != std::string::npos);
}
