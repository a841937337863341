#include "core/labs/load/workload.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/sim/hash.hpp"

namespace reslab {
namespace {

// Uniform in [0, bound): rejection sampling, no modulo bias, the same on every standard library.
std::uint64_t below(std::mt19937_64& random, std::uint64_t bound) {
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;  // a multiple of bound
  for (;;) {
    const std::uint64_t value = random();
    if (value < limit) return value % bound;
  }
}

template <typename T>
void shuffle(std::vector<T>& items, std::mt19937_64& random) {
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(random, i)]);
}

}  // namespace

LoadWorkload make_load_workload(const LoadOptions& options) {
  validate_load_options(options);
  std::mt19937_64 random(options.seed);
  LoadWorkload workload;

  // The hot seats: a seeded choice among all seats, not simply the first ones.
  const std::int64_t seats = options.seats;
  std::int64_t hot_count = std::llround(static_cast<double>(seats) * options.hot_seats);
  hot_count = std::clamp<std::int64_t>(hot_count, 1, seats);
  std::vector<std::int64_t> seat_ids(static_cast<std::size_t>(seats));
  for (std::int64_t i = 0; i < seats; ++i) seat_ids[static_cast<std::size_t>(i)] = i + 1;
  for (std::int64_t i = 0; i < hot_count; ++i)
    std::swap(seat_ids[static_cast<std::size_t>(i)],
              seat_ids[static_cast<std::size_t>(i + static_cast<std::int64_t>(below(random, seats - i)))]);
  const std::int64_t cold_count = seats - hot_count;

  // Exactly hot_share of the intents aim at hot seats, in a seeded order.
  const std::int64_t intents = options.intents;
  const std::int64_t hot_intents = std::llround(static_cast<double>(intents) * options.hot_share);
  std::vector<unsigned char> hot(static_cast<std::size_t>(intents), 0);
  std::fill(hot.begin(), hot.begin() + hot_intents, 1);
  shuffle(hot, random);

  // Arrivals: uniform over the sale's first minute, sorted: a Poisson process given its count.
  std::vector<std::int64_t> arrivals(static_cast<std::size_t>(intents));
  for (auto& arrival : arrivals)
    arrival = static_cast<std::int64_t>(below(random, kLoadSaleWindowSeconds * 1'000'000));
  std::sort(arrivals.begin(), arrivals.end());

  workload.intents.resize(static_cast<std::size_t>(intents));
  std::vector<bool> wanted(static_cast<std::size_t>(seats) + 1, false);
  Fnv1a64 hash;
  hash.bytes("reslab load workload 1 " + load_workload_text(options));
  for (std::size_t i = 0; i < workload.intents.size(); ++i) {
    LoadIntent& intent = workload.intents[i];
    if (hot[i] || cold_count == 0) {
      intent.seat = seat_ids[below(random, static_cast<std::uint64_t>(hot_count))];
    } else {
      intent.seat = seat_ids[static_cast<std::size_t>(hot_count) +
                             below(random, static_cast<std::uint64_t>(cold_count))];
    }
    intent.arrival_us = arrivals[i];
    if (!wanted[static_cast<std::size_t>(intent.seat)]) {
      wanted[static_cast<std::size_t>(intent.seat)] = true;
      ++workload.distinct_seats;
    }
    hash.number(static_cast<std::uint64_t>(intent.seat));
    hash.number(static_cast<std::uint64_t>(intent.arrival_us));
  }
  workload.hot_seat_count = hot_count;
  workload.hot_intents = hot_intents;
  workload.hash = hash.hex();
  return workload;
}

}  // namespace reslab
