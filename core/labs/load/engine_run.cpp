#include "core/labs/load/engine_run.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "core/labs/load/sql.hpp"

namespace reslab::load_lab {

EngineRun::EngineRun(const LoadWorkload& workload, const LoadOptions& options, std::string file,
                     LoadControl* control, LoadPhase phase, std::vector<ThroughputSample>* series)
    : workload(workload),
      options(options),
      file(std::move(file)),
      control(control),
      phase(phase),
      series(series),
      arrival_ns(workload.intents.size(), -1),
      admitted_ns(workload.intents.size(), -1),
      decided_ns(workload.intents.size(), -1) {}

void EngineRun::run_threads(int count, const std::function<void(int)>& body,
                            const std::function<void()>& wake) {
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(count));
  start = Clock::now();
  try {
    std::lock_guard lock(mutex);  // held until every thread has started: none ends before `running` is set
    running = count;
    for (int i = 0; i < count; ++i)
      pool.emplace_back([this, &body, i] {
        body(i);
        thread_done();
      });
  } catch (...) {
    // Not every thread started: stop the ones that did, and count the missing ones as done.
    fail(std::current_exception());
    wake();
    {
      std::lock_guard lock(mutex);
      running = 0;
    }
    for (auto& thread : pool) thread.join();
    std::rethrow_exception(error);
  }

  LoadProgress progress;
  progress.phase = phase;
  progress.intents = static_cast<std::int64_t>(workload.intents.size());
  if (intent_limit > 0) progress.intents = std::min(progress.intents, intent_limit);
  ThroughputMeter meter;
  for (;;) {
    bool finished;
    {
      std::unique_lock lock(mutex);
      finished = all_done.wait_for(lock, std::chrono::milliseconds(kLoadProgressIntervalMs),
                                   [&] { return running == 0; });
    }
    if (control && control->cancel && !stop) {
      stop = true;
      wake();
    }
    const ThroughputSample sample = meter.sample(seconds_since(start), decided.load());
    progress.seconds = sample.seconds;
    progress.decided = sample.decided;
    progress.accepted = accepted.load();
    progress.rejected = rejected.load();
    progress.intents_per_s = sample.intents_per_s;
    if (series) series->push_back(sample);
    report_progress(control, progress);
    if (finished) break;
  }
  for (auto& thread : pool) thread.join();
  if (error) std::rethrow_exception(error);
}

void EngineRun::fail(std::exception_ptr what) {
  std::lock_guard lock(mutex);
  if (!error) error = what;
  stop = true;
}

void EngineRun::thread_done() {
  std::lock_guard lock(mutex);
  --running;
  all_done.notify_all();
}

void EngineRun::add(const ConnectionStats& stats, const LoadTimeSplit& part) {
  std::lock_guard lock(mutex);
  busy_retries += stats.busy.retries;
  split.checkpoints += stats.checkpoints;
  split.checkpoint_seconds += stats.checkpoint_seconds;
  split.commits += part.commits;
  split.statements_seconds += part.statements_seconds;
  split.commit_seconds += part.commit_seconds - stats.checkpoint_seconds;  // the hook runs inside COMMIT
  split.idle_seconds += part.idle_seconds;
  split.lock_wait_seconds += part.lock_wait_seconds;
  split.longest_commit_ms = std::max(split.longest_commit_ms, part.longest_commit_ms);
  split.longest_transaction_ms = std::max(split.longest_transaction_ms, part.longest_transaction_ms);
  split.wal_peak_frames = std::max(split.wal_peak_frames, stats.wal_peak_frames);
}

std::int64_t EngineRun::scheduled_ns(std::int64_t index) const {
  const double workload_rate =
      static_cast<double>(workload.intents.size()) / static_cast<double>(kLoadSaleWindowSeconds);
  const double wall_us = static_cast<double>(workload.intents[static_cast<std::size_t>(index)].arrival_us) *
                         (workload_rate / options.rate);
  return static_cast<std::int64_t>(wall_us * 1000.0);
}

bool EngineRun::wait_for_arrival(std::int64_t index) {
  const auto due = start + std::chrono::nanoseconds(scheduled_ns(index));
  for (;;) {
    if (stop) return false;
    const auto now = Clock::now();
    if (now >= due) return true;
    std::this_thread::sleep_until(std::min(due, now + std::chrono::milliseconds(20)));
  }
}

std::int64_t EngineRun::take_intent() {
  if (stop) return -1;
  const std::int64_t index = next.fetch_add(1);
  if (index >= static_cast<std::int64_t>(workload.intents.size())) return -1;
  if (intent_limit > 0 && index >= intent_limit) return -1;
  if (seconds_limit > 0 && seconds_since(start) >= seconds_limit) return -1;
  if (options.rate > 0) {
    if (!wait_for_arrival(index)) return -1;
    arrival_ns[static_cast<std::size_t>(index)] = scheduled_ns(index);
  } else {
    arrival_ns[static_cast<std::size_t>(index)] = nanoseconds_since(start);
  }
  return index;
}

std::int64_t EngineRun::take_intents(std::int64_t most, std::int64_t& first) {
  if (stop || most <= 0) return 0;
  auto end = static_cast<std::int64_t>(workload.intents.size());
  if (intent_limit > 0) end = std::min(end, intent_limit);
  if (seconds_limit > 0 && seconds_since(start) >= seconds_limit) return 0;
  first = next.fetch_add(most);
  if (first >= end) return 0;
  const std::int64_t taken = std::min(most, end - first);
  std::fill_n(arrival_ns.begin() + first, taken, nanoseconds_since(start));
  return taken;
}

void EngineRun::count(bool held) {
  (held ? accepted : rejected).fetch_add(1, std::memory_order_relaxed);
  decided.fetch_add(1, std::memory_order_relaxed);
}

void report_progress(LoadControl* control, const LoadProgress& progress) {
  if (control && control->on_progress) control->on_progress(progress);
}

LoadResult new_load_result(const LoadOptions& options, const LoadWorkload& workload) {
  LoadResult result;
  result.options = options;
  result.inputs_text = load_inputs_text(options);
  result.sqlite_version = sqlite3_libversion();
  result.workload_hash = workload.hash;
  result.hot_seat_count = workload.hot_seat_count;
  result.hot_intents = workload.hot_intents;
  result.distinct_seats = workload.distinct_seats;
  return result;
}

LoadOptions baseline_options(const LoadOptions& options) {
  LoadOptions baseline = options;
  baseline.engine = LoadEngine::race;
  baseline.model = Model::atomic;
  baseline.threads = 1;
  baseline.rate = 0;
  return baseline;
}

std::vector<std::pair<std::string, std::string>> load_marks(const LoadOptions& options,
                                                            const std::string& workload_hash) {
  return {{"format", kLoadFormat},
          {"inputs", load_inputs_text(options)},
          {"workload_hash", workload_hash},
          {"status", "running"}};
}

void take_figures(const EngineRun& run, LoadResult& result) {
  result.cancelled = run.stop && run.control && run.control->cancel;
  result.decided = run.decided;
  result.accepted = run.accepted;
  result.rejected = run.rejected;
  result.failed = run.failed;
  result.busy_retries = run.busy_retries;
  result.time_split = run.split;
  if (run.split.commits > 0)
    result.time_split.mean_batch =
        static_cast<double>(result.decided) / static_cast<double>(run.split.commits);
  result.seconds = static_cast<double>(last_decision_ns(run.decided_ns)) / 1e9;
  result.intents_per_s = result.seconds > 0 ? static_cast<double>(result.decided) / result.seconds : 0;
  RunLatencies latencies = measure_latencies(run.arrival_ns, run.admitted_ns, run.decided_ns);
  result.after_admission = latencies.after_admission;
  result.end_to_end = latencies.end_to_end;
  result.after_admission_histogram = std::move(latencies.after_admission_histogram);
  result.end_to_end_histogram = std::move(latencies.end_to_end_histogram);
}

void take_baseline_figures(const EngineRun& baseline, LoadResult& result) {
  result.baseline_decided = baseline.decided;
  result.baseline_seconds = static_cast<double>(last_decision_ns(baseline.decided_ns)) / 1e9;
  result.cancelled = baseline.control && baseline.control->cancel;
  if (!result.cancelled && result.baseline_seconds > 0) {
    result.baseline_ran = true;
    result.baseline_tx_per_s = static_cast<double>(result.baseline_decided) / result.baseline_seconds;
    result.ratio_to_baseline = result.intents_per_s / result.baseline_tx_per_s;
  }
}

void report_done(LoadControl* control, const LoadResult& result) {
  LoadProgress done;
  done.phase = LoadPhase::done;
  done.intents = result.options.intents;
  done.decided = result.decided;
  done.accepted = result.accepted;
  done.rejected = result.rejected;
  done.seconds = result.seconds;
  done.intents_per_s = result.intents_per_s;
  report_progress(control, done);
}

}  // namespace reslab::load_lab
