#pragma once
// A writing thread's connection to the load file, in either engine: its prepared statements, its
// write transactions timed into the time split, and what it measured, added to the run when the
// thread is done with it.
#include <atomic>
#include <optional>

#include "core/labs/connection/lab_connection.hpp"
#include "core/labs/load/clock.hpp"
#include "core/labs/load/connection.hpp"
#include "core/labs/load/decision.hpp"
#include "core/labs/load/engine_run.hpp"

namespace reslab::load_lab {

class LoadWriter {
 public:
  // Opens the run's file for writing; throws LabSqlError. `stop_waiting`: when set, a wait for the
  // write lock gives up at once (null: it lasts its full bounded time).
  LoadWriter(EngineRun& run, const std::atomic<bool>* stop_waiting);
  ~LoadWriter();  // adds what this connection measured to the run
  LoadWriter(const LoadWriter&) = delete;
  LoadWriter& operator=(const LoadWriter&) = delete;

  IntentStatements& sql() { return *m_sql; }
  LoadTimeSplit& split() { return m_split; }

  // Runs `statements` in the write transaction that began at `began` (BEGIN is theirs or already
  // done), then COMMIT, timing both. Rolls back and rethrows when anything fails, so nobody is left
  // waiting for the lock of a dead transaction.
  template <typename Statements>
  void transaction(Clock::time_point began, Statements statements) {
    try {
      statements();
      const auto statements_done = Clock::now();
      m_sql->commit.run();
      note_commit(began, statements_done);
    } catch (...) {
      m_db.roll_back_if_open();
      throw;
    }
  }

 private:
  void note_commit(Clock::time_point began, Clock::time_point statements_done);

  EngineRun& m_run;
  ConnectionStats m_stats;  // before m_db: its hooks point here
  LoadTimeSplit m_split;
  LabConnection m_db;
  std::optional<IntentStatements> m_sql;  // prepared once the busy wait is in place
};

}  // namespace reslab::load_lab
