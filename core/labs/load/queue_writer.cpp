// [SECTION] index: the writer · admitting threads · run_queue_engine
#include "core/labs/load/queue_writer.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <vector>

#include "core/labs/load/admission_queue.hpp"
#include "core/labs/load/decision.hpp"
#include "core/labs/load/writer.hpp"

namespace reslab::load_lab {
namespace {

// [SECTION] the writer
// Each batch is one write transaction; each intent in it runs its own statements.
void queue_writer(EngineRun& run, AdmissionQueue& queue) {
  try {
    LoadWriter writer(run, nullptr);
    std::vector<std::int64_t> batch;
    batch.reserve(static_cast<std::size_t>(run.options.batch));
    const auto delay = std::chrono::nanoseconds(static_cast<std::int64_t>(run.options.batch_delay_ms * 1e6));
    for (;;) {
      const auto waiting = Clock::now();
      queue.pop_batch(batch, static_cast<std::size_t>(run.options.batch), delay);
      writer.split().idle_seconds += seconds_since(waiting);
      if (batch.empty()) break;
      std::int64_t held = 0;
      writer.transaction(Clock::now(), [&] {
        writer.sql().begin.run();
        for (std::int64_t index : batch)
          held += decide_atomically(writer.sql(), index,
                                    run.workload.intents[static_cast<std::size_t>(index)], run.hold_ms());
      });
      const std::int64_t decided_at = nanoseconds_since(run.start);
      for (std::int64_t index : batch) run.decided_ns[static_cast<std::size_t>(index)] = decided_at;
      run.accepted.fetch_add(held, std::memory_order_relaxed);
      run.rejected.fetch_add(static_cast<std::int64_t>(batch.size()) - held, std::memory_order_relaxed);
      run.decided.fetch_add(static_cast<std::int64_t>(batch.size()), std::memory_order_relaxed);
    }
  } catch (...) {
    run.fail(std::current_exception());
    queue.stop();
  }
}

// [SECTION] admitting threads
// Closed loop: the next intent arrives as soon as there is room in the queue. Open loop: each
// intent arrives at its time and waits in front of a full queue.
void queue_admitter(EngineRun& run, AdmissionQueue& queue, std::atomic<int>& admitters_left) {
  if (run.options.rate > 0) {
    for (;;) {
      const std::int64_t index = run.take_intent();
      if (index < 0) break;
      if (!queue.push(index, run.admitted_ns[static_cast<std::size_t>(index)], run.start)) break;
    }
  } else {
    // Taken and admitted in one moment: each intent's admission is its arrival.
    const auto take = [&run](std::int64_t most, std::int64_t& first) {
      const std::int64_t taken = run.take_intents(most, first);
      if (taken > 0) std::copy_n(run.arrival_ns.begin() + first, taken, run.admitted_ns.begin() + first);
      return taken;
    };
    while (queue.admit_next(take) > 0) {
    }
  }
  if (admitters_left.fetch_sub(1) == 1) queue.finish();
}

}  // namespace

// [SECTION] run_queue_engine
void run_admitted(EngineRun& run, const std::function<void(AdmissionQueue&)>& writer) {
  AdmissionQueue queue(static_cast<std::size_t>(run.options.batch));
  std::atomic<int> admitters_left{run.options.threads};
  // Thread 0 writes; the others admit.
  run.run_threads(
      run.options.threads + 1,
      [&](int thread) {
        if (thread == 0) {
          writer(queue);
        } else {
          queue_admitter(run, queue, admitters_left);
        }
      },
      [&] { queue.stop(); });
}

void run_queue_engine(EngineRun& run) {
  run_admitted(run, [&](AdmissionQueue& queue) { queue_writer(run, queue); });
}

}  // namespace reslab::load_lab
