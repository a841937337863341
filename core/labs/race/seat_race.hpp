#pragma once
// T1, the lab of the ticketing article (《系统设计 26：占座到期与支付回调的库存边界》): real
// threads, each with its own connection to one database (a SQLite FILE in WAL mode, or a schema of its
// own on a PostgreSQL server), race for seat A1 round after round. Nothing here is stepped: the operating
// system schedules the threads. Barriers fix only what the lesson needs fixed: every round starts from a free
// seat, and in the naive model everyone has read "FREE" before anyone writes, so the oversell is forced
// rather than left to luck.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "core/sim/backend.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

inline constexpr int kRaceMinThreads = 2;
inline constexpr int kRaceMaxThreads = 64;
inline constexpr int kRaceMinRounds = 1;
inline constexpr int kRaceMaxRounds = 100'000;
inline constexpr const char* kRaceSeat = "A1";

// What the user chose. The database file says where the race runs, not what it
// is, so it is left out of the input hash.
struct RaceOptions {
  int threads = 16;
  int rounds = 200;
  Model model = Model::atomic;
  std::string db_file;  // empty: a temporary file, removed afterwards (SQLite)
  Backend backend = Backend::sqlite;
  std::string pg_dsn;  // PostgreSQL: --pg DSN (else RESLAB_PG_DSN, else the private server)
  bool keep = false;   // PostgreSQL on a DSN: leave the race's schema there
};

// Shared with whoever watches a race from another thread.
struct RaceControl {
  std::atomic<bool> cancel{false};  // read before each round: a round under way always finishes
  std::atomic<int> rounds_done{0};
  // Called on the race's coordinating thread after every round; keep it cheap.
  std::function<void(int rounds_done)> on_round;
};

// What the race did. "Winners" of a round are the orders left HELD on the seat:
// each is a buyer who was told "A1 is yours".
struct RaceResult {
  RaceOptions options;
  std::string input_hash;
  int rounds_run = 0;
  bool cancelled = false;
  int max_winners = 0;  // most winners in any round
  int min_winners = 0;  // fewest winners in any round (0 before the first round)
  int rounds_with_multiple_winners = 0;
  int rounds_with_no_winner = 0;
  std::map<int, int> winners_histogram;  // winners in a round -> how many rounds had that many
  std::int64_t busy_retries = 0;         // times a connection found the write lock taken and tried again
  double seconds = 0;                    // the rounds only, not opening the file
  std::string journal_mode;              // as SQLite reported it: "wal"; empty on PostgreSQL
  std::string sqlite_version;
  std::string server_version;  // PostgreSQL's, e.g. "15.18"; empty on SQLite
  std::string server_where;    // PostgreSQL: which server, password removed

  double rounds_per_second() const { return seconds > 0 ? rounds_run / seconds : 0.0; }
  // Exactly one winner in every round that ran: what the atomic model promises.
  bool one_winner_every_round() const { return rounds_run > 0 && max_winners == 1 && min_winners == 1; }
};

// Throws UsageError when a number is out of range.
void validate_race_options(const RaceOptions& options);

// The inputs in one canonical line, e.g. "seat=A1 threads=16 rounds=200 model=atomic".
std::string race_inputs_text(const RaceOptions& options);
// FNV-1a 64 of race_inputs_text(), as 16 hex digits: the same inputs give the same hash on any machine.
std::string race_input_hash(const RaceOptions& options);

// Runs the race on the calling thread plus options.threads workers. Returns early,
// with `cancelled`, once control->cancel is set.
// Throws UsageError when the inputs are out of range or the database file cannot be
// used: it cannot be created or written, or it exists and is not a reslab race
// database (a user's file is never touched). Throws SqlError when a statement fails
// during the race, including a connection that waited too long for the write lock.
RaceResult run_seat_race(const RaceOptions& options, RaceControl* control = nullptr);

}  // namespace reslab
