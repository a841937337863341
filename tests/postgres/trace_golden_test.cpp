// PostgreSQL's golden traces: H1, H2 and H8, every preset, both models and languages, must stay byte for byte
// what tests/golden/postgres_traces.txt recorded (the JSON's length and FNV-1a 64, with the server's version
// left out so another minor release does not move them), and the trace hash with it. Each trace runs twice:
// the second run must give the same hash. RESLAB_GOLDEN_UPDATE_POSTGRES=FILE writes the list afresh
// (scripts/update-goldens does when a PostgreSQL server is at hand).
#include <doctest/doctest.h>

#include <fstream>
#include <map>

#include "core/formats/trace_json.hpp"
#include "core/sim/hash.hpp"
#include "tests/golden_lines.hpp"
#include "tests/postgres/stepping_support.hpp"

using namespace reslab;

namespace {

test::GoldenLines current_traces() {
  test::GoldenLines lines;
  for (const char* file : {"h1_last_room.toml", "h2_hold_expiry.toml", "h8_night_order.toml"}) {
    const Scenario scenario = pgtest::bundled(file);
    for (const auto& preset : scenario.presets) {
      for (Model model : {Model::naive, Model::atomic}) {
        const Trace trace = pgtest::run_on_postgres(scenario, model, preset.name);
        const Trace again = pgtest::run_on_postgres(scenario, model, preset.name);
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
    "PostgreSQL's golden traces (H1 H2 and H8) are byte for byte the recorded ones, and the same run twice") {
  const pg::ServerInfo* server = pgtest::stepping_server();
  if (!server) return;
  if (!server->deterministic) {
    MESSAGE(
        "the server would not take deadlock_timeout = 20ms and log_lock_waits: no trace hash is promised");
    return;
  }
  test::write_or_check_golden(
      current_traces(), "RESLAB_GOLDEN_UPDATE_POSTGRES",
      std::string(RESLAB_GOLDEN_DIR) + "/postgres_traces.txt",
      "scenario preset model lang: JSON bytes and FNV-1a 64 (server_version left out), "
      "trace hash (reslab trace --backend postgres --format json)");
}
