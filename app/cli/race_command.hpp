#pragma once
// `reslab race`: T1, the ticketing article's lab run live. Prints what the article's lab prints:
// the version, the inputs, a hash of the inputs, the results and the exit code.
#include <string>

#include "app/cli/backend_options.hpp"

namespace reslab {

struct RaceCommandOptions {
  int threads = 16;
  int rounds = 200;
  std::string model = "atomic";  // naive | atomic
  std::string db;                // empty: a temporary file, removed afterwards
  std::string format = "text";   // text | json
  BackendOptions backend;        // --backend, --pg, --keep
};

// Returns the exit code: 0 the race ran (naive is expected to oversell), 1 the race
// failed or the atomic model let a round end without exactly one winner, 130
// interrupted (Ctrl+C: the partial result is printed). Throws UsageError for bad input.
int run_race_command(const RaceCommandOptions& options);

}  // namespace reslab
