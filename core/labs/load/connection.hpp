#pragma once
// A writing connection of the load lab: the bounded busy wait, a WAL hook that measures the WAL and
// checkpoints it (inline, or by asking the Checkpointer's thread), and the run's durability.
#include <cstdint>

#include "core/labs/connection/lab_connection.hpp"
#include "core/labs/load/options.hpp"

namespace reslab::load_lab {

class Checkpointer;

// What one writing connection measured; its thread adds it to the run's figures when it ends.
struct ConnectionStats {
  BusyWait busy;  // its stop: give up waiting once the run is cancelled
  std::int64_t wal_peak_frames = 0;
  std::int64_t checkpoints = 0;  // inline ones only
  double checkpoint_seconds = 0;
  Checkpointer* checkpointer = nullptr;  // null: checkpoint inline, in the committing thread
};

// The run's durability, and a cache the whole database fits in.
void set_load_synchronous(LabConnection& db, LoadSynchronous synchronous);
// Makes `db` a writer's connection; `stats` must outlive it.
void watch_writes(LabConnection& db, ConnectionStats& stats, LoadSynchronous synchronous);

}  // namespace reslab::load_lab
