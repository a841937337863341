#include "app/platform/desktop/live_labs.hpp"

namespace reslab {
namespace {

void prepare_race(RaceOptions& options) {
  validate_race_options(options);
}

RaceResult run_race(const RaceOptions& options, RaceControl& control, RaceRunner::Report report) {
  control.on_round = [report](int rounds_done) {
    report([&](RaceProgress& shown) { shown.rounds_done = rounds_done; });
  };
  return run_seat_race(options, &control);
}

void prepare_load(LoadOptions& options) {
  options.db_file.clear();  // the app always runs on a temporary file
  validate_load_options(options);
}

LoadResult run_load(const LoadOptions& options, LoadControl& control, LoadRunner::Report report) {
  control.on_progress = [report](const LoadProgress& progress) {
    report([&](LoadRunProgress& shown) {
      shown.latest = progress;
      if (progress.phase == LoadPhase::running)
        shown.live.push_back({progress.seconds, progress.decided, progress.intents_per_s});
    });
  };
  return run_load_lab(options, &control);
}

}  // namespace

RaceRunner::RaceRunner(std::function<void()> wake)
    : BackgroundRun({"a race is already running", prepare_race, run_race}, std::move(wake)) {}

LoadRunner::LoadRunner(std::function<void()> wake)
    : BackgroundRun({"the load lab is already running", prepare_load, run_load}, std::move(wake)) {}

LiveLabs desktop_live_labs() {
  return {std::make_unique<RaceRunner>(), std::make_unique<LoadRunner>()};
}

}  // namespace reslab
