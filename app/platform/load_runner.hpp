#pragma once
// L1's load lab (core/labs/load/lab) as the app runs it: the latest progress with the throughput so far,
// cancel, and the result with its charts' data. The platform runs it (app/platform/live_labs.hpp); the
// app's runs always use a temporary file.
#include <vector>

#include "app/platform/lab_run.hpp"
#include "core/labs/load/lab.hpp"

namespace reslab {

// What the load-lab window shows while a run goes on.
struct LoadRunProgress {
  LoadProgress latest;                 // the latest report from the run
  std::vector<ThroughputSample> live;  // throughput so far, for the chart while it runs
};

using LoadRun = LabRun<LoadOptions, LoadRunProgress, LoadResult>;

}  // namespace reslab
