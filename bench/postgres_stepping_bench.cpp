// Stepping on PostgreSQL against SQLite: one step that does not wait (H1 atomic, A's conditional
// decrement), one step that waits (B's UPDATE blocked by A's row lock: it ends once B is past its deadlock
// check, deadlock_timeout = 20ms), and a full replay of H1 and H2's article orders in both models. The
// private server starts before the first iteration and is not counted.
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>

#include "core/backends/postgres/server.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
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
  if (backend == Backend::sqlite) return true;
  try {
    pg::server(pg::server_options("", false));
    return true;
  } catch (const pg::BackendUnavailable& e) {
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
BENCHMARK_CAPTURE(BM_Step, sqlite_no_wait, Backend::sqlite, 1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Step, postgres_no_wait, Backend::postgres, 1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Step, sqlite_wait, Backend::sqlite, 2)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Step, postgres_wait, Backend::postgres, 2)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// A whole replay, as the app does after a change of order, model or backend.
void BM_Replay(benchmark::State& state, const char* file, Model model, Backend backend) {
  if (!server_or_skip(state, backend)) return;
  const Scenario& s = scenario(file);
  const Plan p = plan(s, model, backend);
  for (auto _ : state) benchmark::DoNotOptimize(run_plan(s, p));
}
BENCHMARK_CAPTURE(BM_Replay, h1_naive_sqlite, "h1_last_room.toml", Model::naive, Backend::sqlite)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Replay, h1_naive_postgres, "h1_last_room.toml", Model::naive, Backend::postgres)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Replay, h1_atomic_sqlite, "h1_last_room.toml", Model::atomic, Backend::sqlite)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Replay, h1_atomic_postgres, "h1_last_room.toml", Model::atomic, Backend::postgres)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Replay, h2_naive_sqlite, "h2_hold_expiry.toml", Model::naive, Backend::sqlite)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Replay, h2_naive_postgres, "h2_hold_expiry.toml", Model::naive, Backend::postgres)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Replay, h2_atomic_sqlite, "h2_hold_expiry.toml", Model::atomic, Backend::sqlite)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Replay, h2_atomic_postgres, "h2_hold_expiry.toml", Model::atomic, Backend::postgres)
    ->Unit(benchmark::kMillisecond);

}  // namespace
