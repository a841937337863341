#include "app/platform/desktop/cancel_on_signal.hpp"

#include <csignal>

namespace reslab {
namespace {

// A lock-free atomic store is all a signal handler may do here.
std::atomic<bool>* g_cancel = nullptr;

void on_stop_signal(int) {
  if (g_cancel) g_cancel->store(true);
}

}  // namespace

CancelOnSignal::CancelOnSignal(std::atomic<bool>& cancel) {
  g_cancel = &cancel;
  m_int = std::signal(SIGINT, on_stop_signal);
  m_term = std::signal(SIGTERM, on_stop_signal);
}

CancelOnSignal::~CancelOnSignal() {
  std::signal(SIGINT, m_int);
  std::signal(SIGTERM, m_term);
  g_cancel = nullptr;
}

}  // namespace reslab
