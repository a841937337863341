#pragma once
// One night as a committed state shows it: the counters of its inventory row and how many live
// holds and bookings point at it. Explanations take their numbers from here, so what they say about
// a night is what the tables say, whatever the scenario's capacity or number of requests.
#include <cstdint>
#include <string>

#include "core/sim/snapshot.hpp"

namespace reslab::hotel {

struct NightState {
  bool found = false;  // the night has an inventory row
  std::int64_t capacity = 0;
  std::int64_t available = 0;
  std::int64_t sold = 0;
  std::int64_t live_holds = 0;  // holds RESERVED, HELD or CONFIRMED on this night
};

NightState night_state(const CommittedState& state, const std::string& room_night_id);

}  // namespace reslab::hotel
