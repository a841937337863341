#include "core/labs/load/writer.hpp"

#include <algorithm>
#include <chrono>

namespace reslab::load_lab {

LoadWriter::LoadWriter(EngineRun& run, const std::atomic<bool>* stop_waiting)
    : m_run(run), m_db(run.file, LabOpen::read_write) {
  m_stats.busy.stop = stop_waiting;
  m_stats.checkpointer = run.checkpointer;
  watch_writes(m_db, m_stats, run.options.synchronous);
  m_sql.emplace(m_db);
}

LoadWriter::~LoadWriter() {
  m_run.add(m_stats, m_split);
}

void LoadWriter::note_commit(Clock::time_point began, Clock::time_point statements_done) {
  const auto committed = Clock::now();
  const double statements = std::chrono::duration<double>(statements_done - began).count();
  const double commit = std::chrono::duration<double>(committed - statements_done).count();
  ++m_split.commits;
  m_split.statements_seconds += statements;
  m_split.commit_seconds += commit;
  m_split.longest_commit_ms = std::max(m_split.longest_commit_ms, commit * 1e3);
  m_split.longest_transaction_ms = std::max(m_split.longest_transaction_ms, (statements + commit) * 1e3);
}

}  // namespace reslab::load_lab
