#pragma once
// Who waits for whom on InnoDB, asked on a control connection of the lab. Whether a thread waits for a
// row lock: SHOW ENGINE INNODB STATUS (read fresh on every call, ~0.3 ms). Which transactions it waits
// for: information_schema.INNODB_LOCK_WAITS joined with INNODB_TRX, a server-wide cache InnoDB refreshes
// only when nobody has read it for 100 ms, so a fresh answer costs a pause of that length.
#include <map>
#include <memory>
#include <vector>

#include "core/backends/mariadb/connection.hpp"

namespace reslab::maria {

class LockMonitor {
 public:
  explicit LockMonitor(const Endpoint& endpoint) : m_control(endpoint) {}
  Connection& control() { return m_control; }

  // The threads now in a row-lock wait.
  std::vector<unsigned long> waiting_threads();
  // Whether `thread` waits for a table's metadata lock or a table lock (DDL, LOCK TABLES).
  bool waits_for_table_lock(unsigned long thread);
  // The threads `thread` waits for, InnoDB's order (a fresh read of the cache: ≥ 100 ms).
  std::vector<unsigned long> blocking_threads(unsigned long thread);

 private:
  Connection m_control;
};

}  // namespace reslab::maria
