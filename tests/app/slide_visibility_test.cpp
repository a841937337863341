// A slide never hides what changed: every preset of every bundled case, both models, every step,
// at 1600x900 and 1366x768 in both languages, drawn headless (and the first preset of each case at
// 1920x1080, and at 1600x900 drawn at 2x with the glyphs a 2x export uses); each changed table and
// row, the current event and the cursor, each SQL statement, the explanation and the questions lie
// inside the visible area of their panel (app/export/visibility.hpp). A run at 1024x600 must report
// clipping, so the check can fail.
#include <doctest/doctest.h>

#include <cstdlib>
#include <iostream>

#include "app/export/visibility.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/gui_driver.hpp"
#include "tests/app/steady_places.hpp"

using namespace reslab;
using reslab::testing::GuiDriver;
using reslab::testing::moved_controls;
using reslab::testing::steady_places;
using reslab::testing::SteadyPlaces;

namespace {

struct Clip {
  std::string where;  // "h2 article atomic step 2 1366x768 en"
  std::vector<std::string> items;
};

// Which presets of each case to draw.
enum class Presets { all, first };

// What one run of the slide check draws and holds it to.
struct SlideRun {
  float width = 1600, height = 900;
  std::string lang = "en";
  Presets presets = Presets::all;
  float scale = 1;          // the render scale (2: as a 2x export draws)
  float zoom = 1;           // the text size the user chose
  bool presenting = false;  // presentation mode
  bool changed = true;      // nothing a step changed is hidden (app/export/visibility.hpp, must_show)
  bool labels = true;       // every label shown is whole (app/export/visibility.hpp, drawn_labels)
  bool steady = true;       // the controls a presenter clicks stay where step 0 had them (steady_places)
};

// Draws every step of the presets in both models as `run` says; returns what was clipped or cut.
std::vector<Clip> clipped_steps(const SlideRun& run, int* frames_checked) {
  std::vector<Clip> clips;
  Settings settings;
  settings.lang = run.lang;
  settings.zoom = run.zoom;
  // One window for every case, as a class switches cases: the font atlas holds every bundled case's
  // characters, so a case opened needs none built.
  GuiDriver gui("h1", settings);
  gui.resize(run.width, run.height);
  gui.set_render_scale(run.scale);
  if (run.presenting) gui.app().apply(SetPresenting{true});
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    REQUIRE(gui.app().open_scenario(file).empty());
    const std::size_t drawn = run.presets == Presets::first
                                  ? std::min<std::size_t>(1, scenario.presets.size())
                                  : scenario.presets.size();
    for (const auto& preset : std::vector(scenario.presets.begin(), scenario.presets.begin() + drawn)) {
      for (Model model : {Model::naive, Model::atomic}) {
        gui.app().apply(SetModel{model});
        gui.app().apply(ChoosePreset{preset.name});
        SteadyPlaces first;
        for (int step = 0; step <= gui.session().step_count(); ++step) {
          gui.app().apply(JumpTo{step});
          gui.settle();  // as the window does before it sleeps
          ++*frames_checked;
          std::vector<std::string> items;
          if (run.changed && step > 0) items = clipped_items();
          if (run.labels)
            for (const auto& label : cut_labels()) items.push_back("label '" + label + "'");
          if (run.steady) {
            const SteadyPlaces now = steady_places(gui.session(), gui.app().text(), gui.app().view().lang);
            if (step == 0) first = now;
            for (const auto& moved : moved_controls(first, now)) items.push_back(moved);
          }
          if (std::getenv("RESLAB_DEBUG_CLIP")) {
            for (const auto& item : must_show())
              if (!item.shown())
                std::cerr << item.what << " [" << item.min.x << "," << item.min.y << " - " << item.max.x
                          << "," << item.max.y << "] clip [" << item.clip_min.x << "," << item.clip_min.y
                          << " - " << item.clip_max.x << "," << item.clip_max.y << "]\n";
            for (const auto& label : drawn_labels())
              if (label.cut())
                std::cerr << "label '" << label.text << "' [" << label.min.x << "," << label.min.y << " - "
                          << label.max.x << "," << label.max.y << "] clip [" << label.clip_min.x << ","
                          << label.clip_min.y << " - " << label.clip_max.x << "," << label.clip_max.y << "]"
                          << (label.shortened ? " shortened" : "") << "\n";
          }
          if (!items.empty())
            clips.push_back({scenario.id + " " + preset.name + " " + std::string(model_name(model)) +
                                 " step " + std::to_string(step) + " " + std::to_string(int(run.width)) +
                                 "x" + std::to_string(int(run.height)) + " " +
                                 std::to_string(int(run.scale)) + "x " +
                                 std::to_string(int(run.zoom * 100 + 0.5f)) + "% " + run.lang +
                                 (run.presenting ? " presenting" : ""),
                             items});
        }
      }
    }
  }
  return clips;
}

void report(const std::vector<Clip>& clips) {
  for (const auto& clip : clips) {
    std::string items;
    for (const auto& item : clip.items) items += (items.empty() ? "" : ", ") + item;
    FAIL_CHECK(clip.where << ": " << items);
  }
}

}  // namespace

TEST_SUITE_BEGIN("slides");

TEST_CASE(
    "at 1600x900 nothing a step changed is hidden, every label is whole and no control a presenter clicks moves, "
    "in either language") {
  int frames = 0;
  for (const char* lang : {"en", "zh"}) report(clipped_steps({1600, 900, lang}, &frames));
  CHECK(frames > 400);
}

TEST_CASE(
    "at 1366x768 nothing a step changed is hidden, every label is whole and no control a presenter clicks moves, "
    "in either language") {
  int frames = 0;
  for (const char* lang : {"en", "zh"}) report(clipped_steps({1366, 768, lang}, &frames));
  CHECK(frames > 400);
}

TEST_CASE("at 1920x1080 the first preset of every case hides nothing a step changed, in either language") {
  int frames = 0;
  for (const char* lang : {"en", "zh"}) report(clipped_steps({1920, 1080, lang, Presets::first}, &frames));
  CHECK(frames > 100);
}

TEST_CASE(
    "at 1600x900 drawn at 2x the first preset of every case hides nothing a step changed, in either language") {
  int frames = 0;
  for (const char* lang : {"en", "zh"}) report(clipped_steps({1600, 900, lang, Presets::first, 2}, &frames));
  CHECK(frames > 100);
}

TEST_CASE(
    "at 1024x768 every label is whole at 100% and at 133% and no control a presenter clicks moves, in either "
    "language") {
  int frames = 0;
  for (const char* lang : {"en", "zh"}) {
    SlideRun run{1024, 768, lang};
    run.changed = false;  // a 1024x768 slide may scroll to what changed; its labels are whole all the same
    report(clipped_steps(run, &frames));
    run.zoom = 1.33f;
    run.presets = Presets::first;
    report(clipped_steps(run, &frames));
  }
  CHECK(frames > 400);
}

TEST_CASE(
    "in presentation mode the first preset of every case shows every label whole at 1024x768, and at 1366x768 "
    "and 1920x1080 (text a third larger) hides nothing a step changed") {
  int frames = 0;
  for (const char* lang : {"en", "zh"}) {
    SlideRun run{1024, 768, lang, Presets::first};
    run.presenting = true;
    run.changed = false;  // a long step's SQL scrolls at 1024x768, as it does out of presentation mode
    report(clipped_steps(run, &frames));
    run.width = 1366;
    run.changed = true;
    report(clipped_steps(run, &frames));
    run.width = 1920;
    run.height = 1080;
    run.presets = Presets::first;
    report(clipped_steps(run, &frames));
  }
  CHECK(frames > 200);
}

TEST_CASE(
    "the check can fail: at 1024x600 some slide hides what changed, and at 800x600 and 200% a label is cut") {
  int frames = 0;
  SlideRun hides{1024, 600, "en", Presets::first};
  hides.labels = false;
  CHECK_FALSE(clipped_steps(hides, &frames).empty());
  SlideRun cuts{800, 600, "en", Presets::first};
  cuts.changed = false;
  cuts.zoom = 2;
  CHECK_FALSE(clipped_steps(cuts, &frames).empty());
}

TEST_SUITE_END();
