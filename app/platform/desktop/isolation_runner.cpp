// The desktop's isolation table runs on a thread of its own, as the seat race and the load lab do.
#include "app/platform/desktop/isolation_runner.hpp"

#include <atomic>

#include "app/platform/desktop/background_run.hpp"

namespace reslab {
namespace {

struct IsolationOptions {
  Backend backend = Backend::sqlite;
};

struct IsolationControl {
  std::atomic<bool> cancel{false};
};

struct IsolationProgress {
  IsolationTable table;
  std::size_t cells_done = 0, cell_count = 0;
};

struct IsolationResult {
  IsolationTable table;
  std::size_t cells_done = 0, cell_count = 0;
  bool cancelled = false;
};

using IsolationBackgroundRun =
    BackgroundRun<IsolationOptions, IsolationControl, IsolationProgress, IsolationResult>;

void prepare_isolation(IsolationOptions&) {}

IsolationResult run_isolation_cells(const IsolationOptions& options, IsolationControl& control,
                                    IsolationBackgroundRun::Report report) {
  IsolationRun run(options.backend);
  report([&](IsolationProgress& shown) { shown.cell_count = run.cell_count(); });
  while (!run.finished() && !control.cancel) {
    run.run_next();
    report([&](IsolationProgress& shown) {
      shown.table = run.table();
      shown.cells_done = run.cells_done();
    });
  }
  return {run.table(), run.cells_done(), run.cell_count(), !run.finished()};
}

IsolationRunner::State isolation_state(IsolationBackgroundRun::State state) {
  switch (state) {
    case IsolationBackgroundRun::State::idle:
      return IsolationRunner::State::idle;
    case IsolationBackgroundRun::State::running:
      return IsolationRunner::State::running;
    case IsolationBackgroundRun::State::finished:
      return IsolationRunner::State::finished;
    case IsolationBackgroundRun::State::cancelled:
      return IsolationRunner::State::cancelled;
    case IsolationBackgroundRun::State::failed:
      break;
  }
  return IsolationRunner::State::failed;
}

class ThreadIsolationRunner final : public IsolationRunner {
 public:
  explicit ThreadIsolationRunner(std::function<void()> wake)
      : m_run({"the isolation table is being built", prepare_isolation, run_isolation_cells},
              std::move(wake)) {}

  std::string start(Backend backend) override { return m_run.start(IsolationOptions{backend}); }
  void cancel() override { m_run.cancel(); }
  bool pump(double) override { return false; }
  bool running() const override { return m_run.running(); }
  Status status() const override {
    const auto shown = m_run.status();
    Status status;
    status.state = isolation_state(shown.state);
    status.backend = shown.options.backend;
    status.error = shown.error;
    if (shown.result) {
      status.table = shown.result->table;
      status.cells_done = shown.result->cells_done;
      status.cell_count = shown.result->cell_count;
    } else {
      status.table = shown.progress.table;
      status.cells_done = shown.progress.cells_done;
      status.cell_count = shown.progress.cell_count;
    }
    return status;
  }
  int revision() const override { return m_run.revision(); }
  void wait() override { m_run.wait(); }

 private:
  IsolationBackgroundRun m_run;
};

}  // namespace

std::unique_ptr<IsolationRunner> desktop_isolation_runner(std::function<void()> wake) {
  return std::make_unique<ThreadIsolationRunner>(std::move(wake));
}

}  // namespace reslab
