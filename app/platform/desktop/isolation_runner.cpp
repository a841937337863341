// The desktop's isolation table runs on a thread of its own, as the seat race and the load lab do.
#include "app/platform/isolation_runner.hpp"

#include <atomic>

#include "app/platform/background_run.hpp"

namespace reslab {
// IsolationRunner's Impl holds a run of these: named, not anonymous.
namespace isolation_runner_detail {

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

}  // namespace isolation_runner_detail

struct IsolationRunner::Impl {
  isolation_runner_detail::IsolationBackgroundRun run;
  explicit Impl(std::function<void()> wake)
      : run({"the isolation table is being built", isolation_runner_detail::prepare_isolation,
             isolation_runner_detail::run_isolation_cells},
            std::move(wake)) {}
};

IsolationRunner::IsolationRunner(std::function<void()> wake) : m(std::make_unique<Impl>(std::move(wake))) {}

IsolationRunner::~IsolationRunner() = default;

std::string IsolationRunner::start(Backend backend) {
  return m->run.start(isolation_runner_detail::IsolationOptions{backend});
}

void IsolationRunner::cancel() {
  m->run.cancel();
}

bool IsolationRunner::pump(double) {
  return false;
}

bool IsolationRunner::running() const {
  return m->run.running();
}

IsolationRunner::Status IsolationRunner::status() const {
  const auto shown = m->run.status();
  Status status;
  status.backend = shown.options.backend;
  status.error = shown.error;
  switch (shown.state) {
    case isolation_runner_detail::IsolationBackgroundRun::State::idle:
      status.state = State::idle;
      break;
    case isolation_runner_detail::IsolationBackgroundRun::State::running:
      status.state = State::running;
      break;
    case isolation_runner_detail::IsolationBackgroundRun::State::finished:
      status.state = State::finished;
      break;
    case isolation_runner_detail::IsolationBackgroundRun::State::cancelled:
      status.state = State::cancelled;
      break;
    case isolation_runner_detail::IsolationBackgroundRun::State::failed:
      status.state = State::failed;
      break;
  }
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

int IsolationRunner::revision() const {
  return m->run.revision();
}

void IsolationRunner::wait() {
  m->run.wait();
}

}  // namespace reslab
