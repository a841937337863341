#pragma once
// The desktop's live labs: the seat race and the load lab (core/labs/), each on a background thread.
#include <functional>

#include "app/platform/desktop/background_run.hpp"
#include "app/platform/live_labs.hpp"

namespace reslab {

class RaceRunner : public BackgroundRun<RaceOptions, RaceControl, RaceProgress, RaceResult> {
 public:
  explicit RaceRunner(std::function<void()> wake = {});
};

class LoadRunner : public BackgroundRun<LoadOptions, LoadControl, LoadRunProgress, LoadResult> {
 public:
  explicit LoadRunner(std::function<void()> wake = {});
};

LiveLabs desktop_live_labs();

}  // namespace reslab
