// libFuzzer target: a scenario that loads is run through every preset (and its
// plain event order) in both models. Refusals are UsageError or ScenarioError;
// the engine must never crash, hang, or let another exception out.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  reslab::Scenario scenario;
  try {
    scenario = reslab::parse_scenario(text, "fuzz.toml");
  } catch (const reslab::ScenarioError&) {
    return 0;
  }
  for (reslab::Model model : {reslab::Model::naive, reslab::Model::atomic}) {
    std::vector<reslab::PlanRequest> requests;
    for (const auto& preset : scenario.presets) {
      reslab::PlanRequest request;
      request.model = model;
      request.preset = preset.name;
      requests.push_back(request);
    }
    reslab::PlanRequest file_order;
    file_order.model = model;
    file_order.order = std::vector<std::string>{};
    for (const auto& event : scenario.events) file_order.order->push_back(event.id);
    requests.push_back(file_order);
    for (const auto& request : requests) {
      try {
        reslab::replay_as_far_as_possible(scenario, reslab::make_plan(scenario, request));
      } catch (const reslab::UsageError&) {
      } catch (const reslab::ScenarioError&) {
      }
    }
  }
  return 0;
}
