#pragma once
// One live lab run (the seat race, the load lab) as the app sees it: start, cancel, and a consistent copy
// of where the run is for each frame. The platform runs it (the desktop on a background thread:
// app/platform/desktop/background_run.hpp); a platform without threads refuses to start it (RefusedRun).
#include <optional>
#include <string>
#include <utility>

namespace reslab {

template <typename Options, typename Progress, typename Result>
class LabRun {
 public:
  enum class State { idle, running, finished, cancelled, failed };

  // A consistent copy of where the run is, for one frame.
  struct Status {
    State state = State::idle;
    Options options;
    Progress progress{};           // as last reported; kept when the run ends
    std::optional<Result> result;  // finished or cancelled
    std::string error;             // failed
  };

  virtual ~LabRun() = default;
  // Starts a run. Returns "" or why it did not start (one is running, an input is out of range, the
  // platform does not run this lab).
  virtual std::string start(Options options) = 0;
  // Asks the run to stop at its next chance; returns at once.
  virtual void cancel() = 0;
  // Blocks until the run has ended (shutdown and tests).
  virtual void wait() = 0;
  virtual bool running() const = 0;
  virtual Status status() const = 0;
  // Grows with every report and when the run ends: compare it between frames to know when to redraw.
  virtual int revision() const = 0;
};

// A lab the platform does not run: start() says why and where it runs, and nothing else happens.
template <typename Options, typename Progress, typename Result>
class RefusedRun final : public LabRun<Options, Progress, Result> {
 public:
  using Status = typename LabRun<Options, Progress, Result>::Status;
  explicit RefusedRun(std::string why) : m_why(std::move(why)) {}
  std::string start(Options) override { return m_why; }
  void cancel() override {}
  void wait() override {}
  bool running() const override { return false; }
  Status status() const override { return {}; }
  int revision() const override { return 0; }

 private:
  std::string m_why;
};

}  // namespace reslab
