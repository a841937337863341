#pragma once
// What `reslab check` and the app (on open and on reload) say about a scenario's presets beyond
// loading: a preset must run in at least one model (it may stop in one by design, a warning); the
// naive model breaks an invariant exactly where the preset says it does harm (naive_harm, true by
// default), the atomic model never does, at least one preset shows the harm, and no step contradicts
// a fact its event's note declares (note_facts.hpp).
#include <string>
#include <vector>

#include "core/sim/errors.hpp"
#include "core/sim/scenario.hpp"

namespace reslab {

struct PresetProblem {
  SourcePos pos;  // the preset in its file
  std::string preset;
  bool error = false;  // an error (exit 2) or a warning
  std::string message;

  // "file:line:col: [warning: ]message"
  std::string text() const;
};

// Throws ScenarioError when an initial row does not fit the schema (at that row).
std::vector<PresetProblem> check_presets(const Scenario& scenario, const std::string& backend = "sqlite");

}  // namespace reslab
