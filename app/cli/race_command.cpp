// [SECTION] index: inputs · exit code · text · json · run_race_command
#include "app/cli/race_command.hpp"

#include <csignal>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/sim/errors.hpp"
#include "core/labs/seat_race.hpp"

namespace reslab {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

// Ctrl+C or SIGTERM cancels the race between rounds, so the temporary file is
// removed and the rounds already run are still reported.
RaceControl* g_control = nullptr;
void on_stop_signal(int) {
  if (g_control) g_control->cancel.store(true);
}

class StopSignalsCancel {
 public:
  explicit StopSignalsCancel(RaceControl& control) {
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
RaceOptions race_options(const RaceCommandOptions& options) {
  RaceOptions race;
  race.threads = options.threads;
  race.rounds = options.rounds;
  if (!parse_model(options.model, race.model))
    throw UsageError("--model must be naive or atomic, not '" + options.model + "'");
  race.db_file = options.db;
  validate_race_options(race);
  return race;
}

// [SECTION] exit code
int exit_code_of(const RaceResult& result) {
  if (result.cancelled) return kExitInterrupted;
  // The naive model is meant to oversell; the atomic one promised a single owner.
  if (result.options.model == Model::atomic && !result.one_winner_every_round()) return kExitFailed;
  return kExitOk;
}

std::string fixed(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

std::string verdict(const RaceResult& result) {
  const std::string rounds = std::to_string(result.rounds_run);
  if (result.rounds_run == 0) return "no round ran";
  if (result.one_winner_every_round())
    return "exactly one winner in every round: the conditional UPDATE re-checked the seat under the write "
           "lock";
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
  const auto line = [](const std::string& name, const std::string& value) {
    std::printf("  %-30s %s\n", name.c_str(), value.c_str());
  };
  std::printf("reslab race: T1, %d connections race for seat %s (seed 003's lab)\n", options.threads,
              kRaceSeat);
  std::printf("version     reslab %s, SQLite %s\n", RESLAB_VERSION, result.sqlite_version.c_str());
  std::printf("inputs      %s\n", race_inputs_text(options).c_str());
  std::printf("input hash  %s (FNV-1a 64 of the inputs line)\n", result.input_hash.c_str());
  std::printf("database    %s, journal mode %s, one connection per thread\n",
              options.db_file.empty() ? "a temporary file, removed afterwards" : options.db_file.c_str(),
              result.journal_mode.c_str());
  std::printf("results\n");
  line("rounds run", std::to_string(result.rounds_run) + " of " + std::to_string(options.rounds) +
                         (result.cancelled ? " (cancelled)" : ""));
  std::string histogram;
  for (const auto& [winners, rounds] : result.winners_histogram)
    histogram += (histogram.empty() ? "" : ", ") + std::to_string(winners) + " winner" +
                 (winners == 1 ? "" : "s") + ": " + std::to_string(rounds) + " round" +
                 (rounds == 1 ? "" : "s");
  line("winners per round", histogram.empty() ? "-" : histogram);
  line("max winners", std::to_string(result.max_winners));
  line("rounds with multiple winners", std::to_string(result.rounds_with_multiple_winners));
  line("rounds with no winner", std::to_string(result.rounds_with_no_winner));
  line("busy retries", std::to_string(result.busy_retries));
  line("seconds", fixed(result.seconds, 3) + " (" + fixed(result.rounds_per_second(), 1) + " rounds/s)");
  std::printf("verdict     %s: %s\n", std::string(model_name(options.model)).c_str(),
              verdict(result).c_str());
  std::printf("exit code   %d\n", exit_code);
}

// [SECTION] json
void print_json(const RaceResult& result, int exit_code) {
  const RaceOptions& options = result.options;
  nlohmann::ordered_json histogram = nlohmann::ordered_json::object();
  for (const auto& [winners, rounds] : result.winners_histogram) histogram[std::to_string(winners)] = rounds;
  nlohmann::ordered_json out;
  out["version"] = std::string("reslab ") + RESLAB_VERSION;
  out["sqlite_version"] = result.sqlite_version;
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
  out["journal_mode"] = result.journal_mode;
  out["db"] =
      options.db_file.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(options.db_file);
  out["exit_code"] = exit_code;
  std::cout << out.dump(2) << "\n";
}

}  // namespace

// [SECTION] run_race_command
int run_race_command(const RaceCommandOptions& options) {
  if (options.format != "text" && options.format != "json")
    throw UsageError("--format must be text or json, not '" + options.format + "'");
  const RaceOptions race = race_options(options);
  RaceControl control;
  RaceResult result;
  try {
    StopSignalsCancel cancel_on_signal(control);
    result = run_seat_race(race, &control);
  } catch (const SqlError& e) {
    std::cerr << "reslab: the race failed: " << e.what() << "\n";
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
