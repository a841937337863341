// H2's payment callback handler, in both models.
//   naive  — "just mark it paid": record the callback, CONFIRMED, sold + 1; no dedup, no state or
//            deadline check, each statement autocommitted.
//   atomic — one transaction: dedup by event id, then decide on the hold's state and the database
//            clock (confirm only while now < deadline), queue at most one refund per payment.
#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/callbacks.hpp"
#include "core/cases/hotel/holds.hpp"
#include "core/cases/hotel/refunds.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

struct CallbackInput {
  std::string event_id;
  Value hold_id;
  std::string provider_payment_id;
  Value amount;
  Value currency;
  std::string result;
};

CallbackRow callback_row(const CallbackInput& input) {
  return {input.event_id, input.hold_id, input.provider_payment_id, input.result};
}

CallbackInput read_input(const ActionContext& ctx) {
  CallbackInput input;
  input.event_id = ctx.text("event_id");
  input.hold_id = ctx.integer("hold");
  input.provider_payment_id = ctx.text("provider_payment_id");
  input.amount = ctx.has("amount") ? Value(ctx.integer("amount")) : Value(std::monostate{});
  input.currency = ctx.has("currency") ? Value(ctx.text("currency")) : Value(std::monostate{});
  input.result = ctx.has("result") ? ctx.text("result") : "success";
  return input;
}

MessageArgs base_args(const ActionContext& ctx, const CallbackInput& input) {
  MessageArgs args = {{"actor", ctx.actor().id},
                      {"event", input.event_id},
                      {"hold", to_display(input.hold_id)},
                      {"payment", input.provider_payment_id},
                      {"now", std::to_string(ctx.now())}};
  if (ctx.has("paid_at")) args.emplace_back("paid_at", std::to_string(ctx.integer("paid_at")));
  return args;
}

void mention_paid_at(ActionContext& ctx, const MessageArgs& args) {
  if (!ctx.has("paid_at")) return;
  // Only the atomic handler judges the deadline; the naive one compares nothing.
  ctx.say({ctx.model() == Model::naive ? "hotel.callback.paid_at.naive" : "hotel.callback.paid_at", args});
}

std::string atomic_decide(ActionContext& ctx, const CallbackInput& input, MessageArgs& args) {
  const HoldRow hold = read_hold(ctx, input.hold_id);
  if (!hold.found) {
    ctx.summarize({"hotel.callback.unknown.summary", args});
    ctx.say({"hotel.callback.unknown", args});
    return "rejected";
  }
  const std::string& state = hold.state;
  args.emplace_back("state", state);
  args.emplace_back("deadline", to_display(hold.deadline));

  if (input.result != "success") {
    ctx.summarize({"hotel.callback.failure.summary", args});
    ctx.say({"hotel.callback.failure", args});
    return "rejected";
  }

  const auto known =
      ctx.must("SELECT id FROM payments WHERE provider_payment_id = ?", {input.provider_payment_id});
  const bool payment_seen = !known.rows.empty();
  Value payment_row_id;
  if (payment_seen) {
    payment_row_id = known.rows[0][0];
  } else {
    const auto inserted = ctx.must(kInsertSucceededPayment,
                                   {input.hold_id, input.provider_payment_id, input.amount, input.currency});
    payment_row_id = inserted.rows.at(0).at(0);
  }

  if (state == "RESERVED") {
    // Read in time, the UPDATE's own check still decides: only a hold that is RESERVED when it writes.
    const bool in_time = !is_null(hold.deadline) && ctx.now() < as_int(hold.deadline);
    if (in_time && confirm_and_announce(ctx, input.hold_id)) {
      ctx.summarize({"hotel.callback.confirmed.summary", args});
      ctx.say({"hotel.callback.confirmed", args});
      mention_paid_at(ctx, args);
      return "confirmed";
    }
    // The expiry job has not run (or runs later): the handler enforces the deadline itself.
    const auto expired = ctx.must(
        "UPDATE holds SET state = 'HOLD_EXPIRED' WHERE id = ? AND state = 'RESERVED'", {input.hold_id});
    if (expired.changes == 1) release_hold_nights(ctx, input.hold_id);
    const bool queued = queue_refund(ctx, payment_row_id, input.provider_payment_id);
    if (queued) {
      ctx.summarize({"hotel.callback.expired_now.summary", args});
      ctx.say({"hotel.callback.expired_now", args});
      say_refund_pending(ctx);
    } else {
      ctx.summarize({"hotel.callback.expired_now.no_refund.summary", args});
      ctx.say({"hotel.callback.expired_now.refund_exists", args});
    }
    mention_paid_at(ctx, args);
    return queued ? "refund_queued" : "released";
  }

  if (state == "CONFIRMED" && payment_seen) {
    ctx.summarize({"hotel.callback.reconcile.summary", args});
    ctx.say({"hotel.callback.reconcile", args});
    return "already_paid_reconcile";
  }

  // HOLD_EXPIRED (or a second, different charge for a confirmed booking): the money goes back.
  if (queue_refund(ctx, payment_row_id, input.provider_payment_id)) {
    ctx.summarize({"hotel.callback.refund.summary", args});
    ctx.say({state == "CONFIRMED" ? "hotel.callback.second_charge" : "hotel.callback.refund", args});
    say_refund_pending(ctx);
    mention_paid_at(ctx, args);
    return "refund_queued";
  }
  ctx.summarize({"hotel.callback.refund_exists.summary", args});
  ctx.say({"hotel.callback.refund_exists", args});
  return "noop";
}

}  // namespace

std::string payment_callback_naive(ActionContext& ctx) {
  const CallbackInput input = read_input(ctx);
  MessageArgs args = base_args(ctx, input);
  std::string outcome = "rejected";
  if (input.result != "success") {
    ctx.summarize({"hotel.callback.failure.summary", args});
    ctx.say({"hotel.callback.failure", args});
  } else {
    outcome = confirm_paid_naive(ctx, callback_row(input), input.amount, input.currency, args);
    if (outcome == "confirmed") mention_paid_at(ctx, args);
  }
  log_callback_naive(ctx, callback_row(input), outcome);
  return outcome;
}

std::string payment_callback_atomic(ActionContext& ctx) {
  const CallbackInput input = read_input(ctx);
  MessageArgs args = base_args(ctx, input);
  ctx.must(kBeginImmediate);
  if (!claim_callback_event(ctx, callback_row(input), args)) return "duplicate";
  const std::string outcome = atomic_decide(ctx, input, args);
  record_callback_outcome(ctx, input.event_id, outcome);
  ctx.must(kCommit);
  return outcome;
}

}  // namespace reslab::hotel
