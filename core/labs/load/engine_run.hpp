#pragma once
// One run of an engine over the workload: what its threads share (the intents' times, the counts,
// the stop flag, the first failure, the time split) and how the calling thread starts and watches
// them. The engines themselves are load_queue_writer and load_race_writer.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "core/labs/load/clock.hpp"
#include "core/labs/load/connection.hpp"
#include "core/labs/load/lab.hpp"

namespace reslab::load_lab {

// Per-intent times are nanoseconds from `start`; -1 marks an intent that was never decided.
struct EngineRun {
  // `series`: where the throughput samples go (null: none are kept).
  EngineRun(const LoadWorkload& workload, const LoadOptions& options, std::string file, LoadControl* control,
            LoadPhase phase, std::vector<ThroughputSample>* series);

  const LoadWorkload& workload;
  const LoadOptions& options;  // engine, model, threads, rate, batch of this run
  const std::string file;
  LoadControl* const control;
  const LoadPhase phase;
  std::vector<ThroughputSample>* const series;
  Checkpointer* checkpointer = nullptr;  // null: each connection checkpoints inline
  // A bounded run (PostgreSQL's baseline): no intent is taken past either bound; 0: no bound.
  std::int64_t intent_limit = 0;
  double seconds_limit = 0;
  Clock::time_point start;
  std::vector<std::int64_t> arrival_ns;
  std::vector<std::int64_t> admitted_ns;
  std::vector<std::int64_t> decided_ns;

  std::atomic<std::int64_t> next{0};
  std::atomic<std::int64_t> decided{0};
  std::atomic<std::int64_t> accepted{0};
  std::atomic<std::int64_t> rejected{0};
  std::atomic<std::int64_t> failed{0};
  std::atomic<bool> stop{false};  // cancelled or failed: take no new intent

  std::mutex mutex;  // guards the rest
  std::condition_variable all_done;
  int running = 0;
  std::exception_ptr error;
  LoadTimeSplit split;
  std::int64_t busy_retries = 0;

  // Starts `count` threads running `body(i)` and watches them from the calling thread until all
  // have ended: progress every kLoadProgressIntervalMs with a throughput sample, and a cancel, which
  // sets `stop` and calls `wake` for threads that wait on something else. Rethrows the first failure.
  void run_threads(int count, const std::function<void(int)>& body, const std::function<void()>& wake);

  // The first failure wins; every thread stops taking intents.
  void fail(std::exception_ptr what);
  // A thread's connection measured this; summed when the thread ends.
  void add(const ConnectionStats& stats, const LoadTimeSplit& part);
  std::int64_t hold_ms() const { return options.hold_seconds * 1000; }
  // Takes the next intent in arrival order and stamps its arrival; in the open loop, first waits
  // until it arrives. -1: none left, or stopped.
  std::int64_t take_intent();
  // Closed loop: takes up to `most` next intents in arrival order at once, all arriving now. Returns
  // how many, from `first` on; 0: none left, or stopped.
  std::int64_t take_intents(std::int64_t most, std::int64_t& first);
  void count(bool held);

 private:
  // Open loop: the intent's arrival in wall time, the sale's minute compressed or stretched to `rate`.
  std::int64_t scheduled_ns(std::int64_t index) const;
  // Open loop: sleeps until the intent arrives (in short slices, to notice a cancel). False when stopped.
  bool wait_for_arrival(std::int64_t index);
  void thread_done();
};

// Tells whoever watches the run, if anyone does.
void report_progress(LoadControl* control, const LoadProgress& progress);
// The result a run starts from, on either backend: its options and inputs, reslab's SQLite version
// (named in every report) and the workload's figures.
LoadResult new_load_result(const LoadOptions& options, const LoadWorkload& workload);
// What the single-writer baseline runs: the atomic race engine, one thread, back to back.
LoadOptions baseline_options(const LoadOptions& options);
// The rows of a run's marker table, as (key, value): its format, inputs, workload hash and status.
std::vector<std::pair<std::string, std::string>> load_marks(const LoadOptions& options,
                                                            const std::string& workload_hash);
// The run's figures into `result`: counts, time split, throughput and latencies (either backend).
void take_figures(const EngineRun& run, LoadResult& result);
// The baseline's figures, and its ratio to the run's throughput; a cancel marks the result cancelled.
void take_baseline_figures(const EngineRun& baseline, LoadResult& result);
// The last progress report: done, with the run's figures.
void report_done(LoadControl* control, const LoadResult& result);

}  // namespace reslab::load_lab
