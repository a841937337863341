// Every preset of every bundled case, both models, both languages: the JSON trace must stay
// byte for byte what tests/golden/traces.txt recorded (its length and FNV-1a 64). A change to
// the engine that moves no teaching content keeps every line; a change that does shows which
// traces it touched. RESLAB_GOLDEN_UPDATE=FILE writes the list afresh (scripts/update-goldens);
// RESLAB_GOLDEN_DUMP=DIR writes each trace's JSON there, to diff two builds.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/formats/trace_json.hpp"
#include "core/sim/hash.hpp"
#include "core/sim/scenario_library.hpp"
#include "tests/golden_lines.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

// "h1 article naive en" and the JSON's length and hash.
GoldenLines current_traces() {
  GoldenLines lines;
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    for (const auto& preset : scenario.presets) {
      for (Model model : {Model::naive, Model::atomic}) {
        const Trace trace = run_preset(scenario, model, preset.name);
        for (Lang lang : {Lang::en, Lang::zh}) {
          const std::string json = trace_to_json(trace, scenario, lang).dump(2);
          const std::string key = scenario.id + " " + preset.name + " " + std::string(model_name(model)) +
                                  " " + std::string(lang_code(lang));
          if (const char* dir = std::getenv("RESLAB_GOLDEN_DUMP"); dir && *dir) {
            std::filesystem::create_directories(dir);
            std::ofstream(std::filesystem::path(dir) /
                          (scenario.id + "-" + preset.name + "-" + std::string(model_name(model)) + "-" +
                           std::string(lang_code(lang)) + ".json"))
                << json;
          }
          Fnv1a64 hash;
          hash.bytes(json);
          lines.emplace_back(key, std::to_string(json.size()) + " " + hash.hex());
        }
      }
    }
  }
  return lines;
}

}  // namespace

TEST_CASE("every bundled trace is byte for byte the recorded one, in both models and languages") {
  write_or_check_golden(current_traces(), "RESLAB_GOLDEN_UPDATE",
                        std::string(RESLAB_GOLDEN_DIR) + "/traces.txt",
                        "scenario preset model lang: JSON bytes and FNV-1a 64 (reslab trace --format json)");
}
