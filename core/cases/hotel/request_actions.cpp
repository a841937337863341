// H4's booking request in one step, in both models (H6 uses it for the request that waits).
//   create_booking — naive: a conditional decrement and the hold, each committed on its own, with no
//                    look at the request key (and no UNIQUE constraint on it in the naive schema);
//                    atomic: BEGIN IMMEDIATE, claim the request key first (holds.request_key UNIQUE),
//                    then decrement; a key that exists means "this request was already booked":
//                    roll back and answer with the first booking, decrementing nothing
#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/holds.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

// Holds already committed under this request key, for the explanation ("#1, #2"), and how many of
// them are live (a hold or booking still counting against a night).
struct KeyHolds {
  std::string listed;
  std::int64_t live = 0;
};

KeyHolds holds_with_key(const ActionContext& ctx, const std::string& request_key) {
  KeyHolds found;
  const TableData* holds = ctx.committed().table("holds");
  if (!holds) return found;
  for (const auto& row : holds->rows) {
    if (row.size() < 3 || to_display(row[1]) != request_key) continue;
    found.listed += (found.listed.empty() ? "#" : ", #") + to_display(row[0]);
    const std::string state = to_display(row[2]);
    if (state == "RESERVED" || state == "HELD" || state == "held" || state == "CONFIRMED") ++found.live;
  }
  return found;
}

}  // namespace

std::string create_booking_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const std::string night = ctx.text("room_night");
  const std::string request_key = ctx.text("request_key");
  MessageArgs args = {{"actor", actor}, {"night", night}, {"key", request_key}};
  const KeyHolds earlier = holds_with_key(ctx, request_key);

  const auto update = ctx.must(kDecrement, {night});
  if (update.rows.empty()) {
    ctx.summarize({"h4.create.rejected.summary", args});
    ctx.say({"h4.create.rejected", args});
    ctx.resolve("rejected");
    return "rejected";
  }
  args.emplace_back("available", to_display(update.rows[0][0]));
  const auto hold = ctx.must(kInsertHold, {request_key, hold_deadline(ctx)});
  const Value hold_id = hold.rows.at(0).at(0);
  ctx.must(kInsertHoldNight, {hold_id, night});
  ctx.must(kLogChange,
           {night, hold_id, std::int64_t{-1}, std::string("available"), std::string("reserve"), ctx.now()});
  args.emplace_back("hold", to_display(hold_id));
  if (earlier.listed.empty()) {
    ctx.summarize({"h4.create.naive.summary", args});
    ctx.say({"h4.create.naive", args});
  } else {
    args.emplace_back("earlier", earlier.listed);
    args.emplace_back("live", std::to_string(earlier.live + 1));
    ctx.summarize({"h4.create.naive.again.summary", args});
    ctx.say({"h4.create.naive.again", args});
  }
  ctx.resolve("accepted");
  return "accepted";
}

std::string create_booking_atomic(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const std::string night = ctx.text("room_night");
  const std::string request_key = ctx.text("request_key");
  MessageArgs args = {{"actor", actor}, {"night", night}, {"key", request_key}};
  ctx.must(kBeginImmediate);

  // The key is claimed before any stock is touched: the UNIQUE constraint is the deduplication.
  const auto hold = ctx.sql(kInsertHold, {request_key, hold_deadline(ctx)});
  if (hold.constraint()) {
    // PostgreSQL aborts the whole transaction on a unique violation; rolling back first keeps the
    // code the same on both databases. The first booking is then read as committed.
    ctx.must(kRollback);
    const auto first = ctx.must("SELECT id, state FROM holds WHERE request_key = ?", {request_key});
    args.emplace_back("code", hold.code_name());
    args.emplace_back("hold", first.rows.empty() ? "?" : to_display(first.rows[0][0]));
    args.emplace_back("state", first.rows.empty() ? "?" : to_display(first.rows[0][1]));
    ctx.summarize({"h4.create.atomic.again.summary", args});
    ctx.say({"h4.create.atomic.again", args});
    ctx.say({ctx.row_locks() && !ctx.facts().failed_statement_aborts_transaction
                 ? "h4.create.atomic.locks.statement_only"
                 : ctx.locking_text("h4.create.atomic.locks"),
             args});
    ctx.resolve("accepted");
    return "accepted";
  }
  if (!hold.ok() || hold.rows.empty()) fail_statement(kInsertHold, hold);
  const Value hold_id = hold.rows[0][0];
  args.emplace_back("hold", to_display(hold_id));

  const auto update = ctx.must(kDecrement, {night});
  if (update.rows.empty()) {
    ctx.must(kRollback);
    ctx.summarize({"h4.create.rejected.summary", args});
    ctx.say({"h4.create.atomic.rejected", args});
    ctx.resolve("rejected");
    return "rejected";
  }
  args.emplace_back("available", to_display(update.rows[0][0]));
  ctx.must(kInsertHoldNight, {hold_id, night});
  ctx.must(kLogChange,
           {night, hold_id, std::int64_t{-1}, std::string("available"), std::string("reserve"), ctx.now()});
  ctx.must(kCommit);
  ctx.summarize({"h4.create.atomic.summary", args});
  ctx.say({ctx.locking_text("h4.create.atomic"), args});
  ctx.resolve("accepted");
  return "accepted";
}

}  // namespace reslab::hotel
