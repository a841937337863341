#pragma once
// L1's inputs: what the user chooses, their limits, and the canonical lines they are printed and
// hashed as. The first group of LoadOptions makes the workload; the rest says how it is run.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/sim/backend.hpp"
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

// The ticketing article's sizing: 50,000 intents arrive in the first minute of the sale, at a peak
// of 3,333 a second; 100,000 seats of 128 B and 50,000 orders of 256 B are 25.6 MB of logical data.
inline constexpr std::int64_t kLoadSaleWindowSeconds = 60;
inline constexpr std::int64_t kArticleLogicalBytes = 100'000 * 128 + 50'000 * 256;
inline constexpr double kArticlePeakIntentsPerSecond = 3'333;

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
  std::string db_file;   // empty: a temporary file, removed afterwards (SQLite)
  // Where: SQLite (one file) or PostgreSQL (a durable private server, or the user's --pg DSN).
  Backend backend = Backend::sqlite;
  std::string pg_dsn;   // PostgreSQL: the user's server; empty: the durable private server
  std::string pg_data;  // the private server's data folder; empty: default_load_data_dir()
  // PostgreSQL: off acknowledges a commit before its WAL is on disk; a server crash can lose the
  // last fraction of a second of acknowledged commits (never corrupts). Set per session.
  bool synchronous_commit = true;
  bool keep = false;  // PostgreSQL: leave the run's schemas for inspection
};

// Throws UsageError when a value is out of range or the model and engine do not fit together.
void validate_load_options(const LoadOptions& options);
// The workload inputs in one canonical line, e.g. "seats=100000 intents=50000 hot_share=0.8 ...".
std::string load_workload_text(const LoadOptions& options);
// Every input, workload and run, in one line (the file and server are left out; a backend other than
// SQLite is named, with its durability).
std::string load_inputs_text(const LoadOptions& options);

}  // namespace reslab
