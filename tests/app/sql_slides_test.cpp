// An SQL scenario's slides hide nothing a step changed either: every isolation test's permutation under
// each of SQLite's variants, every step, at 1366x768 in both languages, drawn headless; each changed table
// and row, the current step, each statement, the rows it returned and the explanation lie inside their
// panel's visible area, and every label is whole.
#include <doctest/doctest.h>

#include "app/export/visibility.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/gui_driver.hpp"

using namespace reslab;
using reslab::testing::GuiDriver;

TEST_SUITE_BEGIN("slides");

TEST_CASE(
    "at 1366x768 no step of an isolation test under any SQLite variant hides what it changed or cuts a label, in "
    "either language") {
  test::bundled_case("h1");  // points the scenario library at the source tree
  int frames = 0;
  for (const char* lang : {"en", "zh"}) {
    Settings settings;
    settings.lang = lang;
    GuiDriver gui("h1", settings);
    gui.resize(1366, 768);
    for (const auto& file : isolation_scenario_files()) {
      const SqlScenario scenario = load_sql_scenario_file(file);
      REQUIRE(gui.app().open_scenario(file).empty());
      for (const SqlVariant* variant : scenario.variants_on(Backend::sqlite)) {
        gui.app().apply(SetVariant{variant->id});
        REQUIRE(gui.session().variant()->id == variant->id);
        for (int step = 0; step <= gui.session().step_count(); ++step) {
          gui.app().apply(JumpTo{step});
          gui.settle();
          ++frames;
          std::string hidden;
          if (step > 0)
            for (const auto& item : clipped_items()) hidden += " " + item;
          for (const auto& label : cut_labels()) hidden += " label '" + label + "'";
          if (!hidden.empty())
            FAIL_CHECK(scenario.id << " " << variant->id << " step " << step << " " << lang << ":" << hidden);
        }
      }
    }
  }
  CHECK(frames > 600);
}

TEST_SUITE_END();
