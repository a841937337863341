// [SECTION] index: names · inputs
#include "core/labs/load/options.hpp"

#include <cstdio>
#include <utility>

#include "core/sim/errors.hpp"

namespace reslab {
namespace {

std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", value);
  return text;
}

// The words each choice is printed, parsed and hashed as.
constexpr std::pair<LoadEngine, std::string_view> kEngineNames[] = {{LoadEngine::queue, "queue"},
                                                                    {LoadEngine::race, "race"}};
constexpr std::pair<LoadSynchronous, std::string_view> kSynchronousNames[] = {
    {LoadSynchronous::normal, "normal"}, {LoadSynchronous::full, "full"}};

template <typename Choice, std::size_t N>
std::string_view name_of(const std::pair<Choice, std::string_view> (&names)[N], Choice choice) {
  for (const auto& [value, name] : names)
    if (value == choice) return name;
  return names[N - 1].second;
}

template <typename Choice, std::size_t N>
bool parse_name(const std::pair<Choice, std::string_view> (&names)[N], std::string_view text, Choice& out) {
  for (const auto& [value, name] : names)
    if (name == text) {
      out = value;
      return true;
    }
  return false;
}

}  // namespace

// [SECTION] names
std::string_view load_engine_name(LoadEngine engine) {
  return name_of(kEngineNames, engine);
}
bool parse_load_engine(std::string_view text, LoadEngine& out) {
  return parse_name(kEngineNames, text, out);
}

std::string_view load_synchronous_name(LoadSynchronous synchronous) {
  return name_of(kSynchronousNames, synchronous);
}
bool parse_load_synchronous(std::string_view text, LoadSynchronous& out) {
  return parse_name(kSynchronousNames, text, out);
}

// [SECTION] inputs
void validate_load_options(const LoadOptions& options) {
  const auto range = [](const std::string& name, auto value, auto low, auto high) {
    if (!(value >= low && value <= high))  // written this way so NaN fails too
      throw UsageError(name + " must be between " + number_text(static_cast<double>(low)) + " and " +
                       number_text(static_cast<double>(high)) + ", not " +
                       number_text(static_cast<double>(value)));
  };
  range("--seats", options.seats, std::int64_t{1}, kLoadMaxSeats);
  range("--intents", options.intents, std::int64_t{1}, kLoadMaxIntents);
  range("--hot-share", options.hot_share, 0.0, 1.0);
  if (!(options.hot_seats > 0.0 && options.hot_seats <= 1.0))
    throw UsageError("--hot-seats must be above 0 and at most 1, not " + number_text(options.hot_seats));
  range("--hold-seconds", options.hold_seconds, std::int64_t{1}, kLoadMaxHoldSeconds);
  range("--threads", options.threads, 1, kLoadMaxThreads);
  if (options.rate != 0) range("--rate", options.rate, 0.001, kLoadMaxRate);
  range("--batch", options.batch, 1, kLoadMaxBatch);
  range("--batch-delay-ms", options.batch_delay_ms, 0.0, kLoadMaxBatchDelayMs);
  if (options.model != Model::naive && options.model != Model::atomic) throw UsageError("unknown model");
  if (options.backend == Backend::sqlite && !options.pg_dsn.empty())
    throw UsageError("--pg names a PostgreSQL server, so it goes with --backend postgres");
  if (options.backend == Backend::sqlite && !options.synchronous_commit)
    throw UsageError("--synchronous-commit is PostgreSQL's; SQLite's durability is --synchronous");
  if (options.backend != Backend::sqlite && !options.db_file.empty())
    throw UsageError("--db names a SQLite file; PostgreSQL runs in a schema of its own (--pg, --pg-data)");
  if (!options.pg_dsn.empty() && !options.pg_data.empty())
    throw UsageError("--pg-data is the private server's data folder; with --pg the server is yours");
  if (options.pg_data.rfind("/tmp/", 0) == 0 || options.pg_data == "/tmp")
    throw UsageError(
        "--pg-data must be on a real disk, not under /tmp (often memory, emptied at boot): "
        "durability figures would mean nothing there");
  if (options.model == Model::naive && options.engine == LoadEngine::queue)
    throw UsageError(
        "--model naive reads in one transaction and writes in another, which only goes wrong when "
        "transactions "
        "run concurrently: it runs on --engine race (the queue's single writer never interleaves two "
        "intents)");
}

std::string load_workload_text(const LoadOptions& options) {
  return "seats=" + std::to_string(options.seats) + " intents=" + std::to_string(options.intents) +
         " hot_share=" + number_text(options.hot_share) + " hot_seats=" + number_text(options.hot_seats) +
         " seed=" + std::to_string(options.seed) + " hold_seconds=" + std::to_string(options.hold_seconds);
}

std::string load_inputs_text(const LoadOptions& options) {
  std::string text = load_workload_text(options) + " model=" + std::string(model_name(options.model)) +
                     " engine=" + std::string(load_engine_name(options.engine)) +
                     " threads=" + std::to_string(options.threads) +
                     " rate=" + (options.rate > 0 ? number_text(options.rate) : std::string("closed"));
  if (options.engine == LoadEngine::queue)
    text +=
        " batch=" + std::to_string(options.batch) + " batch_delay_ms=" + number_text(options.batch_delay_ms);
  if (options.backend != Backend::sqlite)
    return text + " backend=" + std::string(backend_name(options.backend)) +
           " synchronous_commit=" + (options.synchronous_commit ? "on" : "off");
  return text + " synchronous=" + std::string(load_synchronous_name(options.synchronous)) +
         " checkpoint=" + (options.background_checkpoint ? "background" : "inline");
}

}  // namespace reslab
