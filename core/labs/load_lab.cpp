// [SECTION] index: names · inputs · workload · SQL · connections · database file · deciding an intent ·
// admission queue · engines · statistics · run_load_lab
#include "core/labs/load_lab.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <random>
#include <system_error>
#include <thread>

#include "core/formats/hash.hpp"
#include "core/labs/lab_connection.hpp"
#include "core/labs/lab_file.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

using Clock = std::chrono::steady_clock;

std::int64_t nanoseconds_since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}
double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", value);
  return text;
}

}  // namespace

// [SECTION] names
std::string_view load_engine_name(LoadEngine engine) {
  return engine == LoadEngine::queue ? "queue" : "race";
}
bool parse_load_engine(std::string_view text, LoadEngine& out) {
  if (text == "queue") {
    out = LoadEngine::queue;
  } else if (text == "race") {
    out = LoadEngine::race;
  } else {
    return false;
  }
  return true;
}

std::string_view load_synchronous_name(LoadSynchronous synchronous) {
  return synchronous == LoadSynchronous::normal ? "normal" : "full";
}
bool parse_load_synchronous(std::string_view text, LoadSynchronous& out) {
  if (text == "normal") {
    out = LoadSynchronous::normal;
  } else if (text == "full") {
    out = LoadSynchronous::full;
  } else {
    return false;
  }
  return true;
}

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
  return text + " synchronous=" + std::string(load_synchronous_name(options.synchronous)) +
         " checkpoint=" + (options.background_checkpoint ? "background" : "inline");
}

// [SECTION] workload
namespace {

// Uniform in [0, bound): rejection sampling, no modulo bias, the same on every standard library.
std::uint64_t below(std::mt19937_64& random, std::uint64_t bound) {
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;  // a multiple of bound
  for (;;) {
    const std::uint64_t value = random();
    if (value < limit) return value % bound;
  }
}

template <typename T>
void shuffle(std::vector<T>& items, std::mt19937_64& random) {
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(random, i)]);
}

}  // namespace

LoadWorkload make_load_workload(const LoadOptions& options) {
  validate_load_options(options);
  std::mt19937_64 random(options.seed);
  LoadWorkload workload;

  // The hot seats: a seeded choice among all seats, not simply the first ones.
  const std::int64_t seats = options.seats;
  std::int64_t hot_count = std::llround(static_cast<double>(seats) * options.hot_seats);
  hot_count = std::clamp<std::int64_t>(hot_count, 1, seats);
  std::vector<std::int64_t> seat_ids(static_cast<std::size_t>(seats));
  for (std::int64_t i = 0; i < seats; ++i) seat_ids[static_cast<std::size_t>(i)] = i + 1;
  for (std::int64_t i = 0; i < hot_count; ++i)
    std::swap(seat_ids[static_cast<std::size_t>(i)],
              seat_ids[static_cast<std::size_t>(i + static_cast<std::int64_t>(below(random, seats - i)))]);
  const std::int64_t cold_count = seats - hot_count;

  // Exactly hot_share of the intents aim at hot seats, in a seeded order.
  const std::int64_t intents = options.intents;
  const std::int64_t hot_intents = std::llround(static_cast<double>(intents) * options.hot_share);
  std::vector<unsigned char> hot(static_cast<std::size_t>(intents), 0);
  std::fill(hot.begin(), hot.begin() + hot_intents, 1);
  shuffle(hot, random);

  // Arrivals: uniform over the sale's first minute, sorted: a Poisson process given its count.
  std::vector<std::int64_t> arrivals(static_cast<std::size_t>(intents));
  for (auto& arrival : arrivals)
    arrival = static_cast<std::int64_t>(below(random, kLoadSaleWindowSeconds * 1'000'000));
  std::sort(arrivals.begin(), arrivals.end());

  workload.intents.resize(static_cast<std::size_t>(intents));
  std::vector<bool> wanted(static_cast<std::size_t>(seats) + 1, false);
  Fnv1a64 hash;
  hash.bytes("reslab load workload 1 " + load_workload_text(options));
  for (std::size_t i = 0; i < workload.intents.size(); ++i) {
    LoadIntent& intent = workload.intents[i];
    if (hot[i] || cold_count == 0) {
      intent.seat = seat_ids[below(random, static_cast<std::uint64_t>(hot_count))];
    } else {
      intent.seat = seat_ids[static_cast<std::size_t>(hot_count) +
                             below(random, static_cast<std::uint64_t>(cold_count))];
    }
    intent.arrival_us = arrivals[i];
    if (!wanted[static_cast<std::size_t>(intent.seat)]) {
      wanted[static_cast<std::size_t>(intent.seat)] = true;
      ++workload.distinct_seats;
    }
    hash.number(static_cast<std::uint64_t>(intent.seat));
    hash.number(static_cast<std::uint64_t>(intent.arrival_us));
  }
  workload.hot_seat_count = hot_count;
  workload.hot_intents = hot_intents;
  workload.hash = hash.hex();
  return workload;
}

namespace {

// [SECTION] SQL
// Seed 003's minimal model with numbered seats, plus a marker table so a user's own
// database is never mistaken for ours. Times are the workload's logical milliseconds.
constexpr const char* kSchema =
    "CREATE TABLE reslab_load(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE seats(seat_id INTEGER PRIMARY KEY, state TEXT NOT NULL, order_id INTEGER UNIQUE,"
    " expires_at INTEGER);"
    "CREATE TABLE orders(id INTEGER PRIMARY KEY, request_key TEXT NOT NULL UNIQUE, seat_id INTEGER NOT NULL,"
    " state TEXT NOT NULL, created_at INTEGER NOT NULL);";
constexpr const char* kFormat = "reslab load 1";
constexpr const char* kSetMark =
    "INSERT INTO reslab_load(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2";
constexpr const char* kLoadTables =
    "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('reslab_load', 'seats', 'orders')";
constexpr const char* kReadFormat = "SELECT value FROM reslab_load WHERE key = 'format'";
constexpr const char* kAddSeats =
    "WITH RECURSIVE n(seat_id) AS (SELECT 1 UNION ALL SELECT seat_id + 1 FROM n WHERE seat_id < ?1)"
    " INSERT INTO seats(seat_id, state) SELECT seat_id, 'FREE' FROM n";

constexpr const char* kBeginImmediate = "BEGIN IMMEDIATE";
constexpr const char* kCommit = "COMMIT";
constexpr const char* kRollback = "ROLLBACK";
// atomic: the seed's hold transaction. An expired holder is marked expired first (same transaction),
// then the conditional UPDATE re-checks the seat under the write lock; rows changed decides.
constexpr const char* kExpirePastHolder =
    "UPDATE orders SET state = 'EXPIRED' WHERE state = 'HELD' AND id = (SELECT order_id FROM seats"
    " WHERE seat_id = ?1 AND state = 'HELD' AND expires_at <= ?2)";
constexpr const char* kTakeSeatIfFree =
    "UPDATE seats SET state = 'HELD', order_id = ?1, expires_at = ?2"
    " WHERE seat_id = ?3 AND (state = 'FREE' OR (state = 'HELD' AND expires_at <= ?4))";
constexpr const char* kInsertOrder =
    "INSERT INTO orders(id, request_key, seat_id, state, created_at) VALUES (?1, ?2, ?3, ?4, ?5)";
// naive: read in one transaction, then write what was decided from that read in another.
constexpr const char* kReadSeat = "SELECT state, order_id, expires_at FROM seats WHERE seat_id = ?1";
constexpr const char* kExpireOrder = "UPDATE orders SET state = 'EXPIRED' WHERE id = ?1";
constexpr const char* kTakeSeat =
    "UPDATE seats SET state = 'HELD', order_id = ?1, expires_at = ?2 WHERE seat_id = ?3";

constexpr const char* kCountOversold =
    "SELECT count(*) FROM (SELECT seat_id FROM orders WHERE state IN ('HELD', 'PAID')"
    " GROUP BY seat_id HAVING count(*) > 1)";
constexpr const char* kCountHeldSeats = "SELECT count(*) FROM seats WHERE state = 'HELD'";
constexpr const char* kCountLiveOrders = "SELECT count(*) FROM orders WHERE state IN ('HELD', 'PAID')";
constexpr const char* kCountOrders = "SELECT count(*) FROM orders";
constexpr const char* kCountExpiredOrders = "SELECT count(*) FROM orders WHERE state = 'EXPIRED'";

// The whole database fits: seat and index pages are never read back from the file mid-run.
constexpr const char* kCacheSize = "PRAGMA cache_size = -65536";  // KiB
// SQLite's default: checkpoint once the WAL holds 1000 pages. Done by our own WAL hook so it can be timed,
// and moved off the writing thread when asked to.
constexpr int kCheckpointPages = 1000;
// A PASSIVE checkpoint copies what was committed when it began; while a writer keeps appending it never
// catches up, and SQLite restarts the WAL only after a checkpoint that did. Past this many pages the
// background checkpointer waits for a gap between transactions and finishes the job (RESTART), holding
// the writer off meanwhile: the WAL's size is bounded, at the price of that one stall.
constexpr int kWalCapPages = 65'536;

// [SECTION] connections
class Checkpointer;

struct ConnectionStats {
  BusyWait busy;  // its stop: give up waiting once the run is cancelled
  std::int64_t wal_peak_frames = 0;
  std::int64_t checkpoints = 0;
  double checkpoint_seconds = 0;
  Checkpointer* checkpointer = nullptr;  // null: checkpoint inline, in the committing thread
};

// The run's durability, and a cache the whole database fits in.
void set_load_synchronous(LabConnection& db, LoadSynchronous synchronous) {
  db.script(synchronous == LoadSynchronous::normal ? "PRAGMA synchronous = NORMAL"
                                                   : "PRAGMA synchronous = FULL");
  db.script(kCacheSize);
}

// Checkpoints on their own thread and connection: the WAL and file syncs of a checkpoint
// (synchronous=NORMAL syncs only there) then wait on the disk beside the writer, not in its way.
// A PASSIVE checkpoint never blocks a writer; the WAL restarts from its beginning once a
// checkpoint has copied every frame back.
class Checkpointer {
 public:
  Checkpointer(const std::string& file, LoadSynchronous synchronous);
  ~Checkpointer();
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  // From any writing thread, after a commit left the WAL long: cheap, never waits for the checkpoint.
  void request() {
    {
      std::lock_guard lock(m_mutex);
      if (m_requested) return;
      m_requested = true;
    }
    m_wake.notify_all();
  }
  // Finishes the checkpoint under way and joins the thread; the counts are final afterwards.
  void stop();
  std::int64_t checkpoints() const { return m_checkpoints; }
  std::int64_t restarts() const { return m_restarts; }
  double seconds() const { return m_seconds; }

 private:
  void run();

  std::unique_ptr<LabConnection> m_db;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  bool m_requested = false;
  bool m_stopping = false;
  BusyWait m_busy;                 // RESTART waits for the writer between transactions
  std::int64_t m_checkpoints = 0;  // read after the thread has joined
  std::int64_t m_restarts = 0;
  double m_seconds = 0;
  std::thread m_thread;
};

int checkpoint_after_commit(void* context, sqlite3* db, const char* name, int pages) {
  auto* stats = static_cast<ConnectionStats*>(context);
  stats->wal_peak_frames = std::max<std::int64_t>(stats->wal_peak_frames, pages);
  if (pages < kCheckpointPages) return SQLITE_OK;
  if (stats->checkpointer) {
    stats->checkpointer->request();
    return SQLITE_OK;
  }
  const auto started = Clock::now();
  sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  stats->checkpoint_seconds += seconds_since(started);
  ++stats->checkpoints;
  return SQLITE_OK;
}

// A writer's connection: the bounded busy wait, the WAL hook that checkpoints, the run's settings.
void watch_writes(LabConnection& db, ConnectionStats& stats, LoadSynchronous synchronous) {
  db.wait_when_busy(stats.busy);
  sqlite3_wal_hook(db.handle(), checkpoint_after_commit, &stats);
  set_load_synchronous(db, synchronous);
}

Checkpointer::Checkpointer(const std::string& file, LoadSynchronous synchronous) {
  m_db = std::make_unique<LabConnection>(file, LabOpen::read_write);
  m_db->wait_when_busy(m_busy);
  set_load_synchronous(*m_db, synchronous);  // the checkpointing connection's setting decides its syncs
  m_thread = std::thread(&Checkpointer::run, this);
}

Checkpointer::~Checkpointer() {
  stop();
}

void Checkpointer::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_wake.notify_all();
  if (m_thread.joinable()) m_thread.join();
}

void Checkpointer::run() {
  for (;;) {
    {
      std::unique_lock lock(m_mutex);
      m_wake.wait(lock, [&] { return m_requested || m_stopping; });
      if (m_stopping) return;
      m_requested = false;
    }
    const auto started = Clock::now();
    int wal_pages = 0;
    sqlite3_wal_checkpoint_v2(m_db->handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, &wal_pages, nullptr);
    if (wal_pages >= kWalCapPages) {
      sqlite3_wal_checkpoint_v2(m_db->handle(), nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
      ++m_restarts;
    }
    m_seconds += seconds_since(started);
    ++m_checkpoints;
  }
}

// [SECTION] database file
// An earlier `reslab load` made the file when it has the tables and says so.
LabFileKind load_file_kind() {
  return {"load",
          [](LabConnection& look) {
            return look.sql(kLoadTables).integer() == 3 && look.sql(kReadFormat).text() == kFormat;
          },
          true};
}

// Creates the tables and the seats in WAL mode, and leaves the WAL empty.
void set_up_load_file(LabFile& file, const LoadOptions& options, const std::string& workload_hash) {
  file.set_up([&](LabConnection& db) {
    set_load_synchronous(db, options.synchronous);
    db.script("BEGIN IMMEDIATE");
    db.script(kSchema);
    const std::string inputs = load_inputs_text(options);
    for (const auto& [key, value] : {std::pair<const char*, const char*>{"format", kFormat},
                                     {"inputs", inputs.c_str()},
                                     {"workload_hash", workload_hash.c_str()},
                                     {"status", "running"}})
      db.sql(kSetMark).bind(1, key).bind(2, value).run();
    db.sql(kAddSeats).bind(1, options.seats).run();
    db.script("COMMIT");
    db.script("PRAGMA wal_checkpoint(TRUNCATE)");
  });
}

std::int64_t file_bytes(const std::string& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  return error ? 0 : static_cast<std::int64_t>(size);
}

// [SECTION] deciding an intent
// The prepared statements one connection needs, and the intent's order identity.
struct IntentContext {
  explicit IntentContext(LabConnection& db)
      : begin(db.sql(kBeginImmediate)),
        commit(db.sql(kCommit)),
        expire_past_holder(db.sql(kExpirePastHolder)),
        take_seat_if_free(db.sql(kTakeSeatIfFree)),
        insert_order(db.sql(kInsertOrder)),
        read_seat(db.sql(kReadSeat)),
        expire_order(db.sql(kExpireOrder)),
        take_seat(db.sql(kTakeSeat)) {}

  LabStatement& begin;
  LabStatement& commit;
  LabStatement& expire_past_holder;
  LabStatement& take_seat_if_free;
  LabStatement& insert_order;
  LabStatement& read_seat;
  LabStatement& expire_order;
  LabStatement& take_seat;
  char request_key[32];
};

std::int64_t order_id_of(std::int64_t index) {
  return index + 1;
}

void insert_order(IntentContext& sql, std::int64_t index, const LoadIntent& intent, bool held) {
  std::snprintf(sql.request_key, sizeof sql.request_key, "intent-%08lld", static_cast<long long>(index + 1));
  sql.insert_order.bind(1, order_id_of(index))
      .bind(2, sql.request_key)
      .bind(3, intent.seat)
      .bind(4, held ? "HELD" : "REJECTED")
      .bind(5, intent.arrival_us / 1000)
      .run();
}

// atomic, inside the caller's write transaction: true when the intent now holds its seat.
bool decide_atomically(IntentContext& sql, std::int64_t index, const LoadIntent& intent,
                       std::int64_t hold_ms) {
  const std::int64_t now_ms = intent.arrival_us / 1000;
  sql.expire_past_holder.bind(1, intent.seat).bind(2, now_ms).run();
  const bool held = sql.take_seat_if_free.bind(1, order_id_of(index))
                        .bind(2, now_ms + hold_ms)
                        .bind(3, intent.seat)
                        .bind(4, now_ms)
                        .run() == 1;
  insert_order(sql, index, intent, held);
  return held;
}

// naive, first half: what the seat looked like, read outside any write transaction.
struct SeatSeen {
  bool free = false;
  std::int64_t expired_holder = 0;  // 0: none
};

SeatSeen read_seat(IntentContext& sql, const LoadIntent& intent) {
  const std::int64_t now_ms = intent.arrival_us / 1000;
  LabStatement& read = sql.read_seat.bind(1, intent.seat);
  const int rc = read.step();
  if (rc != SQLITE_ROW) {
    read.reset();
    read.fail(rc == SQLITE_DONE ? SQLITE_NOTFOUND : rc);
  }
  SeatSeen seen;
  const std::string state = read.column_text(0);
  if (state == "FREE") {
    seen.free = true;
  } else if (state == "HELD" && !read.column_null(2) && read.column_int(2) <= now_ms) {
    seen.free = true;
    seen.expired_holder = read.column_null(1) ? 0 : read.column_int(1);
  }
  read.reset();
  return seen;
}

// naive, second half, inside the caller's write transaction: acts on the earlier read without looking again.
bool write_blindly(IntentContext& sql, std::int64_t index, const LoadIntent& intent, const SeatSeen& seen,
                   std::int64_t hold_ms) {
  if (seen.free) {
    const std::int64_t now_ms = intent.arrival_us / 1000;
    if (seen.expired_holder != 0) sql.expire_order.bind(1, seen.expired_holder).run();
    sql.take_seat.bind(1, order_id_of(index)).bind(2, now_ms + hold_ms).bind(3, intent.seat).run();
  }
  insert_order(sql, index, intent, seen.free);
  return seen.free;
}

// [SECTION] admission queue
// A bounded FIFO of intent indices between the admitting threads and the one writer. Its
// bound is the closed loop's window: a thread with an intent waits for room before admitting it.
// Every wake-up here is notify_all: glibc 2.36 (Debian 12) can lose a notify_one among several
// waiters (sourceware bug 25847), which hung a run with --batch 1 and 16 admitting threads.
class AdmissionQueue {
 public:
  explicit AdmissionQueue(std::size_t capacity) : m_ring(capacity) {}

  // Closed loop: waits for room, then takes the next intent and admits it at once, so intents enter
  // in arrival order whatever the number of admitting threads. Returns the intent, or -1 once every
  // intent was taken or the queue was stopped.
  template <typename Take>
  std::int64_t admit_next(Take take) {
    std::unique_lock lock(m_mutex);
    m_not_full.wait(lock, [&] { return m_count < m_ring.size() || m_stopped; });
    if (m_stopped) return -1;
    const std::int64_t index = take();
    if (index < 0) return -1;
    m_ring[(m_head + m_count) % m_ring.size()] = index;
    ++m_count;
    const bool wake = m_writer_waiting;
    lock.unlock();
    if (wake) m_not_empty.notify_all();
    return index;
  }

  // Open loop: the intent has arrived; waits for room, then admits it and stamps the admission
  // time. False once the queue was stopped.
  bool push(std::int64_t index, std::int64_t& admitted_ns, Clock::time_point start) {
    std::unique_lock lock(m_mutex);
    m_not_full.wait(lock, [&] { return m_count < m_ring.size() || m_stopped; });
    if (m_stopped) return false;
    m_ring[(m_head + m_count) % m_ring.size()] = index;
    ++m_count;
    admitted_ns = nanoseconds_since(start);
    const bool wake = m_writer_waiting;
    lock.unlock();
    if (wake) m_not_empty.notify_all();
    return true;
  }

  // Waits for a first intent, then up to `delay` for the batch to fill to `most`. Leaves `batch`
  // empty when every intent has been taken and nobody will admit more, or the queue was stopped.
  void pop_batch(std::vector<std::int64_t>& batch, std::size_t most, std::chrono::nanoseconds delay) {
    batch.clear();
    std::unique_lock lock(m_mutex);
    m_writer_waiting = true;
    m_not_empty.wait(lock, [&] { return m_count > 0 || m_finished || m_stopped; });
    if (m_count < most && !m_finished && !m_stopped && delay.count() > 0)
      m_not_empty.wait_until(lock, Clock::now() + delay,
                             [&] { return m_count >= most || m_finished || m_stopped; });
    m_writer_waiting = false;
    if (m_stopped) return;
    const std::size_t taken = std::min(m_count, most);
    for (std::size_t i = 0; i < taken; ++i) batch.push_back(m_ring[(m_head + i) % m_ring.size()]);
    m_head = (m_head + taken) % m_ring.size();
    m_count -= taken;
    lock.unlock();
    if (taken > 0) m_not_full.notify_all();
  }

  // Nobody will admit more: the writer drains what is queued, then stops.
  void finish() {
    {
      std::lock_guard lock(m_mutex);
      m_finished = true;
    }
    m_not_empty.notify_all();
  }
  // Cancelled: admitting threads give up, the writer stops after the batch it is committing.
  void stop() {
    {
      std::lock_guard lock(m_mutex);
      m_stopped = true;
    }
    m_not_empty.notify_all();
    m_not_full.notify_all();
  }

 private:
  std::mutex m_mutex;
  std::condition_variable m_not_empty;
  std::condition_variable m_not_full;
  std::vector<std::int64_t> m_ring;
  std::size_t m_head = 0;
  std::size_t m_count = 0;
  bool m_writer_waiting = false;
  bool m_finished = false;
  bool m_stopped = false;
};

// [SECTION] engines
// What one engine run needs and produces. Per-intent times are nanoseconds from `start`;
// -1 marks an intent that was never decided.
struct EngineRun {
  EngineRun(const LoadWorkload& workload, const LoadOptions& options, std::string file)
      : workload(workload),
        options(options),
        file(std::move(file)),
        arrival_ns(workload.intents.size(), -1),
        admitted_ns(workload.intents.size(), -1),
        decided_ns(workload.intents.size(), -1) {}

  const LoadWorkload& workload;
  const LoadOptions& options;  // engine, model, threads, rate, batch of this run
  const std::string file;
  Checkpointer* checkpointer = nullptr;  // null: each connection checkpoints inline
  Clock::time_point start;
  std::vector<std::int64_t> arrival_ns;
  std::vector<std::int64_t> admitted_ns;
  std::vector<std::int64_t> decided_ns;

  std::atomic<std::int64_t> next{0};
  std::atomic<std::int64_t> decided{0};
  std::atomic<std::int64_t> accepted{0};
  std::atomic<std::int64_t> rejected{0};
  std::atomic<std::int64_t> failed{0};
  std::atomic<bool> stop{false};  // cancelled or failed: take no new intent

  std::mutex mutex;  // guards the rest
  std::condition_variable all_done;
  int running = 0;
  std::exception_ptr error;
  LoadTimeSplit split;
  std::int64_t busy_retries = 0;

  void fail(std::exception_ptr what) {
    std::lock_guard lock(mutex);
    if (!error) error = what;
    stop = true;
  }
  void thread_done() {
    std::lock_guard lock(mutex);
    --running;
    all_done.notify_all();
  }
  void add(const ConnectionStats& stats, const LoadTimeSplit& part) {
    std::lock_guard lock(mutex);
    busy_retries += stats.busy.retries;
    split.checkpoints += stats.checkpoints;
    split.checkpoint_seconds += stats.checkpoint_seconds;
    split.commits += part.commits;
    split.statements_seconds += part.statements_seconds;
    split.commit_seconds += part.commit_seconds - stats.checkpoint_seconds;  // the hook runs inside COMMIT
    split.idle_seconds += part.idle_seconds;
    split.lock_wait_seconds += part.lock_wait_seconds;
    split.longest_commit_ms = std::max(split.longest_commit_ms, part.longest_commit_ms);
    split.longest_transaction_ms = std::max(split.longest_transaction_ms, part.longest_transaction_ms);
    split.wal_peak_frames = std::max(split.wal_peak_frames, stats.wal_peak_frames);
  }

  std::int64_t hold_ms() const { return options.hold_seconds * 1000; }
  // Open loop: the intent's arrival in wall time, the sale's minute compressed or stretched to `rate`.
  std::int64_t scheduled_ns(std::int64_t index) const {
    const double workload_rate =
        static_cast<double>(workload.intents.size()) / static_cast<double>(kLoadSaleWindowSeconds);
    const double wall_us = static_cast<double>(workload.intents[static_cast<std::size_t>(index)].arrival_us) *
                           (workload_rate / options.rate);
    return static_cast<std::int64_t>(wall_us * 1000.0);
  }
  // Open loop: sleeps until the intent arrives (in short slices, to notice a cancel). False when stopped.
  bool wait_for_arrival(std::int64_t index) {
    const auto due = start + std::chrono::nanoseconds(scheduled_ns(index));
    for (;;) {
      if (stop) return false;
      const auto now = Clock::now();
      if (now >= due) return true;
      std::this_thread::sleep_until(std::min(due, now + std::chrono::milliseconds(20)));
    }
  }
  // Takes the next intent in arrival order and stamps its arrival. -1: none left, or stopped.
  std::int64_t take_intent() {
    if (stop) return -1;
    const std::int64_t index = next.fetch_add(1);
    if (index >= static_cast<std::int64_t>(workload.intents.size())) return -1;
    if (options.rate > 0) {
      if (!wait_for_arrival(index)) return -1;
      arrival_ns[static_cast<std::size_t>(index)] = scheduled_ns(index);
    } else {
      arrival_ns[static_cast<std::size_t>(index)] = nanoseconds_since(start);
    }
    return index;
  }
  void count(bool held) {
    (held ? accepted : rejected).fetch_add(1, std::memory_order_relaxed);
    decided.fetch_add(1, std::memory_order_relaxed);
  }
};

void note_transaction(LoadTimeSplit& split, Clock::time_point began, Clock::time_point statements_done) {
  const auto committed = Clock::now();
  const double statements = std::chrono::duration<double>(statements_done - began).count();
  const double commit = std::chrono::duration<double>(committed - statements_done).count();
  split.statements_seconds += statements;
  split.commit_seconds += commit;
  split.longest_commit_ms = std::max(split.longest_commit_ms, commit * 1e3);
  split.longest_transaction_ms = std::max(split.longest_transaction_ms, (statements + commit) * 1e3);
}

// queue: the one writer. Each batch is one write transaction; each intent in it runs its own statements.
void queue_writer(EngineRun& run, AdmissionQueue& queue) {
  ConnectionStats stats;
  stats.checkpointer = run.checkpointer;
  LoadTimeSplit split;
  try {
    LabConnection db(run.file, LabOpen::read_write);
    watch_writes(db, stats, run.options.synchronous);
    IntentContext sql(db);
    std::vector<std::int64_t> batch;
    batch.reserve(static_cast<std::size_t>(run.options.batch));
    const auto delay = std::chrono::nanoseconds(static_cast<std::int64_t>(run.options.batch_delay_ms * 1e6));
    for (;;) {
      const auto waiting = Clock::now();
      queue.pop_batch(batch, static_cast<std::size_t>(run.options.batch), delay);
      split.idle_seconds += seconds_since(waiting);
      if (batch.empty()) break;
      const auto began = Clock::now();
      std::int64_t held = 0;
      try {
        sql.begin.run();
        for (std::int64_t index : batch)
          held += decide_atomically(sql, index, run.workload.intents[static_cast<std::size_t>(index)],
                                    run.hold_ms());
        const auto statements_done = Clock::now();
        sql.commit.run();
        note_transaction(split, began, statements_done);
      } catch (...) {
        db.roll_back_if_open();
        throw;
      }
      const std::int64_t decided_at = nanoseconds_since(run.start);
      for (std::int64_t index : batch) run.decided_ns[static_cast<std::size_t>(index)] = decided_at;
      ++split.commits;
      run.accepted.fetch_add(held, std::memory_order_relaxed);
      run.rejected.fetch_add(static_cast<std::int64_t>(batch.size()) - held, std::memory_order_relaxed);
      run.decided.fetch_add(static_cast<std::int64_t>(batch.size()), std::memory_order_relaxed);
    }
  } catch (...) {
    run.fail(std::current_exception());
    queue.stop();
  }
  run.add(stats, split);
  run.thread_done();
}

// queue: an admitting thread. Closed loop: the next intent arrives as soon as there is room in
// the queue. Open loop: each intent arrives at its time and waits in front of a full queue.
void queue_admitter(EngineRun& run, AdmissionQueue& queue, std::atomic<int>& admitters_left) {
  if (run.options.rate > 0) {
    for (;;) {
      const std::int64_t index = run.take_intent();
      if (index < 0) break;
      if (!queue.push(index, run.admitted_ns[static_cast<std::size_t>(index)], run.start)) break;
    }
  } else {
    const auto take = [&run]() -> std::int64_t {
      const std::int64_t index = run.take_intent();
      if (index >= 0)
        run.admitted_ns[static_cast<std::size_t>(index)] = run.arrival_ns[static_cast<std::size_t>(index)];
      return index;
    };
    while (queue.admit_next(take) >= 0) {
    }
  }
  if (admitters_left.fetch_sub(1) == 1) queue.finish();
  run.thread_done();
}

// race: one thread, one connection, one write transaction per intent, bounded BUSY retries.
void race_worker(EngineRun& run, const std::function<void(std::int64_t)>* after_naive_read) {
  ConnectionStats stats;
  stats.busy.stop = &run.stop;
  stats.checkpointer = run.checkpointer;
  LoadTimeSplit split;
  try {
    LabConnection db(run.file, LabOpen::read_write);
    watch_writes(db, stats, run.options.synchronous);
    IntentContext sql(db);
    const bool naive = run.options.model == Model::naive;
    for (;;) {
      const std::int64_t index = run.take_intent();
      if (index < 0) break;
      const LoadIntent& intent = run.workload.intents[static_cast<std::size_t>(index)];
      run.admitted_ns[static_cast<std::size_t>(index)] = nanoseconds_since(run.start);
      SeatSeen seen;
      if (naive) {
        seen = read_seat(sql, intent);
        if (after_naive_read && *after_naive_read) (*after_naive_read)(index);
      }
      const auto locking = Clock::now();
      const int rc = sql.begin.step();
      sql.begin.reset();
      const auto locked = Clock::now();
      split.lock_wait_seconds += std::chrono::duration<double>(locked - locking).count();
      if ((rc & 0xff) == SQLITE_BUSY) {
        if (run.stop) break;  // cancelled while waiting: this intent was never decided
        run.failed.fetch_add(1, std::memory_order_relaxed);
        continue;
      }
      if (rc != SQLITE_DONE) sql.begin.fail(rc);
      bool held = false;
      try {
        held = naive ? write_blindly(sql, index, intent, seen, run.hold_ms())
                     : decide_atomically(sql, index, intent, run.hold_ms());
        const auto statements_done = Clock::now();
        sql.commit.run();
        note_transaction(split, locked, statements_done);
      } catch (...) {
        db.roll_back_if_open();
        throw;
      }
      run.decided_ns[static_cast<std::size_t>(index)] = nanoseconds_since(run.start);
      ++split.commits;
      run.count(held);
    }
  } catch (...) {
    run.fail(std::current_exception());
  }
  run.add(stats, split);
  run.thread_done();
}

void report(LoadControl* control, const LoadProgress& progress) {
  if (control && control->on_progress) control->on_progress(progress);
}

// Starts the engine's threads and watches them from the calling thread: progress, the throughput
// series, cancellation. Rethrows the first failure once every thread has stopped.
void drive(EngineRun& run, LoadControl* control, LoadPhase phase, std::vector<ThroughputSample>* series) {
  const bool queue_engine = run.options.engine == LoadEngine::queue;
  const int threads = run.options.threads;
  AdmissionQueue queue(static_cast<std::size_t>(run.options.batch));
  std::atomic<int> admitters_left{threads};
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads) + 1);
  const std::function<void(std::int64_t)>* hook = control ? &control->after_naive_read : nullptr;
  std::unique_ptr<Checkpointer> checkpointer;
  if (run.options.background_checkpoint) {
    checkpointer = std::make_unique<Checkpointer>(run.file, run.options.synchronous);
    run.checkpointer = checkpointer.get();
  }
  run.start = Clock::now();
  try {
    std::lock_guard lock(run.mutex);
    if (queue_engine) {
      run.running = threads + 1;
      pool.emplace_back(queue_writer, std::ref(run), std::ref(queue));
      for (int i = 0; i < threads; ++i)
        pool.emplace_back(queue_admitter, std::ref(run), std::ref(queue), std::ref(admitters_left));
    } else {
      run.running = threads;
      for (int i = 0; i < threads; ++i) pool.emplace_back(race_worker, std::ref(run), hook);
    }
  } catch (...) {
    // Not every thread started: stop the ones that did, and count the missing ones as done.
    run.fail(std::current_exception());
    queue.stop();
    {
      std::lock_guard lock(run.mutex);
      run.running = 0;
    }
    for (auto& thread : pool) thread.join();
    std::rethrow_exception(run.error);
  }

  LoadProgress progress;
  progress.phase = phase;
  progress.intents = static_cast<std::int64_t>(run.workload.intents.size());
  std::int64_t last_decided = 0;
  double last_seconds = 0;
  for (;;) {
    bool finished;
    {
      std::unique_lock lock(run.mutex);
      finished = run.all_done.wait_for(lock, std::chrono::milliseconds(kLoadProgressIntervalMs),
                                       [&] { return run.running == 0; });
    }
    if (control && control->cancel && !run.stop) {
      run.stop = true;
      queue.stop();
    }
    progress.seconds = seconds_since(run.start);
    progress.decided = run.decided.load();
    progress.accepted = run.accepted.load();
    progress.rejected = run.rejected.load();
    const double interval = progress.seconds - last_seconds;
    progress.intents_per_s =
        interval > 0 ? static_cast<double>(progress.decided - last_decided) / interval : 0;
    if (series) series->push_back({progress.seconds, progress.decided, progress.intents_per_s});
    last_decided = progress.decided;
    last_seconds = progress.seconds;
    report(control, progress);
    if (finished) break;
  }
  for (auto& thread : pool) thread.join();
  if (checkpointer) {
    checkpointer->stop();
    run.split.checkpoints += checkpointer->checkpoints();
    run.split.wal_restarts += checkpointer->restarts();
    run.split.checkpoint_seconds += checkpointer->seconds();
  }
  if (run.error) std::rethrow_exception(run.error);
}

// [SECTION] statistics
LatencySummary summarize(std::vector<std::int64_t>& nanoseconds) {
  LatencySummary summary;
  if (nanoseconds.empty()) return summary;
  std::sort(nanoseconds.begin(), nanoseconds.end());
  // Nearest rank: the smallest value with at least p% of the values at or below it.
  const auto rank = [&](double percent) {
    const auto position =
        static_cast<std::size_t>(std::ceil(percent / 100.0 * static_cast<double>(nanoseconds.size())));
    return static_cast<double>(nanoseconds[std::max<std::size_t>(position, 1) - 1]) / 1e6;
  };
  summary.p50_ms = rank(50);
  summary.p95_ms = rank(95);
  summary.p99_ms = rank(99);
  summary.max_ms = static_cast<double>(nanoseconds.back()) / 1e6;
  double total = 0;
  for (std::int64_t value : nanoseconds) total += static_cast<double>(value);
  summary.mean_ms = total / static_cast<double>(nanoseconds.size()) / 1e6;
  return summary;
}

// 1-2-5 steps from 10 µs to 5 s, then everything slower.
std::vector<LatencyBucket> histogram(const std::vector<std::int64_t>& sorted_nanoseconds) {
  std::vector<LatencyBucket> buckets;
  for (double decade = 0.01; decade < 10'000; decade *= 10)
    for (double step : {1.0, 2.0, 5.0}) buckets.push_back({decade * step, 0});
  buckets.push_back({INFINITY, 0});
  std::size_t bucket = 0;
  for (std::int64_t value : sorted_nanoseconds) {
    const double ms = static_cast<double>(value) / 1e6;
    while (ms > buckets[bucket].upper_ms) ++bucket;
    ++buckets[bucket].count;
  }
  return buckets;
}

// Counts by SQL over the whole file, marks the run's status, and measures the file after a checkpoint.
void count_afterwards(const std::string& file, bool cancelled, LoadResult& result) {
  LabConnection db(file, LabOpen::read_write);
  result.oversold = db.sql(kCountOversold).integer();
  result.held_seats = db.sql(kCountHeldSeats).integer();
  result.live_orders = db.sql(kCountLiveOrders).integer();
  result.order_rows = db.sql(kCountOrders).integer();
  result.expired_orders = db.sql(kCountExpiredOrders).integer();
  db.sql(kSetMark).bind(1, "status").bind(2, cancelled ? "cancelled" : "done").run();
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
  LoadResult result;
  result.options = options;
  result.inputs_text = load_inputs_text(options);
  result.sqlite_version = sqlite3_libversion();

  LoadProgress setting_up;
  report(control, setting_up);
  const LoadWorkload workload = make_load_workload(options);
  result.workload_hash = workload.hash;
  result.hot_seat_count = workload.hot_seat_count;
  result.hot_intents = workload.hot_intents;
  result.distinct_seats = workload.distinct_seats;

  LabFile file(options.db_file, load_file_kind());
  result.db_path = file.path();
  set_up_load_file(file, options, workload.hash);
  result.journal_mode = file.journal_mode();

  EngineRun run(workload, options, file.path());
  drive(run, control, LoadPhase::running, &result.throughput);
  result.cancelled = run.stop && control && control->cancel;
  result.decided = run.decided;
  result.accepted = run.accepted;
  result.rejected = run.rejected;
  result.failed = run.failed;
  result.busy_retries = run.busy_retries;
  result.time_split = run.split;
  if (run.split.commits > 0)
    result.time_split.mean_batch =
        static_cast<double>(result.decided) / static_cast<double>(run.split.commits);

  std::vector<std::int64_t> after_admission;
  std::vector<std::int64_t> end_to_end;
  after_admission.reserve(workload.intents.size());
  end_to_end.reserve(workload.intents.size());
  std::int64_t last_decision = 0;
  for (std::size_t i = 0; i < workload.intents.size(); ++i) {
    if (run.decided_ns[i] < 0) continue;
    after_admission.push_back(run.decided_ns[i] - run.admitted_ns[i]);
    end_to_end.push_back(run.decided_ns[i] - run.arrival_ns[i]);
    last_decision = std::max(last_decision, run.decided_ns[i]);
  }
  result.seconds = static_cast<double>(last_decision) / 1e9;
  result.intents_per_s = result.seconds > 0 ? static_cast<double>(result.decided) / result.seconds : 0;
  result.after_admission = summarize(after_admission);
  result.end_to_end = summarize(end_to_end);
  result.after_admission_histogram = histogram(after_admission);
  result.end_to_end_histogram = histogram(end_to_end);

  // The single-writer limit of this machine: one thread, one intent per transaction, back to back,
  // on a fresh file of the same kind in the same folder.
  if (options.baseline && !result.cancelled) {
    LoadOptions baseline_options = options;
    baseline_options.engine = LoadEngine::race;
    baseline_options.model = Model::atomic;
    baseline_options.threads = 1;
    baseline_options.rate = 0;
    baseline_options.db_file.clear();
    // Beside the run's file, so both sit on the same file system; the system's temporary
    // folder when that folder takes no new entries.
    std::unique_ptr<LabFile> beside;
    try {
      beside = std::make_unique<LabFile>("", load_file_kind(), file.folder(), "reslab-load-baseline");
    } catch (const UsageError&) {
      beside = std::make_unique<LabFile>("", load_file_kind(), "", "reslab-load-baseline");
    }
    LabFile& baseline_file = *beside;
    set_up_load_file(baseline_file, baseline_options, workload.hash);
    EngineRun baseline(workload, baseline_options, baseline_file.path());
    drive(baseline, control, LoadPhase::baseline, nullptr);
    std::int64_t baseline_last = 0;
    for (std::int64_t decided_at : baseline.decided_ns) baseline_last = std::max(baseline_last, decided_at);
    result.baseline_decided = baseline.decided;
    result.baseline_seconds = static_cast<double>(baseline_last) / 1e9;
    result.cancelled = control && control->cancel;
    if (!result.cancelled && result.baseline_seconds > 0) {
      result.baseline_ran = true;
      result.baseline_tx_per_s = static_cast<double>(result.baseline_decided) / result.baseline_seconds;
      result.ratio_to_baseline = result.intents_per_s / result.baseline_tx_per_s;
    }
  }

  LoadProgress counting;
  counting.phase = LoadPhase::counting;
  report(control, counting);
  count_afterwards(file.path(), result.cancelled, result);
  LoadProgress done;
  done.phase = LoadPhase::done;
  done.intents = static_cast<std::int64_t>(workload.intents.size());
  done.decided = result.decided;
  done.accepted = result.accepted;
  done.rejected = result.rejected;
  done.seconds = result.seconds;
  done.intents_per_s = result.intents_per_s;
  report(control, done);
  return result;
}

}  // namespace reslab
