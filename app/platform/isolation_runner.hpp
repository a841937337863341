#pragma once
// Builds the isolation lab's table (core/sim/isolation_lab.hpp) for the Isolation window without freezing
// it: on the desktop on a background thread (BackgroundRun, as the seat race and the load lab run), in the
// browser, which has no threads, a cell at a time from the window's frame loop (pump()).
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "core/sim/backend.hpp"
#include "core/sim/isolation_lab.hpp"

namespace reslab {

class IsolationRunner {
 public:
  enum class State { idle, running, finished, cancelled, failed };

  // A consistent copy of where the table is, for one frame.
  struct Status {
    State state = State::idle;
    Backend backend = Backend::sqlite;
    IsolationTable table;  // the cells run so far (all of them once finished)
    std::size_t cells_done = 0, cell_count = 0;
    std::string error;  // failed
  };

  // `wake` must be safe to call from any thread: a cell is done, or the run ended.
  explicit IsolationRunner(std::function<void()> wake = {});
  ~IsolationRunner();  // cancels a run under way and waits for it
  IsolationRunner(const IsolationRunner&) = delete;
  IsolationRunner& operator=(const IsolationRunner&) = delete;

  // Starts the table for `backend` afresh. Returns "" or why it did not start.
  std::string start(Backend backend);
  // Asks the run to stop after the cell it is running; returns at once.
  void cancel();
  // Runs cells for about `seconds` where no thread runs them (the browser): true when it ran some, so the
  // caller comes back at once. Elsewhere returns false at once.
  bool pump(double seconds);
  bool running() const;
  Status status() const;
  // Grows with every cell and when the run ends: compare it between frames to know when to redraw.
  int revision() const;
  // Blocks until a run under way has ended (tests; shutdown does it too).
  void wait();

 private:
  struct Impl;
  std::unique_ptr<Impl> m;
};

}  // namespace reslab
