#include "core/labs/load/decision.hpp"

#include <cstdio>
#include <string>

#include "core/labs/load/sql.hpp"

namespace reslab::load_lab {
namespace {

constexpr const char* kBeginImmediate = "BEGIN IMMEDIATE";
constexpr const char* kCommit = "COMMIT";

std::int64_t order_id_of(std::int64_t index) {
  return index + 1;
}

void insert_order(IntentStatements& sql, std::int64_t index, const LoadIntent& intent, bool held) {
  std::snprintf(sql.request_key, sizeof sql.request_key, "intent-%08lld", static_cast<long long>(index + 1));
  sql.insert_order.bind(1, order_id_of(index))
      .bind(2, sql.request_key)
      .bind(3, intent.seat)
      .bind(4, held ? "HELD" : "REJECTED")
      .bind(5, intent.arrival_us / 1000)
      .run();
}

}  // namespace

IntentStatements::IntentStatements(LabConnection& db)
    : begin(db.sql(kBeginImmediate)),
      commit(db.sql(kCommit)),
      expire_past_holder(db.sql(kLoadExpirePastHolder)),
      take_seat_if_free(db.sql(kLoadTakeSeatIfFree)),
      insert_order(db.sql(kLoadInsertOrder)),
      read_seat(db.sql(kLoadReadSeat)),
      expire_order(db.sql(kLoadExpireOrder)),
      take_seat(db.sql(kLoadTakeSeat)) {}

bool decide_atomically(IntentStatements& sql, std::int64_t index, const LoadIntent& intent,
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

SeatSeen read_seat(IntentStatements& sql, const LoadIntent& intent) {
  const std::int64_t now_ms = intent.arrival_us / 1000;
  LabStatement& read = sql.read_seat.bind(1, intent.seat);
  read.step_to_row();
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

bool write_blindly(IntentStatements& sql, std::int64_t index, const LoadIntent& intent, const SeatSeen& seen,
                   std::int64_t hold_ms) {
  if (seen.free) {
    const std::int64_t now_ms = intent.arrival_us / 1000;
    if (seen.expired_holder != 0) sql.expire_order.bind(1, seen.expired_holder).run();
    sql.take_seat.bind(1, order_id_of(index)).bind(2, now_ms + hold_ms).bind(3, intent.seat).run();
  }
  insert_order(sql, index, intent, seen.free);
  return seen.free;
}

}  // namespace reslab::load_lab
