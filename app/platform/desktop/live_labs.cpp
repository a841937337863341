#include "app/platform/race_runner.hpp"

namespace reslab {
namespace {

void prepare(RaceOptions& options) {
  validate_race_options(options);
}

RaceResult run_lab(const RaceOptions& options, RaceControl& control, RaceRunner::Report report) {
  control.on_round = [report](int rounds_done) {
    report([&](RaceProgress& shown) { shown.rounds_done = rounds_done; });
  };
  return run_seat_race(options, &control);
}

}  // namespace

RaceRunner::RaceRunner(std::function<void()> wake)
    : BackgroundRun({"a race is already running", prepare, run_lab}, std::move(wake)) {}

}  // namespace reslab
