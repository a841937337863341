#pragma once
// A case as one self-contained HTML page for after class (title, summary, both models, the first
// preset as slides with why each step did what it did, the other presets as step tables, the
// discussion questions), and an index page linking several. Pure text: the pictures come in as PNG
// bytes and go out as data: URIs, so the page needs no other file and nothing from the network.
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "app/text/ui_text.hpp"
#include "core/sim/explore.hpp"
#include "core/sim/model.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/text.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

// One model's run of a preset.
struct HandoutRun {
  Model model = Model::atomic;
  Trace trace;
  std::string stopped;  // why the order stopped early under this model; empty when it all ran
  std::vector<std::vector<std::uint8_t>> slides;  // a PNG per step, or none for a step table
};

struct HandoutPreset {
  const Preset* preset = nullptr;
  std::vector<HandoutRun> runs;  // naive, then atomic
};

struct HandoutCase {
  const Scenario* scenario = nullptr;
  std::string command;                    // how to open the case in the app: "reslab h1"
  HandoutPreset slides;                   // the first preset
  std::vector<HandoutPreset> tables;      // the other presets
  int slide_width = 0, slide_height = 0;  // logical pixels of every slide
  bool indexed = false;                   // an index page sits beside it: link back to it
  std::optional<Exploration> orders;      // every order of the first preset's events, when explored
};

// Why a step did what it did, as the app's Why panel tells it (and what the scenario file expected of it):
// a block of the page, for a case's slides and tables and an SQL scenario's.
void write_handout_why(std::ostringstream& out, const Scenario& scenario, Model model, const Step& step,
                       const UiText& text, Lang lang);

// The file a case's page is written to: "<id>.html".
std::string handout_file_name(const Scenario& scenario);
std::string handout_page_html(const HandoutCase& handout, const UiText& text, Lang lang);
// Links to each scenario's page, with its title and summary; then, when `isolation_tests` is not empty, the
// isolation lab: its table's page and each test's.
std::string handout_index_html(const std::vector<const Scenario*>& scenarios,
                               const std::vector<const Scenario*>& isolation_tests, const UiText& text,
                               Lang lang);

}  // namespace reslab
