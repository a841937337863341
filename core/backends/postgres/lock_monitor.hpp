#pragma once
// The lab's control connection, as PostgreSQL's isolationtester keeps one: it asks the server whether
// a session is blocked by another session of this lab and by which ones. The pids are passed as a
// parameter on every question, so a session that reconnects is still recognised. Told the sessions'
// names, it also says who blocks a session by name and puts names on the server's "process N".
#include <string>
#include <utility>
#include <vector>

#include "core/backends/postgres/connection.hpp"

namespace reslab::pg {

class LockMonitor {
 public:
  explicit LockMonitor(const std::string& conninfo) : m_control(conninfo) {}

  // The lab's sessions, as (backend pid, session name).
  void set_lab_sessions(std::vector<std::pair<int, std::string>> sessions);
  // Whether one of the sessions blocking `pid` belongs to this lab.
  bool blocked_by_lab(int pid);
  // The pids blocking `pid`, in the server's order (the one ahead in the lock's queue comes first).
  std::vector<int> blocking_pids(int pid);
  // The lab's sessions blocking `pid`, by name, in the server's order.
  std::vector<std::string> blocking_sessions(int pid);
  // `message` with each "process N" of a lab session followed by its name: "process 4711 (s1)". A
  // deadlock's DETAIL names backends by pid, which mean nothing to a class and change with every run.
  std::string with_session_names(const std::string& message) const;
  PgConnection& control() { return m_control; }

 private:
  std::string pid_array() const;

  PgConnection m_control;
  std::vector<int> m_pids;
  std::vector<std::pair<int, std::string>> m_sessions;
};

}  // namespace reslab::pg
