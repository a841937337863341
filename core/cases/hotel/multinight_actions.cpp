// H3's three-night booking, one event per night and one to book, in both models.
//   reserve_night — naive: a conditional decrement of one night, committed on its own, rows changed
//                   remembered but not acted on; atomic: the first night opens BEGIN IMMEDIATE, each
//                   night's decrement is checked by rows changed (a missing row is a failure), nights
//                   must come in date order, and any failure rolls every night back
//   book_nights   — naive: books when the LAST update changed a row, whatever the others did;
//                   atomic: books only if every requested night was decremented in this transaction
#include <algorithm>

#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/holds.hpp"
#include "core/cases/hotel/night_list.hpp"
#include "core/cases/hotel/night_state.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

// Actor memory keys.
const char* const kLastChanges = "multinight_last_changes";  // naive: rows changed by the last night's update
const char* const kLastNight = "multinight_last_night";      // naive: the night that update was for
const char* const kNightsTaken = "multinight_taken";         // nights decremented so far, "N1,N2"
const char* const kOpen = "multinight_open";                 // atomic: the booking transaction is open
const char* const kLastDate = "multinight_last_date";        // atomic: date of the last night touched

const std::string kDecrementNight =
    "UPDATE room_inventory SET available = available - 1 WHERE room_night_id = ? AND available > 0"
    " RETURNING night, available";

std::vector<std::string> taken_nights(ActionContext& ctx) {
  auto it = ctx.memory().find(kNightsTaken);
  return it == ctx.memory().end() ? std::vector<std::string>{} : split_nights(to_display(it->second));
}

void remember_taken(ActionContext& ctx, const std::string& night) {
  auto nights = taken_nights(ctx);
  nights.push_back(night);
  std::string text;
  for (const auto& item : nights) text += (text.empty() ? "" : ",") + item;
  ctx.memory()[kNightsTaken] = text;
}

void forget_booking(ActionContext& ctx) {
  for (const char* key : {kLastChanges, kLastNight, kNightsTaken, kOpen, kLastDate}) ctx.memory().erase(key);
}

// Inserts the hold and one hold_nights row per night; returns its id, or null on a duplicate key.
Value insert_multinight_hold(ActionContext& ctx, const std::string& request_key,
                             const std::vector<std::string>& nights, bool log_nights) {
  const auto hold = ctx.sql(kInsertHold, {request_key, hold_deadline(ctx)});
  if (hold.constraint()) return std::monostate{};
  if (!hold.ok() || hold.rows.empty()) fail_statement(kInsertHold, hold);
  const Value hold_id = hold.rows[0][0];
  for (const auto& night : nights) {
    ctx.must(kInsertHoldNight, {hold_id, night});
    if (log_nights)
      ctx.must(kLogChange, {night, hold_id, std::int64_t{-1}, std::string("available"),
                            std::string("reserve"), ctx.now()});
  }
  return hold_id;
}

// Why a night's conditional decrement changed 0 rows, as the committed state shows it.
bool has_inventory_row(const ActionContext& ctx, const std::string& night) {
  if (const TableData* inventory = ctx.committed().table("room_inventory"))
    for (const auto& row : inventory->rows)
      if (!row.empty() && to_display(row[0]) == night) return true;
  return false;
}

// [atomic] rolls the whole booking back and rejects the request.
std::string atomic_fail(ActionContext& ctx, const std::string& key, const MessageArgs& args,
                        const char* summary = "h3.atomic.rejected.summary") {
  ctx.must(kRollback);
  forget_booking(ctx);
  ctx.summarize({summary, args});
  ctx.say({key, args});
  ctx.say({"h3.atomic.rolled_back", args});
  ctx.say({ctx.locking_text("h3.atomic.locks")});
  ctx.resolve("rejected");
  return "rejected";
}

}  // namespace

// [naive] one night, committed on its own; the beginner's loop does not look at rows changed.
std::string reserve_night_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const std::string night = ctx.text("room_night");
  const auto update = ctx.must(kDecrementNight, {night});
  ctx.memory()[kLastChanges] = std::int64_t{update.changes};
  ctx.memory()[kLastNight] = night;
  const auto taken_before = taken_nights(ctx);
  const MessageArgs args = {
      {"actor", actor},
      {"night", night},
      {"reason", has_inventory_row(ctx, night) ? "@h3.reason.sold_out" : "@h3.reason.missing"},
      {"taken", list_nights(taken_before)}};
  if (update.rows.empty()) {
    ctx.summarize({"h3.night.naive.none.summary", args});
    ctx.say({"h3.night.naive.none", args});
    if (!taken_before.empty()) ctx.say({"h3.night.naive.kept", args});
    return "noop";
  }
  // The log row has no hold yet: the booking is written only at the end.
  ctx.must(kLogChange, {night, std::monostate{}, std::int64_t{-1}, std::string("available"),
                        std::string("reserve"), ctx.now()});
  remember_taken(ctx, night);
  const MessageArgs taken = {
      {"actor", actor}, {"night", night}, {"available", to_display(update.rows[0][1])}};
  ctx.summarize({"h3.night.naive.summary", taken});
  ctx.say({"h3.night.naive", taken});
  return "decremented";
}

std::string book_nights_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const auto nights = split_nights(ctx.text("nights"));
  const auto taken = taken_nights(ctx);
  const auto last_changes_it = ctx.memory().find(kLastChanges);
  const std::int64_t last_changes =
      last_changes_it == ctx.memory().end() ? 0 : as_int(last_changes_it->second);
  // The night of the last UPDATE this request ran, which is what the naive code judges by.
  const auto last_night_it = ctx.memory().find(kLastNight);
  const std::string last_night =
      last_night_it == ctx.memory().end() ? "-" : to_display(last_night_it->second);
  MessageArgs args = {{"actor", actor},
                      {"nights", list_nights(nights)},
                      {"taken", list_nights(taken)},
                      {"last", last_night},
                      {"changes", std::to_string(last_changes)}};
  if (last_changes == 0) {
    forget_booking(ctx);
    ctx.summarize(
        {taken.empty() ? "h3.book.naive.rejected.none.summary" : "h3.book.naive.rejected.summary", args});
    ctx.say({taken.empty() ? "h3.book.naive.rejected.none" : "h3.book.naive.rejected", args});
    ctx.resolve("rejected");
    return "rejected";
  }
  const Value hold_id = insert_multinight_hold(ctx, ctx.text("request_key"), nights, false);
  forget_booking(ctx);
  if (is_null(hold_id)) {
    ctx.summarize({"h3.book.duplicate.summary", args});
    ctx.say({"h3.book.duplicate", args});
    ctx.resolve("rejected");
    return "rejected";
  }
  args.emplace_back("hold", to_display(hold_id));
  std::vector<std::string> skipped;
  for (const auto& night : nights)
    if (std::find(taken.begin(), taken.end(), night) == taken.end()) skipped.push_back(night);
  ctx.summarize({"h3.book.naive.accepted.summary", args});
  if (skipped.empty()) {
    ctx.say({"h3.book.naive.accepted", args});
  } else {
    args.emplace_back("skipped", list_nights(skipped));
    ctx.say({"h3.book.naive.wrongly", args});
    // What each night it never took looks like now: no row at all, or a row this hold never decremented.
    for (const auto& night : skipped) {
      const NightState state = night_state(ctx.committed(), night);
      ctx.say({state.found ? "h3.book.naive.skipped.untaken" : "h3.book.naive.skipped.missing",
               {{"night", night}, {"available", std::to_string(state.available)}}});
    }
  }
  ctx.resolve("accepted");
  return "accepted";
}

std::string reserve_night_atomic(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const std::string night = ctx.text("room_night");
  MessageArgs args = {{"actor", actor}, {"night", night}, {"taken", list_nights(taken_nights(ctx))}};
  const bool first = ctx.memory().count(kOpen) == 0;
  if (first) ctx.must(kBeginImmediate);

  const auto update = ctx.must(kDecrementNight, {night});
  if (update.rows.empty()) {
    // Zero rows is a failure whatever the cause; the lookup only says which one it was.
    const auto row = ctx.must("SELECT available FROM room_inventory WHERE room_night_id = ?", {night});
    return atomic_fail(ctx, row.rows.empty() ? "h3.atomic.missing" : "h3.atomic.sold_out", args);
  }
  const std::string date = to_display(update.rows[0][0]);
  const auto last_date = ctx.memory().find(kLastDate);
  if (last_date != ctx.memory().end() && !(to_display(last_date->second) < date)) {
    args.emplace_back("date", date);
    args.emplace_back("previous", to_display(last_date->second));
    return atomic_fail(ctx, "h3.atomic.out_of_order", args);
  }
  ctx.memory()[kOpen] = std::int64_t{1};
  ctx.memory()[kLastDate] = date;
  remember_taken(ctx, night);
  args.emplace_back("available", to_display(update.rows[0][1]));
  ctx.summarize({"h3.night.atomic.summary", args});
  ctx.say({first ? ctx.locking_text("h3.night.atomic.first") : "h3.night.atomic", args});
  return "decremented";
}

std::string book_nights_atomic(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const auto nights = split_nights(ctx.text("nights"));
  const auto taken = taken_nights(ctx);
  MessageArgs args = {{"actor", actor}, {"nights", list_nights(nights)}, {"taken", list_nights(taken)}};
  if (ctx.memory().count(kOpen) == 0) {
    ctx.summarize({"hotel.record.nothing.summary", args});
    ctx.say({"hotel.record.nothing", args});
    return "noop";
  }
  // Success is judged by every night, never by the last update alone.
  auto sorted_taken = taken;
  auto sorted_nights = nights;
  std::sort(sorted_taken.begin(), sorted_taken.end());
  std::sort(sorted_nights.begin(), sorted_nights.end());
  if (sorted_taken != sorted_nights) return atomic_fail(ctx, "h3.book.atomic.mismatch", args);
  const Value hold_id = insert_multinight_hold(ctx, ctx.text("request_key"), nights, true);
  if (is_null(hold_id)) return atomic_fail(ctx, "h3.book.duplicate", args, "h3.book.duplicate.summary");
  ctx.must(kCommit);
  forget_booking(ctx);
  args.emplace_back("hold", to_display(hold_id));
  ctx.summarize({"h3.book.atomic.summary", args});
  ctx.say({"h3.book.atomic", args});
  ctx.resolve("accepted");
  return "accepted";
}

}  // namespace reslab::hotel
