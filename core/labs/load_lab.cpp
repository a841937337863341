// [SECTION] index: phases · database file · engines · counting · run_load_lab
#include "core/labs/load_lab.hpp"

#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <system_error>
#include <utility>

#include "core/labs/lab_connection.hpp"
#include "core/labs/lab_file.hpp"
#include "core/labs/load_checkpointer.hpp"
#include "core/labs/load_engine_run.hpp"
#include "core/labs/load_queue_writer.hpp"
#include "core/labs/load_race_writer.hpp"
#include "core/sim/errors.hpp"

namespace reslab {

// [SECTION] phases
std::string_view load_phase_name(LoadPhase phase) {
  switch (phase) {
    case LoadPhase::setting_up:
      return "setting_up";
    case LoadPhase::running:
      return "running";
    case LoadPhase::baseline:
      return "baseline";
    case LoadPhase::counting:
      return "counting";
    case LoadPhase::done:
      return "done";
  }
  return "done";
}

namespace {

using namespace load_lab;

// [SECTION] database file
// The ticketing article's minimal model with numbered seats, plus a marker table so a user's own
// database is never mistaken for ours. Times are the workload's logical milliseconds.
constexpr const char* kSchema =
    "CREATE TABLE reslab_load(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE seats(seat_id INTEGER PRIMARY KEY, state TEXT NOT NULL, order_id INTEGER UNIQUE,"
    " expires_at INTEGER);"
    "CREATE TABLE orders(id INTEGER PRIMARY KEY, request_key TEXT NOT NULL UNIQUE, seat_id INTEGER NOT NULL,"
    " state TEXT NOT NULL, created_at INTEGER NOT NULL);";
constexpr const char* kFormat = "reslab load 1";
constexpr const char* kSetMark =
    "INSERT INTO reslab_load(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2";
constexpr const char* kAddSeats =
    "WITH RECURSIVE n(seat_id) AS (SELECT 1 UNION ALL SELECT seat_id + 1 FROM n WHERE seat_id < ?1)"
    " INSERT INTO seats(seat_id, state) SELECT seat_id, 'FREE' FROM n";

// A file an earlier `reslab load` made is replaced.
LabFileKind load_file_kind() {
  return {"load", kFormat, true};
}

// Creates the tables and the seats in WAL mode, and leaves the WAL empty.
void set_up_load_file(LabFile& file, const LoadOptions& options, const std::string& workload_hash) {
  file.set_up([&](LabConnection& db) {
    set_load_synchronous(db, options.synchronous);
    db.script("BEGIN IMMEDIATE");
    db.script(kSchema);
    const std::string inputs = load_inputs_text(options);
    for (const auto& [key, value] : {std::pair<const char*, const char*>{"format", kFormat},
                                     {"inputs", inputs.c_str()},
                                     {"workload_hash", workload_hash.c_str()},
                                     {"status", "running"}})
      db.sql(kSetMark).bind(1, key).bind(2, value).run();
    db.sql(kAddSeats).bind(1, options.seats).run();
    db.script("COMMIT");
    db.script("PRAGMA wal_checkpoint(TRUNCATE)");
  });
}

// [SECTION] engines
// Runs the options' engine, with checkpoints on their own thread unless they were asked inline.
void run_engine(EngineRun& run) {
  std::unique_ptr<Checkpointer> checkpointer;
  if (run.options.background_checkpoint) {
    checkpointer = std::make_unique<Checkpointer>(run.file, run.options.synchronous);
    run.checkpointer = checkpointer.get();
  }
  if (run.options.engine == LoadEngine::queue) {
    run_queue_engine(run);
  } else {
    run_race_engine(run);
  }
  if (checkpointer) {
    checkpointer->stop();
    run.split.checkpoints += checkpointer->checkpoints();
    run.split.wal_restarts += checkpointer->restarts();
    run.split.checkpoint_seconds += checkpointer->seconds();
  }
}

// [SECTION] counting
constexpr const char* kCountOversold =
    "SELECT count(*) FROM (SELECT seat_id FROM orders WHERE state IN ('HELD', 'PAID')"
    " GROUP BY seat_id HAVING count(*) > 1)";
constexpr const char* kCountHeldSeats = "SELECT count(*) FROM seats WHERE state = 'HELD'";
constexpr const char* kCountLiveOrders = "SELECT count(*) FROM orders WHERE state IN ('HELD', 'PAID')";
constexpr const char* kCountOrders = "SELECT count(*) FROM orders";
constexpr const char* kCountExpiredOrders = "SELECT count(*) FROM orders WHERE state = 'EXPIRED'";

std::int64_t file_bytes(const std::string& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  return error ? 0 : static_cast<std::int64_t>(size);
}

// Counts by SQL over the whole file, marks the run's status, and measures the file after a checkpoint.
void count_afterwards(const std::string& file, bool cancelled, LoadResult& result) {
  LabConnection db(file, LabOpen::read_write);
  result.oversold = db.sql(kCountOversold).integer();
  result.held_seats = db.sql(kCountHeldSeats).integer();
  result.live_orders = db.sql(kCountLiveOrders).integer();
  result.order_rows = db.sql(kCountOrders).integer();
  result.expired_orders = db.sql(kCountExpiredOrders).integer();
  db.sql(kSetMark).bind(1, "status").bind(2, cancelled ? "cancelled" : "done").run();
  // A WAL frame is a 24-byte header and a page; the file starts with a 32-byte header.
  result.wal_peak_bytes =
      result.time_split.wal_peak_frames > 0
          ? 32 + result.time_split.wal_peak_frames * (db.sql("PRAGMA page_size").integer() + 24)
          : 0;
  db.script("PRAGMA wal_checkpoint(TRUNCATE)");
  result.db_bytes = file_bytes(file);
}

}  // namespace

// [SECTION] run_load_lab
LoadResult run_load_lab(const LoadOptions& options, LoadControl* control) {
  validate_load_options(options);
  LoadResult result;
  result.options = options;
  result.inputs_text = load_inputs_text(options);
  result.sqlite_version = sqlite3_libversion();

  LoadProgress setting_up;
  report_progress(control, setting_up);
  const LoadWorkload workload = make_load_workload(options);
  result.workload_hash = workload.hash;
  result.hot_seat_count = workload.hot_seat_count;
  result.hot_intents = workload.hot_intents;
  result.distinct_seats = workload.distinct_seats;

  LabFile file(options.db_file, load_file_kind());
  result.db_path = file.path();
  set_up_load_file(file, options, workload.hash);
  result.journal_mode = file.journal_mode();

  EngineRun run(workload, options, file.path(), control, LoadPhase::running, &result.throughput);
  run_engine(run);
  result.cancelled = run.stop && control && control->cancel;
  result.decided = run.decided;
  result.accepted = run.accepted;
  result.rejected = run.rejected;
  result.failed = run.failed;
  result.busy_retries = run.busy_retries;
  result.time_split = run.split;
  if (run.split.commits > 0)
    result.time_split.mean_batch =
        static_cast<double>(result.decided) / static_cast<double>(run.split.commits);

  result.seconds = static_cast<double>(last_decision_ns(run.decided_ns)) / 1e9;
  result.intents_per_s = result.seconds > 0 ? static_cast<double>(result.decided) / result.seconds : 0;
  RunLatencies latencies = measure_latencies(run.arrival_ns, run.admitted_ns, run.decided_ns);
  result.after_admission = latencies.after_admission;
  result.end_to_end = latencies.end_to_end;
  result.after_admission_histogram = std::move(latencies.after_admission_histogram);
  result.end_to_end_histogram = std::move(latencies.end_to_end_histogram);

  // The single-writer limit of this machine: one thread, one intent per transaction, back to back,
  // on a fresh file of the same kind in the same folder.
  if (options.baseline && !result.cancelled) {
    LoadOptions baseline_options = options;
    baseline_options.engine = LoadEngine::race;
    baseline_options.model = Model::atomic;
    baseline_options.threads = 1;
    baseline_options.rate = 0;
    baseline_options.db_file.clear();
    // Beside the run's file, so both sit on the same file system; the system's temporary
    // folder when that folder takes no new entries.
    std::unique_ptr<LabFile> beside;
    try {
      beside = std::make_unique<LabFile>("", load_file_kind(), file.folder(), "reslab-load-baseline");
    } catch (const UsageError&) {
      beside = std::make_unique<LabFile>("", load_file_kind(), "", "reslab-load-baseline");
    }
    set_up_load_file(*beside, baseline_options, workload.hash);
    EngineRun baseline(workload, baseline_options, beside->path(), control, LoadPhase::baseline, nullptr);
    run_engine(baseline);
    result.baseline_decided = baseline.decided;
    result.baseline_seconds = static_cast<double>(last_decision_ns(baseline.decided_ns)) / 1e9;
    result.cancelled = control && control->cancel;
    if (!result.cancelled && result.baseline_seconds > 0) {
      result.baseline_ran = true;
      result.baseline_tx_per_s = static_cast<double>(result.baseline_decided) / result.baseline_seconds;
      result.ratio_to_baseline = result.intents_per_s / result.baseline_tx_per_s;
    }
  }

  LoadProgress counting;
  counting.phase = LoadPhase::counting;
  report_progress(control, counting);
  count_afterwards(file.path(), result.cancelled, result);
  LoadProgress done;
  done.phase = LoadPhase::done;
  done.intents = static_cast<std::int64_t>(workload.intents.size());
  done.decided = result.decided;
  done.accepted = result.accepted;
  done.rejected = result.rejected;
  done.seconds = result.seconds;
  done.intents_per_s = result.intents_per_s;
  report_progress(control, done);
  return result;
}

}  // namespace reslab
