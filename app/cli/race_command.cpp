// [SECTION] index: inputs · exit code and verdict · text · json · run_race_command
#include "app/cli/race_command.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "app/cli/run_report.hpp"
#include "core/labs/race/seat_race.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// [SECTION] inputs
RaceOptions race_options(const RaceCommandOptions& options) {
  RaceOptions race;
  race.threads = options.threads;
  race.rounds = options.rounds;
  if (!parse_model(options.model, race.model))
    throw UsageError("--model must be naive or atomic, not '" + options.model + "'");
  race.db_file = options.db;
  race.backend = sqlite_or_postgres(named_backend(options.backend), "the seat race");
  race.pg_dsn = options.backend.pg;
  race.keep = options.backend.keep;
  if (race.backend != Backend::sqlite && !race.db_file.empty())
    throw UsageError("--db names a SQLite file; on PostgreSQL the race runs in a schema of its own");
  validate_race_options(race);
  return race;
}

// [SECTION] exit code and verdict
// The atomic model promised one owner per round; the naive one is meant to oversell.
bool broke_promise(const RaceResult& result) {
  return result.options.model == Model::atomic && !result.one_winner_every_round();
}

std::string verdict(const RaceResult& result) {
  const std::string rounds = std::to_string(result.rounds_run);
  if (result.rounds_run == 0) return "no round ran";
  if (result.one_winner_every_round())
    return std::string(
               "exactly one winner in every round: the conditional UPDATE re-checked the seat under the ") +
           (result.options.backend == Backend::sqlite ? "write lock" : "seat's row lock");
  if (result.max_winners > 1)
    return "seat A1 was promised to up to " + std::to_string(result.max_winners) + " buyers in one round; " +
           std::to_string(result.rounds_with_multiple_winners) + " of " + rounds +
           " rounds oversold it: each buyer checked in one transaction and wrote in another";
  return std::to_string(result.rounds_with_no_winner) + " of " + rounds +
         " rounds ended with nobody holding the seat";
}

// [SECTION] text
void print_text(const RaceResult& result, int exit_code) {
  const RaceOptions& options = result.options;
  const RunReport report(12);
  report.header("reslab race: T1, " + std::to_string(options.threads) + " connections race for seat " +
                    kRaceSeat + " (the ticketing article's lab)",
                result.sqlite_version, race_inputs_text(options), "input hash", result.input_hash,
                "FNV-1a 64 of the inputs line", result.server_version);
  if (options.backend == Backend::sqlite) {
    report.field("database",
                 (options.db_file.empty() ? "a temporary file, removed afterwards" : options.db_file) +
                     ", journal mode " + result.journal_mode + ", one connection per thread");
  } else {
    report.field("database", "PostgreSQL, " + result.server_where +
                                 ", a schema of the race's own, one connection per thread; a buyer waits for "
                                 "the seat's row lock, not for the whole database");
  }
  report.line("results");
  report.row("rounds run", std::to_string(result.rounds_run) + " of " + std::to_string(options.rounds) +
                               (result.cancelled ? " (cancelled)" : ""));
  std::string histogram;
  for (const auto& [winners, rounds] : result.winners_histogram)
    histogram += (histogram.empty() ? "" : ", ") + std::to_string(winners) + " winner" +
                 (winners == 1 ? "" : "s") + ": " + std::to_string(rounds) + " round" +
                 (rounds == 1 ? "" : "s");
  report.row("winners per round", histogram.empty() ? "-" : histogram);
  report.row("max winners", std::to_string(result.max_winners));
  report.row("rounds with multiple winners", std::to_string(result.rounds_with_multiple_winners));
  report.row("rounds with no winner", std::to_string(result.rounds_with_no_winner));
  report.row("busy retries", std::to_string(result.busy_retries));
  report.row("seconds", fixed_point(result.seconds, 3) + " (" + fixed_point(result.rounds_per_second(), 1) +
                            " rounds/s)");
  report.footer(std::string(model_name(options.model)), verdict(result), exit_code);
}

// [SECTION] json
nlohmann::ordered_json json_of(const RaceResult& result) {
  const RaceOptions& options = result.options;
  nlohmann::ordered_json histogram = nlohmann::ordered_json::object();
  for (const auto& [winners, rounds] : result.winners_histogram) histogram[std::to_string(winners)] = rounds;
  nlohmann::ordered_json out = run_json_header(
      result.sqlite_version, std::string(backend_name(options.backend)), result.server_version);
  out["inputs"] = {{"seat", kRaceSeat},
                   {"threads", options.threads},
                   {"rounds", options.rounds},
                   {"model", std::string(model_name(options.model))}};
  out["input_hash"] = result.input_hash;
  out["threads"] = options.threads;
  out["rounds"] = options.rounds;
  out["model"] = std::string(model_name(options.model));
  out["rounds_run"] = result.rounds_run;
  out["cancelled"] = result.cancelled;
  out["max_winners"] = result.max_winners;
  out["min_winners"] = result.min_winners;
  out["rounds_with_multiple_winners"] = result.rounds_with_multiple_winners;
  out["rounds_with_no_winner"] = result.rounds_with_no_winner;
  out["winners_histogram"] = std::move(histogram);
  out["one_winner_every_round"] = result.one_winner_every_round();
  out["busy_retries"] = result.busy_retries;
  out["seconds"] = result.seconds;
  out["rounds_per_second"] = result.rounds_per_second();
  out["journal_mode"] = result.journal_mode.empty() ? nlohmann::ordered_json(nullptr)
                                                    : nlohmann::ordered_json(result.journal_mode);
  out["db"] =
      options.db_file.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(options.db_file);
  return out;
}

}  // namespace

// [SECTION] run_race_command
int run_race_command(const RaceCommandOptions& options) {
  const ReportFormat format = parse_report_format(options.format);
  return run_lab_command(LabCommand<RaceResult>{"race", broke_promise, print_text, json_of}, format,
                         race_options(options), run_seat_race);
}

}  // namespace reslab
