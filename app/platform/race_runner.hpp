#pragma once
// T1's seat race (core/labs/race/seat_race) as the app runs it: the rounds done, cancel and the result. The
// platform runs it (app/platform/live_labs.hpp).
#include "app/platform/lab_run.hpp"
#include "core/labs/race/seat_race.hpp"

namespace reslab {

// What the race window shows while a race goes on.
struct RaceProgress {
  int rounds_done = 0;
};

using RaceRun = LabRun<RaceOptions, RaceProgress, RaceResult>;

}  // namespace reslab
