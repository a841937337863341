#pragma once
// The lab's control connection, as PostgreSQL's isolationtester keeps one: it asks the server whether
// a session is blocked by another session of this lab and by which ones. The pids are passed as a
// parameter on every question, so a session that reconnects is still recognised.
#include <string>
#include <vector>

#include "core/backends/postgres/connection.hpp"

namespace reslab::pg {

class LockMonitor {
 public:
  explicit LockMonitor(const std::string& conninfo) : m_control(conninfo) {}

  void set_lab_pids(std::vector<int> pids) { m_pids = std::move(pids); }
  // Whether one of the sessions blocking `pid` belongs to this lab.
  bool blocked_by_lab(int pid);
  // The pids blocking `pid`, in the server's order (the one ahead in the lock's queue comes first).
  std::vector<int> blocking_pids(int pid);
  PgConnection& control() { return m_control; }

 private:
  std::string pid_array() const;

  PgConnection m_control;
  std::vector<int> m_pids;
};

}  // namespace reslab::pg
