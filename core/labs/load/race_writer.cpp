#include "core/labs/load/race_writer.hpp"

#include <sqlite3.h>

#include <chrono>

#include "core/labs/load/decision.hpp"
#include "core/labs/load/writer.hpp"

namespace reslab::load_lab {
namespace {

// One thread, one connection, one write transaction per intent.
void race_worker(EngineRun& run) {
  const std::function<void(std::int64_t)>* after_naive_read =
      run.control ? &run.control->after_naive_read : nullptr;
  try {
    LoadWriter writer(run, &run.stop);
    IntentStatements& sql = writer.sql();
    const bool naive = run.options.model == Model::naive;
    for (;;) {
      const std::int64_t index = run.take_intent();
      if (index < 0) break;
      const LoadIntent& intent = run.workload.intents[static_cast<std::size_t>(index)];
      run.admitted_ns[static_cast<std::size_t>(index)] = nanoseconds_since(run.start);
      SeatSeen seen;
      if (naive) {
        seen = read_seat(sql, intent);
        if (after_naive_read && *after_naive_read) (*after_naive_read)(index);
      }
      const auto locking = Clock::now();
      const int rc = sql.begin.step();
      sql.begin.reset();
      const auto locked = Clock::now();
      writer.split().lock_wait_seconds += std::chrono::duration<double>(locked - locking).count();
      if ((rc & 0xff) == SQLITE_BUSY) {
        if (run.stop) break;  // cancelled while waiting: this intent was never decided
        run.failed.fetch_add(1, std::memory_order_relaxed);
        continue;
      }
      if (rc != SQLITE_DONE) sql.begin.fail(rc);
      bool held = false;
      writer.transaction(locked, [&] {
        held = naive ? write_blindly(sql, index, intent, seen, run.hold_ms())
                     : decide_atomically(sql, index, intent, run.hold_ms());
      });
      run.decided_ns[static_cast<std::size_t>(index)] = nanoseconds_since(run.start);
      run.count(held);
    }
  } catch (...) {
    run.fail(std::current_exception());
  }
}

}  // namespace

void run_race_engine(EngineRun& run) {
  run.run_threads(
      run.options.threads, [&](int) { race_worker(run); }, [] {});
}

}  // namespace reslab::load_lab
