#pragma once
// The queue engine's admission queue: a bounded FIFO of intent indices between the admitting threads
// and the one writer, whichever backend the writer writes to.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "core/labs/load/clock.hpp"
#include "core/labs/load/engine_run.hpp"

namespace reslab::load_lab {

// A bounded FIFO of intent indices between the admitting threads and the one writer. Its
// bound is the closed loop's window: a thread with an intent waits for room before admitting it.
// The hand-off is counted in wake-ups, each a thread that may run in the writer's place: the writer
// is woken only once what it waits for is there (a first intent, or a full batch), and in the closed
// loop the admitting threads take turns at the door, one of them waiting for room at a time and
// admitting all there is room for, so a batch taken wakes one thread, not every one.
// Every wake-up here is notify_all: glibc 2.36 (Debian 12) can lose a notify_one among several
// waiters (sourceware bug 25847), which hung a run with --batch 1 and 16 admitting threads.
class AdmissionQueue {
 public:
  explicit AdmissionQueue(std::size_t capacity) : m_ring(capacity) {}

  // Closed loop: waits for its turn and for room, then admits at once every intent there is room for,
  // taken in arrival order by `take(room, first)` (how many it took, from `first` on; 0: none is
  // left), so intents enter in arrival order whatever the number of admitting threads. Returns how
  // many it admitted: 0 once every intent was taken or the queue was stopped.
  template <typename Take>
  std::int64_t admit_next(Take take) {
    std::lock_guard turn(m_door);
    std::unique_lock lock(m_mutex);
    m_not_full.wait(lock, [&] { return m_count < m_ring.size() || m_stopped; });
    if (m_stopped) return 0;
    std::int64_t first = 0;
    const std::int64_t taken = take(static_cast<std::int64_t>(m_ring.size() - m_count), first);
    for (std::int64_t index = first; index < first + taken; ++index) {
      m_ring[(m_head + m_count) % m_ring.size()] = index;
      ++m_count;
    }
    const bool wake = writer_has_enough();
    lock.unlock();
    if (wake) m_not_empty.notify_all();
    return taken;
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
    const bool wake = writer_has_enough();
    lock.unlock();
    if (wake) m_not_empty.notify_all();
    return true;
  }

  // Waits for a first intent, then up to `delay` for the batch to fill to `most`. Leaves `batch`
  // empty when every intent has been taken and nobody will admit more, or the queue was stopped.
  // `wait_for_first` false: takes what is queued now, possibly nothing, without waiting at all.
  void pop_batch(std::vector<std::int64_t>& batch, std::size_t most, std::chrono::nanoseconds delay,
                 bool wait_for_first = true) {
    batch.clear();
    std::unique_lock lock(m_mutex);
    if (wait_for_first) {
      m_writer_wants = 1;
      m_not_empty.wait(lock, [&] { return m_count > 0 || m_finished || m_stopped; });
    }
    if (wait_for_first && m_count < most && !m_finished && !m_stopped && delay.count() > 0) {
      m_writer_wants = most;
      m_not_empty.wait_until(lock, Clock::now() + delay,
                             [&] { return m_count >= most || m_finished || m_stopped; });
    }
    m_writer_wants = 0;
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
  // How many intents the writer waits for now (1: a first one; the batch's size: a full batch); 0 while
  // it does not wait.
  std::size_t writer_waits_for() {
    std::lock_guard lock(m_mutex);
    return m_writer_wants;
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
  // Under m_mutex, after admitting: whether the waiting writer now has what it waits for; it is then
  // woken once (not again for every later intent while it wakes up).
  bool writer_has_enough() {
    if (m_writer_wants == 0 || m_count < m_writer_wants) return false;
    m_writer_wants = 0;
    return true;
  }

  std::mutex m_door;  // closed loop: the admitting thread whose turn it is
  std::mutex m_mutex;
  std::condition_variable m_not_empty;
  std::condition_variable m_not_full;
  std::vector<std::int64_t> m_ring;
  std::size_t m_head = 0;
  std::size_t m_count = 0;
  std::size_t m_writer_wants = 0;  // the writer waits for this many intents; 0: it is not waiting
  bool m_finished = false;
  bool m_stopped = false;
};

// Runs `run` to its end, a cancel or a failure (rethrown): `run.options.threads` admitting threads
// and `writer` on a thread of its own, popping batches from the queue until it gives none.
void run_admitted(EngineRun& run, const std::function<void(AdmissionQueue&)>& writer);

}  // namespace reslab::load_lab
