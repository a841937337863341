#include "core/backends/postgres/lock_monitor.hpp"

#include <libpq-fe.h>

namespace reslab::pg {

std::string LockMonitor::pid_array() const {
  std::string array = "{";
  for (std::size_t i = 0; i < m_pids.size(); ++i) array += (i ? "," : "") + std::to_string(m_pids[i]);
  return array + "}";
}

bool LockMonitor::blocked_by_lab(int pid) {
  const auto result = m_control.must("SELECT pg_isolation_test_session_is_blocked($1::int, $2::int[])",
                                     {std::int64_t{pid}, pid_array()});
  return PQntuples(result.get()) == 1 && std::string(PQgetvalue(result.get(), 0, 0)) == "t";
}

std::vector<int> LockMonitor::blocking_pids(int pid) {
  const auto result = m_control.must("SELECT unnest(pg_blocking_pids($1::int))", {std::int64_t{pid}});
  std::vector<int> pids;
  for (const auto& row : rows_of(result.get()))
    if (const auto* value = std::get_if<std::int64_t>(&row[0])) pids.push_back(static_cast<int>(*value));
  return pids;
}

}  // namespace reslab::pg
