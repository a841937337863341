// [SECTION] index: SQL · database · one buyer · the race
#include "core/labs/race/seat_race.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <barrier>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/backends/live_servers.hpp"
#include "core/labs/connection/lab_connection.hpp"
#include "core/labs/connection/lab_file.hpp"
#include "core/labs/connection/live_connection.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/hash.hpp"

namespace reslab {
namespace {

// [SECTION] SQL
// The ticketing article's minimal model, plus a marker table so a user's own database is never mistaken for
// ours. Written once in SQLite's spelling; dialect_sql() gives PostgreSQL's.
constexpr const char* kRaceSchema =
    "CREATE TABLE IF NOT EXISTS reslab_race(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS seats(seat_id TEXT PRIMARY KEY, state TEXT NOT NULL, order_id INTEGER UNIQUE,"
    " expires_at INTEGER);"
    "CREATE TABLE IF NOT EXISTS orders(id INTEGER PRIMARY KEY, request_key TEXT NOT NULL UNIQUE,"
    " seat_id TEXT NOT NULL, state TEXT NOT NULL);";

// Every statement of the race in one backend's spelling, made once per run.
struct RaceSql {
  explicit RaceSql(Backend backend)
      : schema(dialect_sql(backend, kRaceSchema)),
        mark(dialect_sql(backend,
                         "INSERT INTO reslab_race(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO NOTHING")),
        add_seat(dialect_sql(
            backend,
            "INSERT INTO seats(seat_id, state) VALUES (?1, 'FREE') ON CONFLICT(seat_id) DO NOTHING")),
        begin_write(dialect_sql(backend, kLiveBeginWrite)),
        clear_orders("DELETE FROM orders"),
        free_seat(dialect_sql(
            backend,
            "UPDATE seats SET state = 'FREE', order_id = NULL, expires_at = NULL WHERE seat_id = ?1")),
        count_winners(
            dialect_sql(backend, "SELECT count(*) FROM orders WHERE seat_id = ?1 AND state = 'HELD'")),
        read_seat(dialect_sql(backend, "SELECT state FROM seats WHERE seat_id = ?1")),
        // naive: the seat was seen FREE earlier, in another transaction, so nothing is checked here.
        take_seat(dialect_sql(
            backend, "UPDATE seats SET state = 'HELD', order_id = ?1, expires_at = ?2 WHERE seat_id = ?3")),
        // atomic: the condition is re-checked by the write itself, under the write lock (SQLite) or the
        // row lock (PostgreSQL, whose READ COMMITTED re-reads the row a committed writer left).
        take_seat_if_free(dialect_sql(
            backend,
            "UPDATE seats SET state = 'HELD', order_id = ?1, expires_at = ?2 WHERE seat_id = ?3 AND state = 'FREE'")),
        insert_order(dialect_sql(
            backend, "INSERT INTO orders(id, request_key, seat_id, state) VALUES (?1, ?2, ?3, 'HELD')")) {}

  std::string schema, mark, add_seat, begin_write, clear_orders, free_seat, count_winners, read_seat,
      take_seat, take_seat_if_free, insert_order;
  const std::string commit = "COMMIT";
  const std::string rollback = "ROLLBACK";
};

constexpr const char* kSynchronous = "PRAGMA synchronous = NORMAL";
constexpr std::int64_t kHoldSeconds = 10;  // the ticketing article's lab: holds last 10 logical seconds

// [SECTION] database
// A file an earlier race made is raced on again; its tables are enough to know it.
LabFileKind race_file_kind() {
  return {"race", nullptr, false};
}

// Creates the tables and the seat (if an earlier race has not) on the coordinator's connection.
void create_race_tables(LiveConnection& db, const RaceSql& sql) {
  db.script(sql.schema);
  db.run(sql.mark, {std::string("format"), std::string("reslab race 1")});
  db.run(sql.add_seat, {std::string(kRaceSeat)});
}

// Where the race runs: a SQLite file, or a schema of its own on the process's PostgreSQL server.
class RaceDatabase {
 public:
  explicit RaceDatabase(const RaceOptions& options) : m_backend(options.backend), m_sql(options.backend) {
    if (m_backend == Backend::sqlite) {
      m_file = std::make_unique<LabFile>(options.db_file, race_file_kind());
      // Inside set_up(): a file that takes no tables is the user's --db problem, said as such.
      m_coordinator = live_sqlite_connection(m_file->set_up([this](LabConnection& db) {
        // WAL with synchronous=NORMAL: a commit survives a crash of the program, not of the machine.
        db.script(kSynchronous);
        db.script(m_sql.schema.c_str());
        db.sql(m_sql.mark.c_str()).bind(1, "format").bind(2, "reslab race 1").run();
        db.sql(m_sql.add_seat.c_str()).bind(1, kRaceSeat).run();
      }));
      return;
    }
    const LiveServer server = shared_live_server(Backend::postgres, {options.pg_dsn, options.keep});
    m_server_version = server.server_version;
    m_server_where = server.where;
    const std::string schema = server.schema_prefix + "_race";
    auto admin = live_postgres_connection(server.conninfo);
    admin->script("CREATE SCHEMA IF NOT EXISTS " + schema);
    m_conninfo = conninfo_in_schema(server.conninfo, schema);
    m_coordinator = live_postgres_connection(m_conninfo);
    create_race_tables(*m_coordinator, m_sql);
  }

  const RaceSql& sql() const { return m_sql; }
  LiveConnection& coordinator() { return *m_coordinator; }
  std::string journal_mode() const { return m_file ? m_file->journal_mode() : ""; }
  const std::string& server_version() const { return m_server_version; }
  const std::string& server_where() const { return m_server_where; }

  // A buyer's own connection; SQLite's waits for the write lock the bounded way.
  std::unique_ptr<LiveConnection> open_buyer(BusyWait& busy) const {
    if (m_backend != Backend::sqlite) return live_postgres_connection(m_conninfo);
    auto db = std::make_unique<LabConnection>(m_file->path(), LabOpen::read_write);
    db->wait_when_busy(busy);
    db->script(kSynchronous);
    return live_sqlite_connection(std::move(db));
  }

 private:
  Backend m_backend;
  RaceSql m_sql;
  std::unique_ptr<LabFile> m_file;
  std::string m_conninfo;
  std::string m_server_version;
  std::string m_server_where;
  std::unique_ptr<LiveConnection> m_coordinator;
};

// [SECTION] one buyer
// What every thread shares. The barrier has one place per buyer plus the coordinator.
struct Shared {
  Shared(const RaceOptions& options, const RaceDatabase& database)
      : options(options), database(database), sql(database.sql()), sync(options.threads + 1) {}

  const RaceOptions& options;
  const RaceDatabase& database;
  const RaceSql& sql;
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
bool take_seat_atomically(LiveConnection& db, const RaceSql& sql, int round, int buyer) {
  const std::int64_t order = order_id(round, buyer);
  db.run(sql.begin_write);
  if (db.run(sql.take_seat_if_free, {order, std::int64_t{round + kHoldSeconds}, std::string(kRaceSeat)}) !=
      1) {
    db.run(sql.rollback);
    return false;
  }
  db.run(sql.insert_order, {order, request_key(round, buyer), std::string(kRaceSeat)});
  db.run(sql.commit);
  return true;
}

// naive, second half: the seat was seen FREE in an earlier transaction; write without looking again.
void take_seat_blindly(LiveConnection& db, const RaceSql& sql, int round, int buyer) {
  const std::int64_t order = order_id(round, buyer);
  db.run(sql.begin_write);
  db.run(sql.take_seat, {order, std::int64_t{round + kHoldSeconds}, std::string(kRaceSeat)});
  db.run(sql.insert_order, {order, request_key(round, buyer), std::string(kRaceSeat)});
  db.run(sql.commit);
}

// Every buyer goes through every barrier of every round, even after a failure,
// so that nobody is left waiting at a barrier; it only stops touching the database.
void buyer_thread(Shared& shared, int buyer, BusyWait& busy) {
  std::unique_ptr<LiveConnection> db;
  try {
    db = shared.database.open_buyer(busy);
  } catch (...) {
    shared.fail(std::current_exception());
  }
  const RaceSql& sql = shared.sql;
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
      attempt([&] { saw_free = db->text(sql.read_seat, {std::string(kRaceSeat)}) == "FREE"; });
      shared.sync.arrive_and_wait();  // everyone has read; only now may anyone write
      if (saw_free) attempt([&] { take_seat_blindly(*db, sql, round, buyer); });
    } else {
      attempt([&] { take_seat_atomically(*db, sql, round, buyer); });
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

  RaceDatabase database(options);
  result.journal_mode = database.journal_mode();
  result.server_version = database.server_version();
  result.server_where = database.server_where();
  LiveConnection& coordinator = database.coordinator();
  const RaceSql& sql = database.sql();

  Shared shared(options, database);
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
        coordinator.run(sql.begin_write);
        coordinator.run(sql.clear_orders);
        coordinator.run(sql.free_seat, {std::string(kRaceSeat)});
        coordinator.run(sql.commit);
      } catch (...) {
        coordinator.roll_back_if_open();
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
      record_round(result,
                   static_cast<int>(coordinator.integer(sql.count_winners, {std::string(kRaceSeat)})));
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
