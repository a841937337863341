#pragma once
// Where a server backend's one server is in its start, for the window that polls it and for whoever
// waits: idle, starting, ready or failed, with a message (what is starting, where it runs, what failed).
// `State` is the backend's enum of those four.
#include <condition_variable>
#include <mutex>
#include <string>

namespace reslab {

template <class State>
class StartState {
 public:
  // Marks a background start as under way; false when one is already under way or done.
  bool begin(std::string message) {
    std::lock_guard lock(m_mutex);
    if (m_state == State::starting || m_state == State::ready) return false;
    m_state = State::starting;
    m_message = std::move(message);
    return true;
  }

  void set(State state, std::string message) {
    {
      std::lock_guard lock(m_mutex);
      m_state = state;
      m_message = std::move(message);
    }
    m_changed.notify_all();  // notify_all: glibc 2.36 can lose notify_one with several waiters
  }

  State get(std::string* message) const {
    std::lock_guard lock(m_mutex);
    if (message) *message = m_message;
    return m_state;
  }

  // Blocks until a start under way has ended (at once when none is).
  State wait(std::string* message) const {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_state != State::starting; });
    if (message) *message = m_message;
    return m_state;
  }

 private:
  mutable std::mutex m_mutex;  // the window polls it every frame: never held for long
  mutable std::condition_variable m_changed;
  State m_state = State::idle;
  std::string m_message;
};

}  // namespace reslab
