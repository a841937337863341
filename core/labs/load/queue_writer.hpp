#pragma once
// The queue engine: admitting threads hand the intents, in arrival order, to one writer that decides
// them in batches, one write transaction per batch (group commit). Each intent still runs its own
// conditional UPDATE and rows-changed check, and keeps its order row.
#include "core/labs/load/engine_run.hpp"

namespace reslab::load_lab {

// Runs `run` to its end, a cancel or a failure (rethrown): `run.options.threads` admitting threads
// and the writer.
void run_queue_engine(EngineRun& run);

}  // namespace reslab::load_lab
