#include "core/labs/load/connection.hpp"

#include <sqlite3.h>

#include <algorithm>

#include "core/labs/load/checkpointer.hpp"
#include "core/labs/load/clock.hpp"

namespace reslab::load_lab {
namespace {

// The whole database fits: seat and index pages are never read back from the file mid-run.
constexpr const char* kCacheSize = "PRAGMA cache_size = -65536";  // KiB
// SQLite's own checkpoints (kCheckpointPages), done by our WAL hook so they can be timed, and moved off
// the writing thread when asked to.

int checkpoint_after_commit(void* context, sqlite3* db, const char* name, int pages) {
  auto* stats = static_cast<ConnectionStats*>(context);
  stats->wal_peak_frames = std::max<std::int64_t>(stats->wal_peak_frames, pages);
  if (pages < kCheckpointPages) return SQLITE_OK;
  if (stats->checkpointer) {
    stats->checkpointer->request();
    return SQLITE_OK;
  }
  const auto started = Clock::now();
  sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  stats->checkpoint_seconds += seconds_since(started);
  ++stats->checkpoints;
  return SQLITE_OK;
}

}  // namespace

void set_load_synchronous(LabConnection& db, LoadSynchronous synchronous) {
  db.script(synchronous == LoadSynchronous::normal ? "PRAGMA synchronous = NORMAL"
                                                   : "PRAGMA synchronous = FULL");
  db.script(kCacheSize);
}

void watch_writes(LabConnection& db, ConnectionStats& stats, LoadSynchronous synchronous) {
  db.wait_when_busy(stats.busy);
  sqlite3_wal_hook(db.handle(), checkpoint_after_commit, &stats);
  set_load_synchronous(db, synchronous);
}

}  // namespace reslab::load_lab
