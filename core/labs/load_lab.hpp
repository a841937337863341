#pragma once
// L1, seed 003's flash-sale sizing run live: a seeded workload of purchase
// intents (each wants one numbered seat) decided against one real SQLite FILE
// in WAL mode. Two engines, both real:
//   queue  intents pass an admission queue to one writer that commits them in
//          small batches (group commit); each intent is still decided by its
//          own conditional UPDATE and rows-changed check, and keeps its order row.
//   race   worker threads, each with its own connection, one transaction per
//          intent, SQLITE_BUSY handled with bounded retries (seed 003's lab).
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

#include "core/sim/trace.hpp"

namespace reslab {

enum class LoadEngine { queue, race };
std::string_view load_engine_name(LoadEngine engine);
bool parse_load_engine(std::string_view text, LoadEngine& out);

// What a commit promises on this machine: with WAL, `normal` survives a crash of
// the program but may lose the last commits on a power cut or OS crash (the WAL
// is synced only at checkpoints); `full` syncs the WAL at every commit.
enum class LoadSynchronous { normal, full };
std::string_view load_synchronous_name(LoadSynchronous synchronous);
bool parse_load_synchronous(std::string_view text, LoadSynchronous& out);

// Seed 003: 50,000 intents arrive in the first minute of the sale; 100,000 seats of 128 B
// and 50,000 orders of 256 B are 25.6 MB of logical data.
inline constexpr std::int64_t kLoadSaleWindowSeconds = 60;
inline constexpr std::int64_t kSeedLogicalBytes = 100'000 * 128 + 50'000 * 256;
inline constexpr double kSeedPeakIntentsPerSecond = 3'333;

inline constexpr std::int64_t kLoadMaxSeats = 5'000'000;
inline constexpr std::int64_t kLoadMaxIntents = 2'000'000;
inline constexpr int kLoadMaxThreads = 64;
inline constexpr int kLoadMaxBatch = 10'000;
inline constexpr std::int64_t kLoadMaxHoldSeconds = 86'400;
inline constexpr double kLoadMaxRate = 10'000'000;
inline constexpr double kLoadMaxBatchDelayMs = 1'000;

// What the user chose. The first group makes the workload (and its hash); the
// rest says how it is run. The database file says where, not what: not hashed.
struct LoadOptions {
  // [workload]
  std::int64_t seats = 100'000;
  std::int64_t intents = 50'000;
  double hot_share = 0.8;  // share of intents aimed at the hot seats
  double hot_seats = 0.1;  // share of seats that are hot
  std::uint64_t seed = 3;
  std::int64_t hold_seconds = 600;  // in the workload's logical time
  // [run]
  Model model = Model::atomic;
  LoadEngine engine = LoadEngine::queue;
  int threads = 16;           // queue: admitting threads; race: threads with their own connection
  double rate = 0;            // intents per second of wall time; 0 = closed loop, as fast as it goes
  int batch = 128;            // queue: the most intents one commit decides
  double batch_delay_ms = 1;  // queue: the longest the writer waits for a batch to fill
  LoadSynchronous synchronous = LoadSynchronous::normal;
  // Checkpoints (copying the WAL back into the file, with its syncs) on a thread of their own
  // rather than inside the COMMIT that filled the WAL. The baseline uses the same setting.
  bool background_checkpoint = true;
  bool baseline = true;  // also measure one thread, one intent per transaction, on a fresh file
  std::string db_file;   // empty: a temporary file, removed afterwards
};

// One purchase intent: the seat it wants and when it arrives, in logical
// microseconds from the opening of the sale.
struct LoadIntent {
  std::int64_t seat = 0;
  std::int64_t arrival_us = 0;
};

struct LoadWorkload {
  std::vector<LoadIntent> intents;  // in arrival order
  std::int64_t hot_seat_count = 0;
  std::int64_t hot_intents = 0;
  std::int64_t distinct_seats = 0;  // seats anyone wants: the accepted count when no hold expires
  std::string hash;                 // FNV-1a 64 of the workload inputs and every intent, 16 hex digits
};

// Throws UsageError when a value is out of range or the model and engine do not fit together.
void validate_load_options(const LoadOptions& options);
// The workload inputs in one canonical line, e.g. "seats=100000 intents=50000 hot_share=0.8 ...".
std::string load_workload_text(const LoadOptions& options);
// Every input, workload and run, in one line (the file is left out).
std::string load_inputs_text(const LoadOptions& options);
// The same options give the same intents and hash on any machine: mt19937_64 and
// integer arithmetic only (no std distributions, whose algorithms differ between libraries).
LoadWorkload make_load_workload(const LoadOptions& options);

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

struct LatencySummary {
  double p50_ms = 0;
  double p95_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
  double mean_ms = 0;
};

// Counts of latencies at or under `upper_ms` and above the previous bucket's (the last bucket is unbounded).
struct LatencyBucket {
  double upper_ms = 0;
  std::int64_t count = 0;
};

struct ThroughputSample {
  double seconds = 0;        // since the run began, at the end of the interval
  std::int64_t decided = 0;  // so far
  double intents_per_s = 0;  // over the interval
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

// Runs the workload, then (unless options.baseline is false or the run was
// cancelled) the baseline on a fresh file beside it, then counts by SQL.
// Throws UsageError for bad inputs or a database file that cannot be used: it
// cannot be created or written, or it exists and is not a reslab load database
// (a user's file is never touched; one an earlier `reslab load` made is
// replaced). Throws SqlError when a statement fails unexpectedly during the run.
LoadResult run_load_lab(const LoadOptions& options, LoadControl* control = nullptr);

}  // namespace reslab
