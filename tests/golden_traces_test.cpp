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

#include "core/formats/hash.hpp"
#include "core/formats/trace_json.hpp"
#include "core/sim/scenario_library.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

struct GoldenLine {
  std::string key;  // "h1 seed naive en"
  std::string digest;
};

std::vector<GoldenLine> current_traces() {
  std::vector<GoldenLine> lines;
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
          lines.push_back({key, std::to_string(json.size()) + " " + hash.hex()});
        }
      }
    }
  }
  return lines;
}

}  // namespace

TEST_CASE("every bundled trace is byte for byte the recorded one, in both models and languages") {
  const std::vector<GoldenLine> traces = current_traces();
  if (const char* update = std::getenv("RESLAB_GOLDEN_UPDATE"); update && *update) {
    std::ofstream out(update);
    out << "# scenario preset model lang: JSON bytes and FNV-1a 64 (reslab trace --format json)\n";
    for (const auto& line : traces) out << line.key << ": " << line.digest << "\n";
    MESSAGE("wrote " << traces.size() << " lines to " << update);
    return;
  }
  std::ifstream in(std::string(RESLAB_GOLDEN_DIR) + "/traces.txt");
  REQUIRE(in);
  std::map<std::string, std::string> recorded;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto colon = line.find(": ");
    recorded[line.substr(0, colon)] = line.substr(colon + 2);
  }
  CHECK(recorded.size() == traces.size());
  for (const auto& line : traces) {
    INFO(line.key);
    auto it = recorded.find(line.key);
    REQUIRE(it != recorded.end());
    CHECK(it->second == line.digest);
  }
}
