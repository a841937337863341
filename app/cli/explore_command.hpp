#pragma once
// `reslab explore`: every lane-respecting order of a case's events, each run on the real database,
// counted per model (runnable, harmful, by invariant) and grouped by final state.
#include <string>

#include "app/cli/backend_options.hpp"

namespace reslab {

struct ExploreOptions {
  std::string scenario;
  std::string preset;
  std::string events;               // "all": every event of the file; empty: the preset's
  std::string model = "both";       // naive | atomic | both
  std::string format = "markdown";  // markdown | json
  std::string lang;
  std::uint64_t limit = 20'000;
  std::uint64_t seed = 1;
  BackendOptions backend;
};

// Returns the exit code: 0 done (harm found is a result, not a failure). Throws UsageError for bad
// input and ScenarioError for a broken file.
int run_explore(const ExploreOptions& options);

}  // namespace reslab
