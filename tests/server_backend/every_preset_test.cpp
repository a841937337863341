// Every bundled case on the server, in both models and every preset: the same events run (no preset
// stops), the naive model breaks an invariant exactly when the preset says it does harm on this backend,
// and the atomic model never breaks one.
#include <doctest/doctest.h>

#include "core/sim/scenario_library.hpp"
#include "tests/server_backend/server_under_test.hpp"
#include "tests/test_support.hpp"

using namespace reslab;

namespace {

std::string first_broken(const Trace& trace) {
  for (const auto& step : trace.steps)
    for (const auto& invariant : step.committed->invariants)
      if (!invariant.holds) return invariant.name + " at step " + std::to_string(step.index);
  return {};
}

}  // namespace

TEST_CASE("every case, model and preset on " RESLAB_SERVER_NAME
          ": naive harms exactly where its preset says, atomic never") {
  if (!servertest::server_ready()) return;
  const Backend backend = servertest::backend_under_test();
  int runs = 0;
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    for (const auto& preset : scenario.presets) {
      for (Model model : {Model::naive, Model::atomic}) {
        INFO(scenario.id << " " << preset.name << " " << model_name(model));
        const PartialReplay replay =
            replay_as_far_as_possible(scenario, test::preset_plan(scenario, model, preset.name, backend));
        CHECK(replay.stopped.empty());
        CHECK(replay.trace.backend == backend);
        const std::string broken = first_broken(replay.trace);
        if (model == Model::atomic) CHECK_MESSAGE(broken.empty(), "atomic breaks " << broken);
        if (model == Model::naive)
          CHECK_MESSAGE(broken.empty() != preset.naive_harm_on(std::string(backend_name(backend))), broken);
        ++runs;
      }
    }
  }
  CHECK(runs > 50);
}
