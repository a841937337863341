// Every order explored (core/sim/explore.hpp): each bundled case's first preset on its own, and every
// preset of every bundled case in both models at once (9,025 orders, each run twice), on SQLite.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "core/desktop_engine.hpp"
#include "core/sim/explore.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"

namespace {

using namespace reslab;

const std::vector<Scenario>& scenarios() {
  static const std::vector<Scenario> all = [] {
    std::vector<Scenario> list;
    for (const auto& file : bundled_scenario_files()) list.push_back(load_scenario_file(file));
    return list;
  }();
  return all;
}

void first_preset(benchmark::State& state, const Scenario& scenario) {
  std::uint64_t orders = 0;
  for (auto _ : state) orders = explore(scenario, {}).explored;
  state.counters["orders"] = static_cast<double>(orders);
}

void every_preset(benchmark::State& state) {
  std::uint64_t orders = 0;
  for (auto _ : state) {
    orders = 0;
    for (const auto& scenario : scenarios())
      for (const auto& preset : scenario.presets) {
        ExploreRequest request;
        request.preset = preset.name;
        orders += explore(scenario, request).explored;
      }
  }
  state.counters["orders"] = static_cast<double>(orders);
  state.counters["runs"] = static_cast<double>(orders * 2);
}

// Registering reads the bundled scenarios while the program starts, before main() hands the engine its
// case families: it hands them in first.
const bool registered = [] {
  use_desktop_engine();
  for (const auto& scenario : scenarios())
    benchmark::RegisterBenchmark(("explore/" + scenario.id).c_str(), first_preset, scenario)
        ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("explore/every_preset_both_models", every_preset)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  return true;
}();

}  // namespace
