#pragma once
// `reslab load`: L1, the ticketing article's flash-sale sizing run live on one SQLite file.
// Prints the version, the inputs, the workload hash, the figures, the baseline
// measured in the same run, and the exit code.
#include <cstdint>
#include <string>

#include "app/cli/backend_options.hpp"

namespace reslab {

struct LoadCommandOptions {
  std::int64_t seats = 100'000;
  std::int64_t intents = 50'000;
  double hot_share = 0.8;
  double hot_seats = 0.1;
  int threads = 16;
  std::uint64_t seed = 3;
  double rate = 0;  // 0: closed loop
  std::int64_t hold_seconds = 600;
  std::string model = "atomic";  // naive | atomic
  std::string engine;            // queue | race; empty: queue, or race for the naive model
  int batch = 128;
  double batch_delay_ms = 1;
  std::string synchronous = "normal";     // normal | full
  std::string checkpoint = "background";  // background | inline
  bool no_baseline = false;
  std::string db;                         // empty: a temporary file, removed afterwards
  std::string format = "text";            // text | json
  BackendOptions backend;                 // --backend, --pg, --keep
  std::string pg_data;                    // --pg-data: the private server's data folder
  std::string synchronous_commit = "on";  // --synchronous-commit on | off (PostgreSQL)
};

// Returns the exit code: 0 the run finished (naive is expected to oversell), 1 a statement
// failed or the atomic model oversold, 130 interrupted (Ctrl+C: the partial figures are
// printed). Throws UsageError for bad input.
int run_load_command(const LoadCommandOptions& options);

}  // namespace reslab
