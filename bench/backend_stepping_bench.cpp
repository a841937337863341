// Stepping on each backend: one step that does not wait (H1 atomic, A's conditional decrement), one step
// that waits (B's UPDATE blocked by A's row lock on a server, B's BEGIN IMMEDIATE on SQLite: it ends once
// the wait is known and whom it waits for is named), and a full replay of H1 and H2's article orders in
// both models, on SQLite, PostgreSQL and MariaDB. Each private server starts before the first iteration
// and is not counted; a backend whose server cannot start is skipped with its reason.
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <string>

#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/servers.hpp"
#include "core/sim/simulator.hpp"

namespace {

using namespace reslab;
using Clock = std::chrono::steady_clock;

const Scenario& scenario(const std::string& file) {
  static std::map<std::string, Scenario> loaded;
  auto it = loaded.find(file);
  if (it == loaded.end())
    it = loaded.emplace(file, load_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/" + file)).first;
  return it->second;
}

Plan plan(const Scenario& s, Model model, Backend backend) {
  PlanRequest request;
  request.model = model;
  request.backend = backend;
  request.preset = "article";
  return make_plan(s, request);
}

bool server_or_skip(benchmark::State& state, Backend backend) {
  if (!needs_server(backend)) return true;
  try {
    open_server(backend, {});
    return true;
  } catch (const BackendUnavailableError& e) {
    state.SkipWithError(e.what());
    return false;
  }
}

// One step of H1 atomic, after the steps before it: step 1 (A1, no wait) or step 2 (B1, waits for A).
void BM_Step(benchmark::State& state, Backend backend, int step) {
  if (!server_or_skip(state, backend)) return;
  const Scenario& h1 = scenario("h1_last_room.toml");
  const Plan p = plan(h1, Model::atomic, backend);
  for (auto _ : state) {
    Simulator simulator(h1, p);
    for (int i = 0; i + 1 < step; ++i) simulator.run(p.order[static_cast<std::size_t>(i)]);
    const auto start = Clock::now();
    simulator.run(p.order[static_cast<std::size_t>(step - 1)]);
    state.SetIterationTime(std::chrono::duration<double>(Clock::now() - start).count());
  }
}

// A whole replay, as the app does after a change of order, model or backend.
void BM_Replay(benchmark::State& state, const char* file, Model model, Backend backend) {
  if (!server_or_skip(state, backend)) return;
  const Scenario& s = scenario(file);
  const Plan p = plan(s, model, backend);
  for (auto _ : state) benchmark::DoNotOptimize(run_plan(s, p));
}

const int registered = [] {
  for (const Backend backend : all_backends()) {
    const std::string name(backend_name(backend));
    benchmark::RegisterBenchmark(("BM_Step/" + name + "_no_wait").c_str(), BM_Step, backend, 1)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_Step/" + name + "_wait").c_str(), BM_Step, backend, 2)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
    for (const auto& [file, id] :
         {std::pair{"h1_last_room.toml", "h1"}, std::pair{"h2_hold_expiry.toml", "h2"}})
      for (const Model model : {Model::naive, Model::atomic})
        benchmark::RegisterBenchmark(
            ("BM_Replay/" + std::string(id) + "_" + std::string(model_name(model)) + "_" + name).c_str(),
            BM_Replay, file, model, backend)
            ->Unit(benchmark::kMillisecond);
  }
  return 0;
}();

}  // namespace
