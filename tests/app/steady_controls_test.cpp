// The controls a presenter clicks again and again keep their place (tests/app/steady_places.hpp): in
// predict mode through each reveal, and with an error banner up; a click on A+ or A- leaves the pointer on
// the same button for the next click. Stepping every preset without predict mode is checked with the
// slides (slide_visibility_test.cpp), at 1600x900, 1366x768 and 1024x768.
#include <doctest/doctest.h>

#include <fstream>

#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/gui_driver.hpp"
#include "tests/app/steady_places.hpp"
#include "tests/scratch_dir.hpp"

using namespace reslab;
using reslab::test::english_settings;
using reslab::testing::GuiDriver;
using reslab::testing::moved_controls;
using reslab::testing::steady_places;
using reslab::testing::SteadyPlaces;

namespace {

void report(const std::vector<std::string>& moved, const std::string& where) {
  for (const auto& line : moved) FAIL_CHECK(where << ": " << line);
}

}  // namespace

TEST_CASE(
    "in predict mode neither a step nor its reveal moves the controls a presenter clicks, in the first "
    "preset of every case" *
    doctest::test_suite("slides")) {
  int frames = 0;
  GuiDriver gui("h1", english_settings());
  gui.resize(1366, 768);
  gui.app().apply(TogglePredict{});
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    REQUIRE(gui.app().open_scenario(file).empty());
    for (const auto& preset : std::vector(scenario.presets.begin(), scenario.presets.begin() + 1)) {
      for (Model model : {Model::naive, Model::atomic}) {
        gui.app().apply(SetModel{model});
        gui.app().apply(ChoosePreset{preset.name});
        gui.settle();
        const SteadyPlaces first = steady_places(gui.session(), gui.app().text(), Lang::en);
        REQUIRE(first.count("top_reveal"));
        // Next until the end: each step is revealed by a press of its own.
        for (int press = 0; press < 200 && gui.session().next_event().has_value(); ++press) {
          const bool hidden = gui.app().view().result_hidden(gui.session().cursor());
          gui.app().apply(StepForward{});
          gui.settle();
          ++frames;
          report(moved_controls(first, steady_places(gui.session(), gui.app().text(), Lang::en)),
                 scenario.id + " " + preset.name + " " + std::string(model_name(model)) + " step " +
                     std::to_string(gui.session().cursor()) + (hidden ? " revealed" : " hidden"));
        }
      }
    }
  }
  CHECK(frames > 150);
}

TEST_CASE("an error banner moves none of the controls a presenter clicks") {
  reslab::test::ScratchDir dir;
  const std::string broken = dir.file("broken.toml");
  std::ofstream(broken) << "id = \"broken\"\ntitle = { en = \"unclosed }\n";
  for (const float width : {1600.0f, 1024.0f}) {
    GuiDriver gui("h2", english_settings());
    gui.resize(width, 768);
    gui.app().apply(StepForward{});
    gui.settle();
    const SteadyPlaces before = steady_places(gui.session(), gui.app().text(), Lang::en);
    gui.app().apply(OpenScenario{broken});
    gui.settle();
    REQUIRE_FALSE(gui.app().view().scenario_error.empty());
    report(moved_controls(before, steady_places(gui.session(), gui.app().text(), Lang::en)),
           "with a banner at " + std::to_string(int(width)) + "x768");
    gui.app().apply(DismissError{});
    gui.settle();
    report(moved_controls(before, steady_places(gui.session(), gui.app().text(), Lang::en)),
           "after the banner");
  }
}

TEST_CASE("clicking A+ or A- again and again keeps the pointer on the same button") {
  GuiDriver gui("h1", english_settings());
  for (const char* label : {"A+", "A-"}) {
    for (int click = 0; click < 4; ++click) {
      const SteadyPlaces before = steady_places(gui.session(), gui.app().text(), Lang::en);
      REQUIRE(before.count(label));
      const auto& [min, max] = before.at(label);
      const ImVec2 pointer((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f);
      const float zoom = gui.app().view().zoom;
      REQUIRE(gui.click(label));
      gui.settle();
      CHECK(gui.app().view().zoom != zoom);
      const SteadyPlaces after = steady_places(gui.session(), gui.app().text(), Lang::en);
      REQUIRE(after.count(label));
      const auto& [now_min, now_max] = after.at(label);
      const bool under = pointer.x >= now_min.x && pointer.x <= now_max.x && pointer.y >= now_min.y &&
                         pointer.y <= now_max.y;
      CHECK_MESSAGE(under, label << " moved from under the pointer after click " << click + 1 << ": "
                                 << reslab::testing::describe(label, after.at(label)));
    }
  }
}
