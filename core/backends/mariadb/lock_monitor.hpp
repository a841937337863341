#pragma once
// Who waits for whom on InnoDB, asked on a control connection of the lab. Whether a thread waits for a
// row lock: SHOW ENGINE INNODB STATUS (generated on every read, ~0.3 ms). Which transactions it waits
// for: the same status, when it lists every transaction's locks (innodb_status_output_locks = ON, as on
// reslab's private server) and names one plain blocker (core/backends/mariadb/lock_status.hpp); else
// information_schema.INNODB_LOCK_WAITS joined with INNODB_TRX, a server-wide cache InnoDB refreshes only
// when nobody has read it for 100 ms, so a fresh answer costs a pause of that length.
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "core/backends/mariadb/connection.hpp"
#include "core/backends/mariadb/lock_status.hpp"

namespace reslab::maria {

class LockMonitor {
 public:
  explicit LockMonitor(const Endpoint& endpoint) : m_control(endpoint) {}
  Connection& control() { return m_control; }

  // The threads now in a row-lock wait.
  std::vector<unsigned long> waiting_threads();
  // Whether `thread` waits for a table's metadata lock or a table lock (DDL, LOCK TABLES).
  bool waits_for_table_lock(unsigned long thread);
  // The threads `thread` waits for: from the status when it says it plainly, else from a fresh read of the
  // cache (≥ 100 ms; again when another client of the server left it stale), in the order their
  // connections were made.
  std::vector<unsigned long> blocking_threads(unsigned long thread);
  // The same, always from the cache (InnoDB's own view, which the status's reading is held to in tests).
  std::vector<unsigned long> blockers_from_cache(unsigned long thread);
  InnodbStatus status();

 private:
  bool lists_locks();  // the server's status lists every transaction's locks

  Connection m_control;
  std::optional<bool> m_lists_locks;
};

}  // namespace reslab::maria
