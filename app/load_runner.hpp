#pragma once
// Runs L1's load lab (core/load_lab) on a background thread for the desktop
// app: the latest progress, cancel, and the result with its charts' data. The
// UI thread reads a consistent copy each frame; nothing here knows the window.
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/labs/load_lab.hpp"

namespace reslab {

class LoadRunner {
 public:
  enum class State { idle, running, finished, cancelled, failed };

  struct Status {
    State state = State::idle;
    LoadOptions options;
    LoadProgress progress;                  // the latest report from the run
    std::vector<ThroughputSample> live;     // throughput so far, for the chart while it runs
    std::optional<LoadResult> result;       // finished or cancelled
    std::string error;                      // failed
  };

  LoadRunner() = default;
  ~LoadRunner();  // cancels a running lab and waits for it
  LoadRunner(const LoadRunner&) = delete;
  LoadRunner& operator=(const LoadRunner&) = delete;

  // Starts a run on a temporary file. Returns "" or why it did not start.
  std::string start(const LoadOptions& options);
  void cancel();
  void wait();

  bool running() const { return m_running.load(); }
  Status status() const;
  // Grows with every progress report and when the run ends.
  int revision() const { return m_revision.load(); }

 private:
  void run(LoadOptions options);

  LoadControl m_control;
  std::atomic<bool> m_running{false};
  std::atomic<int> m_revision{0};
  mutable std::mutex m_mutex;  // guards m_status
  Status m_status;
  std::thread m_thread;
};

}  // namespace reslab
