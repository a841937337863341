#pragma once
// The race engine: worker threads, each with its own connection, one write transaction per intent,
// SQLITE_BUSY waited out a bounded number of times (the ticketing article's lab design). The naive
// model runs here: only concurrent transactions can interleave a read and a write.
#include "core/labs/load/engine_run.hpp"

namespace reslab::load_lab {

// Runs `run` to its end, a cancel or a failure (rethrown) on `run.options.threads` workers.
void run_race_engine(EngineRun& run);

}  // namespace reslab::load_lab
