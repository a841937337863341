#pragma once
// The load lab's hold rule replayed in plain C++, and the naive interleaving that sells a seat twice,
// for the tests of both backends.
#include <barrier>
#include <cstdint>
#include <map>
#include <utility>

#include "core/labs/load/lab.hpp"
#include "core/labs/load/workload.hpp"

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

// A reduced workload: the article's shape (80% of intents on 10% of seats) at a size tests can afford.
inline LoadOptions reduced(LoadEngine engine, Model model = Model::atomic) {
  LoadOptions options;
  options.seats = 2'000;
  options.intents = 4'000;
  options.threads = 4;
  options.engine = engine;
  options.model = model;
  options.baseline = false;
  return options;
}

// `options` (naive, on the race engine) with one seat and two buyers, each waiting after its read until
// both have read: neither sees the other's write.
inline LoadResult run_both_read_first(LoadOptions options) {
  options.seats = 1;
  options.intents = 2;
  options.threads = 2;
  std::barrier<> both_have_read(2);
  LoadControl control;
  control.after_naive_read = [&](std::int64_t) { both_have_read.arrive_and_wait(); };
  return run_load_lab(options, &control);
}

}  // namespace reslab::test
