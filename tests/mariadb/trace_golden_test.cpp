// MariaDB's golden traces: H1, H2 and H8, every preset, both models and languages, must stay byte for byte
// what tests/golden/mariadb_traces.txt recorded (the JSON's length and FNV-1a 64, the server's version left
// out), and the trace hash with it. Each trace runs twice: the second run must give the same hash.
// RESLAB_GOLDEN_UPDATE_MARIADB=FILE writes the list afresh (scripts/update-goldens does).
#include <doctest/doctest.h>

#include "core/formats/trace_json.hpp"
#include "core/sim/hash.hpp"
#include "tests/golden_lines.hpp"
#include "tests/mariadb/mariadb_test_support.hpp"

using namespace reslab;

namespace {

test::GoldenLines current_innodb_traces() {
  test::GoldenLines lines;
  for (const char* file : {"h1_last_room.toml", "h2_hold_expiry.toml", "h8_night_order.toml"}) {
    const Scenario scenario = mariatest::bundled(file);
    for (const auto& preset : scenario.presets) {
      for (Model model : {Model::naive, Model::atomic}) {
        const Trace trace = mariatest::run_on_mariadb(scenario, model, preset.name);
        const Trace again = mariatest::run_on_mariadb(scenario, model, preset.name);
        INFO(scenario.id << " " << preset.name << " " << model_name(model));
        CHECK(again.hash == trace.hash);
        for (Lang lang : {Lang::en, Lang::zh}) {
          auto json = trace_to_json(trace, scenario, lang);
          json["server_version"] = nullptr;
          const std::string text = json.dump(2);
          Fnv1a64 hash;
          hash.bytes(text);
          lines.emplace_back(scenario.id + " " + preset.name + " " + std::string(model_name(model)) + " " +
                                 std::string(lang_code(lang)),
                             std::to_string(text.size()) + " " + hash.hex() + " trace " + trace.hash);
        }
      }
    }
  }
  return lines;
}

}  // namespace

TEST_CASE(
    "MariaDB's golden traces (H1 H2 and H8) are byte for byte the recorded ones, and the same run twice") {
  if (!mariatest::server_or_skip()) return;
  test::write_or_check_golden(
      current_innodb_traces(), "RESLAB_GOLDEN_UPDATE_MARIADB",
      std::string(RESLAB_GOLDEN_DIR) + "/mariadb_traces.txt",
      "scenario preset model lang: JSON bytes and FNV-1a 64 (server_version left out), "
      "trace hash (reslab trace --backend mariadb --format json)");
}
