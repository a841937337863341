#pragma once
// Waiting in a test for what another process or thread will bring about. Within the process, a test
// waits on the state itself (until(): the thread it waits for is running, so the wait is short);
// another process's doings (a server dir written, rows committed) announce themselves to nobody, so
// eventually() asks again every `every`. Either budget only caps a hang: nothing is asserted about
// how long the wait took.
#include <chrono>
#include <thread>

namespace reslab::test {

// Whether `holds()` became true within `budget`, asked again after each `every`.
template <typename Holds>
bool eventually(Holds holds, std::chrono::milliseconds budget,
                std::chrono::milliseconds every = std::chrono::milliseconds(20)) {
  const auto deadline = std::chrono::steady_clock::now() + budget;
  while (!holds()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(every);
  }
  return true;
}

// Whether `holds()` became true within `budget`, asked again as soon as another thread has run.
template <typename Holds>
bool until(Holds holds, std::chrono::milliseconds budget = std::chrono::seconds(120)) {
  const auto deadline = std::chrono::steady_clock::now() + budget;
  while (!holds()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::yield();
  }
  return true;
}

}  // namespace reslab::test
