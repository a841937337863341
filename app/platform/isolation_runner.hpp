#pragma once
// Builds the isolation lab's table (core/sim/isolation_lab.hpp) for the Isolation window without freezing
// it. The platform hands the app its runner (Platform::isolation_runner): the desktop's runs on a
// background thread (app/platform/desktop/isolation_runner.hpp); where no thread runs it (the browser) the
// window's frame loop runs a few cells at a time (pump(), frame_isolation_runner()).
#include <cstddef>
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

  virtual ~IsolationRunner() = default;  // a runner ending cancels a run under way and waits for it

  // Starts the table for `backend` afresh. Returns "" or why it did not start.
  virtual std::string start(Backend backend) = 0;
  // Asks the run to stop after the cell it is running; returns at once.
  virtual void cancel() = 0;
  // Runs cells for about `seconds` where no thread runs them: true when it ran some, so the caller comes
  // back at once. A runner with a thread of its own returns false at once.
  virtual bool pump(double seconds) = 0;
  virtual bool running() const = 0;
  virtual Status status() const = 0;
  // Grows with every cell and when the run ends: compare it between frames to know when to redraw.
  virtual int revision() const = 0;
  // Blocks until a run under way has ended (tests; shutdown does it too).
  virtual void wait() = 0;
};

// The runner for a platform without threads: each pump() runs cells for the time it is given.
std::unique_ptr<IsolationRunner> frame_isolation_runner();

}  // namespace reslab
