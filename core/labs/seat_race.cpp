// [SECTION] index: inputs · SQL · connections · database file · one buyer · the race
#include "core/labs/seat_race.hpp"

#include <sqlite3.h>
#include <stdlib.h>

#include <algorithm>
#include <barrier>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

#include "core/backends/sqlite/connection.hpp"
#include "core/formats/hash.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

namespace fs = std::filesystem;

// [SECTION] inputs
std::uint64_t fnv1a64(const std::string& text) {
  Fnv1a64 hash;
  hash.bytes(text);
  return hash.value();
}

// [SECTION] SQL
// Seed 003's minimal model, plus a marker table so a user's own database is never mistaken for ours.
constexpr const char* kSchema =
    "CREATE TABLE IF NOT EXISTS reslab_race(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS seats(seat_id TEXT PRIMARY KEY, state TEXT NOT NULL, order_id INTEGER UNIQUE,"
    " expires_at INTEGER);"
    "CREATE TABLE IF NOT EXISTS orders(id INTEGER PRIMARY KEY, request_key TEXT NOT NULL UNIQUE,"
    " seat_id TEXT NOT NULL, state TEXT NOT NULL);";
constexpr const char* kMark = "INSERT INTO reslab_race(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING";
constexpr const char* kAddSeat =
    "INSERT INTO seats(seat_id, state) VALUES (?, 'FREE') ON CONFLICT(seat_id) DO NOTHING";
constexpr const char* kRaceTables =
    "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('reslab_race', 'seats', 'orders')";

constexpr const char* kBeginImmediate = "BEGIN IMMEDIATE";
constexpr const char* kCommit = "COMMIT";
constexpr const char* kRollback = "ROLLBACK";
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

constexpr std::int64_t kHoldSeconds = 10;  // seed 003's lab: holds last 10 logical seconds

// [SECTION] connections
// A bounded wait for the write lock: yield first (the holder needs the CPU more than
// we do on 2 cores), then short sleeps. SQLite's own busy_timeout sleeps in steps of
// up to 100 ms, which would measure the sleeps rather than the race.
constexpr int kBusySpins = 4;
constexpr int kMaxBusyAttempts = 10'000;  // about 10 s of waiting before a statement gives up

struct BusyWait {
  std::int64_t retries = 0;
};

int wait_for_lock(void* context, int attempt) {
  if (attempt >= kMaxBusyAttempts) return 0;
  ++static_cast<BusyWait*>(context)->retries;
  if (attempt < kBusySpins) {
    std::this_thread::yield();
  } else {
    std::this_thread::sleep_for(std::chrono::microseconds(50 * std::min(attempt, 20)));
  }
  return 1;
}

// A failed statement, keeping SQLite's own words apart for messages about the file.
class RaceSqlError : public SqlError {
 public:
  RaceSqlError(const std::string& sql, int code, const std::string& message)
      : SqlError(sql, result_code_name(code), message), m_message(message) {}
  const std::string& message() const { return m_message; }

 private:
  std::string m_message;
};

int refuse_attach(void*, int action, const char*, const char*, const char*, const char*) {
  return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
}

// One prepared statement, reset after every use. Never throws for the result code of a step.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : m_db(db), m_sql(sql) {
    const int rc = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &m_statement, nullptr);
    if (rc != SQLITE_OK) fail(rc);
  }
  ~Statement() { sqlite3_finalize(m_statement); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binds `params`, steps once and returns the result code (SQLITE_ROW, SQLITE_DONE, an error).
  int step(const std::vector<Value>& params = {}) {
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
    for (std::size_t i = 0; i < params.size(); ++i) {
      const int index = static_cast<int>(i) + 1;
      if (const auto* number = std::get_if<std::int64_t>(&params[i])) {
        sqlite3_bind_int64(m_statement, index, *number);
      } else if (const auto* text = std::get_if<std::string>(&params[i])) {
        sqlite3_bind_text(m_statement, index, text->c_str(), static_cast<int>(text->size()),
                          SQLITE_TRANSIENT);
      }
    }
    return sqlite3_step(m_statement);
  }
  // Runs a statement that returns no row; throws SqlError unless it finished.
  int run(const std::vector<Value>& params = {}) {
    const int rc = step(params);
    if (rc != SQLITE_DONE) fail(rc);
    sqlite3_reset(m_statement);
    return sqlite3_changes(m_db);
  }
  // The first column of the single row a query returns; throws SqlError when there is none.
  Value value(const std::vector<Value>& params = {}) {
    const int rc = step(params);
    if (rc != SQLITE_ROW) fail(rc == SQLITE_DONE ? SQLITE_NOTFOUND : rc);
    Value result;
    if (sqlite3_column_type(m_statement, 0) == SQLITE_INTEGER) {
      result = static_cast<std::int64_t>(sqlite3_column_int64(m_statement, 0));
    } else if (const auto* text = sqlite3_column_text(m_statement, 0)) {
      result = std::string(reinterpret_cast<const char*>(text));
    }
    sqlite3_reset(m_statement);
    return result;
  }

 private:
  [[noreturn]] void fail(int rc) {
    const int code = rc == SQLITE_NOTFOUND ? rc : sqlite3_extended_errcode(m_db);
    const std::string message = rc == SQLITE_NOTFOUND ? "no row" : sqlite3_errmsg(m_db);
    if (m_statement) sqlite3_reset(m_statement);
    throw RaceSqlError(m_sql, code, message);
  }

  sqlite3* m_db;
  std::string m_sql;
  sqlite3_stmt* m_statement = nullptr;
};

// One connection to the race file, owned by one thread, with the same defences as the
// stepped lab's connections: no ATTACH, no extension loading.
class RaceConnection {
 public:
  RaceConnection(const std::string& file, int open_flags, BusyWait* busy) {
    const int rc = sqlite3_open_v2(file.c_str(), &m_db, open_flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
      const std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
      sqlite3_close_v2(m_db);
      throw RaceSqlError("open " + file, rc, message);
    }
    sqlite3_extended_result_codes(m_db, 1);
    sqlite3_limit(m_db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_set_authorizer(m_db, refuse_attach, nullptr);
    if (busy) sqlite3_busy_handler(m_db, wait_for_lock, busy);
  }
  ~RaceConnection() {
    m_statements.clear();
    sqlite3_close_v2(m_db);
  }
  RaceConnection(const RaceConnection&) = delete;
  RaceConnection& operator=(const RaceConnection&) = delete;

  Statement& sql(const char* text) {
    for (auto& [key, statement] : m_statements)
      if (key == text) return *statement;
    m_statements.emplace_back(text, std::make_unique<Statement>(m_db, text));
    return *m_statements.back().second;
  }
  void script(const char* text) {
    char* error = nullptr;
    if (sqlite3_exec(m_db, text, nullptr, nullptr, &error) != SQLITE_OK) {
      const std::string message = error ? error : "error";
      sqlite3_free(error);
      throw RaceSqlError(text, sqlite3_extended_errcode(m_db), message);
    }
  }
  // Leaves no transaction open after a failure, so the others are not kept waiting for the lock.
  void roll_back_if_open() {
    if (sqlite3_get_autocommit(m_db) == 0) sqlite3_exec(m_db, kRollback, nullptr, nullptr, nullptr);
  }

 private:
  sqlite3* m_db = nullptr;
  std::vector<std::pair<const char*, std::unique_ptr<Statement>>> m_statements;
};

// [SECTION] database file
// The race's file: a temporary one removed at the end, or the user's --db, which is
// used only when it is new or an earlier race made it.
class RaceFile {
 public:
  explicit RaceFile(const std::string& requested) {
    if (requested.empty()) {
      std::string pattern = (fs::temp_directory_path() / "reslab-race-XXXXXX").string();
      if (!mkdtemp(pattern.data()))
        throw UsageError("cannot create a temporary folder for the race database");
      m_temporary_dir = pattern;
      m_path = (fs::path(pattern) / "race.db").string();
      m_remove_on_failure = true;
      return;
    }
    m_path = requested;
    std::error_code error;
    const auto status = fs::status(requested, error);
    if (fs::is_directory(status)) throw UsageError("--db " + requested + " is a folder, not a database file");
    if (fs::exists(status)) {
      check_is_race_database(requested);
    } else {
      m_remove_on_failure = true;  // we create it; a failed set-up leaves nothing behind
    }
  }
  ~RaceFile() {
    std::error_code ignored;
    if (!m_temporary_dir.empty()) fs::remove_all(m_temporary_dir, ignored);
  }
  RaceFile(const RaceFile&) = delete;
  RaceFile& operator=(const RaceFile&) = delete;

  const std::string& path() const { return m_path; }

  // Creates the tables and the seat on the coordinator's connection, in WAL mode.
  // Any failure here is about the file the user named, hence a UsageError.
  std::string set_up(std::unique_ptr<RaceConnection>& coordinator) {
    try {
      coordinator =
          std::make_unique<RaceConnection>(m_path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
      const Value mode = coordinator->sql("PRAGMA journal_mode = WAL").value();
      const std::string journal_mode =
          std::holds_alternative<std::string>(mode) ? std::get<std::string>(mode) : "";
      if (journal_mode != "wal")
        throw UsageError("--db " + m_path + ": SQLite cannot use WAL here (journal mode stays '" +
                         journal_mode + "')");
      // WAL with synchronous=NORMAL: a commit survives a crash of the program, not of the machine.
      coordinator->script("PRAGMA synchronous = NORMAL");
      coordinator->script(kSchema);
      coordinator->sql(kMark).run({std::string("format"), std::string("reslab race 1")});
      coordinator->sql(kAddSeat).run({std::string(kRaceSeat)});
      return journal_mode;
    } catch (const RaceSqlError& e) {
      coordinator.reset();
      remove_if_ours();
      throw UsageError("cannot use " + (m_temporary_dir.empty() ? "--db " + m_path : m_path) + ": " +
                       e.message());
    } catch (...) {
      coordinator.reset();
      remove_if_ours();
      throw;
    }
  }

 private:
  static void check_is_race_database(const std::string& file) {
    const std::string refusal =
        "--db " + file +
        " exists and is not a reslab race database (it lacks the reslab_race, seats and "
        "orders tables); it was left untouched. Name a new file, or one that an earlier "
        "`reslab race --db` made.";
    try {
      // Read-only: looking must not change the user's file.
      RaceConnection look(file, SQLITE_OPEN_READONLY, nullptr);
      if (as_int(look.sql(kRaceTables).value()) != 3) throw UsageError(refusal);
    } catch (const RaceSqlError&) {
      throw UsageError(refusal);
    }
  }
  void remove_if_ours() {
    if (!m_remove_on_failure || !m_temporary_dir.empty()) return;
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(m_path + suffix, ignored);
  }

  std::string m_path;
  std::string m_temporary_dir;
  bool m_remove_on_failure = false;
};

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
bool take_seat_atomically(RaceConnection& db, int round, int buyer) {
  const std::string seat = kRaceSeat;
  const std::int64_t order = order_id(round, buyer);
  db.sql(kBeginImmediate).run();
  if (db.sql(kTakeSeatIfFree).run({order, round + kHoldSeconds, seat}) != 1) {
    db.sql(kRollback).run();
    return false;
  }
  db.sql(kInsertOrder).run({order, request_key(round, buyer), seat});
  db.sql(kCommit).run();
  return true;
}

// naive, second half: the seat was seen FREE in an earlier transaction; write without looking again.
void take_seat_blindly(RaceConnection& db, int round, int buyer) {
  const std::string seat = kRaceSeat;
  const std::int64_t order = order_id(round, buyer);
  db.sql(kBeginImmediate).run();
  db.sql(kTakeSeat).run({order, round + kHoldSeconds, seat});
  db.sql(kInsertOrder).run({order, request_key(round, buyer), seat});
  db.sql(kCommit).run();
}

// Every buyer goes through every barrier of every round, even after a failure,
// so that nobody is left waiting at a barrier; it only stops touching the database.
void buyer_thread(Shared& shared, int buyer, BusyWait& busy) {
  std::unique_ptr<RaceConnection> db;
  try {
    db = std::make_unique<RaceConnection>(shared.file, SQLITE_OPEN_READWRITE, &busy);
    db->script("PRAGMA synchronous = NORMAL");
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
      attempt([&] {
        saw_free = std::get<std::string>(db->sql(kReadSeat).value({std::string(kRaceSeat)})) == "FREE";
      });
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
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx",
                static_cast<unsigned long long>(fnv1a64(race_inputs_text(options))));
  return buffer;
}

RaceResult run_seat_race(const RaceOptions& options, RaceControl* control) {
  validate_race_options(options);
  RaceResult result;
  result.options = options;
  result.input_hash = race_input_hash(options);
  result.sqlite_version = sqlite3_libversion();

  RaceFile file(options.db_file);
  std::unique_ptr<RaceConnection> coordinator;
  result.journal_mode = file.set_up(coordinator);

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

  const std::string seat = kRaceSeat;
  const bool naive = options.model == Model::naive;
  const auto started = std::chrono::steady_clock::now();
  for (int round = 0;; ++round) {
    const bool cancelled = control && control->cancel.load();
    bool stop = round == options.rounds || cancelled || shared.failed;
    if (!stop) {
      try {
        coordinator->sql(kBeginImmediate).run();
        coordinator->sql(kClearOrders).run();
        coordinator->sql(kFreeSeat).run({seat});
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
      record_round(result, static_cast<int>(as_int(coordinator->sql(kCountWinners).value({seat}))));
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
