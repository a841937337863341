#include "core/backends/mariadb/lock_monitor.hpp"

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace reslab::maria {
namespace {

using Clock = std::chrono::steady_clock;

// InnoDB refreshes its information_schema lock cache when it has been unread for 100 ms
// (CACHE_MIN_IDLE_TIME_US); the last read in this process is when the next fresh one may come.
struct CacheClock {
  std::mutex mutex;
  Clock::time_point last_read{};
};

CacheClock& cache_clock() {
  static CacheClock* clock = new CacheClock;
  return *clock;
}

}  // namespace

InnodbStatus LockMonitor::status() {
  const StatementResult status = m_control.exec("SHOW ENGINE INNODB STATUS");
  if (!status.ok() || status.rows.empty() || status.rows[0].size() < 3) return {};
  return parse_innodb_status(to_display(status.rows[0][2]));
}

std::vector<unsigned long> LockMonitor::waiting_threads() {
  std::vector<unsigned long> threads;
  for (const auto& transaction : status().transactions)
    if (transaction.lock_wait) threads.push_back(transaction.thread);
  return threads;
}

bool LockMonitor::waits_for_table_lock(unsigned long thread) {
  // SHOW PROCESSLIST, not information_schema.PROCESSLIST: the latter builds an Aria temporary table per
  // query, and polled this often beside the lab's own work it once took MariaDB 10.11 down (a segfault in
  // ha_maria::drop_table).
  const StatementResult list = m_control.exec("SHOW PROCESSLIST");
  if (!list.ok()) return false;
  std::size_t id_column = 0, state_column = 0;
  for (std::size_t c = 0; c < list.columns.size(); ++c) {
    if (list.columns[c] == "Id") id_column = c;
    if (list.columns[c] == "State") state_column = c;
  }
  for (const auto& row : list.rows) {
    if (row.size() <= std::max(id_column, state_column) ||
        static_cast<unsigned long>(as_int(row[id_column])) != thread)
      continue;
    const std::string state = to_display(row[state_column]);
    return state.rfind("Waiting for table metadata lock", 0) == 0 ||
           state.rfind("Waiting for table level lock", 0) == 0;
  }
  return false;
}

std::vector<unsigned long> LockMonitor::blocking_threads(unsigned long thread) {
  if (lists_locks())
    if (const auto blocker = plain_blocker(status(), thread)) return {*blocker};
  return blockers_from_cache(thread);
}

bool LockMonitor::lists_locks() {
  if (!m_lists_locks) {
    const StatementResult setting = m_control.exec("SELECT @@innodb_status_output_locks");
    m_lists_locks = setting.ok() && !setting.rows.empty() && as_int(setting.rows[0][0]) == 1;
  }
  return *m_lists_locks;
}

std::vector<unsigned long> LockMonitor::blockers_from_cache(unsigned long thread) {
  // Another client of the server (a second reslab on a --mariadb server, or one that has just exited) may
  // have read the cache less than 100 ms ago: then it still holds the transactions of that moment, and
  // `thread`'s wait is not in it yet. A cache that does not show the wait is read again once it may be
  // fresh, twice at most. Several holders (of a shared lock) come in the order their connections were
  // made, which is the lab's order of sessions: ordered by start time and trx_id, two readers holding a
  // shared lock came back in either order from one read to the next (trx_id of a transaction that has
  // not written is not a real id), and a start time counts whole seconds.
  for (int attempt = 0;; ++attempt) {
    {
      CacheClock& clock = cache_clock();
      std::lock_guard lock(clock.mutex);
      const auto fresh_from = clock.last_read + std::chrono::milliseconds(105);
      if (Clock::now() < fresh_from) std::this_thread::sleep_until(fresh_from);
      clock.last_read = Clock::now();
    }
    const std::string requester = " WHERE r.trx_mysql_thread_id = " + std::to_string(thread);
    const StatementResult rows = m_control.exec(
        "SELECT b.trx_mysql_thread_id FROM information_schema.INNODB_LOCK_WAITS w"
        " JOIN information_schema.INNODB_TRX r ON r.trx_id = w.requesting_trx_id"
        " JOIN information_schema.INNODB_TRX b ON b.trx_id = w.blocking_trx_id" +
        requester + " ORDER BY b.trx_mysql_thread_id");
    // Read within the same 100 ms, the same cache: does it show the wait at all?
    const bool shows_wait = !rows.rows.empty() || !m_control
                                                       .exec("SELECT 1 FROM information_schema.INNODB_TRX r" +
                                                             requester + " AND r.trx_state = 'LOCK WAIT'")
                                                       .rows.empty();
    {
      std::lock_guard lock(cache_clock().mutex);
      cache_clock().last_read = Clock::now();
    }
    if (!shows_wait && attempt < 2) continue;
    std::vector<unsigned long> out;
    for (const auto& row : rows.rows) {
      const unsigned long id = static_cast<unsigned long>(as_int(row[0]));
      bool seen = false;
      for (unsigned long known : out) seen = seen || known == id;
      if (!seen) out.push_back(id);
    }
    return out;
  }
}

}  // namespace reslab::maria
