#include "core/labs/load/stats.hpp"

#include <algorithm>
#include <cmath>

namespace reslab {

LatencySummary summarize_latencies(std::vector<std::int64_t>& nanoseconds) {
  LatencySummary summary;
  if (nanoseconds.empty()) return summary;
  std::sort(nanoseconds.begin(), nanoseconds.end());
  // Nearest rank: the smallest value with at least p% of the values at or below it.
  const auto rank = [&](double percent) {
    const auto position =
        static_cast<std::size_t>(std::ceil(percent / 100.0 * static_cast<double>(nanoseconds.size())));
    return static_cast<double>(nanoseconds[std::max<std::size_t>(position, 1) - 1]) / 1e6;
  };
  summary.p50_ms = rank(50);
  summary.p95_ms = rank(95);
  summary.p99_ms = rank(99);
  summary.max_ms = static_cast<double>(nanoseconds.back()) / 1e6;
  double total = 0;
  for (std::int64_t value : nanoseconds) total += static_cast<double>(value);
  summary.mean_ms = total / static_cast<double>(nanoseconds.size()) / 1e6;
  return summary;
}

std::vector<LatencyBucket> latency_histogram(const std::vector<std::int64_t>& sorted_nanoseconds) {
  std::vector<LatencyBucket> buckets;
  for (double decade = 0.01; decade < 10'000; decade *= 10)
    for (double step : {1.0, 2.0, 5.0}) buckets.push_back({decade * step, 0});
  buckets.push_back({INFINITY, 0});
  std::size_t bucket = 0;
  for (std::int64_t value : sorted_nanoseconds) {
    const double ms = static_cast<double>(value) / 1e6;
    while (ms > buckets[bucket].upper_ms) ++bucket;
    ++buckets[bucket].count;
  }
  return buckets;
}

RunLatencies measure_latencies(const std::vector<std::int64_t>& arrival_ns,
                               const std::vector<std::int64_t>& admitted_ns,
                               const std::vector<std::int64_t>& decided_ns) {
  std::vector<std::int64_t> after_admission;
  std::vector<std::int64_t> end_to_end;
  after_admission.reserve(decided_ns.size());
  end_to_end.reserve(decided_ns.size());
  for (std::size_t i = 0; i < decided_ns.size(); ++i) {
    if (decided_ns[i] < 0) continue;
    after_admission.push_back(decided_ns[i] - admitted_ns[i]);
    end_to_end.push_back(decided_ns[i] - arrival_ns[i]);
  }
  RunLatencies latencies;
  latencies.after_admission = summarize_latencies(after_admission);
  latencies.end_to_end = summarize_latencies(end_to_end);
  latencies.after_admission_histogram = latency_histogram(after_admission);
  latencies.end_to_end_histogram = latency_histogram(end_to_end);
  return latencies;
}

std::int64_t last_decision_ns(const std::vector<std::int64_t>& decided_ns) {
  std::int64_t last = 0;
  for (std::int64_t decided_at : decided_ns) last = std::max(last, decided_at);
  return last;
}

ThroughputSample ThroughputMeter::sample(double seconds, std::int64_t decided) {
  const double interval = seconds - m_last_seconds;
  const double rate = interval > 0 ? static_cast<double>(decided - m_last_decided) / interval : 0;
  m_last_seconds = seconds;
  m_last_decided = decided;
  return {seconds, decided, rate};
}

}  // namespace reslab
