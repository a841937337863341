#include "app/platform/load_runner.hpp"

namespace reslab {
namespace {

void prepare(LoadOptions& options) {
  options.db_file.clear();  // the app always runs on a temporary file
  validate_load_options(options);
}

LoadResult run_lab(const LoadOptions& options, LoadControl& control, LoadRunner::Report report) {
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

LoadRunner::LoadRunner(std::function<void()> wake)
    : BackgroundRun({"the load lab is already running", prepare, run_lab}, std::move(wake)) {}

}  // namespace reslab
