// The load lab's reference: what one SQLite connection does with the lab's work when nothing else
// runs. One thread, one connection, SQLite's C API called directly, no queue, no per-intent
// bookkeeping: the same file set-up, pragmas, schema and statements as `reslab load` (queue engine,
// atomic model), the same seeded workload (same workload_hash), the intents in arrival order, --batch
// of them (128) per write transaction, each decided by its own conditional UPDATE's rows changed and
// leaving its order row; then the same counts by SQL. Checkpoints as the lab takes them: on their own
// thread and connection (default, the lab's Checkpointer), or --checkpoint inline (as SQLite's own,
// inside the COMMIT that leaves the WAL at 1,000 pages or more). Prints one JSON object with the lab's key
// names. bench/load runs it beside `reslab load`.
#include <sqlite3.h>
#include <stdlib.h>
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>

#include "core/labs/load/checkpointer.hpp"
#include "core/labs/load/engine_run.hpp"
#include "core/labs/load/sql.hpp"
#include "core/labs/load/workload.hpp"

namespace {

using namespace reslab;

[[noreturn]] void die(sqlite3* db, const char* what) {
  std::fprintf(stderr, "load_reference: %s: %s\n", what, db ? sqlite3_errmsg(db) : "error");
  std::exit(1);
}

void exec(sqlite3* db, const char* sql) {
  if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) die(db, sql);
}

sqlite3_stmt* prepare(sqlite3* db, const char* sql) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, nullptr) != SQLITE_OK)
    die(db, sql);
  return statement;
}

// Steps a statement that returns no row and gives the rows it changed.
int run(sqlite3* db, sqlite3_stmt* statement) {
  const int rc = sqlite3_step(statement);
  sqlite3_reset(statement);
  if (rc != SQLITE_DONE) die(db, sqlite3_sql(statement));
  return sqlite3_changes(db);
}

std::int64_t count(sqlite3* db, const char* sql) {
  sqlite3_stmt* statement = prepare(db, sql);
  if (sqlite3_step(statement) != SQLITE_ROW) die(db, sql);
  const std::int64_t value = sqlite3_column_int64(statement, 0);
  sqlite3_finalize(statement);
  return value;
}

sqlite3* open(const std::string& file) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK)
    die(db, "open");
  return db;
}

// The lab's pragmas (load_connection.cpp): its durability, and a cache the whole database fits in.
void set_pragmas(sqlite3* db, LoadSynchronous synchronous) {
  exec(db,
       synchronous == LoadSynchronous::normal ? "PRAGMA synchronous = NORMAL" : "PRAGMA synchronous = FULL");
  exec(db, "PRAGMA cache_size = -65536");
}

// The lab's set-up (load_lab.cpp): WAL, the schema, the marker rows, the seats, an empty WAL.
void set_up(sqlite3* db, const LoadOptions& options, const std::string& workload_hash) {
  exec(db, "PRAGMA journal_mode = WAL");
  set_pragmas(db, options.synchronous);
  exec(db, "BEGIN IMMEDIATE");
  exec(db, load_lab::kLoadSchema);
  sqlite3_stmt* mark = prepare(db, load_lab::kLoadSetMark);
  for (const auto& [key, value] : load_lab::load_marks(options, workload_hash)) {
    sqlite3_bind_text(mark, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(mark, 2, value.c_str(), -1, SQLITE_TRANSIENT);
    run(db, mark);
  }
  sqlite3_finalize(mark);
  sqlite3_stmt* seats = prepare(db, load_lab::kLoadAddSeats);
  sqlite3_bind_int64(seats, 1, options.seats);
  run(db, seats);
  sqlite3_finalize(seats);
  exec(db, "COMMIT");
  exec(db, "PRAGMA wal_checkpoint(TRUNCATE)");
}

// The lab's background checkpoints (load_connection.cpp): a commit that leaves the WAL long asks the
// checkpointing thread.
int request_checkpoint(void* checkpointer, sqlite3*, const char*, int pages) {
  if (pages >= load_lab::kCheckpointPages) static_cast<load_lab::Checkpointer*>(checkpointer)->request();
  return SQLITE_OK;
}

// Inline: what SQLite's own automatic checkpoint does (PASSIVE, in the COMMIT that left the WAL at
// 1,000 pages or more), counted.
int checkpoint_inline(void* checkpoints, sqlite3* db, const char* name, int pages) {
  if (pages < load_lab::kCheckpointPages) return SQLITE_OK;
  sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  ++*static_cast<std::int64_t*>(checkpoints);
  return SQLITE_OK;
}

// The calling thread's own CPU time: what the loop used of its core, whatever else ran beside it.
double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

struct Decided {
  std::int64_t accepted = 0;
  std::int64_t commits = 0;
  double statements_seconds = 0;  // BEGIN and the intents' statements, as the lab's time split counts them
  double commit_seconds = 0;
};

double seconds_between(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

// The loop itself: the queue writer's statements (load_decision.cpp), intent after intent.
Decided decide_all(sqlite3* db, const LoadWorkload& workload, const LoadOptions& options) {
  sqlite3_stmt* begin = prepare(db, "BEGIN IMMEDIATE");
  sqlite3_stmt* commit = prepare(db, "COMMIT");
  sqlite3_stmt* expire_past_holder = prepare(db, load_lab::kLoadExpirePastHolder);
  sqlite3_stmt* take_seat_if_free = prepare(db, load_lab::kLoadTakeSeatIfFree);
  sqlite3_stmt* insert_order = prepare(db, load_lab::kLoadInsertOrder);
  const std::int64_t hold_ms = options.hold_seconds * 1000;
  const auto intents = static_cast<std::int64_t>(workload.intents.size());
  char request_key[32];
  Decided decided;
  for (std::int64_t first = 0; first < intents; first += options.batch) {
    const auto began = std::chrono::steady_clock::now();
    run(db, begin);
    const std::int64_t end = std::min<std::int64_t>(first + options.batch, intents);
    for (std::int64_t index = first; index < end; ++index) {
      const LoadIntent& intent = workload.intents[static_cast<std::size_t>(index)];
      const std::int64_t now_ms = intent.arrival_us / 1000;
      const std::int64_t order_id = index + 1;
      sqlite3_bind_int64(expire_past_holder, 1, intent.seat);
      sqlite3_bind_int64(expire_past_holder, 2, now_ms);
      run(db, expire_past_holder);
      sqlite3_bind_int64(take_seat_if_free, 1, order_id);
      sqlite3_bind_int64(take_seat_if_free, 2, now_ms + hold_ms);
      sqlite3_bind_int64(take_seat_if_free, 3, intent.seat);
      sqlite3_bind_int64(take_seat_if_free, 4, now_ms);
      const bool held = run(db, take_seat_if_free) == 1;
      std::snprintf(request_key, sizeof request_key, "intent-%08lld", static_cast<long long>(order_id));
      sqlite3_bind_int64(insert_order, 1, order_id);
      sqlite3_bind_text(insert_order, 2, request_key, -1, SQLITE_STATIC);
      sqlite3_bind_int64(insert_order, 3, intent.seat);
      sqlite3_bind_text(insert_order, 4, held ? "HELD" : "REJECTED", -1, SQLITE_STATIC);
      sqlite3_bind_int64(insert_order, 5, now_ms);
      run(db, insert_order);
      decided.accepted += held;
    }
    const auto statements_done = std::chrono::steady_clock::now();
    run(db, commit);
    ++decided.commits;
    decided.statements_seconds += seconds_between(began, statements_done);
    decided.commit_seconds += seconds_between(statements_done, std::chrono::steady_clock::now());
  }
  for (sqlite3_stmt* statement : {begin, commit, expire_past_holder, take_seat_if_free, insert_order})
    sqlite3_finalize(statement);
  return decided;
}

int usage() {
  std::fprintf(stderr,
               "usage: reslab_load_reference [--intents N] [--seats N] [--seed N] [--batch N]\n"
               "                             [--synchronous normal|full] [--checkpoint background|inline]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  LoadOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) return usage();
    const char* value = argv[++i];
    if (flag == "--intents") {
      options.intents = std::atoll(value);
    } else if (flag == "--seats") {
      options.seats = std::atoll(value);
    } else if (flag == "--seed") {
      options.seed = std::strtoull(value, nullptr, 10);
    } else if (flag == "--batch") {
      options.batch = std::atoi(value);
    } else if (flag == "--synchronous") {
      if (!parse_load_synchronous(value, options.synchronous)) return usage();
    } else if (flag == "--checkpoint") {
      if (std::strcmp(value, "background") != 0 && std::strcmp(value, "inline") != 0) return usage();
      options.background_checkpoint = std::strcmp(value, "background") == 0;
    } else {
      return usage();
    }
  }
  validate_load_options(options);
  const LoadWorkload workload = make_load_workload(options);

  char folder[] = "/tmp/reslab-load-reference-XXXXXX";
  if (!mkdtemp(folder)) return 1;
  const std::string file = std::string(folder) + "/load.db";
  sqlite3* db = open(file);
  set_up(db, options, workload.hash);

  std::unique_ptr<load_lab::Checkpointer> checkpointer;
  std::int64_t checkpoints = 0;
  if (options.background_checkpoint) {
    checkpointer = std::make_unique<load_lab::Checkpointer>(file, options.synchronous);
    sqlite3_wal_hook(db, request_checkpoint, checkpointer.get());
  } else {
    sqlite3_wal_hook(db, checkpoint_inline, &checkpoints);
  }
  const auto started = std::chrono::steady_clock::now();
  const double cpu_started = thread_cpu_seconds();
  const Decided decided = decide_all(db, workload, options);
  const double cpu_seconds = thread_cpu_seconds() - cpu_started;
  const double seconds = seconds_between(started, std::chrono::steady_clock::now());
  if (checkpointer) {
    checkpointer->stop();
    checkpoints = checkpointer->checkpoints();
  }

  const std::int64_t oversold = count(db, load_lab::kLoadCountOversold);
  const std::int64_t held_seats = count(db, load_lab::kLoadCountHeldSeats);
  const std::int64_t live_orders = count(db, load_lab::kLoadCountLiveOrders);
  const std::int64_t order_rows = count(db, load_lab::kLoadCountOrders);
  sqlite3_close_v2(db);
  std::filesystem::remove_all(folder);

  const auto intents = static_cast<std::int64_t>(workload.intents.size());
  std::printf(
      "{\n  \"workload_hash\": \"%s\",\n  \"checkpoint\": \"%s\",\n  \"synchronous\": \"%s\",\n"
      "  \"batch\": %d,\n  \"decided\": %lld,\n  \"seconds\": %.9f,\n  \"intents_per_s\": %.1f,\n"
      "  \"accepted\": %lld,\n  \"rejected\": %lld,\n  \"oversold\": %lld,\n  \"held_seats\": %lld,\n"
      "  \"live_orders\": %lld,\n  \"order_rows\": %lld,\n  \"writer_cpu_seconds\": %.6f,\n"
      "  \"time_split\": {\n    \"commits\": %lld,\n    \"statements_seconds\": %.6f,\n"
      "    \"commit_seconds\": %.6f,\n    \"checkpoints\": %lld\n  }\n}\n",
      workload.hash.c_str(), options.background_checkpoint ? "background" : "inline",
      std::string(load_synchronous_name(options.synchronous)).c_str(), options.batch,
      static_cast<long long>(intents), seconds, static_cast<double>(intents) / seconds,
      static_cast<long long>(decided.accepted), static_cast<long long>(intents - decided.accepted),
      static_cast<long long>(oversold), static_cast<long long>(held_seats),
      static_cast<long long>(live_orders), static_cast<long long>(order_rows), cpu_seconds,
      static_cast<long long>(decided.commits), decided.statements_seconds, decided.commit_seconds,
      static_cast<long long>(checkpoints));
  return 0;
}
