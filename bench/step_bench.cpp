// One step (execute + snapshot + diff + invariants) and a full replay of every
// bundled scenario's presets, in both models; then the same on synthetic hotel
// scenarios of 10, 100 and 1,000 events, to show how the cost grows with events.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/desktop_engine.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"

namespace {

using namespace reslab;

struct Case {
  Scenario scenario;
  std::string preset;
  Model model;
};

// Many H1-style requests on a bigger inventory: each request is its own actor (a request is resolved
// once per actor) with a reserve_check then a reserve_record, run one request after the other. Every
// request finds a room, so the tables are at their largest at the last step, the dearest one. Built in
// C++ because the file loader caps actors at 16.
Scenario synthetic_scenario(int events) {
  Scenario scenario = load_scenario_file(resolve_scenario("h1"));
  const int requests = events / 2;
  scenario.id = "synthetic" + std::to_string(events);
  scenario.actors.clear();
  scenario.events.clear();
  scenario.presets.clear();
  for (auto& row : scenario.initial)
    for (auto& [column, value] : row.cells)
      if (column == "capacity" || column == "available") value = std::int64_t{requests};
  Preset serial;
  serial.name = "serial";
  for (int request = 1; request <= requests; ++request) {
    const std::string actor = "R" + std::to_string(request);
    scenario.actors.push_back({actor, {actor, actor}, {}});
    for (const char* action : {"reserve_check", "reserve_record"}) {
      Event event;
      event.id = actor + (action[8] == 'c' ? "_check" : "_record");
      event.actor = actor;
      event.action = action;
      event.args["request_key"] = "booking-" + actor;
      serial.order.push_back(event.id);
      scenario.events.push_back(std::move(event));
    }
  }
  scenario.presets.push_back(std::move(serial));
  return scenario;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> list;
    for (const auto& file : bundled_scenario_files()) {
      const Scenario scenario = load_scenario_file(file);
      for (const auto& preset : scenario.presets)
        for (Model model : {Model::naive, Model::atomic}) list.push_back({scenario, preset.name, model});
    }
    for (int events : {10, 100, 1000})
      for (Model model : {Model::naive, Model::atomic})
        list.push_back({synthetic_scenario(events), "serial", model});
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

// Registering reads the bundled scenarios while the program starts, before main() hands the engine its
// case families: it hands them in first.
const bool registered = [] {
  use_desktop_engine();
  for (const auto& c : cases()) {
    // Set-up outside the timed region dwarfs a step, so the iteration count is fixed
    // rather than grown until the timed total reaches the minimum time.
    const int steps = static_cast<int>(plan_of(c).order.size());
    benchmark::RegisterBenchmark(("step/" + label(c)).c_str(), last_step, c)
        ->Unit(benchmark::kMicrosecond)
        ->Iterations(std::clamp(3000 / std::max(steps, 1), 5, 300));
    benchmark::RegisterBenchmark(("replay/" + label(c)).c_str(), full_replay, c)
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
