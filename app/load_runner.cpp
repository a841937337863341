#include "app/load_runner.hpp"

#include <exception>

#include "core/sim/errors.hpp"

namespace reslab {

LoadRunner::~LoadRunner() {
  cancel();
  wait();
}

std::string LoadRunner::start(const LoadOptions& options) {
  if (m_running) return "the load lab is already running";
  LoadOptions run_options = options;
  run_options.db_file.clear();  // the app always runs on a temporary file
  try {
    validate_load_options(run_options);
  } catch (const UsageError& e) {
    return e.what();
  }
  wait();
  m_control.cancel = false;
  {
    std::lock_guard lock(m_mutex);
    m_status = Status{};
    m_status.state = State::running;
    m_status.options = run_options;
  }
  m_running = true;
  ++m_revision;
  try {
    m_thread = std::thread(&LoadRunner::run, this, run_options);
  } catch (const std::exception& e) {
    m_running = false;
    std::lock_guard lock(m_mutex);
    m_status.state = State::failed;
    m_status.error = e.what();
    return m_status.error;
  }
  return {};
}

void LoadRunner::cancel() {
  m_control.cancel = true;
}

void LoadRunner::wait() {
  if (m_thread.joinable()) m_thread.join();
}

LoadRunner::Status LoadRunner::status() const {
  std::lock_guard lock(m_mutex);
  return m_status;
}

void LoadRunner::run(LoadOptions options) {
  m_control.on_progress = [this](const LoadProgress& progress) {
    {
      std::lock_guard lock(m_mutex);
      m_status.progress = progress;
      if (progress.phase == LoadPhase::running)
        m_status.live.push_back({progress.seconds, progress.decided, progress.intents_per_s});
    }
    ++m_revision;
  };
  Status done;
  done.options = options;
  try {
    LoadResult result = run_load_lab(options, &m_control);
    done.state = result.cancelled ? State::cancelled : State::finished;
    done.result = std::move(result);
  } catch (const std::exception& e) {
    done.state = State::failed;
    done.error = e.what();
  }
  {
    std::lock_guard lock(m_mutex);
    done.progress = m_status.progress;
    done.live = std::move(m_status.live);
    m_status = std::move(done);
  }
  m_running = false;
  ++m_revision;
}

}  // namespace reslab
