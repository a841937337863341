#include "core/sim/preset_check.hpp"

#include <algorithm>

#include "core/sim/note_facts.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/simulator.hpp"

namespace reslab {

std::string PresetProblem::text() const {
  return pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " +
         (error ? "" : "warning: ") + message;
}

// The first step at which a trace breaks an invariant, and which; 0 when none does.
std::pair<int, std::string> first_broken(const Trace& trace) {
  for (const auto& step : trace.steps)
    for (const auto& invariant : step.committed->invariants)
      if (!invariant.holds) return {step.index, invariant.name};
  return {0, {}};
}

std::vector<PresetProblem> check_presets(const Scenario& scenario, const std::string& backend) {
  PlanRequest on_backend;
  if (!parse_backend(backend, on_backend.backend)) throw UsageError("unknown backend '" + backend + "'");
  Simulator initial_rows_fit(scenario, make_plan(scenario, on_backend));  // throws at a rejected row
  std::vector<PresetProblem> problems;
  bool any_harm = false;
  for (const auto& preset : scenario.presets) {
    std::vector<std::string> failures;
    const auto warn = [&](const std::string& message) {
      problems.push_back({preset.pos, preset.name, false, message});
    };
    for (Model model : {Model::naive, Model::atomic}) {
      PlanRequest request = on_backend;
      request.model = model;
      request.preset = preset.name;
      const Plan plan = make_plan(scenario, request);
      const PartialReplay replay = replay_as_far_as_possible(scenario, plan);
      if (!replay.stopped.empty()) failures.push_back(std::string(model_name(model)) + ": " + replay.stopped);
      // A note that states a fact its step contradicts is reported at the fact.
      for (const auto& wrong : check_note_facts(scenario, plan, replay.trace))
        problems.push_back({wrong.pos, preset.name, false,
                            "preset '" + preset.name + "' (" + std::string(model_name(model)) + "), step " +
                                std::to_string(wrong.step) + ": " + wrong.message});
      const auto [step, invariant] = first_broken(replay.trace);
      const bool harm_expected = preset.naive_harm_on(backend);
      if (model == Model::atomic && step)
        warn("preset '" + preset.name + "': the atomic model breaks " + invariant + " at step " +
             std::to_string(step));
      if (model == Model::naive && step && !harm_expected)
        warn("preset '" + preset.name + "' says naive_harm = false, but the naive model breaks " + invariant +
             " at step " + std::to_string(step));
      if (model == Model::naive && !step && harm_expected && replay.stopped.empty())
        warn(
            "preset '" + preset.name +
            "': the naive model breaks no invariant; if this order is harmless on purpose, say naive_harm = false");
      any_harm = any_harm || (model == Model::naive && step);
    }
    if (failures.size() == 2)
      problems.push_back({preset.pos, preset.name, true,
                          "preset '" + preset.name + "' cannot run: " + failures[0] + "; " + failures[1]});
    else if (failures.size() == 1)
      warn("preset '" + preset.name + "' stops under " + failures[0]);
  }
  // A case whose every preset says what it does on this backend has been told apart on purpose (H7's
  // read-then-write shape cannot deadlock on PostgreSQL).
  const bool every_preset_says =
      std::all_of(scenario.presets.begin(), scenario.presets.end(), [&](const Preset& p) {
        return p.naive_harm_by_backend.count(backend) != 0 || (!p.naive_harm && backend != "sqlite");
      });
  if (!any_harm && !scenario.presets.empty() && !(backend != "sqlite" && every_preset_says))
    problems.push_back({scenario.presets.front().pos, scenario.presets.front().name, false,
                        "no preset shows the naive model doing harm: a case needs at least one"});
  return problems;
}

}  // namespace reslab
