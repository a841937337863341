#include "core/sim/preset_check.hpp"

#include "core/sim/plan.hpp"
#include "core/sim/simulator.hpp"

namespace reslab {

std::string PresetProblem::text() const {
  return pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " +
         (error ? "" : "warning: ") + message;
}

std::vector<PresetProblem> check_presets(const Scenario& scenario) {
  Simulator initial_rows_fit(scenario, make_plan(scenario, PlanRequest{}));  // throws at a rejected row
  std::vector<PresetProblem> problems;
  for (const auto& preset : scenario.presets) {
    std::vector<std::string> failures;
    for (Model model : {Model::naive, Model::atomic}) {
      PlanRequest request;
      request.model = model;
      request.preset = preset.name;
      const PartialReplay replay = replay_as_far_as_possible(scenario, make_plan(scenario, request));
      if (!replay.stopped.empty()) failures.push_back(std::string(model_name(model)) + ": " + replay.stopped);
    }
    if (failures.size() == 2)
      problems.push_back({preset.pos, preset.name, true,
                          "preset '" + preset.name + "' cannot run: " + failures[0] + "; " + failures[1]});
    else if (failures.size() == 1)
      problems.push_back({preset.pos, preset.name, false, "preset '" + preset.name + "' stops under " + failures[0]});
  }
  return problems;
}

}  // namespace reslab
