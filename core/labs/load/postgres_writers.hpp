#pragma once
// The load lab's two engines on PostgreSQL; `run.file` is the conninfo of the run's schema.
//   queue  one writer connection decides each batch with one statement (kLoadPostgresDecideBatch):
//          intents are deduplicated by seat in arrival order first, a later intent for a seat already
//          in the batch waits for the next one; every intent is still decided by its own row.
//   race   a connection per thread, one transaction per intent, serialization failures and
//          deadlocks (40001, 40P01) retried from BEGIN a bounded number of times.
#include "core/labs/load/engine_run.hpp"

namespace reslab::load_lab {

inline constexpr int kPgLoadAttempts = 5;  // race: tries per intent before it counts as failed

void run_pg_queue_engine(EngineRun& run);
void run_pg_race_engine(EngineRun& run);

}  // namespace reslab::load_lab
