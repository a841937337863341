// The isolation table a few cells a frame, for a platform without threads (the browser), as the All
// orders window explores a slice of orders per frame.
#include "app/platform/isolation_runner.hpp"

#include <chrono>
#include <exception>
#include <optional>

namespace reslab {
namespace {

class FrameIsolationRunner final : public IsolationRunner {
 public:
  std::string start(Backend backend) override {
    m_status = Status{};
    m_status.backend = backend;
    m_cancel = false;
    ++m_revision;
    try {
      m_run.emplace(backend);
    } catch (const std::exception& e) {
      m_run.reset();
      m_status.state = State::failed;
      m_status.error = e.what();
      return {};
    }
    m_status.state = State::running;
    m_status.cell_count = m_run->cell_count();
    m_status.table = m_run->table();
    return {};
  }

  void cancel() override { m_cancel = true; }

  bool pump(double seconds) override {
    if (!m_run || m_status.state != State::running) return false;
    using Clock = std::chrono::steady_clock;
    const Clock::time_point until =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    try {
      do {
        if (m_cancel || m_run->finished()) break;
        m_run->run_next();
      } while (Clock::now() < until);
      m_status.table = m_run->table();
      m_status.cells_done = m_run->cells_done();
      if (m_run->finished()) m_status.state = State::finished;
      if (m_cancel && !m_run->finished()) m_status.state = State::cancelled;
    } catch (const std::exception& e) {
      m_status.state = State::failed;
      m_status.error = e.what();
    }
    if (m_status.state != State::running) m_run.reset();
    ++m_revision;
    return true;
  }

  bool running() const override { return m_status.state == State::running; }
  Status status() const override { return m_status; }
  int revision() const override { return m_revision; }
  void wait() override {}

 private:
  std::optional<IsolationRun> m_run;
  Status m_status;
  bool m_cancel = false;
  int m_revision = 0;
};

}  // namespace

std::unique_ptr<IsolationRunner> frame_isolation_runner() {
  return std::make_unique<FrameIsolationRunner>();
}

}  // namespace reslab
