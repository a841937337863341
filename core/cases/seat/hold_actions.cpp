// Holding a seat (T2), and the hold steps the other seat actions share.
//   seat_hold — naive: read the seat, and if it looks free (or its hold has passed expires_at) write
//               the order and the seat, each statement autocommitted, the UPDATE unconditional;
//               atomic: one transaction: expire an expired holder, insert the order, and let one
//               conditional UPDATE with a rows-changed check decide (the ticketing article's hold
//               transaction).
#include "core/cases/seat/actions.hpp"
#include "core/cases/seat/seat_state.hpp"

namespace reslab::seat {
namespace {

Value expires_at(const ActionContext& ctx) {
  if (!ctx.has("hold_seconds")) return std::monostate{};
  return ctx.now() + ctx.integer("hold_seconds");
}

std::string seconds_or_never(const Value& value) {
  return is_null(value) ? "-" : to_display(value);
}

std::optional<Value> insert_order(ActionContext& ctx, const std::string& seat, const std::string& request_key,
                                  HoldAttempt& attempt) {
  static const std::string insert =
      "INSERT INTO orders(request_key, seat_id, state, expires_at) VALUES (?, ?, 'held', ?) RETURNING id";
  const auto order = ctx.sql(insert, {request_key, seat, expires_at(ctx)});
  if (order.constraint()) {
    attempt.duplicate_code = order.code_name();
    return std::nullopt;
  }
  if (!order.ok() || order.rows.empty()) fail_statement(insert, order);
  return order.rows[0][0];
}

void expire_previous(ActionContext& ctx, const HoldAttempt& attempt, bool conditional) {
  if (!attempt.previous_expired) return;
  if (conditional) {
    ctx.must("UPDATE orders SET state = 'expired' WHERE id = ? AND state = 'held'",
             {attempt.previous_order_id});
  } else {
    ctx.must("UPDATE orders SET state = 'expired' WHERE id = ?", {attempt.previous_order_id});
  }
}

MessageArgs hold_args(const ActionContext& ctx, const HoldAttempt& attempt, const std::string& seat) {
  return {{"actor", ctx.actor().id},
          {"seat", seat},
          {"order", order_label(attempt.order_id)},
          {"order_id", to_display(attempt.order_id)},
          {"state", attempt.seat_state.empty() ? "-" : attempt.seat_state},
          {"previous", attempt.previous_order.empty() ? "-" : attempt.previous_order},
          {"until", seconds_or_never(attempt.previous_expires_at)},
          {"expires", seconds_or_never(expires_at(ctx))},
          {"now", std::to_string(ctx.now())},
          {"key", ctx.text("request_key")},
          {"code", attempt.duplicate_code},
          {"live", std::to_string(attempt.live_after)},
          {"orders", attempt.live_list}};
}

std::string reject_missing_seat(ActionContext& ctx, const HoldAttempt& attempt, const std::string& seat,
                                const std::string& how) {
  const MessageArgs args = hold_args(ctx, attempt, seat);
  ctx.summarize({"seat.hold.missing.summary", args});
  ctx.say({"seat.hold.missing", args});
  // Naive code inserted its order in a statement of its own before it wrote the seat.
  if (how != "atomic" && !is_null(attempt.order_id)) ctx.say({"seat.hold.missing.order_left", args});
  ctx.resolve("rejected");
  return "rejected";
}

}  // namespace

std::string seat_hold_naive(ActionContext& ctx) {
  const std::string seat = ctx.text("seat");
  HoldAttempt read = read_seat(ctx, seat);
  if (read.seat_state.empty()) return reject_missing_seat(ctx, read, seat, "naive");
  if (read.seat_state != "free" && !read.previous_expired) {
    ctx.summarize({"seat.hold.taken.summary", hold_args(ctx, read, seat)});
    ctx.say({read.seat_state == "sold" ? "seat.hold.naive.sold" : "seat.hold.naive.taken",
             hold_args(ctx, read, seat)});
    ctx.resolve("rejected");
    return "rejected";
  }
  HoldAttempt attempt = overwrite_hold(ctx, seat, ctx.text("request_key"), read);
  return report_hold(ctx, attempt, seat, "naive");
}

std::string seat_hold_atomic(ActionContext& ctx) {
  const std::string seat = ctx.text("seat");
  ctx.must(kBeginImmediate);
  const HoldAttempt attempt = conditional_hold(ctx, seat, ctx.text("request_key"));
  ctx.must(attempt.taken ? kCommit : kRollback);
  return report_hold(ctx, attempt, seat, "atomic");
}

std::string order_label(const Value& order_id) {
  return is_null(order_id) ? "-" : "o" + to_display(order_id);
}

HoldAttempt read_seat(ActionContext& ctx, const std::string& seat) {
  const auto read = ctx.must("SELECT state, order_id, expires_at FROM seats WHERE seat_id = ?", {seat});
  HoldAttempt attempt;
  if (read.rows.empty()) return attempt;
  attempt.seat_state = to_display(read.rows[0][0]);
  attempt.previous_order_id = read.rows[0][1];
  attempt.previous_order = is_null(read.rows[0][1]) ? "" : order_label(read.rows[0][1]);
  attempt.previous_expires_at = read.rows[0][2];
  // The hold is good only while now < expires_at: at expires_at itself it is over.
  attempt.previous_expired = attempt.seat_state == "held" && !is_null(attempt.previous_expires_at) &&
                             !(ctx.now() < as_int(attempt.previous_expires_at));
  return attempt;
}

HoldAttempt conditional_hold(ActionContext& ctx, const std::string& seat, const std::string& request_key) {
  HoldAttempt attempt = read_seat(ctx, seat);
  expire_previous(ctx, attempt, true);
  const auto order_id = insert_order(ctx, seat, request_key, attempt);
  if (!order_id) return attempt;
  attempt.order_id = *order_id;
  // The WHERE clause re-checks the row it changes: this, not the read above, decides.
  static const std::string take =
      "UPDATE seats SET state = 'held', order_id = ?, expires_at = ? WHERE seat_id = ?"
      " AND (state = 'free' OR (state = 'held' AND expires_at <= ?)) RETURNING seat_id";
  const auto update = ctx.must(take, {attempt.order_id, expires_at(ctx), seat, ctx.now()});
  attempt.taken = !update.rows.empty();
  return attempt;
}

HoldAttempt overwrite_hold(ActionContext& ctx, const std::string& seat, const std::string& request_key,
                           HoldAttempt read) {
  HoldAttempt attempt = std::move(read);
  // Naive statements autocommit, so the last committed state is the seat this write lands on.
  const SeatRow row = seat_row(ctx.committed(), seat);
  if (row.found && attempt.seat_state.empty()) attempt.seat_state = row.state;
  if (row.found && !is_null(row.order_id)) {
    const bool expired =
        row.state == "held" && !is_null(row.expires_at) && !(ctx.now() < as_int(row.expires_at));
    attempt.overwrote_owner = (row.state == "held" && !expired) || row.state == "sold";
    attempt.stale_previous =
        expired && !attempt.previous_expired && order_row(ctx.committed(), row.order_id).state == "held";
    if (attempt.previous_order.empty()) {
      attempt.previous_order_id = row.order_id;
      attempt.previous_order = order_label(row.order_id);
      attempt.previous_expires_at = row.expires_at;
      attempt.seat_state = row.state;
    }
  }
  expire_previous(ctx, attempt, false);
  const auto order_id = insert_order(ctx, seat, request_key, attempt);
  if (!order_id) return attempt;
  attempt.order_id = *order_id;
  const auto update =
      ctx.must("UPDATE seats SET state = 'held', order_id = ?, expires_at = ? WHERE seat_id = ?",
               {attempt.order_id, expires_at(ctx), seat});
  attempt.taken = update.changes > 0;
  // Who claims the seat now: the committed claims, less the one this event expired, plus the new order.
  for (const auto& id : live_orders(ctx.committed(), seat)) {
    if (attempt.previous_expired && id == to_display(attempt.previous_order_id)) continue;
    attempt.live_list += (attempt.live_list.empty() ? "" : ", ") + order_label(Value(id));
    ++attempt.live_after;
  }
  if (attempt.taken) {
    attempt.live_list += (attempt.live_list.empty() ? "" : ", ") + order_label(attempt.order_id);
    ++attempt.live_after;
  }
  return attempt;
}

std::string report_hold(ActionContext& ctx, const HoldAttempt& attempt, const std::string& seat,
                        const std::string& how) {
  const MessageArgs args = hold_args(ctx, attempt, seat);
  if (!attempt.duplicate_code.empty()) {
    ctx.summarize({"seat.hold.duplicate.summary", args});
    ctx.say({how == "atomic" ? "seat.hold.atomic.duplicate" : "seat.hold.naive.duplicate", args});
    // Naive code marked the expired holder in a statement of its own before the INSERT failed.
    if (how != "atomic" && attempt.previous_expired) ctx.say({"seat.hold.naive.duplicate.expired", args});
    ctx.resolve("rejected");
    return "rejected";
  }
  if (!attempt.taken && attempt.seat_state.empty()) return reject_missing_seat(ctx, attempt, seat, how);
  if (!attempt.taken) {
    ctx.summarize({"seat.hold.rejected.summary", args});
    ctx.say({attempt.seat_state == "sold" ? "seat.hold.atomic.rejected.sold" : "seat.hold.atomic.rejected",
             args});
    ctx.say({ctx.locking_text("seat.hold.locks")});
    ctx.resolve("rejected");
    return "rejected";
  }
  if (attempt.overwrote_owner) {
    ctx.summarize({"seat.hold.also.summary", args});
    ctx.say({"seat.hold.naive.overwrite", args});
    return "accepted";
  }
  if (attempt.previous_expired) {
    ctx.summarize({"seat.hold.handover.summary", args});
    ctx.say({how == "atomic" ? "seat.hold.atomic.handover" : "seat.hold.naive.handover", args});
    if (how == "atomic" && ctx.now() == as_int(attempt.previous_expires_at))
      ctx.say({"seat.deadline.tie",
               {{"order", attempt.previous_order}, {"seat", seat}, {"now", std::to_string(ctx.now())}}});
  } else {
    ctx.summarize({"seat.hold.accepted.summary", args});
  }
  const std::string done = how == "atomic"  ? ctx.locking_text("seat.hold.atomic.done")
                           : how == "naive" ? "seat.hold.naive.done"
                                            : "seat.hold.blind.done";
  ctx.say({done, args});
  if (attempt.stale_previous) ctx.say({"seat.hold.blind.stale", args});
  if (how == "atomic") ctx.say({ctx.locking_text("seat.hold.locks")});
  return "accepted";
}

}  // namespace reslab::seat
