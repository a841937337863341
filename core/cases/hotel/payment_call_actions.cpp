// H6: a booking that calls the payment provider, in both models. The call is two events: the
// request sends it (book_and_pay) and its answer, or its timeout, arrives later (provider_answer).
//   naive  — BEGIN IMMEDIATE, decrement, hold, then the call with the transaction still open; the
//            lock is held until the answer: commit on success, roll back on a timeout
//   atomic — a short transaction (decrement, hold, a PENDING payment row) commits before the call;
//            the answer is recorded afterwards in a transaction of its own
// The provider's books (provider_ledger) record the charge when its answer is due. They share the
// lab's database, so in the naive model they are written only once the request's lock is gone.
#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/holds.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

const char* const kHold = "payment_call_hold";        // the hold this request made
const char* const kPayment = "payment_call_payment";  // atomic: its payments row
const char* const kSentAt = "payment_call_sent_at";   // when the call went out

std::string charge_key(const ActionContext& ctx) {
  return "charge:" + ctx.text("provider_payment_id");
}

// Decrement and hold, inside the transaction the caller opened. Returns the hold id, or null
// after rolling back when no room is left.
Value reserve_in_transaction(ActionContext& ctx, MessageArgs& args) {
  const std::string night = ctx.text("room_night");
  const auto update = ctx.must(kDecrement, {night});
  if (update.rows.empty()) {
    ctx.must(kRollback);
    return std::monostate{};
  }
  args.emplace_back("available", to_display(update.rows[0][0]));
  const auto hold = ctx.must(kInsertHold, {ctx.text("request_key"), hold_deadline(ctx)});
  const Value hold_id = hold.rows.at(0).at(0);
  ctx.must(kInsertHoldNight, {hold_id, night});
  ctx.must(kLogChange,
           {night, hold_id, std::int64_t{-1}, std::string("available"), std::string("reserve"), ctx.now()});
  args.emplace_back("hold", to_display(hold_id));
  return hold_id;
}

std::string no_room(ActionContext& ctx, const MessageArgs& args) {
  ctx.summarize({"h6.pay.rejected.summary", args});
  ctx.say({"h6.pay.rejected", args});
  ctx.resolve("rejected");
  return "rejected";
}

// The provider's own record of the charge it made (idempotent by operation key).
void provider_records_charge(ActionContext& ctx) {
  ctx.provider(
      "INSERT INTO provider_ledger(op_key, payment_id, kind, amount, state) VALUES (?, ?, 'charge', ?, "
      "'SUCCEEDED')"
      " ON CONFLICT(op_key) DO NOTHING",
      {charge_key(ctx), ctx.text("provider_payment_id"), ctx.integer_or_null("amount")});
}

MessageArgs answer_args(ActionContext& ctx) {
  MessageArgs args = {{"actor", ctx.actor().id},
                      {"payment", ctx.text("provider_payment_id")},
                      {"key", charge_key(ctx)},
                      {"now", std::to_string(ctx.now())}};
  auto sent = ctx.memory().find(kSentAt);
  const std::int64_t sent_at = sent == ctx.memory().end() ? ctx.now() : as_int(sent->second);
  args.emplace_back("sent", std::to_string(sent_at));
  args.emplace_back("held", std::to_string(ctx.now() - sent_at));
  auto hold = ctx.memory().find(kHold);
  args.emplace_back("hold", hold == ctx.memory().end() ? "?" : to_display(hold->second));
  return args;
}

std::string nothing_in_flight(ActionContext& ctx, const MessageArgs& args) {
  ctx.summarize({"h6.answer.none.summary", args});
  ctx.say({"h6.answer.none", args});
  return "noop";
}

}  // namespace

std::string book_and_pay_naive(ActionContext& ctx) {
  MessageArgs args = {{"actor", ctx.actor().id}, {"payment", ctx.text("provider_payment_id")}};
  ctx.must(kBeginImmediate);
  const Value hold_id = reserve_in_transaction(ctx, args);
  if (is_null(hold_id)) return no_room(ctx, args);
  ctx.memory()[kHold] = hold_id;
  ctx.memory()[kSentAt] = ctx.now();
  ctx.summarize({"h6.pay.naive.summary", args});
  ctx.say({ctx.locking_text("h6.pay.naive"), args});
  ctx.say({ctx.locking_text("h6.locks")});
  return "decremented";
}

std::string book_and_pay_atomic(ActionContext& ctx) {
  MessageArgs args = {{"actor", ctx.actor().id}, {"payment", ctx.text("provider_payment_id")}};
  ctx.must(kBeginImmediate);
  const Value hold_id = reserve_in_transaction(ctx, args);
  if (is_null(hold_id)) return no_room(ctx, args);
  // The payment row is written before the call, so a lost answer still leaves something to reconcile.
  const auto payment = ctx.must(
      "INSERT INTO payments(hold_id, provider_payment_id, amount, currency, state) VALUES (?, ?, ?, ?, "
      "'PENDING')"
      " RETURNING id",
      {hold_id, ctx.text("provider_payment_id"), ctx.integer_or_null("amount"),
       ctx.text_or_null("currency")});
  ctx.must(kCommit);
  ctx.memory()[kHold] = hold_id;
  ctx.memory()[kPayment] = payment.rows.at(0).at(0);
  ctx.memory()[kSentAt] = ctx.now();
  ctx.summarize({"h6.pay.atomic.summary", args});
  ctx.say({"h6.pay.atomic", args});
  ctx.say({ctx.locking_text("h6.locks")});
  return "accepted";
}

std::string provider_answer_naive(ActionContext& ctx) {
  MessageArgs args = answer_args(ctx);
  if (ctx.memory().count(kHold) == 0) return nothing_in_flight(ctx, args);
  const Value hold_id = ctx.memory()[kHold];
  if (ctx.text("answer") == "success") {
    confirm_without_checks(ctx, hold_id);
    ctx.must(
        "INSERT INTO payments(hold_id, provider_payment_id, amount, currency, state) VALUES (?, ?, ?, ?, "
        "'SUCCEEDED')",
        {hold_id, ctx.text("provider_payment_id"), ctx.integer_or_null("amount"),
         ctx.text_or_null("currency")});
    ctx.must(kCommit);
    provider_records_charge(ctx);
    ctx.memory().erase(kHold);
    ctx.summarize({"h6.answer.naive.charged.summary", args});
    ctx.say({ctx.locking_text("h6.answer.naive.charged"), args});
    ctx.resolve("charged");
    return "charged";
  }
  // The beginner's timeout handler: give up on the booking. The charge may have gone through anyway.
  ctx.must(kRollback);
  provider_records_charge(ctx);
  ctx.memory().erase(kHold);
  ctx.summarize({"h6.answer.naive.timeout.summary", args});
  ctx.say({ctx.locking_text("h6.answer.naive.timeout"), args});
  ctx.say({"h6.answer.naive.money", args});
  ctx.resolve("charge_unknown");
  return "charge_unknown";
}

std::string provider_answer_atomic(ActionContext& ctx) {
  MessageArgs args = answer_args(ctx);
  if (ctx.memory().count(kPayment) == 0) return nothing_in_flight(ctx, args);
  const Value hold_id = ctx.memory()[kHold];
  const Value payment_id = ctx.memory()[kPayment];
  provider_records_charge(ctx);
  ctx.must(kBeginImmediate);
  if (ctx.text("answer") == "success") {
    ctx.must("UPDATE payments SET state = 'SUCCEEDED' WHERE id = ? AND state = 'PENDING'", {payment_id});
    const bool confirmed = confirm_in_time(ctx, hold_id);
    ctx.must(kCommit);
    ctx.memory().erase(kPayment);
    ctx.summarize({"h6.answer.atomic.charged.summary", args});
    // A hold that is no longer RESERVED before its deadline is H2's late payment: not confirmed here.
    args.emplace_back("see", ctx.case_ref("see_h2"));
    ctx.say({confirmed ? "h6.answer.atomic.charged" : "h6.answer.atomic.late", args});
    ctx.resolve("charged");
    return "charged";
  }
  ctx.must("UPDATE payments SET state = 'UNKNOWN' WHERE id = ? AND state = 'PENDING'", {payment_id});
  ctx.must(kCommit);
  ctx.memory().erase(kPayment);
  ctx.summarize({"h6.answer.atomic.timeout.summary", args});
  args.emplace_back("see", ctx.case_ref("see_h5"));
  ctx.say({"h6.answer.atomic.timeout", args});
  ctx.resolve("charge_unknown");
  return "charge_unknown";
}

}  // namespace reslab::hotel
