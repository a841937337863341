// [SECTION] index: batch parameters · the queue writer · the race worker
#include "core/labs/load/postgres_writers.hpp"

#include <charconv>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/labs/connection/live_connection.hpp"
#include "core/labs/connection/pg_lab_connection.hpp"
#include "core/labs/load/admission_queue.hpp"
#include "core/labs/load/decision.hpp"
#include "core/labs/load/sql.hpp"

namespace reslab::load_lab {
namespace {

// [SECTION] batch parameters
// PostgreSQL's array literals, "{1,2,3}", refilled for every batch without giving their memory back.
struct BatchArrays {
  std::string order_ids;
  std::string seats;
  std::string now_ms;
  std::vector<std::string> values{4};

  void clear() {
    order_ids = "{";
    seats = "{";
    now_ms = "{";
  }
  static void append(std::string& array, std::int64_t value) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    if (array.size() > 1) array.push_back(',');
    array.append(digits, end);
  }
  void add(std::int64_t index, const LoadIntent& intent) {
    append(order_ids, index + 1);  // the order id, as on SQLite
    append(seats, intent.seat);
    append(now_ms, intent.arrival_us / 1000);
  }
  const std::vector<std::string>& finish(std::int64_t hold_ms) {
    values[0] = order_ids + "}";
    values[1] = seats + "}";
    values[2] = now_ms + "}";
    values[3] = std::to_string(hold_ms);
    return values;
  }
};

// Decides `intents` (distinct seats) with one statement in the open transaction; returns how many hold
// their seat now, each told by its own returned row.
std::int64_t decide_batch(PgLabConnection& db, BatchArrays& arrays, const EngineRun& run,
                          const std::vector<std::int64_t>& intents) {
  arrays.clear();
  for (std::int64_t index : intents) arrays.add(index, run.workload.intents[static_cast<std::size_t>(index)]);
  const PgLabResult decided = db.must(kLoadPostgresDecideBatch, arrays.finish(run.hold_ms()));
  std::int64_t held = 0;
  for (int row = 0; row < decided.rows(); ++row) held += decided.text(row, 0) == "t";
  return held;
}

// [SECTION] the queue writer
// Splits `arrived` (in arrival order) into the first intent for each seat and the rest, kept in order.
void first_per_seat(const EngineRun& run, const std::vector<std::int64_t>& arrived,
                    std::vector<std::int64_t>& first, std::vector<std::int64_t>& later,
                    std::unordered_set<std::int64_t>& seats) {
  first.clear();
  later.clear();
  seats.clear();
  for (std::int64_t index : arrived)
    (seats.insert(run.workload.intents[static_cast<std::size_t>(index)].seat).second ? first : later)
        .push_back(index);
}

void pg_queue_writer(EngineRun& run, AdmissionQueue& queue) {
  try {
    PgLabConnection db(run.file);
    BatchArrays arrays;
    LoadTimeSplit split;
    std::vector<std::int64_t> fresh, arrived, batch, later;
    std::unordered_set<std::int64_t> seats;
    const auto most = static_cast<std::size_t>(run.options.batch);
    const auto delay = std::chrono::nanoseconds(static_cast<std::int64_t>(run.options.batch_delay_ms * 1e6));
    for (;;) {
      const auto waiting = Clock::now();
      // Intents put off from the last batch go first; while there are some, do not wait for more.
      if (later.empty()) {
        queue.pop_batch(fresh, most, delay);
      } else {
        queue.pop_batch(fresh, most > later.size() ? most - later.size() : 1, std::chrono::nanoseconds(0),
                        false);
      }
      split.idle_seconds += seconds_since(waiting);
      if (run.stop) break;
      arrived = later;
      arrived.insert(arrived.end(), fresh.begin(), fresh.end());
      if (arrived.empty()) break;
      first_per_seat(run, arrived, batch, later, seats);
      const auto began = Clock::now();
      db.must("BEGIN");
      std::int64_t held = 0;
      try {
        held = decide_batch(db, arrays, run, batch);
      } catch (...) {
        db.roll_back_if_open();
        throw;
      }
      const auto statements_done = Clock::now();
      db.must("COMMIT");
      const auto committed = Clock::now();
      const double statements = std::chrono::duration<double>(statements_done - began).count();
      const double commit = std::chrono::duration<double>(committed - statements_done).count();
      ++split.commits;
      split.statements_seconds += statements;
      split.commit_seconds += commit;
      split.longest_commit_ms = std::max(split.longest_commit_ms, commit * 1e3);
      split.longest_transaction_ms = std::max(split.longest_transaction_ms, (statements + commit) * 1e3);
      const std::int64_t decided_at = nanoseconds_since(run.start);
      for (std::int64_t index : batch) run.decided_ns[static_cast<std::size_t>(index)] = decided_at;
      run.accepted.fetch_add(held, std::memory_order_relaxed);
      run.rejected.fetch_add(static_cast<std::int64_t>(batch.size()) - held, std::memory_order_relaxed);
      run.decided.fetch_add(static_cast<std::int64_t>(batch.size()), std::memory_order_relaxed);
    }
    run.add(ConnectionStats{}, split);
  } catch (...) {
    run.fail(std::current_exception());
    queue.stop();
  }
}

// [SECTION] the race worker
bool retryable(const std::string& sqlstate) {
  return sqlstate == kPgSerializationFailure || sqlstate == kPgDeadlockDetected;
}

// naive, first half: the seat as read outside any write transaction.
SeatSeen pg_read_seat(PgLabConnection& db, const std::string& read_sql, const LoadIntent& intent) {
  const PgLabResult row = db.must(read_sql.c_str(), {std::to_string(intent.seat)});
  SeatSeen seen;
  if (row.rows() == 0) return seen;
  const std::int64_t now_ms = intent.arrival_us / 1000;
  const std::string state = row.text(0, 0);
  if (state == "FREE") {
    seen.free = true;
  } else if (state == "HELD" && !row.null(0, 2) && row.integer(0, 2) <= now_ms) {
    seen.free = true;
    seen.expired_holder = row.null(0, 1) ? 0 : row.integer(0, 1);
  }
  return seen;
}

struct PgNaiveSql {
  std::string read_seat = dialect_sql(Backend::postgres, kLoadReadSeat);
  std::string expire_order = dialect_sql(Backend::postgres, kLoadExpireOrder);
  std::string take_seat = dialect_sql(Backend::postgres, kLoadTakeSeat);
  std::string insert_order = dialect_sql(Backend::postgres, kLoadInsertOrder);
};

// One attempt at an intent's transaction; the failed result when it failed, else an ok one.
PgLabResult pg_attempt(PgLabConnection& db, EngineRun& run, const PgNaiveSql& naive_sql, BatchArrays& arrays,
                       std::int64_t index, const SeatSeen* seen, bool& held) {
  const LoadIntent& intent = run.workload.intents[static_cast<std::size_t>(index)];
  PgLabResult result = db.run("BEGIN");
  if (!result.ok()) return result;
  if (!seen) {
    arrays.clear();
    arrays.add(index, intent);
    result = db.run(kLoadPostgresDecideBatch, arrays.finish(run.hold_ms()));
    if (!result.ok()) return result;
    held = result.rows() == 1 && result.text(0, 0) == "t";
  } else {
    const std::int64_t now_ms = intent.arrival_us / 1000;
    if (seen->free && seen->expired_holder != 0) {
      result = db.run(naive_sql.expire_order.c_str(), {std::to_string(seen->expired_holder)});
      if (!result.ok()) return result;
    }
    if (seen->free) {
      result = db.run(
          naive_sql.take_seat.c_str(),
          {std::to_string(index + 1), std::to_string(now_ms + run.hold_ms()), std::to_string(intent.seat)});
      if (!result.ok()) return result;
    }
    char key[32];
    std::snprintf(key, sizeof key, "intent-%08lld", static_cast<long long>(index + 1));
    result =
        db.run(naive_sql.insert_order.c_str(), {std::to_string(index + 1), key, std::to_string(intent.seat),
                                                seen->free ? "HELD" : "REJECTED", std::to_string(now_ms)});
    if (!result.ok()) return result;
    held = seen->free;
  }
  return db.run("COMMIT");
}

void pg_race_worker(EngineRun& run) {
  const std::function<void(std::int64_t)>* after_naive_read =
      run.control ? &run.control->after_naive_read : nullptr;
  try {
    PgLabConnection db(run.file);
    const PgNaiveSql naive_sql;
    BatchArrays arrays;
    LoadTimeSplit split;
    std::int64_t retries = 0;
    const bool naive = run.options.model == Model::naive;
    for (;;) {
      const std::int64_t index = run.take_intent();
      if (index < 0) break;
      const LoadIntent& intent = run.workload.intents[static_cast<std::size_t>(index)];
      run.admitted_ns[static_cast<std::size_t>(index)] = nanoseconds_since(run.start);
      SeatSeen seen;
      if (naive) {
        seen = pg_read_seat(db, naive_sql.read_seat, intent);
        if (after_naive_read && *after_naive_read) (*after_naive_read)(index);
      }
      bool held = false;
      bool decided = false;
      for (int attempt = 0; attempt < kPgLoadAttempts && !decided; ++attempt) {
        const auto began = Clock::now();
        const PgLabResult result =
            pg_attempt(db, run, naive_sql, arrays, index, naive ? &seen : nullptr, held);
        if (result.ok()) {
          decided = true;
          const double seconds = seconds_since(began);
          ++split.commits;
          split.statements_seconds += seconds;
          split.longest_transaction_ms = std::max(split.longest_transaction_ms, seconds * 1e3);
          break;
        }
        db.roll_back_if_open();
        if (!retryable(result.sqlstate())) throw_pg_lab_error("the intent's transaction", result);
        ++retries;
      }
      if (!decided) {
        run.failed.fetch_add(1, std::memory_order_relaxed);
        continue;
      }
      run.decided_ns[static_cast<std::size_t>(index)] = nanoseconds_since(run.start);
      run.count(held);
    }
    ConnectionStats stats;
    stats.busy.retries = retries;
    run.add(stats, split);
  } catch (...) {
    run.fail(std::current_exception());
  }
}

}  // namespace

void run_pg_queue_engine(EngineRun& run) {
  run_admitted(run, [&](AdmissionQueue& queue) { pg_queue_writer(run, queue); });
}

void run_pg_race_engine(EngineRun& run) {
  run.run_threads(
      run.options.threads, [&](int) { pg_race_worker(run); }, [] {});
}

}  // namespace reslab::load_lab
