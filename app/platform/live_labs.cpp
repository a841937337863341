#include "app/platform/live_labs.hpp"

namespace reslab {

LiveLabs desktop_only_live_labs() {
  LiveLabs labs;
  labs.race = std::make_unique<RefusedRun<RaceOptions, RaceProgress, RaceResult>>(
      "the seat race runs in the desktop app only; in a terminal: reslab race");
  labs.load = std::make_unique<RefusedRun<LoadOptions, LoadRunProgress, LoadResult>>(
      "the load lab runs in the desktop app only; in a terminal: reslab load");
  return labs;
}

}  // namespace reslab
