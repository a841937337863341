#pragma once
// The load lab's clock: every figure is steady-clock time since a moment of the run.
#include <chrono>
#include <cstdint>

namespace reslab::load_lab {

using Clock = std::chrono::steady_clock;

inline std::int64_t nanoseconds_since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace reslab::load_lab
