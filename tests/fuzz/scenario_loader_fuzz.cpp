// libFuzzer target: any bytes as a scenario file. The loader must either return
// a Scenario or throw ScenarioError; anything else (a crash, a hang, another
// exception, a sanitizer report) is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/sim/errors.hpp"
#include "core/sim/scenario_loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    reslab::parse_scenario(text, "fuzz.toml");
  } catch (const reslab::ScenarioError&) {
  }
  return 0;
}
