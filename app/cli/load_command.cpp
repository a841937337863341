// [SECTION] index: inputs · exit code and verdict · text · json · run_load_command
#include "app/cli/load_command.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "app/cli/run_report.hpp"
#include "core/labs/load/lab.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// [SECTION] inputs
LoadOptions load_options(const LoadCommandOptions& options) {
  LoadOptions load;
  load.seats = options.seats;
  load.intents = options.intents;
  load.hot_share = options.hot_share;
  load.hot_seats = options.hot_seats;
  load.threads = options.threads;
  load.seed = options.seed;
  load.rate = options.rate;
  load.hold_seconds = options.hold_seconds;
  if (!parse_model(options.model, load.model))
    throw UsageError("--model must be naive or atomic, not '" + options.model + "'");
  if (options.engine.empty()) {
    load.engine = load.model == Model::naive ? LoadEngine::race : LoadEngine::queue;
  } else if (!parse_load_engine(options.engine, load.engine)) {
    throw UsageError("--engine must be queue or race, not '" + options.engine + "'");
  }
  load.batch = options.batch;
  load.batch_delay_ms = options.batch_delay_ms;
  if (!parse_load_synchronous(options.synchronous, load.synchronous))
    throw UsageError("--synchronous must be normal or full, not '" + options.synchronous + "'");
  if (options.checkpoint != "background" && options.checkpoint != "inline")
    throw UsageError("--checkpoint must be background or inline, not '" + options.checkpoint + "'");
  load.background_checkpoint = options.checkpoint == "background";
  load.baseline = !options.no_baseline;
  load.db_file = options.db;
  load.backend = sqlite_or_postgres(named_backend(options.backend), "the load lab");
  load.pg_dsn = options.backend.pg;
  load.keep = options.backend.keep;
  load.pg_data = options.pg_data;
  if (options.synchronous_commit != "on" && options.synchronous_commit != "off")
    throw UsageError("--synchronous-commit must be on or off, not '" + options.synchronous_commit + "'");
  load.synchronous_commit = options.synchronous_commit == "on";
  validate_load_options(load);
  return load;
}

// [SECTION] exit code and verdict
// The atomic model promised one owner per seat; the naive one is meant to oversell.
bool broke_promise(const LoadResult& result) {
  return result.options.model == Model::atomic && result.oversold > 0;
}

// 50000 -> "50,000": throughput figures are read aloud in class.
std::string grouped(double value) {
  std::string digits = std::to_string(static_cast<long long>(value + 0.5));
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3)
    digits.insert(static_cast<std::size_t>(at), ",");
  return digits;
}

std::string megabytes(std::int64_t bytes) {
  return fixed_point(static_cast<double>(bytes) / 1e6, 1) + " MB";
}

std::string latencies(const LatencySummary& summary) {
  return "p50 " + fixed_point(summary.p50_ms, 2) + " ms, p95 " + fixed_point(summary.p95_ms, 2) +
         " ms, p99 " + fixed_point(summary.p99_ms, 2) + " ms, max " + fixed_point(summary.max_ms, 2) + " ms";
}

std::string durability(LoadSynchronous synchronous) {
  return synchronous == LoadSynchronous::normal
             ? "a commit survives the program crashing; a power cut or OS crash may lose the commits since "
               "the "
               "last checkpoint (WAL synced at checkpoints only)"
             : "the WAL is synced at every commit: a commit survives a power cut";
}

// What a commit promises on PostgreSQL.
std::string postgres_durability(const LoadOptions& options) {
  return options.synchronous_commit
             ? "synchronous_commit=on, fsync=on: a commit is acknowledged once its WAL is on disk, so it "
               "survives a server crash and a power cut"
             : "synchronous_commit=off (your choice): a commit is acknowledged before its WAL is on disk; a "
               "server crash or power cut can lose the last fraction of a second of acknowledged commits "
               "(about 3x wal_writer_delay, 600 ms by default), though never corrupts the database";
}

std::string verdict(const LoadResult& result) {
  if (result.decided == 0) return "no intent was decided";
  if (result.oversold == 0)
    return std::string("0 seats oversold: each intent's conditional UPDATE re-checked its seat under the ") +
           (result.options.backend == Backend::sqlite ? "write lock" : "seat's row lock");
  return std::to_string(result.oversold) + " seats oversold: " +
         (result.options.model == Model::naive ? "each intent read its seat in one transaction and wrote it "
                                                 "in another, so two intents that read "
                                                 "before either wrote both took the seat"
                                               : "the atomic model should never do this");
}

// [SECTION] text
void print_text(const LoadResult& result, int exit_code) {
  const LoadOptions& options = result.options;
  const RunReport report(15);
  const auto count = [](std::int64_t value) { return grouped(static_cast<double>(value)); };
  const auto share = [](std::int64_t part, std::int64_t whole) {
    return whole > 0 ? fixed_point(100.0 * static_cast<double>(part) / static_cast<double>(whole), 0) + "%"
                     : "-";
  };
  const bool sqlite = options.backend == Backend::sqlite;
  report.header(sqlite ? "reslab load: L1, the ticketing article's flash sale on one SQLite file"
                       : "reslab load: L1, the ticketing article's flash sale on PostgreSQL",
                result.sqlite_version, result.inputs_text, "workload hash", result.workload_hash,
                "FNV-1a 64 of the workload inputs and every intent", result.server_version);
  report.field("workload", count(options.intents) + " intents on " + count(options.seats) + " seats; " +
                               count(result.hot_intents) + " (" + share(result.hot_intents, options.intents) +
                               ") aimed at " + count(result.hot_seat_count) + " hot seats; " +
                               count(result.distinct_seats) + " seats wanted");
  report.field("engine", std::string(load_engine_name(options.engine)) + ", " +
                             std::string(model_name(options.model)) + " model, " +
                             std::to_string(options.threads) + " " +
                             (options.engine == LoadEngine::queue ? "admitting threads, one writer"
                                                                  : "threads with a connection each") +
                             ", " +
                             (options.rate > 0 ? "open loop at " + grouped(options.rate) + " intents/s"
                                               : "closed loop (as fast as it goes)"));
  if (sqlite) {
    report.field(
        "database",
        (options.db_file.empty() ? "a temporary file, removed afterwards" : options.db_file) +
            ", journal mode " + result.journal_mode + ", checkpoints " +
            (options.background_checkpoint ? "on their own thread" : "inline in the committing thread") +
            ", synchronous=" + std::string(load_synchronous_name(options.synchronous)) + ": " +
            durability(options.synchronous));
  } else {
    report.field("database", result.server_where + ", schema " + result.schema +
                                 (options.keep ? " (kept)" : " (dropped at the end)") + "; " +
                                 postgres_durability(options));
    if (!result.pg_data.empty())
      report.field("server start",
                   fixed_point(result.server_start_seconds, 2) + " s (" +
                       (result.server_cold ? "cold: initdb made the data folder"
                                           : "warm: the data folder was kept from an earlier run") +
                       ")");
  }
  report.line("results");
  report.row("intents decided", count(result.decided) + " of " + count(options.intents) + " in " +
                                    fixed_point(result.seconds, 3) + " s" +
                                    (result.cancelled ? " (cancelled)" : ""));
  report.row("throughput", grouped(result.intents_per_s) + " intents/s (the ticketing article's peak " +
                               grouped(kArticlePeakIntentsPerSecond) + "/s; 10x is " +
                               grouped(10 * kArticlePeakIntentsPerSecond) + "/s)");
  report.row("hold latency after admission", latencies(result.after_admission));
  report.row("end to end from arrival", latencies(result.end_to_end));
  report.row("accepted", count(result.accepted));
  report.row("rejected (seat taken)", count(result.rejected));
  if (result.failed > 0)
    report.row(sqlite ? "gave up after BUSY retries" : "gave up after retries", count(result.failed));
  report.row(sqlite ? "busy retries" : "retries (40001, 40P01)", count(result.busy_retries));
  report.row("oversold seats",
             std::to_string(result.oversold) + " (by SQL: seats with more than one live hold or sale)");
  report.row("held seats / live orders", count(result.held_seats) + " / " + count(result.live_orders));
  report.row("database size", megabytes(result.db_bytes) + (sqlite ? " on disk" : " in tables and indexes") +
                                  " (the ticketing article's logical estimate " +
                                  megabytes(kArticleLogicalBytes) + ")" +
                                  (sqlite ? "; the WAL peaked at " + megabytes(result.wal_peak_bytes) : ""));
  const LoadTimeSplit& split = result.time_split;
  std::string where = count(split.commits) + " commits, " + fixed_point(split.mean_batch, 1) +
                      " intents each; statements " + fixed_point(split.statements_seconds, 3) +
                      " s, commit " + fixed_point(split.commit_seconds, 3) + " s (longest " +
                      fixed_point(split.longest_commit_ms, 1) + " ms, longest transaction " +
                      fixed_point(split.longest_transaction_ms, 1) + " ms)";
  if (sqlite) {
    where += ", " + std::to_string(split.checkpoints) + " checkpoints " +
             fixed_point(split.checkpoint_seconds, 3) + " s" +
             (options.background_checkpoint
                  ? " (own thread; " + std::to_string(split.wal_restarts) + " held the writer off)"
                  : " (inside COMMIT)");
  } else if (options.engine == LoadEngine::race) {
    where += " (each transaction, its COMMIT included, counts as statements)";
  }
  if (options.engine == LoadEngine::queue) {
    where += ", idle " + fixed_point(split.idle_seconds, 3) + " s";
  } else if (sqlite) {
    where += ", waiting for the lock " + fixed_point(split.lock_wait_seconds, 3) + " s (all threads)";
  }
  report.row(options.engine == LoadEngine::queue ? "writer time" : "worker time", where);
  if (result.baseline_ran) {
    report.field("baseline", sqlite
                                 ? "one thread, one intent per transaction, back to back, on a fresh file of "
                                   "the same kind"
                                 : "one session, one intent per transaction, back to back, in a fresh "
                                   "schema of the same kind, at most 5 s or 5,000 intents");
    report.row("baseline", grouped(result.baseline_tx_per_s) + " tx/s (" + count(result.baseline_decided) +
                               " intents in " + fixed_point(result.baseline_seconds, 3) + " s)");
    report.row("ratio to baseline", fixed_point(result.ratio_to_baseline, 2) + "x");
  } else {
    report.field("baseline", std::string("not run") + (result.cancelled ? " (cancelled)" : ""));
  }
  report.footer(std::string(model_name(options.model)), verdict(result), exit_code);
}

// [SECTION] json
nlohmann::ordered_json latency_json(const LatencySummary& summary) {
  return {{"p50", summary.p50_ms},
          {"p95", summary.p95_ms},
          {"p99", summary.p99_ms},
          {"max", summary.max_ms},
          {"mean", summary.mean_ms}};
}

nlohmann::ordered_json histogram_json(const std::vector<LatencyBucket>& buckets) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& bucket : buckets)
    out.push_back({{"upper_ms", std::isinf(bucket.upper_ms) ? nlohmann::ordered_json(nullptr)
                                                            : nlohmann::ordered_json(bucket.upper_ms)},
                   {"count", bucket.count}});
  return out;
}

nlohmann::ordered_json json_of(const LoadResult& result) {
  const LoadOptions& options = result.options;
  nlohmann::ordered_json out = run_json_header(
      result.sqlite_version, std::string(backend_name(options.backend)), result.server_version);
  out["inputs"] = {
      {"seats", options.seats},
      {"intents", options.intents},
      {"hot_share", options.hot_share},
      {"hot_seats", options.hot_seats},
      {"seed", options.seed},
      {"hold_seconds", options.hold_seconds},
      {"model", std::string(model_name(options.model))},
      {"engine", std::string(load_engine_name(options.engine))},
      {"threads", options.threads},
      {"rate", options.rate > 0 ? nlohmann::ordered_json(options.rate) : nlohmann::ordered_json(nullptr)},
      {"batch", options.batch},
      {"batch_delay_ms", options.batch_delay_ms},
      {"synchronous", std::string(load_synchronous_name(options.synchronous))},
      {"checkpoint", options.background_checkpoint ? "background" : "inline"}};
  out["inputs_text"] = result.inputs_text;
  out["workload_hash"] = result.workload_hash;
  out["engine"] = std::string(load_engine_name(options.engine));
  out["model"] = std::string(model_name(options.model));
  out["threads"] = options.threads;
  out["intents"] = options.intents;
  out["decided"] = result.decided;
  out["cancelled"] = result.cancelled;
  out["seconds"] = result.seconds;
  out["intents_per_s"] = result.intents_per_s;
  out["latency_ms"] = latency_json(result.after_admission);
  out["end_to_end_ms"] = latency_json(result.end_to_end);
  out["accepted"] = result.accepted;
  out["rejected"] = result.rejected;
  out["failed"] = result.failed;
  out["busy_retries"] = result.busy_retries;
  out["oversold"] = result.oversold;
  out["held_seats"] = result.held_seats;
  out["live_orders"] = result.live_orders;
  out["order_rows"] = result.order_rows;
  out["expired_orders"] = result.expired_orders;
  out["hot_seats"] = result.hot_seat_count;
  out["hot_intents"] = result.hot_intents;
  out["seats_wanted"] = result.distinct_seats;
  out["db_bytes"] = result.db_bytes;
  out["wal_peak_bytes"] = result.wal_peak_bytes;
  out["article_logical_bytes"] = kArticleLogicalBytes;
  out["journal_mode"] = result.journal_mode.empty() ? nlohmann::ordered_json(nullptr)
                                                    : nlohmann::ordered_json(result.journal_mode);
  out["synchronous"] = std::string(load_synchronous_name(options.synchronous));
  const auto text_or_null = [](const std::string& text) {
    return text.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text);
  };
  out["synchronous_commit"] = options.backend == Backend::sqlite
                                  ? nlohmann::ordered_json(nullptr)
                                  : nlohmann::ordered_json(options.synchronous_commit);
  out["schema"] = text_or_null(result.schema);
  out["pg_data"] = text_or_null(result.pg_data);
  out["server_start_seconds"] = result.pg_data.empty() ? nlohmann::ordered_json(nullptr)
                                                       : nlohmann::ordered_json(result.server_start_seconds);
  out["server_cold"] =
      result.pg_data.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(result.server_cold);
  out["db"] =
      options.db_file.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(options.db_file);
  out["baseline_tx_per_s"] = result.baseline_ran ? nlohmann::ordered_json(result.baseline_tx_per_s)
                                                 : nlohmann::ordered_json(nullptr);
  out["ratio_to_baseline"] = result.baseline_ran ? nlohmann::ordered_json(result.ratio_to_baseline)
                                                 : nlohmann::ordered_json(nullptr);
  out["baseline_seconds"] = result.baseline_seconds;
  const LoadTimeSplit& split = result.time_split;
  out["time_split"] = {{"commits", split.commits},
                       {"mean_batch", split.mean_batch},
                       {"statements_seconds", split.statements_seconds},
                       {"commit_seconds", split.commit_seconds},
                       {"checkpoint_seconds", split.checkpoint_seconds},
                       {"checkpoints", split.checkpoints},
                       {"wal_restarts", split.wal_restarts},
                       {"idle_seconds", split.idle_seconds},
                       {"lock_wait_seconds", split.lock_wait_seconds},
                       {"longest_commit_ms", split.longest_commit_ms},
                       {"longest_transaction_ms", split.longest_transaction_ms}};
  nlohmann::ordered_json series = nlohmann::ordered_json::array();
  for (const auto& sample : result.throughput)
    series.push_back(
        {{"seconds", sample.seconds}, {"decided", sample.decided}, {"intents_per_s", sample.intents_per_s}});
  out["throughput_series"] = std::move(series);
  out["latency_histogram"] = histogram_json(result.after_admission_histogram);
  out["end_to_end_histogram"] = histogram_json(result.end_to_end_histogram);
  return out;
}

}  // namespace

// [SECTION] run_load_command
int run_load_command(const LoadCommandOptions& options) {
  const ReportFormat format = parse_report_format(options.format);
  return run_lab_command(LabCommand<LoadResult>{"load run", broke_promise, print_text, json_of}, format,
                         load_options(options), run_load_lab);
}

}  // namespace reslab
