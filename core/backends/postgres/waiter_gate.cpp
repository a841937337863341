#include "core/backends/postgres/waiter_gate.hpp"

#include <signal.h>

namespace reslab::pg {

void WaiterGate::close(int pid) {
  if (!m_enabled || pid <= 0 || m_stopped_pid > 0) return;
  if (kill(pid, SIGSTOP) == 0) m_stopped_pid = pid;
}

void WaiterGate::open() {
  if (m_stopped_pid <= 0) return;
  kill(m_stopped_pid, SIGCONT);
  m_stopped_pid = 0;
}

}  // namespace reslab::pg
