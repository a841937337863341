// [SECTION] index: SQL · database file · one buyer · the race
#include "core/labs/seat_race.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <barrier>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/formats/hash.hpp"
#include "core/labs/lab_connection.hpp"
#include "core/labs/lab_file.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// [SECTION] SQL
// The ticketing article's minimal model, plus a marker table so a user's own database is never mistaken for
// ours.
constexpr const char* kSchema =
    "CREATE TABLE IF NOT EXISTS reslab_race(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS seats(seat_id TEXT PRIMARY KEY, state TEXT NOT NULL, order_id INTEGER UNIQUE,"
    " expires_at INTEGER);"
    "CREATE TABLE IF NOT EXISTS orders(id INTEGER PRIMARY KEY, request_key TEXT NOT NULL UNIQUE,"
    " seat_id TEXT NOT NULL, state TEXT NOT NULL);";
constexpr const char* kMark = "INSERT INTO reslab_race(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING";
constexpr const char* kAddSeat =
    "INSERT INTO seats(seat_id, state) VALUES (?, 'FREE') ON CONFLICT(seat_id) DO NOTHING";

constexpr const char* kBeginImmediate = "BEGIN IMMEDIATE";
constexpr const char* kCommit = "COMMIT";
constexpr const char* kRollback = "ROLLBACK";
constexpr const char* kSynchronous = "PRAGMA synchronous = NORMAL";
constexpr const char* kClearOrders = "DELETE FROM orders";
constexpr const char* kFreeSeat =
    "UPDATE seats SET state = 'FREE', order_id = NULL, expires_at = NULL WHERE seat_id = ?";
constexpr const char* kCountWinners = "SELECT count(*) FROM orders WHERE seat_id = ? AND state = 'HELD'";
constexpr const char* kReadSeat = "SELECT state FROM seats WHERE seat_id = ?";
// naive: the seat was seen FREE earlier, in another transaction, so nothing is checked here.
constexpr const char* kTakeSeat =
    "UPDATE seats SET state = 'HELD', order_id = ?, expires_at = ? WHERE seat_id = ?";
// atomic: the condition is re-checked by the write itself, under the write lock.
constexpr const char* kTakeSeatIfFree =
    "UPDATE seats SET state = 'HELD', order_id = ?, expires_at = ? WHERE seat_id = ? AND state = 'FREE'";
constexpr const char* kInsertOrder =
    "INSERT INTO orders(id, request_key, seat_id, state) VALUES (?, ?, ?, 'HELD')";

constexpr std::int64_t kHoldSeconds = 10;  // the ticketing article's lab: holds last 10 logical seconds

// [SECTION] database file
// A file an earlier race made is raced on again; its tables are enough to know it.
LabFileKind race_file_kind() {
  return {"race", nullptr, false};
}

// Creates the tables and the seat (if an earlier race has not) on the coordinator's connection.
void create_race_tables(LabConnection& db) {
  // WAL with synchronous=NORMAL: a commit survives a crash of the program, not of the machine.
  db.script(kSynchronous);
  db.script(kSchema);
  db.sql(kMark).bind(1, "format").bind(2, "reslab race 1").run();
  db.sql(kAddSeat).bind(1, kRaceSeat).run();
}

// [SECTION] one buyer
// What every thread shares. The barrier has one place per buyer plus the coordinator.
struct Shared {
  Shared(const RaceOptions& options, const std::string& file)
      : options(options), file(file), sync(options.threads + 1) {}

  const RaceOptions& options;
  const std::string& file;
  std::barrier<> sync;
  std::atomic<bool> stop{false};  // read after the start barrier: leave instead of racing
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::exception_ptr error;

  void fail(std::exception_ptr what) {
    std::lock_guard lock(error_mutex);
    if (!error) error = what;
    failed = true;
  }
};

// A buyer's order id and request key, unique over the whole run.
std::int64_t order_id(int round, int buyer) {
  return static_cast<std::int64_t>(round) * kRaceMaxThreads + buyer + 1;
}
std::string request_key(int round, int buyer) {
  return "round-" + std::to_string(round + 1) + "-buyer-" + std::to_string(buyer + 1);
}

// atomic: one transaction; the UPDATE's own WHERE decides, and rows changed says who won.
bool take_seat_atomically(LabConnection& db, int round, int buyer) {
  const std::int64_t order = order_id(round, buyer);
  db.sql(kBeginImmediate).run();
  if (db.sql(kTakeSeatIfFree).bind(1, order).bind(2, round + kHoldSeconds).bind(3, kRaceSeat).run() != 1) {
    db.sql(kRollback).run();
    return false;
  }
  db.sql(kInsertOrder).bind(1, order).bind(2, request_key(round, buyer)).bind(3, kRaceSeat).run();
  db.sql(kCommit).run();
  return true;
}

// naive, second half: the seat was seen FREE in an earlier transaction; write without looking again.
void take_seat_blindly(LabConnection& db, int round, int buyer) {
  const std::int64_t order = order_id(round, buyer);
  db.sql(kBeginImmediate).run();
  db.sql(kTakeSeat).bind(1, order).bind(2, round + kHoldSeconds).bind(3, kRaceSeat).run();
  db.sql(kInsertOrder).bind(1, order).bind(2, request_key(round, buyer)).bind(3, kRaceSeat).run();
  db.sql(kCommit).run();
}

// Every buyer goes through every barrier of every round, even after a failure,
// so that nobody is left waiting at a barrier; it only stops touching the database.
void buyer_thread(Shared& shared, int buyer, BusyWait& busy) {
  std::unique_ptr<LabConnection> db;
  try {
    db = std::make_unique<LabConnection>(shared.file, LabOpen::read_write);
    db->wait_when_busy(busy);
    db->script(kSynchronous);
  } catch (...) {
    shared.fail(std::current_exception());
  }
  const bool naive = shared.options.model == Model::naive;
  const auto attempt = [&](auto&& action) {
    if (!db || shared.failed) return;
    try {
      action();
    } catch (...) {
      db->roll_back_if_open();
      shared.fail(std::current_exception());
    }
  };
  for (int round = 0;; ++round) {
    shared.sync.arrive_and_wait();  // the seat is FREE again
    if (shared.stop) return;
    if (naive) {
      bool saw_free = false;
      attempt([&] { saw_free = db->sql(kReadSeat).bind(1, kRaceSeat).text() == "FREE"; });
      shared.sync.arrive_and_wait();  // everyone has read; only now may anyone write
      if (saw_free) attempt([&] { take_seat_blindly(*db, round, buyer); });
    } else {
      attempt([&] { take_seat_atomically(*db, round, buyer); });
    }
    shared.sync.arrive_and_wait();  // the round is over
  }
}

// [SECTION] the race
void record_round(RaceResult& result, int winners) {
  result.min_winners = result.rounds_run == 0 ? winners : std::min(result.min_winners, winners);
  result.max_winners = std::max(result.max_winners, winners);
  if (winners > 1) ++result.rounds_with_multiple_winners;
  if (winners == 0) ++result.rounds_with_no_winner;
  ++result.winners_histogram[winners];
  ++result.rounds_run;
}

}  // namespace

void validate_race_options(const RaceOptions& options) {
  if (options.threads < kRaceMinThreads || options.threads > kRaceMaxThreads)
    throw UsageError("--threads must be between " + std::to_string(kRaceMinThreads) + " and " +
                     std::to_string(kRaceMaxThreads) + ", not " + std::to_string(options.threads));
  if (options.rounds < kRaceMinRounds || options.rounds > kRaceMaxRounds)
    throw UsageError("--rounds must be between " + std::to_string(kRaceMinRounds) + " and " +
                     std::to_string(kRaceMaxRounds) + ", not " + std::to_string(options.rounds));
  if (options.model != Model::naive && options.model != Model::atomic) throw UsageError("unknown model");
}

std::string race_inputs_text(const RaceOptions& options) {
  return "seat=" + std::string(kRaceSeat) + " threads=" + std::to_string(options.threads) +
         " rounds=" + std::to_string(options.rounds) + " model=" + std::string(model_name(options.model));
}

std::string race_input_hash(const RaceOptions& options) {
  Fnv1a64 hash;
  hash.bytes(race_inputs_text(options));
  return hash.hex();
}

RaceResult run_seat_race(const RaceOptions& options, RaceControl* control) {
  validate_race_options(options);
  RaceResult result;
  result.options = options;
  result.input_hash = race_input_hash(options);
  result.sqlite_version = sqlite3_libversion();

  LabFile file(options.db_file, race_file_kind());
  const std::unique_ptr<LabConnection> coordinator = file.set_up(create_race_tables);
  result.journal_mode = file.journal_mode();

  Shared shared(options, file.path());
  std::vector<BusyWait> busy(static_cast<std::size_t>(options.threads));
  std::vector<std::thread> buyers;
  buyers.reserve(busy.size());
  try {
    for (int buyer = 0; buyer < options.threads; ++buyer)
      buyers.emplace_back(buyer_thread, std::ref(shared), buyer,
                          std::ref(busy[static_cast<std::size_t>(buyer)]));
  } catch (...) {
    // The threads that did start wait at the first barrier: let them through and out.
    shared.fail(std::current_exception());
    shared.stop = true;
    for (std::size_t missing = buyers.size(); missing < busy.size(); ++missing) (void)shared.sync.arrive();
    shared.sync.arrive_and_wait();
    for (auto& thread : buyers) thread.join();
    std::rethrow_exception(shared.error);
  }

  const bool naive = options.model == Model::naive;
  const auto started = std::chrono::steady_clock::now();
  for (int round = 0;; ++round) {
    const bool cancelled = control && control->cancel.load();
    bool stop = round == options.rounds || cancelled || shared.failed;
    if (!stop) {
      try {
        coordinator->sql(kBeginImmediate).run();
        coordinator->sql(kClearOrders).run();
        coordinator->sql(kFreeSeat).bind(1, kRaceSeat).run();
        coordinator->sql(kCommit).run();
      } catch (...) {
        coordinator->roll_back_if_open();
        shared.fail(std::current_exception());
        stop = true;
      }
    }
    result.cancelled = cancelled && round < options.rounds;
    shared.stop = stop;
    shared.sync.arrive_and_wait();  // start
    if (stop) break;
    if (naive) shared.sync.arrive_and_wait();  // everyone has read
    shared.sync.arrive_and_wait();             // the round is over
    if (shared.failed) continue;               // the next pass stops the buyers
    try {
      record_round(result, static_cast<int>(coordinator->sql(kCountWinners).bind(1, kRaceSeat).integer()));
      if (control) {
        control->rounds_done = result.rounds_run;
        if (control->on_round) control->on_round(result.rounds_run);
      }
    } catch (...) {
      shared.fail(std::current_exception());
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  for (auto& thread : buyers) thread.join();
  if (shared.error) std::rethrow_exception(shared.error);
  for (const auto& wait : busy) result.busy_retries += wait.retries;
  return result;
}

}  // namespace reslab
