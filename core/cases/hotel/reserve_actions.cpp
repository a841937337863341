// H1's two steps of a booking request, in both models.
//   reserve_check  — naive: read available; atomic: BEGIN IMMEDIATE + conditional decrement
//   reserve_record — naive: write back remembered - 1 and insert the hold, each autocommitted;
//                    atomic: insert the hold in the open transaction and commit
#include <optional>

#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/holds.hpp"
#include "core/cases/hotel/night_state.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

// Inserts the hold, links it to its night and logs the reservation. Returns no id
// when the request key already exists (the caller decides what that means).
std::optional<Value> insert_hold(ActionContext& ctx, const std::string& request_key, const std::string& night,
                                 std::string& failure_code) {
  const auto hold = ctx.sql(kInsertHold, {request_key, hold_deadline(ctx)});
  if (hold.constraint()) {
    failure_code = hold.code_name();
    return std::nullopt;
  }
  if (!hold.ok() || hold.rows.empty()) fail_statement(kInsertHold, hold);
  const Value hold_id = hold.rows[0][0];
  ctx.must(kInsertHoldNight, {hold_id, night});
  ctx.must(kLogChange,
           {night, hold_id, std::int64_t{-1}, std::string("available"), std::string("reserve"), ctx.now()});
  return hold_id;
}

}  // namespace

std::string reserve_check_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const std::string night = ctx.text("room_night");
  const auto read = ctx.must("SELECT available FROM room_inventory WHERE room_night_id = ?", {night});
  const std::int64_t available = read.rows.empty() ? 0 : as_int(read.rows[0][0]);
  ctx.memory()["remembered_available"] = available;
  const auto value = std::to_string(available);
  const MessageArgs args = {{"actor", actor}, {"night", night}, {"available", value}};
  ctx.summarize({"hotel.read.summary", args});
  if (read.rows.empty()) ctx.say({"hotel.read.missing", args});
  ctx.say({"hotel.read.naive", args});
  return "read";
}

std::string reserve_record_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const std::string night = ctx.text("room_night");
  const std::string request_key = ctx.text("request_key");
  const std::int64_t remembered = as_int(ctx.memory()["remembered_available"]);
  const auto remembered_text = std::to_string(remembered);

  if (remembered <= 0) {
    ctx.summarize({"hotel.write.rejected.summary", {{"actor", actor}, {"available", remembered_text}}});
    ctx.say({"hotel.write.rejected.naive", {{"actor", actor}, {"available", remembered_text}}});
    ctx.resolve("rejected");
    return "rejected";
  }

  const std::int64_t written = remembered - 1;
  const auto written_text = std::to_string(written);
  // Naive statements autocommit, so the last committed state is the row this write lands on.
  const NightState before = night_state(ctx.committed(), night);
  ctx.must("UPDATE room_inventory SET available = ? WHERE room_night_id = ?", {written, night});

  std::string failure_code;
  const auto hold_id = insert_hold(ctx, request_key, night, failure_code);
  if (!hold_id) {
    // The inventory was already written back: the beginner's code leaves it decremented.
    ctx.summarize({"hotel.write.duplicate.summary", {{"actor", actor}, {"available", written_text}}});
    ctx.say(
        {"hotel.write.duplicate.naive", {{"actor", actor}, {"key", request_key}, {"code", failure_code}}});
    ctx.resolve("rejected");
    return "rejected";
  }

  const MessageArgs args = {{"actor", actor},
                            {"night", night},
                            {"available", written_text},
                            {"remembered", remembered_text},
                            {"row", std::to_string(before.available)},
                            {"hold", to_display(*hold_id)},
                            {"live", std::to_string(before.live_holds + 1)},
                            {"capacity", std::to_string(before.capacity)}};
  ctx.summarize({before.live_holds > 0 ? "hotel.write.also.summary" : "hotel.write.accepted.summary", args});
  ctx.say({"hotel.write.naive", args});
  if (before.available != remembered) ctx.say({"hotel.write.over", args});
  ctx.say({before.live_holds == 0 ? "hotel.write.count.one" : "hotel.write.count", args});
  ctx.resolve("accepted");
  return "accepted";
}

std::string reserve_check_atomic(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const std::string night = ctx.text("room_night");
  ctx.must(kBeginImmediate);

  static const std::string decrement =
      "UPDATE room_inventory SET available = available - 1"
      " WHERE room_night_id = ? AND available > 0 RETURNING available";
  const auto update = ctx.must(decrement, {night});
  if (update.rows.empty()) {
    ctx.must(kRollback);
    ctx.summarize({"hotel.decrement.rejected.summary", {{"actor", actor}}});
    ctx.say({"hotel.decrement.rejected", {{"actor", actor}, {"night", night}}});
    ctx.say({"hotel.decrement.why_safe", {{"see", ctx.case_ref("see_h3")}}});
    // On PostgreSQL a request woken here waited at this UPDATE, and the re-check is what rejected it.
    if (ctx.row_locks() && ctx.woken())
      ctx.say({"hotel.decrement.rechecked.rows", {{"actor", actor}}});
    else
      ctx.say({ctx.locking_text("hotel.decrement.locks")});
    ctx.resolve("rejected");
    return "rejected";
  }
  const auto remaining = to_display(update.rows[0][0]);
  ctx.memory()["decremented"] = std::int64_t{1};
  const MessageArgs args = {{"actor", actor}, {"night", night}, {"available", remaining}};
  ctx.summarize({"hotel.decrement.summary", args});
  ctx.say({ctx.locking_text("hotel.decrement.done"), args});
  ctx.say({"hotel.decrement.why_safe", {{"see", ctx.case_ref("see_h3")}}});
  ctx.say({ctx.locking_text("hotel.decrement.locks")});
  return "decremented";
}

std::string reserve_record_atomic(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const std::string night = ctx.text("room_night");
  const std::string request_key = ctx.text("request_key");
  if (ctx.memory().count("decremented") == 0) {
    ctx.summarize({"hotel.record.nothing.summary", {{"actor", actor}}});
    ctx.say({"hotel.record.nothing", {{"actor", actor}}});
    return "noop";
  }

  std::string failure_code;
  const auto hold_id = insert_hold(ctx, request_key, night, failure_code);
  if (!hold_id) {
    ctx.must(kRollback);
    ctx.memory().erase("decremented");
    ctx.summarize({"hotel.record.duplicate.summary", {{"actor", actor}}});
    ctx.say({"hotel.record.duplicate", {{"actor", actor}, {"key", request_key}, {"code", failure_code}}});
    ctx.resolve("rejected");
    return "rejected";
  }
  ctx.must(kCommit);

  ctx.memory().erase("decremented");
  const MessageArgs args = {{"actor", actor}, {"night", night}, {"hold", to_display(*hold_id)}};
  ctx.summarize({"hotel.record.summary", args});
  ctx.say({"hotel.record.done", args});
  ctx.resolve("accepted");
  return "accepted";
}

}  // namespace reslab::hotel
