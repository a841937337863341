#pragma once
// One lab run on a background thread for the desktop app, shared by the seat-race and load-lab
// windows (app/platform/lab_run.hpp says what the app asks of it). Knows nothing of the window:
// whoever owns it may pass `wake`, called from the run's thread when there is something new to draw.
//
// A runner for one lab derives from it and names the lab's functions (app/platform/desktop/live_labs.hpp).
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "app/platform/lab_run.hpp"
#include "core/sim/errors.hpp"

namespace reslab {

// `Control` has a std::atomic<bool> cancel that the lab reads; `Result` has a bool cancelled.
template <typename Options, typename Control, typename Progress, typename Result>
class BackgroundRun : public LabRun<Options, Progress, Result> {
 public:
  using State = typename LabRun<Options, Progress, Result>::State;
  using Status = typename LabRun<Options, Progress, Result>::Status;
  // Applies `change` to the progress under the lock, then tells the owner.
  using Report = std::function<void(const std::function<void(Progress&)>& change)>;

  // What runs.
  struct Lab {
    const char* already_running;  // why start() refuses while a run is on
    // Makes the options the app's (may adjust them); throws UsageError when they cannot run.
    void (*prepare)(Options& options);
    // The lab itself, on the background thread; it passes `report` a change to the progress as
    // often as it has news.
    Result (*run)(const Options& options, Control& control, Report report);
  };

  // `wake` must be safe to call from any thread; it is called at most every kWakeInterval while
  // the run reports progress, and once when it ends.
  BackgroundRun(Lab lab, std::function<void()> wake) : m_lab(lab), m_wake(std::move(wake)) {}
  ~BackgroundRun() override {  // cancels a run under way and waits for it
    m_control.cancel = true;
    if (m_thread.joinable()) m_thread.join();
  }
  BackgroundRun(const BackgroundRun&) = delete;
  BackgroundRun& operator=(const BackgroundRun&) = delete;

  // Starts a run in the background. Returns "" or why it did not start (one is running, an input
  // is out of range).
  std::string start(Options options) override {
    if (m_running) return m_lab.already_running;
    try {
      m_lab.prepare(options);
    } catch (const UsageError& e) {
      return e.what();
    }
    wait();  // the previous run's thread has ended; collect it
    m_control.cancel = false;
    {
      std::lock_guard lock(m_mutex);
      m_status = Status{};
      m_status.state = State::running;
      m_status.options = options;
    }
    m_running = true;
    ++m_revision;
    try {
      m_thread = std::thread(&BackgroundRun::run_on_thread, this, std::move(options));
    } catch (const std::exception& e) {
      m_running = false;
      std::lock_guard lock(m_mutex);
      m_status.state = State::failed;
      m_status.error = e.what();
      return m_status.error;
    }
    return {};
  }
  void cancel() override { m_control.cancel = true; }
  void wait() override {
    if (m_thread.joinable()) m_thread.join();
  }

  bool running() const override { return m_running.load(); }
  Status status() const override {
    std::lock_guard lock(m_mutex);
    return m_status;
  }
  int revision() const override { return m_revision.load(); }

  static constexpr double kWakeInterval = 1.0 / 30.0;  // seconds

 private:
  using Clock = std::chrono::steady_clock;

  void run_on_thread(Options options) {
    Clock::time_point last_wake = Clock::now();
    const Report report = [this, last_wake](const std::function<void(Progress&)>& change) mutable {
      {
        std::lock_guard lock(m_mutex);
        change(m_status.progress);
      }
      ++m_revision;
      const auto now = Clock::now();
      if (m_wake && std::chrono::duration<double>(now - last_wake).count() >= kWakeInterval) {
        last_wake = now;
        m_wake();
      }
    };
    Status done;
    done.options = options;
    try {
      Result result = m_lab.run(options, m_control, report);
      done.state = result.cancelled ? State::cancelled : State::finished;
      done.result = std::move(result);
    } catch (const std::exception& e) {
      done.state = State::failed;
      done.error = e.what();
    }
    {
      std::lock_guard lock(m_mutex);
      done.progress = std::move(m_status.progress);
      m_status = std::move(done);
    }
    m_running = false;
    ++m_revision;
    if (m_wake) m_wake();
  }

  const Lab m_lab;
  std::function<void()> m_wake;
  Control m_control;
  std::atomic<bool> m_running{false};
  std::atomic<int> m_revision{0};
  mutable std::mutex m_mutex;  // guards m_status
  Status m_status;
  std::thread m_thread;
};

}  // namespace reslab
