// [SECTION] index: phases · database file · engines · counting · run_load_lab
#include "core/labs/load/lab.hpp"

#include <filesystem>
#include <memory>
#include <system_error>
#include <utility>

#include "core/labs/connection/lab_connection.hpp"
#include "core/labs/connection/lab_file.hpp"
#include "core/labs/load/checkpointer.hpp"
#include "core/labs/load/engine_run.hpp"
#include "core/labs/load/postgres.hpp"
#include "core/labs/load/queue_writer.hpp"
#include "core/labs/load/race_writer.hpp"
#include "core/labs/load/sql.hpp"
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
// A file an earlier `reslab load` made is replaced.
LabFileKind load_file_kind() {
  return {"load", kLoadFormat, true};
}

// Creates the tables and the seats in WAL mode, and leaves the WAL empty.
void set_up_load_file(LabFile& file, const LoadOptions& options, const std::string& workload_hash) {
  file.set_up([&](LabConnection& db) {
    set_load_synchronous(db, options.synchronous);
    db.script("BEGIN IMMEDIATE");
    db.script(kLoadSchema);
    for (const auto& [key, value] : load_marks(options, workload_hash))
      db.sql(kLoadSetMark).bind(1, key.c_str()).bind(2, value.c_str()).run();
    db.sql(kLoadAddSeats).bind(1, options.seats).run();
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
std::int64_t file_bytes(const std::string& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  return error ? 0 : static_cast<std::int64_t>(size);
}

// Counts by SQL over the whole file, marks the run's status, and measures the file after a checkpoint.
void count_afterwards(const std::string& file, bool cancelled, LoadResult& result) {
  LabConnection db(file, LabOpen::read_write);
  result.oversold = db.sql(kLoadCountOversold).integer();
  result.held_seats = db.sql(kLoadCountHeldSeats).integer();
  result.live_orders = db.sql(kLoadCountLiveOrders).integer();
  result.order_rows = db.sql(kLoadCountOrders).integer();
  result.expired_orders = db.sql(kLoadCountExpiredOrders).integer();
  db.sql(kLoadSetMark).bind(1, "status").bind(2, cancelled ? "cancelled" : "done").run();
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
  if (options.backend == Backend::postgres) return run_load_lab_postgres(options, control);
  report_progress(control, LoadProgress{LoadPhase::setting_up});
  const LoadWorkload workload = make_load_workload(options);
  LoadResult result = new_load_result(options, workload);

  LabFile file(options.db_file, load_file_kind());
  result.db_path = file.path();
  set_up_load_file(file, options, workload.hash);
  result.journal_mode = file.journal_mode();

  EngineRun run(workload, options, file.path(), control, LoadPhase::running, &result.throughput);
  run_engine(run);
  take_figures(run, result);

  // The single-writer limit of this machine: one thread, one intent per transaction, back to back,
  // on a fresh file of the same kind in the same folder.
  if (options.baseline && !result.cancelled) {
    LoadOptions baseline = baseline_options(options);
    baseline.db_file.clear();
    // Beside the run's file, so both sit on the same file system; the system's temporary
    // folder when that folder takes no new entries.
    std::unique_ptr<LabFile> beside;
    try {
      beside = std::make_unique<LabFile>("", load_file_kind(), file.folder(), "reslab-load-baseline");
    } catch (const UsageError&) {
      beside = std::make_unique<LabFile>("", load_file_kind(), "", "reslab-load-baseline");
    }
    set_up_load_file(*beside, baseline, workload.hash);
    EngineRun baseline_run(workload, baseline, beside->path(), control, LoadPhase::baseline, nullptr);
    run_engine(baseline_run);
    take_baseline_figures(baseline_run, result);
  }

  LoadProgress counting;
  counting.phase = LoadPhase::counting;
  report_progress(control, counting);
  count_afterwards(file.path(), result.cancelled, result);
  report_done(control, result);
  return result;
}

}  // namespace reslab
