#pragma once
// Lets a session's waiting statement run only while the stepper waits for it, on the private server.
// After a commit PostgreSQL does not grant a row to its waiters in the order they queued: the first
// waiter wakes, releases the tuple lock of the old row version and only then locks the new version,
// so the waiter queued behind it, granted that tuple lock meanwhile, can lock the new version first.
// So a statement the server reports waiting has its backend stopped (SIGSTOP: it sits in the lock's
// wait, past its deadlock check, holding none of the server's internal locks) and continued (SIGCONT)
// when the stepper drives that statement again; the stepper drives its waiters one at a time in the
// order they began waiting, so the order the trace shows is the order PostgreSQL grants.
// A server reslab did not start runs backends it cannot signal: there the gate never closes.
namespace reslab::pg {

class WaiterGate {
 public:
  explicit WaiterGate(bool enabled) : m_enabled(enabled) {}
  ~WaiterGate() { open(); }
  WaiterGate(const WaiterGate&) = delete;
  WaiterGate& operator=(const WaiterGate&) = delete;

  // Stops backend `pid`, which the server has just reported waiting for a lock past its deadlock check.
  void close(int pid);
  // Continues the stopped backend, if there is one. Every path that leaves a waiting statement (it is
  // driven again, cancelled, or its session closed) comes through here: no backend stays stopped.
  void open();
  bool closed() const { return m_stopped_pid > 0; }

 private:
  bool m_enabled;
  int m_stopped_pid = 0;
};

}  // namespace reslab::pg
