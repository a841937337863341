#pragma once
// L1's statistics: latency percentiles and histograms of the decided intents, and the throughput
// over time. Pure arithmetic on measured times, no clock and no database.
#include <cstdint>
#include <vector>

namespace reslab {

struct LatencySummary {
  double p50_ms = 0;
  double p95_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
  double mean_ms = 0;
};

// Counts of latencies at or under `upper_ms` and above the previous bucket's (the last bucket is unbounded).
struct LatencyBucket {
  double upper_ms = 0;
  std::int64_t count = 0;
};

struct ThroughputSample {
  double seconds = 0;        // since the run began, at the end of the interval
  std::int64_t decided = 0;  // so far
  double intents_per_s = 0;  // over the interval
};

// Nearest-rank percentiles, the longest and the mean of `nanoseconds`, which is sorted in place.
LatencySummary summarize_latencies(std::vector<std::int64_t>& nanoseconds);
// 1-2-5 steps from 10 µs to 5 s, then everything slower.
std::vector<LatencyBucket> latency_histogram(const std::vector<std::int64_t>& sorted_nanoseconds);

// A run's latencies, from each intent's times in nanoseconds since the run began (-1: never decided).
struct RunLatencies {
  LatencySummary after_admission;  // admitted to decided: the hold latency the lab is sized by
  LatencySummary end_to_end;       // arrived to decided, the wait for admission included
  std::vector<LatencyBucket> after_admission_histogram;
  std::vector<LatencyBucket> end_to_end_histogram;
};
RunLatencies measure_latencies(const std::vector<std::int64_t>& arrival_ns,
                               const std::vector<std::int64_t>& admitted_ns,
                               const std::vector<std::int64_t>& decided_ns);
// When the last intent was decided, in nanoseconds since the run began; 0 when none was.
std::int64_t last_decision_ns(const std::vector<std::int64_t>& decided_ns);

// Throughput over time: each sample's rate is over the interval since the sample before.
class ThroughputMeter {
 public:
  ThroughputSample sample(double seconds, std::int64_t decided);

 private:
  double m_last_seconds = 0;
  std::int64_t m_last_decided = 0;
};

}  // namespace reslab
