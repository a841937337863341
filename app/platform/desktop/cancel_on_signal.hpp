#pragma once
// Ctrl+C and SIGTERM stop what the desktop's process is doing instead of killing it: a command-line lab
// run stops cleanly (a consistent file, a removed temporary one) and still prints what it did; the
// window closes as a normal close would, its settings saved.
#include <atomic>

namespace reslab {

class CancelOnSignal {
 public:
  // Until this object goes, SIGINT and SIGTERM set `cancel`. One at a time.
  explicit CancelOnSignal(std::atomic<bool>& cancel);
  ~CancelOnSignal();  // the handlers from before come back
  CancelOnSignal(const CancelOnSignal&) = delete;
  CancelOnSignal& operator=(const CancelOnSignal&) = delete;

 private:
  void (*m_int)(int) = nullptr;
  void (*m_term)(int) = nullptr;
};

}  // namespace reslab
