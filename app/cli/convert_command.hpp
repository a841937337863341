#pragma once
// `reslab convert`: a .spec as the equivalent SQL scenario (TOML), an SQL scenario as a .spec.
#include <string>

namespace reslab {

struct ConvertOptions {
  std::string file;
  std::string to;       // toml | spec; empty: the other one
  std::string variant;  // --to spec: whose BEGIN opens each session (default: the first on PostgreSQL)
  std::string out;      // a file to write; empty: stdout
};

// Returns the exit code; throws UsageError, ScenarioError.
int run_convert(const ConvertOptions& options);

}  // namespace reslab
