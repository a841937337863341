// [SECTION] index: inputs · exit code · text · json · run_load_command
#include "app/cli/load_command.hpp"

#include <cmath>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/sim/errors.hpp"
#include "core/labs/load_lab.hpp"

namespace reslab {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

// Ctrl+C or SIGTERM cancels the run: the intents already committed stay, the file is
// consistent, and the partial figures are still printed.
LoadControl* g_control = nullptr;
void on_stop_signal(int) {
  if (g_control) g_control->cancel.store(true);
}

class StopSignalsCancel {
 public:
  explicit StopSignalsCancel(LoadControl& control) {
    g_control = &control;
    m_int = std::signal(SIGINT, on_stop_signal);
    m_term = std::signal(SIGTERM, on_stop_signal);
  }
  ~StopSignalsCancel() {
    std::signal(SIGINT, m_int);
    std::signal(SIGTERM, m_term);
    g_control = nullptr;
  }
  StopSignalsCancel(const StopSignalsCancel&) = delete;
  StopSignalsCancel& operator=(const StopSignalsCancel&) = delete;

 private:
  void (*m_int)(int) = SIG_DFL;
  void (*m_term)(int) = SIG_DFL;
};

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
  validate_load_options(load);
  return load;
}

// [SECTION] exit code
int exit_code_of(const LoadResult& result) {
  if (result.cancelled) return kExitInterrupted;
  // The naive model is meant to oversell; the atomic one promised one owner per seat.
  if (result.options.model == Model::atomic && result.oversold > 0) return kExitFailed;
  return kExitOk;
}

std::string fixed(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

// 50000 -> "50,000": throughput figures are read aloud in class.
std::string grouped(double value) {
  std::string digits = std::to_string(static_cast<long long>(value + 0.5));
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3)
    digits.insert(static_cast<std::size_t>(at), ",");
  return digits;
}

std::string megabytes(std::int64_t bytes) {
  return fixed(static_cast<double>(bytes) / 1e6, 1) + " MB";
}

std::string latencies(const LatencySummary& summary) {
  return "p50 " + fixed(summary.p50_ms, 2) + " ms, p95 " + fixed(summary.p95_ms, 2) + " ms, p99 " +
         fixed(summary.p99_ms, 2) + " ms, max " + fixed(summary.max_ms, 2) + " ms";
}

std::string durability(LoadSynchronous synchronous) {
  return synchronous == LoadSynchronous::normal
             ? "a commit survives the program crashing; a power cut or OS crash may lose the commits since "
               "the "
               "last checkpoint (WAL synced at checkpoints only)"
             : "the WAL is synced at every commit: a commit survives a power cut";
}

std::string verdict(const LoadResult& result) {
  if (result.decided == 0) return "no intent was decided";
  if (result.oversold == 0)
    return "0 seats oversold: each intent's conditional UPDATE re-checked its seat under the write lock";
  return std::to_string(result.oversold) + " seats oversold: " +
         (result.options.model == Model::naive ? "each intent read its seat in one transaction and wrote it "
                                                 "in another, so two intents that read "
                                                 "before either wrote both took the seat"
                                               : "the atomic model should never do this");
}

// [SECTION] text
void print_text(const LoadResult& result, int exit_code) {
  const LoadOptions& options = result.options;
  const auto line = [](const std::string& name, const std::string& value) {
    std::printf("  %-30s %s\n", name.c_str(), value.c_str());
  };
  const auto share = [](std::int64_t part, std::int64_t whole) {
    return whole > 0 ? fixed(100.0 * static_cast<double>(part) / static_cast<double>(whole), 0) + "%" : "-";
  };
  std::printf("reslab load: L1, seed 003's flash sale on one SQLite file\n");
  std::printf("version        reslab %s, SQLite %s\n", RESLAB_VERSION, result.sqlite_version.c_str());
  std::printf("inputs         %s\n", result.inputs_text.c_str());
  std::printf("workload hash  %s (FNV-1a 64 of the workload inputs and every intent)\n",
              result.workload_hash.c_str());
  std::printf("workload       %s intents on %s seats; %s (%s) aimed at %s hot seats; %s seats wanted\n",
              grouped(static_cast<double>(options.intents)).c_str(),
              grouped(static_cast<double>(options.seats)).c_str(),
              grouped(static_cast<double>(result.hot_intents)).c_str(),
              share(result.hot_intents, options.intents).c_str(),
              grouped(static_cast<double>(result.hot_seat_count)).c_str(),
              grouped(static_cast<double>(result.distinct_seats)).c_str());
  std::printf("engine         %s, %s model, %d %s, %s\n",
              std::string(load_engine_name(options.engine)).c_str(),
              std::string(model_name(options.model)).c_str(), options.threads,
              options.engine == LoadEngine::queue ? "admitting threads, one writer"
                                                  : "threads with a connection each",
              options.rate > 0 ? ("open loop at " + grouped(options.rate) + " intents/s").c_str()
                               : "closed loop (as fast as it goes)");
  std::printf("database       %s, journal mode %s, checkpoints %s, synchronous=%s: %s\n",
              options.db_file.empty() ? "a temporary file, removed afterwards" : options.db_file.c_str(),
              result.journal_mode.c_str(),
              options.background_checkpoint ? "on their own thread" : "inline in the committing thread",
              std::string(load_synchronous_name(options.synchronous)).c_str(),
              durability(options.synchronous).c_str());
  std::printf("results\n");
  line("intents decided", grouped(static_cast<double>(result.decided)) + " of " +
                              grouped(static_cast<double>(options.intents)) + " in " +
                              fixed(result.seconds, 3) + " s" + (result.cancelled ? " (cancelled)" : ""));
  line("throughput", grouped(result.intents_per_s) + " intents/s (seed peak " +
                         grouped(kSeedPeakIntentsPerSecond) + "/s; 10x is " +
                         grouped(10 * kSeedPeakIntentsPerSecond) + "/s)");
  line("hold latency after admission", latencies(result.after_admission));
  line("end to end from arrival", latencies(result.end_to_end));
  line("accepted", grouped(static_cast<double>(result.accepted)));
  line("rejected (seat taken)", grouped(static_cast<double>(result.rejected)));
  if (result.failed > 0) line("gave up after BUSY retries", grouped(static_cast<double>(result.failed)));
  line("busy retries", grouped(static_cast<double>(result.busy_retries)));
  line("oversold seats",
       std::to_string(result.oversold) + " (by SQL: seats with more than one live hold or sale)");
  line("held seats / live orders", grouped(static_cast<double>(result.held_seats)) + " / " +
                                       grouped(static_cast<double>(result.live_orders)));
  line("database size", megabytes(result.db_bytes) + " on disk (seed's logical estimate " +
                            megabytes(kSeedLogicalBytes) + "); the WAL peaked at " +
                            megabytes(result.wal_peak_bytes));
  const LoadTimeSplit& split = result.time_split;
  std::string where = grouped(static_cast<double>(split.commits)) + " commits, " +
                      fixed(split.mean_batch, 1) + " intents each; statements " +
                      fixed(split.statements_seconds, 3) + " s, commit " + fixed(split.commit_seconds, 3) +
                      " s (longest " + fixed(split.longest_commit_ms, 1) + " ms, longest transaction " +
                      fixed(split.longest_transaction_ms, 1) + " ms), " + std::to_string(split.checkpoints) +
                      " checkpoints " + fixed(split.checkpoint_seconds, 3) + " s" +
                      (options.background_checkpoint
                           ? " (own thread; " + std::to_string(split.wal_restarts) + " held the writer off)"
                           : " (inside COMMIT)");
  if (options.engine == LoadEngine::queue) {
    where += ", idle " + fixed(split.idle_seconds, 3) + " s";
  } else {
    where += ", waiting for the lock " + fixed(split.lock_wait_seconds, 3) + " s (all threads)";
  }
  line(options.engine == LoadEngine::queue ? "writer time" : "worker time", where);
  if (result.baseline_ran) {
    std::printf(
        "baseline       one thread, one intent per transaction, back to back, on a fresh file of the same "
        "kind\n");
    line("baseline", grouped(result.baseline_tx_per_s) + " tx/s (" +
                         grouped(static_cast<double>(result.baseline_decided)) + " intents in " +
                         fixed(result.baseline_seconds, 3) + " s)");
    line("ratio to baseline", fixed(result.ratio_to_baseline, 2) + "x");
  } else {
    std::printf("baseline       not run%s\n", result.cancelled ? " (cancelled)" : "");
  }
  std::printf("verdict        %s: %s\n", std::string(model_name(options.model)).c_str(),
              verdict(result).c_str());
  std::printf("exit code      %d\n", exit_code);
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

void print_json(const LoadResult& result, int exit_code) {
  const LoadOptions& options = result.options;
  nlohmann::ordered_json out;
  out["version"] = std::string("reslab ") + RESLAB_VERSION;
  out["sqlite_version"] = result.sqlite_version;
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
  out["seed_logical_bytes"] = kSeedLogicalBytes;
  out["journal_mode"] = result.journal_mode;
  out["synchronous"] = std::string(load_synchronous_name(options.synchronous));
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
  out["exit_code"] = exit_code;
  std::cout << out.dump(2) << "\n";
}

}  // namespace

// [SECTION] run_load_command
int run_load_command(const LoadCommandOptions& options) {
  if (options.format != "text" && options.format != "json")
    throw UsageError("--format must be text or json, not '" + options.format + "'");
  const LoadOptions load = load_options(options);
  LoadControl control;
  LoadResult result;
  try {
    StopSignalsCancel cancel_on_signal(control);
    result = run_load_lab(load, &control);
  } catch (const SqlError& e) {
    std::cerr << "reslab: the load run failed: " << e.what() << "\n";
    return kExitFailed;
  }
  const int exit_code = exit_code_of(result);
  if (options.format == "json") {
    print_json(result, exit_code);
  } else {
    print_text(result, exit_code);
  }
  std::fflush(stdout);
  return exit_code;
}

}  // namespace reslab
