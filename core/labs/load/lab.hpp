#pragma once
// L1, the flash-sale sizing of the ticketing article (《系统设计 26：占座到期与支付回调的库存边界》)
// run live: a seeded workload of purchase intents (each wants one numbered seat) decided against
// one real SQLite FILE in WAL mode. Two engines, both real:
//   queue  intents pass an admission queue to one writer that commits them in
//          small batches (group commit); each intent is still decided by its
//          own conditional UPDATE and rows-changed check, and keeps its order row.
//   race   worker threads, each with its own connection, one transaction per
//          intent, SQLITE_BUSY handled with bounded retries (the article's lab).
// The naive model (read in one transaction, write in another) only makes sense
// with concurrent transactions, so it runs on `race`. Nothing here is stepped
// or asserted on timing: the figures are measurements.
//
// For a GUI: call run_load_lab() on a worker thread with a LoadControl; its
// on_progress is called on that thread every kLoadProgressInterval with the
// running counts; set `cancel` to stop (the file is left consistent: every
// committed intent has its seat and order row, nothing half-decided). The
// result carries a throughput time series and latency histograms for charts.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/labs/load/options.hpp"
#include "core/labs/load/stats.hpp"
#include "core/labs/load/workload.hpp"

namespace reslab {

enum class LoadPhase { setting_up, running, baseline, counting, done };
std::string_view load_phase_name(LoadPhase phase);

struct LoadProgress {
  LoadPhase phase = LoadPhase::setting_up;
  std::int64_t intents = 0;  // in this phase
  std::int64_t decided = 0;
  std::int64_t accepted = 0;
  std::int64_t rejected = 0;
  double seconds = 0;        // since the phase began
  double intents_per_s = 0;  // over the last interval
};

inline constexpr int kLoadProgressIntervalMs = 50;

// Shared with whoever watches a run from another thread.
struct LoadControl {
  std::atomic<bool> cancel{false};
  // Called on the thread running run_load_lab() at each phase change and every
  // kLoadProgressIntervalMs while intents are decided; keep it cheap.
  std::function<void(const LoadProgress&)> on_progress;
  // Tests only: called in the naive model between an intent's read and its write,
  // on the worker's thread, so a test can force an interleaving with a barrier.
  std::function<void(std::int64_t intent)> after_naive_read;
};

// Where the writer's (queue) or the workers' (race) time went.
struct LoadTimeSplit {
  std::int64_t commits = 0;
  double mean_batch = 0;          // intents per commit
  double statements_seconds = 0;  // the intents' own statements
  double commit_seconds = 0;      // COMMIT: writing the WAL frames (and syncing them with FULL)
  double checkpoint_seconds = 0;  // copying the WAL back into the file (on its own thread by default)
  std::int64_t checkpoints = 0;
  std::int64_t wal_restarts = 0;      // background checkpoints that held the writer off to bound the WAL
  double idle_seconds = 0;            // queue: the writer waiting for intents
  double lock_wait_seconds = 0;       // race: summed over threads, waiting for the write lock
  double longest_commit_ms = 0;       // the slowest COMMIT
  double longest_transaction_ms = 0;  // the slowest write transaction, BEGIN (once it had the lock) to COMMIT
  std::int64_t wal_peak_frames = 0;   // the longest the WAL got, in pages
};

struct LoadResult {
  LoadOptions options;
  std::string inputs_text;
  std::string workload_hash;
  std::string sqlite_version;
  std::string journal_mode;  // as SQLite reported it: "wal"
  std::string db_path;       // where the run took place (a removed temporary file when none was named)
  // PostgreSQL only (empty or 0 on SQLite):
  std::string server_version;       // e.g. "15.18"
  std::string server_where;         // the server, password removed
  std::string schema;               // the run's own schema, reslab_load_<random>
  std::string pg_data;              // the private server's data folder; empty on a --pg server
  double server_start_seconds = 0;  // the private server: initdb (if any) to the first answer
  bool server_cold = false;         // the private server ran initdb in this run
  std::int64_t hot_seat_count = 0;
  std::int64_t hot_intents = 0;
  std::int64_t distinct_seats = 0;

  bool cancelled = false;
  std::int64_t decided = 0;  // intents with a committed decision
  std::int64_t accepted = 0;
  std::int64_t rejected = 0;
  std::int64_t failed = 0;  // race: gave up after the bounded BUSY retries
  std::int64_t busy_retries = 0;
  double seconds = 0;  // first admission to last decision
  double intents_per_s = 0;
  LatencySummary after_admission;
  LatencySummary end_to_end;
  std::vector<LatencyBucket> after_admission_histogram;
  std::vector<LatencyBucket> end_to_end_histogram;
  std::vector<ThroughputSample> throughput;
  LoadTimeSplit time_split;

  // Counted afterwards, by SQL over the whole file.
  std::int64_t oversold = 0;     // seats with more than one live hold or sale
  std::int64_t held_seats = 0;   // seats in state HELD
  std::int64_t live_orders = 0;  // orders HELD or PAID
  std::int64_t order_rows = 0;   // every decided intent leaves one
  std::int64_t expired_orders = 0;
  std::int64_t db_bytes = 0;        // the file after a final checkpoint
  std::int64_t wal_peak_bytes = 0;  // the WAL at its longest during the run

  bool baseline_ran = false;
  std::int64_t baseline_decided = 0;
  double baseline_seconds = 0;
  double baseline_tx_per_s = 0;
  double ratio_to_baseline = 0;  // intents_per_s / baseline_tx_per_s; 0 without a baseline
};

// Runs the workload on options.backend (SQLite: load_lab.cpp; PostgreSQL: load_postgres.cpp), then (unless
// options.baseline is false or the run was cancelled) the baseline on a fresh file beside it, then counts by
// SQL. Throws UsageError for bad inputs or a database file that cannot be used: it cannot be created or
// written, or it exists and is not a reslab load database (a user's file is never touched; one an earlier
// `reslab load` made is replaced). Throws SqlError when a statement fails unexpectedly during the run.
LoadResult run_load_lab(const LoadOptions& options, LoadControl* control = nullptr);

}  // namespace reslab
