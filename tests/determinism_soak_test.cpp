// The soak: every bundled scenario, both models, 1,000 seeded random orders.
// Orders the waiting rule refuses are counted, not failed. Nothing may crash,
// the atomic model must keep every invariant, and a seed replays to the same hash.
// ctest runs it once per scenario file (RESLAB_SOAK_FILE) so the cores share the
// work; RESLAB_SOAK_ORDERS cuts the orders per model (the sanitizer build uses 50).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>

#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"

using namespace reslab;

namespace {

constexpr int kOrdersPerModel = 1000;
constexpr int kReplayEvery = 50;  // re-run every 50th seed and compare the hash

int orders_per_model() {
  const char* orders = std::getenv("RESLAB_SOAK_ORDERS");
  return orders && std::atoi(orders) > 0 ? std::atoi(orders) : kOrdersPerModel;
}

// A random interleaving of the actors' lanes (each lane keeps its own order),
// sometimes cut short, as a student clicking actors at random would make.
std::vector<std::string> random_order(const Scenario& scenario, const Plan& timing, std::mt19937& random) {
  std::map<std::string, std::vector<std::string>> lanes;
  for (const auto& event : scenario.events) lanes[event.actor].push_back(event.id);
  for (auto& [actor, lane] : lanes)
    std::stable_sort(lane.begin(), lane.end(), [&](const std::string& a, const std::string& b) {
      return timing.time_of(a) < timing.time_of(b);
    });
  std::vector<std::string> order;
  std::map<std::string, std::size_t> next;
  std::size_t remaining = scenario.events.size();
  while (remaining > 0) {
    std::vector<std::string> ready;
    for (const auto& [actor, lane] : lanes)
      if (next[actor] < lane.size()) ready.push_back(actor);
    const std::string& actor = ready[std::uniform_int_distribution<std::size_t>(0, ready.size() - 1)(random)];
    order.push_back(lanes[actor][next[actor]++]);
    --remaining;
  }
  const std::size_t keep = std::uniform_int_distribution<std::size_t>(1, order.size())(random);
  order.resize(keep);
  return order;
}

// One file when ctest names it, otherwise every bundled scenario.
std::vector<std::string> soaked_files() {
  if (const char* file = std::getenv("RESLAB_SOAK_FILE"); file && *file) return {file};
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(RESLAB_SCENARIO_DIR))
    if (entry.path().extension() == ".toml") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE(
    "random orders (1,000 per model, 50 under the sanitizers) run every bundled case without a crash or a broken atomic invariant" *
    doctest::test_suite("soak") * doctest::skip()) {
  const int orders = orders_per_model();
  for (const auto& file : soaked_files()) {
    const Scenario scenario = load_scenario_file(file);
    for (Model model : {Model::naive, Model::atomic}) {
      CAPTURE(file);
      CAPTURE(model_name(model));
      PlanRequest base;
      base.model = model;
      base.order = std::vector<std::string>{};
      const Plan timing = make_plan(scenario, base);
      std::mt19937 random(20261129u + static_cast<unsigned>(model));
      int refused = 0;
      for (int seed = 0; seed < orders; ++seed) {
        PlanRequest request = base;
        request.order = random_order(scenario, timing, random);
        const Plan plan = make_plan(scenario, request);
        const PartialReplay replay = replay_as_far_as_possible(scenario, plan);
        if (!replay.stopped.empty()) ++refused;
        if (model == Model::atomic) {
          for (const auto& step : replay.trace.steps) {
            for (const auto& invariant : step.committed->invariants) {
              INFO("order #" << seed << " step " << step.index << " breaks " << invariant.name);
              CHECK(invariant.holds);
            }
          }
        }
        if (seed % kReplayEvery == 0)
          CHECK(replay_as_far_as_possible(scenario, plan).trace.hash == replay.trace.hash);
      }
      MESSAGE(std::filesystem::path(file).filename().string()
              << " " << model_name(model) << ": " << refused << " of " << orders
              << " orders stopped by the waiting rule");
    }
  }
}
