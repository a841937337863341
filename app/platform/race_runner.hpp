#pragma once
// Runs T1's seat race (core/labs/seat_race) on a background thread for the desktop app: the rounds
// done, cancel and the result.
#include <functional>

#include "app/platform/background_run.hpp"
#include "core/labs/seat_race.hpp"

namespace reslab {

// What the race window shows while a race goes on.
struct RaceProgress {
  int rounds_done = 0;
};

class RaceRunner : public BackgroundRun<RaceOptions, RaceControl, RaceProgress, RaceResult> {
 public:
  explicit RaceRunner(std::function<void()> wake = {});
};

}  // namespace reslab
