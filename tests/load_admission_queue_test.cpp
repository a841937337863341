// The queue engine's admission queue and its closed loop's intake: what enters, in which order, and
// that nobody is left waiting. Correctness only; bench/load measures the hand-off's cost.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <functional>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "core/labs/load/admission_queue.hpp"
#include "core/labs/load/workload.hpp"
#include "tests/eventually.hpp"

namespace reslab::load_lab {
namespace {

constexpr auto kNoDelay = std::chrono::nanoseconds(0);

// Hands out the indices 0 .. total - 1 in order, as many as asked at a time (at most `chunk`).
class Intake {
 public:
  explicit Intake(std::int64_t total, std::int64_t chunk = INT64_MAX) : m_total(total), m_chunk(chunk) {}
  std::int64_t operator()(std::int64_t most, std::int64_t& first) {
    std::lock_guard lock(m_mutex);
    first = m_next;
    const std::int64_t taken = std::min({most, m_chunk, m_total - m_next});
    m_next += taken;
    return taken;
  }

 private:
  std::mutex m_mutex;
  std::int64_t m_total;
  std::int64_t m_chunk;
  std::int64_t m_next = 0;
};

// Admitting threads that run until the intake is empty, then say so (the last one finishes the queue).
std::vector<std::thread> start_admitters(int count, AdmissionQueue& queue, Intake& intake,
                                         std::atomic<int>& left) {
  left = count;
  std::vector<std::thread> admitters;
  for (int i = 0; i < count; ++i)
    admitters.emplace_back([&] {
      while (queue.admit_next(std::ref(intake)) > 0) {
      }
      if (left.fetch_sub(1) == 1) queue.finish();
    });
  return admitters;
}

TEST_CASE(
    "sixteen admitting threads hand every intent over once, in arrival order, batches never over the bound") {
  constexpr std::int64_t kIntents = 20'000;
  constexpr std::size_t kBound = 8;
  AdmissionQueue queue(kBound);
  Intake intake(kIntents);
  std::atomic<int> left{0};
  std::vector<std::thread> admitters = start_admitters(16, queue, intake, left);
  std::vector<std::int64_t> seen;
  std::vector<std::int64_t> batch;
  std::size_t largest = 0;
  for (;;) {
    queue.pop_batch(batch, kBound, std::chrono::milliseconds(1));
    if (batch.empty()) break;
    largest = std::max(largest, batch.size());
    seen.insert(seen.end(), batch.begin(), batch.end());
  }
  for (auto& admitter : admitters) admitter.join();
  REQUIRE(seen.size() == static_cast<std::size_t>(kIntents));
  for (std::int64_t i = 0; i < kIntents; ++i) REQUIRE(seen[static_cast<std::size_t>(i)] == i);
  CHECK(largest == kBound);
}

TEST_CASE("an admitting thread admits all there is room for at once") {
  AdmissionQueue queue(128);
  Intake intake(1'000);
  CHECK(queue.admit_next(std::ref(intake)) == 128);
  std::vector<std::int64_t> batch;
  queue.pop_batch(batch, 100, kNoDelay);
  REQUIRE(batch.size() == 100);
  CHECK(batch.front() == 0);
  CHECK(batch.back() == 99);
  CHECK(queue.admit_next(std::ref(intake)) == 100);  // the room the batch left
}

TEST_CASE("a writer waiting for a full batch is woken once it is full, not left to sleep out its delay") {
  // Eight intents are there when the writer comes, so it waits for the batch to fill; then the rest
  // come 8 at a time. Nobody finishes the queue before the writer has taken them (the admitters wait
  // for room), so only the wake-up for a full batch ends a wait of an hour; the bound below only
  // caps a hang.
  AdmissionQueue queue(64);
  Intake intake(64, 8);
  REQUIRE(queue.admit_next(std::ref(intake)) == 8);
  std::vector<std::int64_t> batch;
  std::promise<void> taken;
  std::future<void> writer_done = taken.get_future();
  std::thread writer([&] {
    queue.pop_batch(batch, 64, std::chrono::hours(1));
    taken.set_value();
  });
  REQUIRE(test::until([&] { return queue.writer_waits_for() == 64; }));  // waiting for the full batch
  std::atomic<int> left{0};
  std::vector<std::thread> admitters = start_admitters(4, queue, intake, left);
  const bool woken = writer_done.wait_for(std::chrono::seconds(120)) == std::future_status::ready;
  if (!woken) queue.stop();
  writer.join();
  for (auto& admitter : admitters) admitter.join();
  REQUIRE(woken);
  REQUIRE(batch.size() == 64);
  for (std::int64_t i = 0; i < 64; ++i) CHECK(batch[static_cast<std::size_t>(i)] == i);
}

TEST_CASE(
    "stopping the queue releases every admitting thread, those waiting for room and those waiting for their turn") {
  AdmissionQueue queue(4);
  Intake intake(1'000'000);
  REQUIRE(queue.admit_next(std::ref(intake)) == 4);  // full: nobody gets in until the writer takes some
  std::atomic<int> arrived{0};
  std::atomic<int> released{0};
  std::vector<std::thread> admitters;
  for (int i = 0; i < 8; ++i)
    admitters.emplace_back([&] {
      ++arrived;
      while (queue.admit_next(std::ref(intake)) > 0) {
      }
      ++released;
    });
  // All eight at the door: one waiting for room and the others for their turn, or about to be; a
  // thread that gets there after the stop meets the stopped queue on arrival, and is released the same.
  REQUIRE(test::until([&] { return arrived == 8; }));
  queue.stop();
  for (auto& admitter : admitters) admitter.join();
  CHECK(released == 8);
  std::vector<std::int64_t> batch;
  queue.pop_batch(batch, 4, kNoDelay);
  CHECK(batch.empty());  // a stopped queue hands the writer nothing more
}

// A run of ten intents that has just started; no database is opened to take intents.
struct TenIntents {
  TenIntents()
      : workload(make_load_workload(options)),
        run(workload, options, "", nullptr, LoadPhase::running, nullptr) {
    run.start = Clock::now();
  }
  LoadOptions options = [] {
    LoadOptions ten;
    ten.seats = 100;
    ten.intents = 10;
    return ten;
  }();
  LoadWorkload workload;
  EngineRun run;
};

TEST_CASE("the closed loop takes intents in arrival order, stamps their arrival, and stops at the last one") {
  TenIntents ten;
  EngineRun& run = ten.run;
  std::int64_t first = -1;
  CHECK(run.take_intents(4, first) == 4);
  CHECK(first == 0);
  CHECK(run.take_intents(4, first) == 4);
  CHECK(first == 4);
  CHECK(run.take_intents(4, first) == 2);  // only two are left
  CHECK(first == 8);
  CHECK(run.take_intents(4, first) == 0);
  for (std::int64_t arrival : run.arrival_ns) CHECK(arrival >= 0);
  CHECK(run.arrival_ns[0] <= run.arrival_ns[9]);
}

TEST_CASE("a stopped run takes no more intents") {
  TenIntents ten;
  ten.run.stop = true;
  std::int64_t first = -1;
  CHECK(ten.run.take_intents(4, first) == 0);
  CHECK(ten.run.arrival_ns[0] == -1);
}

}  // namespace
}  // namespace reslab::load_lab
