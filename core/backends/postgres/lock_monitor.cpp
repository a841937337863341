#include "core/backends/postgres/lock_monitor.hpp"

#include <libpq-fe.h>

#include <regex>

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

void LockMonitor::set_lab_sessions(std::vector<std::pair<int, std::string>> sessions) {
  m_pids.clear();
  for (const auto& session : sessions) m_pids.push_back(session.first);
  m_sessions = std::move(sessions);
}

std::vector<std::string> LockMonitor::blocking_sessions(int pid) {
  std::vector<std::string> names;
  for (int blocker : blocking_pids(pid))
    for (const auto& [session_pid, name] : m_sessions)
      if (session_pid == blocker) names.push_back(name);
  return names;
}

std::string LockMonitor::with_session_names(const std::string& message) const {
  static const std::regex process("[Pp]rocess ([0-9]{1,9})\\b");
  std::string out;
  auto from = message.cbegin();
  for (std::sregex_iterator it(message.cbegin(), message.cend(), process), end; it != end; ++it) {
    const auto& match = *it;
    out.append(from, match[0].second);
    from = match[0].second;
    const int pid = std::stoi(match[1].str());
    for (const auto& [session_pid, name] : m_sessions)
      if (session_pid == pid) out += " (" + name + ")";
  }
  out.append(from, message.cend());
  return out;
}

}  // namespace reslab::pg
