// [SECTION] index: admission queue · the writer · admitting threads · run_queue_engine
#include "core/labs/load_queue_writer.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <vector>

#include "core/labs/load_decision.hpp"
#include "core/labs/load_writer.hpp"

namespace reslab::load_lab {
namespace {

// [SECTION] admission queue
// A bounded FIFO of intent indices between the admitting threads and the one writer. Its
// bound is the closed loop's window: a thread with an intent waits for room before admitting it.
// Every wake-up here is notify_all: glibc 2.36 (Debian 12) can lose a notify_one among several
// waiters (sourceware bug 25847), which hung a run with --batch 1 and 16 admitting threads.
class AdmissionQueue {
 public:
  explicit AdmissionQueue(std::size_t capacity) : m_ring(capacity) {}

  // Closed loop: waits for room, then takes the next intent and admits it at once, so intents enter
  // in arrival order whatever the number of admitting threads. Returns the intent, or -1 once every
  // intent was taken or the queue was stopped.
  template <typename Take>
  std::int64_t admit_next(Take take) {
    std::unique_lock lock(m_mutex);
    m_not_full.wait(lock, [&] { return m_count < m_ring.size() || m_stopped; });
    if (m_stopped) return -1;
    const std::int64_t index = take();
    if (index < 0) return -1;
    m_ring[(m_head + m_count) % m_ring.size()] = index;
    ++m_count;
    const bool wake = m_writer_waiting;
    lock.unlock();
    if (wake) m_not_empty.notify_all();
    return index;
  }

  // Open loop: the intent has arrived; waits for room, then admits it and stamps the admission
  // time. False once the queue was stopped.
  bool push(std::int64_t index, std::int64_t& admitted_ns, Clock::time_point start) {
    std::unique_lock lock(m_mutex);
    m_not_full.wait(lock, [&] { return m_count < m_ring.size() || m_stopped; });
    if (m_stopped) return false;
    m_ring[(m_head + m_count) % m_ring.size()] = index;
    ++m_count;
    admitted_ns = nanoseconds_since(start);
    const bool wake = m_writer_waiting;
    lock.unlock();
    if (wake) m_not_empty.notify_all();
    return true;
  }

  // Waits for a first intent, then up to `delay` for the batch to fill to `most`. Leaves `batch`
  // empty when every intent has been taken and nobody will admit more, or the queue was stopped.
  void pop_batch(std::vector<std::int64_t>& batch, std::size_t most, std::chrono::nanoseconds delay) {
    batch.clear();
    std::unique_lock lock(m_mutex);
    m_writer_waiting = true;
    m_not_empty.wait(lock, [&] { return m_count > 0 || m_finished || m_stopped; });
    if (m_count < most && !m_finished && !m_stopped && delay.count() > 0)
      m_not_empty.wait_until(lock, Clock::now() + delay,
                             [&] { return m_count >= most || m_finished || m_stopped; });
    m_writer_waiting = false;
    if (m_stopped) return;
    const std::size_t taken = std::min(m_count, most);
    for (std::size_t i = 0; i < taken; ++i) batch.push_back(m_ring[(m_head + i) % m_ring.size()]);
    m_head = (m_head + taken) % m_ring.size();
    m_count -= taken;
    lock.unlock();
    if (taken > 0) m_not_full.notify_all();
  }

  // Nobody will admit more: the writer drains what is queued, then stops.
  void finish() {
    {
      std::lock_guard lock(m_mutex);
      m_finished = true;
    }
    m_not_empty.notify_all();
  }
  // Cancelled: admitting threads give up, the writer stops after the batch it is committing.
  void stop() {
    {
      std::lock_guard lock(m_mutex);
      m_stopped = true;
    }
    m_not_empty.notify_all();
    m_not_full.notify_all();
  }

 private:
  std::mutex m_mutex;
  std::condition_variable m_not_empty;
  std::condition_variable m_not_full;
  std::vector<std::int64_t> m_ring;
  std::size_t m_head = 0;
  std::size_t m_count = 0;
  bool m_writer_waiting = false;
  bool m_finished = false;
  bool m_stopped = false;
};

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
    const auto take = [&run]() -> std::int64_t {
      const std::int64_t index = run.take_intent();
      if (index >= 0)
        run.admitted_ns[static_cast<std::size_t>(index)] = run.arrival_ns[static_cast<std::size_t>(index)];
      return index;
    };
    while (queue.admit_next(take) >= 0) {
    }
  }
  if (admitters_left.fetch_sub(1) == 1) queue.finish();
}

}  // namespace

// [SECTION] run_queue_engine
void run_queue_engine(EngineRun& run) {
  AdmissionQueue queue(static_cast<std::size_t>(run.options.batch));
  std::atomic<int> admitters_left{run.options.threads};
  // Thread 0 writes; the others admit.
  run.run_threads(
      run.options.threads + 1,
      [&](int thread) {
        if (thread == 0) {
          queue_writer(run, queue);
        } else {
          queue_admitter(run, queue, admitters_left);
        }
      },
      [&] { queue.stop(); });
}

}  // namespace reslab::load_lab
