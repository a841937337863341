#pragma once
// Runs L1's load lab (core/labs/load_lab) on a background thread for the desktop app: the latest
// progress with the throughput so far, cancel, and the result with its charts' data. The app's runs
// always use a temporary file.
#include <functional>
#include <vector>

#include "app/platform/background_run.hpp"
#include "core/labs/load_lab.hpp"

namespace reslab {

// What the load-lab window shows while a run goes on.
struct LoadRunProgress {
  LoadProgress latest;                 // the latest report from the run
  std::vector<ThroughputSample> live;  // throughput so far, for the chart while it runs
};

class LoadRunner : public BackgroundRun<LoadOptions, LoadControl, LoadRunProgress, LoadResult> {
 public:
  explicit LoadRunner(std::function<void()> wake = {});
};

}  // namespace reslab
