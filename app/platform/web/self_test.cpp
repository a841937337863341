#include "app/platform/web/self_test.hpp"

#include <exception>

#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"

namespace reslab::web {

std::vector<std::string> self_test_lines(const std::vector<std::string>& files, int* steps) {
  std::vector<std::string> lines;
  for (const auto& file : files) {
    const Scenario scenario = load_scenario_file(file);
    for (const auto& preset : scenario.presets) {
      for (const Model model : {Model::naive, Model::atomic}) {
        std::string line =
            scenario.id + " " + preset.name + " " + (model == Model::naive ? "naive" : "atomic") + " ";
        try {
          PlanRequest request;
          request.model = model;
          request.preset = preset.name;
          const Trace trace = run_plan(scenario, make_plan(scenario, request));
          if (steps) *steps += static_cast<int>(trace.steps.size());
          line += trace_hash(trace);
        } catch (const std::exception& e) {
          line += "error";  // `reslab trace` exits 2 with its message; the hash is what compares
        }
        lines.push_back(std::move(line));
      }
    }
  }
  return lines;
}

}  // namespace reslab::web
