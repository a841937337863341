#pragma once
// Runs T1's seat race (core/seat_race) on a background thread for the desktop
// app: progress, cancel and the result, read by the UI thread each frame. Knows
// nothing of the window: whoever owns it may pass a `wake` callback to be called
// (from the race's thread) when there is something new to draw.
#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/labs/seat_race.hpp"

namespace reslab {

class RaceRunner {
 public:
  enum class State { idle, running, finished, cancelled, failed };

  // A consistent copy of where the race is, for one frame.
  struct Status {
    State state = State::idle;
    RaceOptions options;
    int rounds_done = 0;
    std::optional<RaceResult> result;  // finished or cancelled
    std::string error;                 // failed
  };

  // `wake` must be safe to call from any thread; it is called at most every
  // kWakeInterval during a race, and once when the race ends.
  explicit RaceRunner(std::function<void()> wake = {});
  ~RaceRunner();  // cancels a running race and waits for it
  RaceRunner(const RaceRunner&) = delete;
  RaceRunner& operator=(const RaceRunner&) = delete;

  // Starts a race in the background on a temporary database. Returns "" or why it
  // did not start (one is running, an input is out of range).
  std::string start(const RaceOptions& options);
  // Asks the race to stop after its current round; returns at once.
  void cancel();
  // Blocks until the background thread has ended (shutdown and tests).
  void wait();

  bool running() const { return m_running.load(); }
  Status status() const;
  // Grows at every round and when the race ends: compare it between frames to know when to redraw.
  int revision() const { return m_revision.load(); }

  static constexpr double kWakeInterval = 1.0 / 30.0;  // seconds

 private:
  void run(RaceOptions options);

  std::function<void()> m_wake;
  RaceControl m_control;
  std::atomic<bool> m_running{false};
  std::atomic<int> m_revision{0};
  mutable std::mutex m_mutex;  // guards m_status
  Status m_status;
  std::thread m_thread;
};

}  // namespace reslab
