#pragma once
// A scenario's summary, questions and event notes may quote an event's time as {at:EVENT}: the seconds
// at which the run schedules EVENT ("the payment callback arrives at {at:payment} s", "第 {at:payment}
// 秒"), so the text follows a preset's times and an event the user moved instead of contradicting them.
// Where they are shown (the app, the Markdown trace, the handout), they are filled in with the run's times.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/sim/scenario.hpp"

namespace reslab {

using EventTimes = std::map<std::string, std::int64_t>;

// `text` with each {at:EVENT} replaced by EVENT's time in `times` (an unknown event stays as written).
std::string with_times(std::string_view text, const EventTimes& times);

// The times a case opens with: each event's own, under its first preset's.
EventTimes first_preset_times(const Scenario& scenario);

// The events `text` quotes, in order (for the loader's check that each exists).
std::vector<std::string> quoted_event_times(std::string_view text);

}  // namespace reslab
