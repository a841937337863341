#pragma once
// Helpers shared by the engine tests: load a bundled case, run an order, read figures.
#include <string>
#include <vector>

#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"

namespace reslab::test {

inline Scenario bundled(const std::string& file) {
  return load_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/" + file);
}
inline Scenario h1() {
  return bundled("h1_last_room.toml");
}
inline Scenario h2() {
  return bundled("h2_hold_expiry.toml");
}

inline Trace run_preset(const Scenario& scenario, Model model, const std::string& preset) {
  PlanRequest request;
  request.model = model;
  request.preset = preset;
  return run_plan(scenario, make_plan(scenario, request));
}

inline Trace run_order(const Scenario& scenario, Model model, const std::vector<std::string>& order) {
  PlanRequest request;
  request.model = model;
  request.order = order;
  return run_plan(scenario, make_plan(scenario, request));
}

// A figure's value as text ("-" for null), so tables in tests read like the articles'.
inline std::string figure(const CommittedState& state, const std::string& name) {
  const Figure* found = state.figure(name);
  if (!found) return "(absent)";
  return is_null(found->value) ? "-" : to_display(found->value);
}

inline const InvariantResult* invariant(const CommittedState& state, const std::string& name) {
  for (const auto& result : state.invariants)
    if (result.name == name) return &result;
  return nullptr;
}

inline std::vector<std::string> outcomes(const Trace& trace) {
  std::vector<std::string> result;
  for (const auto& step : trace.steps) result.push_back(step.outcome);
  return result;
}

}  // namespace reslab::test
