#pragma once
// The live labs (T1's seat race, L1's load lab) as a platform runs them: the desktop on background
// threads against database files (app/platform/desktop/live_labs.hpp). A platform without threads or
// files hands the app the refusing ones, which name the command that runs each lab instead.
#include <memory>

#include "app/platform/load_runner.hpp"
#include "app/platform/race_runner.hpp"

namespace reslab {

struct LiveLabs {
  std::unique_ptr<RaceRun> race;
  std::unique_ptr<LoadRun> load;
};

// Labs that refuse to start: "the seat race runs in the desktop app only; in a terminal: reslab race".
LiveLabs desktop_only_live_labs();

}  // namespace reslab
