#pragma once
// The load lab's hold rule replayed in plain C++, for the tests of both backends.
#include <cstdint>
#include <map>
#include <utility>

#include "core/labs/load_workload.hpp"

namespace reslab::test {

// Intent by intent in arrival order: a seat is free, or its hold expired at or before now. Returns
// {accepted, expired holders}.
inline std::pair<std::int64_t, std::int64_t> replay(const LoadWorkload& workload, std::int64_t hold_seconds) {
  std::map<std::int64_t, std::int64_t> expires_ms;
  std::int64_t accepted = 0;
  std::int64_t expired = 0;
  for (const auto& intent : workload.intents) {
    const std::int64_t now_ms = intent.arrival_us / 1000;
    const auto held = expires_ms.find(intent.seat);
    if (held != expires_ms.end() && held->second > now_ms) continue;
    if (held != expires_ms.end()) ++expired;
    expires_ms[intent.seat] = now_ms + hold_seconds * 1000;
    ++accepted;
  }
  return {accepted, expired};
}

}  // namespace reslab::test
