// Every harm is flagged: in every preset of every bundled case, the naive model breaks a named
// invariant exactly when the preset says it does harm (naive_harm, true by default), the atomic
// model never breaks one, every case has a harmful preset, and `reslab check` agrees.
#include <doctest/doctest.h>

#include "core/sim/preset_check.hpp"
#include "core/sim/scenario_library.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

bool breaks_an_invariant(const Trace& trace) {
  for (const auto& step : trace.steps)
    for (const auto& invariant : step.committed->invariants)
      if (!invariant.holds) return true;
  return false;
}

}  // namespace

TEST_CASE("naive breaks an invariant exactly when its preset says it does harm — atomic never does") {
  int harmful = 0;
  int harmless = 0;
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    bool case_has_harm = false;
    for (const auto& preset : scenario.presets) {
      INFO(scenario.id << " " << preset.name);
      const bool harm = preset.naive_harm_on("sqlite");
      CHECK(breaks_an_invariant(run_preset(scenario, Model::naive, preset.name)) == harm);
      CHECK_FALSE(breaks_an_invariant(run_preset(scenario, Model::atomic, preset.name)));
      case_has_harm = case_has_harm || harm;
      (harm ? harmful : harmless) += 1;
    }
    CHECK_MESSAGE(case_has_harm, scenario.id << " has no harmful preset");
  }
  CHECK(harmful > 25);
  CHECK(harmless == 12);
}

TEST_CASE("reslab check finds nothing to say about the bundled presets") {
  for (const auto& file : bundled_scenario_files()) {
    for (const auto& problem : check_presets(load_scenario_file(file))) FAIL_CHECK(problem.text());
  }
}

TEST_CASE("reslab check reports a harmless order that does not say so, and a harmful one that denies it") {
  Scenario scenario = h1();
  scenario.presets[0].naive_harm = false;  // article: both read before either writes, which oversells
  scenario.presets[1].naive_harm = true;   // serial: A finishes before B starts
  const auto problems = check_presets(scenario);
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].text().find("preset 'article' says naive_harm = false, but the naive model breaks "
                                "capacity_balance at step 4") != std::string::npos);
  CHECK(problems[1].text().find("preset 'serial': the naive model breaks no invariant") != std::string::npos);
  for (const auto& problem : problems) CHECK_FALSE(problem.error);
}

TEST_CASE("reslab check reports a case whose presets never show the naive model doing harm") {
  Scenario scenario = h1();
  scenario.presets.erase(scenario.presets.begin());  // only `serial` is left, harmless on purpose
  const auto problems = check_presets(scenario);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].text().find("no preset shows the naive model doing harm") != std::string::npos);
}

TEST_CASE("naive_harm may differ per backend") {
  const Scenario scenario = parse_scenario(R"(
id = "x"
schema = "hotel"
[title]
en = "x"
zh = "x"
[[initial.room_inventory]]
room_night_id = "N1"
night = "2026-12-01"
capacity = 1
available = 1
sold = 0
[[actors]]
id = "A"
name = { en = "A", zh = "A" }
[[events]]
id = "A1"
actor = "A"
action = "reserve_check"
time = 0
args = { room_night = "N1", request_key = "k" }
[[presets]]
name = "p"
order = ["A1"]
naive_harm = { sqlite = true, postgres = false }
)",
                                           "inline.toml");
  CHECK(scenario.presets[0].naive_harm_on("sqlite"));
  CHECK_FALSE(scenario.presets[0].naive_harm_on("postgres"));
  CHECK_THROWS_WITH(
      parse_scenario("id = \"x\"\nschema = \"hotel\"\n[title]\nen = \"x\"\nzh = \"x\"\n"
                     "[[actors]]\nid = \"A\"\nname = { en = \"A\", zh = \"A\" }\n"
                     "[[events]]\nid = \"A1\"\nactor = \"A\"\naction = \"crash\"\ntime = 0\n"
                     "[[presets]]\nname = \"p\"\norder = [\"A1\"]\nnaive_harm = { mysql = true }\n",
                     "bad.toml"),
      doctest::Contains("mysql"));
}
