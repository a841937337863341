// The server's golden traces: H1, H2 and H8, every preset, both models and languages, must stay byte for
// byte what tests/golden/<backend>_traces.txt recorded (the JSON's length and FNV-1a 64, with the server's
// version left out so another minor release does not move them), and the trace hash with it. Each trace
// runs twice: the second run must give the same hash. RESLAB_GOLDEN_UPDATE_<BACKEND>=FILE writes the list
// afresh (scripts/update-goldens does when the server is at hand).
#include <doctest/doctest.h>

#include <cctype>

#include "core/formats/trace_json.hpp"
#include "core/sim/hash.hpp"
#include "tests/golden_lines.hpp"
#include "tests/server_backend/server_under_test.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

GoldenLines current_server_traces(Backend backend) {
  GoldenLines lines;
  for (const char* file : {"h1_last_room.toml", "h2_hold_expiry.toml", "h8_night_order.toml"}) {
    const Scenario scenario = bundled(file);
    for (const auto& preset : scenario.presets) {
      for (Model model : {Model::naive, Model::atomic}) {
        const Trace trace = run_preset(scenario, model, preset.name, backend);
        const Trace again = run_preset(scenario, model, preset.name, backend);
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

TEST_CASE(RESLAB_SERVER_NAME
          "'s golden traces (H1 H2 and H8) are byte for byte the recorded ones, and the same run twice") {
  if (!servertest::server_ready() || !servertest::promises_trace_hashes()) return;
  const Backend backend = servertest::backend_under_test();
  const std::string name(backend_name(backend));
  std::string update_variable = "RESLAB_GOLDEN_UPDATE_";
  for (char letter : name)
    update_variable += static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
  write_or_check_golden(current_server_traces(backend), update_variable.c_str(),
                        std::string(RESLAB_GOLDEN_DIR) + "/" + name + "_traces.txt",
                        "scenario preset model lang: JSON bytes and FNV-1a 64 (server_version left out), "
                        "trace hash (reslab trace --backend " +
                            name + " --format json)");
}
