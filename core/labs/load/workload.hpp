#pragma once
// L1's workload: seeded purchase intents, each for one numbered seat at a moment of the sale's first
// minute, and the hash that proves two runs decided the same intents.
#include <cstdint>
#include <string>
#include <vector>

#include "core/labs/load/options.hpp"

namespace reslab {

// One purchase intent: the seat it wants and when it arrives, in logical
// microseconds from the opening of the sale.
struct LoadIntent {
  std::int64_t seat = 0;
  std::int64_t arrival_us = 0;
};

struct LoadWorkload {
  std::vector<LoadIntent> intents;  // in arrival order
  std::int64_t hot_seat_count = 0;
  std::int64_t hot_intents = 0;
  std::int64_t distinct_seats = 0;  // seats anyone wants: the accepted count when no hold expires
  std::string hash;                 // FNV-1a 64 of the workload inputs and every intent, 16 hex digits
};

// The same options give the same intents and hash on any machine: mt19937_64 and
// integer arithmetic only (no std distributions, whose algorithms differ between libraries).
LoadWorkload make_load_workload(const LoadOptions& options);

}  // namespace reslab
