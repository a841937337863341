// One step (execute + snapshot + diff + invariants) and a full replay of every
// bundled scenario's presets, in both models.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "core/plan.hpp"
#include "core/scenario_library.hpp"
#include "core/scenario_loader.hpp"
#include "core/simulator.hpp"

namespace {

using namespace reslab;

struct Case {
  Scenario scenario;
  std::string preset;
  Model model;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> list;
    for (const auto& file : bundled_scenario_files()) {
      const Scenario scenario = load_scenario_file(file);
      for (const auto& preset : scenario.presets)
        for (Model model : {Model::naive, Model::atomic}) list.push_back({scenario, preset.name, model});
    }
    return list;
  }();
  return all;
}

Plan plan_of(const Case& c) {
  PlanRequest request;
  request.model = c.model;
  request.preset = c.preset;
  return make_plan(c.scenario, request);
}

std::string label(const Case& c) {
  return c.scenario.id + "/" + c.preset + "/" + std::string(model_name(c.model));
}

// The last step of the preset: every earlier step is replayed outside the timed region.
void last_step(benchmark::State& state, const Case& c) {
  const Plan plan = plan_of(c);
  std::unique_ptr<Simulator> simulator;
  for (auto _ : state) {
    state.PauseTiming();
    simulator.reset();  // closing the previous database is not part of a step
    simulator = std::make_unique<Simulator>(c.scenario, plan);
    for (std::size_t i = 0; i + 1 < plan.order.size(); ++i) simulator->run(plan.order[i]);
    state.ResumeTiming();
    benchmark::DoNotOptimize(simulator->run(plan.order.back()));
  }
}

// Rewind: a fresh database, every step replayed, the trace hashed.
void full_replay(benchmark::State& state, const Case& c) {
  const Plan plan = plan_of(c);
  for (auto _ : state) benchmark::DoNotOptimize(run_plan(c.scenario, plan));
  state.counters["steps"] = static_cast<double>(plan.order.size());
}

const bool registered = [] {
  for (const auto& c : cases()) {
    // Set-up outside the timed region dwarfs a step, so the iteration count is fixed
    // rather than grown until the timed total reaches the minimum time.
    benchmark::RegisterBenchmark(("step/" + label(c)).c_str(), last_step, c)
        ->Unit(benchmark::kMicrosecond)
        ->Iterations(300);
    benchmark::RegisterBenchmark(("replay/" + label(c)).c_str(), full_replay, c)
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
