#include "app/race_runner.hpp"

#include <chrono>
#include <exception>

#include "core/sim/errors.hpp"

namespace reslab {

RaceRunner::RaceRunner(std::function<void()> wake) : m_wake(std::move(wake)) {}

RaceRunner::~RaceRunner() {
  cancel();
  wait();
}

std::string RaceRunner::start(const RaceOptions& options) {
  if (m_running) return "a race is already running";
  try {
    validate_race_options(options);
  } catch (const UsageError& e) {
    return e.what();
  }
  wait();  // the previous race's thread has ended; collect it
  m_control.cancel = false;
  m_control.rounds_done = 0;
  {
    std::lock_guard lock(m_mutex);
    m_status = Status{State::running, options, 0, std::nullopt, {}};
  }
  m_running = true;
  ++m_revision;
  try {
    m_thread = std::thread(&RaceRunner::run, this, options);
  } catch (const std::exception& e) {
    m_running = false;
    std::lock_guard lock(m_mutex);
    m_status.state = State::failed;
    m_status.error = e.what();
    return m_status.error;
  }
  return {};
}

void RaceRunner::cancel() {
  m_control.cancel = true;
}

void RaceRunner::wait() {
  if (m_thread.joinable()) m_thread.join();
}

RaceRunner::Status RaceRunner::status() const {
  std::lock_guard lock(m_mutex);
  Status copy = m_status;
  if (copy.state == State::running) copy.rounds_done = m_control.rounds_done.load();
  return copy;
}

void RaceRunner::run(RaceOptions options) {
  using Clock = std::chrono::steady_clock;
  auto last_wake = Clock::now();
  m_control.on_round = [&](int) {
    ++m_revision;
    const auto now = Clock::now();
    if (m_wake && std::chrono::duration<double>(now - last_wake).count() >= kWakeInterval) {
      last_wake = now;
      m_wake();
    }
  };
  Status done{State::failed, options, 0, std::nullopt, {}};
  try {
    RaceResult result = run_seat_race(options, &m_control);
    done.state = result.cancelled ? State::cancelled : State::finished;
    done.rounds_done = result.rounds_run;
    done.result = std::move(result);
  } catch (const std::exception& e) {
    done.error = e.what();
    done.rounds_done = m_control.rounds_done.load();
  }
  m_control.on_round = nullptr;
  {
    std::lock_guard lock(m_mutex);
    m_status = std::move(done);
  }
  m_running = false;
  ++m_revision;
  if (m_wake) m_wake();
}

}  // namespace reslab
