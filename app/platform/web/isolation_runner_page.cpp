// The page's isolation table: no threads in the browser, so the window's frame loop runs a cell at a
// time (pump()), as the All orders window explores a slice of orders per frame.
#include <emscripten.h>

#include <optional>

#include "app/platform/isolation_runner.hpp"

namespace reslab {

struct IsolationRunner::Impl {
  std::function<void()> wake;
  std::optional<IsolationRun> run;
  Status status;
  bool cancel = false;
  int revision = 0;
};

IsolationRunner::IsolationRunner(std::function<void()> wake) : m(std::make_unique<Impl>()) {
  m->wake = std::move(wake);
}

IsolationRunner::~IsolationRunner() = default;

std::string IsolationRunner::start(Backend backend) {
  m->status = Status{};
  m->status.backend = backend;
  m->cancel = false;
  ++m->revision;
  try {
    m->run.emplace(backend);
  } catch (const std::exception& e) {
    m->run.reset();
    m->status.state = State::failed;
    m->status.error = e.what();
    return {};
  }
  m->status.state = State::running;
  m->status.cell_count = m->run->cell_count();
  m->status.table = m->run->table();
  return {};
}

void IsolationRunner::cancel() {
  m->cancel = true;
}

bool IsolationRunner::pump(double seconds) {
  if (!m->run || m->status.state != State::running) return false;
  const double until = emscripten_get_now() + seconds * 1000.0;
  try {
    do {
      if (m->cancel || m->run->finished()) break;
      m->run->run_next();
    } while (emscripten_get_now() < until);
    m->status.table = m->run->table();
    m->status.cells_done = m->run->cells_done();
    if (m->run->finished()) m->status.state = State::finished;
    if (m->cancel && !m->run->finished()) m->status.state = State::cancelled;
  } catch (const std::exception& e) {
    m->status.state = State::failed;
    m->status.error = e.what();
  }
  if (m->status.state != State::running) m->run.reset();
  ++m->revision;
  return true;
}

bool IsolationRunner::running() const {
  return m->status.state == State::running;
}

IsolationRunner::Status IsolationRunner::status() const {
  return m->status;
}

int IsolationRunner::revision() const {
  return m->revision;
}

void IsolationRunner::wait() {}

}  // namespace reslab
