// The seat race and the load lab run threads against database files: the browser's page has neither,
// so their runners refuse to start and say which command runs them on the desktop.
#include "app/platform/load_runner.hpp"
#include "app/platform/race_runner.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

template <typename Options>
void desktop_only(Options&);

template <>
void desktop_only(RaceOptions&) {
  throw UsageError("the seat race runs in the desktop app only; in a terminal: reslab race");
}

template <>
void desktop_only(LoadOptions&) {
  throw UsageError("the load lab runs in the desktop app only; in a terminal: reslab load");
}

RaceResult never_race(const RaceOptions&, RaceControl&, RaceRunner::Report) {
  return {};
}

LoadResult never_load(const LoadOptions&, LoadControl&, LoadRunner::Report) {
  return {};
}

}  // namespace

// No load lab runs in the page, so the load panel never has a phase to name.
std::string_view load_phase_name(LoadPhase) {
  return {};
}

RaceRunner::RaceRunner(std::function<void()> wake)
    : BackgroundRun({"", desktop_only<RaceOptions>, never_race}, std::move(wake)) {}

LoadRunner::LoadRunner(std::function<void()> wake)
    : BackgroundRun({"", desktop_only<LoadOptions>, never_load}, std::move(wake)) {}

}  // namespace reslab
