// H5's recovery windows (the hotel article's five-row table), in both models; row 3's outbox is in
// outbox_actions.cpp.
//   charge_payment  — naive: a new operation key per attempt, a timeout taken for a failure;
//                     atomic: the payment's own key, and after a timeout ask before charging again
//   refund_call     — the refund worker's call to the provider; the answer stays in memory until
//                     the worker records it (a crash in between is row 4's window)
//   payment_event   — naive: the last event to arrive wins; atomic: event-id dedup, then the
//                     booking's state and the payment id decide, and a terminal state never goes back
// [SECTION] index: charge_payment · refund_call · payment_event · the actions
#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/callbacks.hpp"
#include "core/cases/hotel/holds.hpp"
#include "core/cases/hotel/refunds.hpp"
#include "core/cases/hotel/sql.hpp"
#include "core/cases/shared/payment_provider.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;
namespace provider = payment_provider;

// [SECTION] charge_payment (H5-2)
struct ChargeInput {
  Value hold_id;
  std::string payment;  // the provider's payment id: the payment object every attempt belongs to
  Value amount;
  Value currency;
};

ChargeInput read_charge(const ActionContext& ctx) {
  return {ctx.integer("hold"), ctx.text("provider_payment_id"), ctx.integer_or_null("amount"),
          ctx.text_or_null("currency")};
}

MessageArgs charge_args(const ActionContext& ctx, const ChargeInput& input, const std::string& key) {
  return {{"actor", ctx.actor().id},
          {"payment", input.payment},
          {"hold", to_display(input.hold_id)},
          {"key", key},
          {"now", std::to_string(ctx.now())}};
}

// What the provider did behind the caller's back, so the class sees the ledger change explained.
void say_provider_side(ActionContext& ctx, const provider::Reply& reply, MessageArgs args) {
  args.emplace_back("answer", provider::answer_text(reply.answer));
  args.emplace_back("state", reply.state);
  if (reply.answer == provider::Answer::timed_out) {
    ctx.say(
        {reply.state.empty() ? "recovery.provider.timeout_before" : "recovery.provider.timeout_after", args});
  } else if (reply.answer == provider::Answer::already_done) {
    ctx.say({"recovery.provider.already_done", args});
  } else {
    ctx.say({"recovery.provider.answered", args});
  }
}

// The summary of a charge the provider holds: one charge, this call charging again, or several already there.
const char* charge_summary(std::int64_t charges, bool charged_again) {
  if (charges <= 1) return "recovery.charge.done.summary";
  return charged_again ? "recovery.charge.twice.summary" : "recovery.charge.many.summary";
}

// Records a charge the provider confirmed: the payment row and the booking, in one short transaction.
std::string record_charge(ActionContext& ctx, const ChargeInput& input, const Value& payment_row,
                          MessageArgs& args) {
  ctx.must(kBeginImmediate);
  ctx.must("UPDATE payments SET state = 'SUCCEEDED' WHERE id = ? AND state <> 'SUCCEEDED'", {payment_row});
  const HoldRow hold = read_hold(ctx, input.hold_id);
  args.emplace_back("state", hold.found ? hold.state : "-");
  args.emplace_back("deadline", to_display(hold.deadline));
  std::string outcome = "charged";
  if (hold.found && hold.state == "RESERVED" && confirm_and_announce(ctx, input.hold_id)) {
    ctx.say({"recovery.charge.confirmed", args});
  } else if (hold.found && hold.state == "CONFIRMED") {
    // Who confirmed it is said only when the callback log shows it.
    const auto by_callback = ctx.must(
        "SELECT event_id FROM callbacks WHERE hold_id = ? AND outcome = 'confirmed' ORDER BY received_at "
        "LIMIT 1",
        {input.hold_id});
    if (by_callback.rows.empty()) {
      ctx.say({"recovery.charge.already_confirmed", args});
    } else {
      MessageArgs with_event = args;
      with_event.emplace_back("event", to_display(by_callback.rows[0][0]));
      ctx.say({"recovery.charge.already_confirmed.callback", with_event});
    }
  } else {
    // Paid too late or for a booking that is gone: the money goes back, as in H2.
    const bool expired_now = hold.found && hold.state == "RESERVED";
    if (expired_now) expire_and_release(ctx, input.hold_id);
    const bool queued = queue_refund(ctx, payment_row, input.payment);
    ctx.say({expired_now ? "recovery.charge.too_late.expired" : "recovery.charge.too_late", args});
    if (queued) say_refund_pending(ctx);
    outcome = "refund_queued";
  }
  ctx.must(kCommit);
  return outcome;
}

// [SECTION] refund_call (H5-4)
// The answer the worker holds until it writes it to refund_tasks: lost if it crashes first.
std::string unrecorded_answer_key(const PendingRefund& task) {
  return "unrecorded_refund_task_" + to_display(task.task_id);
}

// [SECTION] payment_event (H5-5)
struct EventInput {
  std::string event_id;
  Value hold_id;
  std::string payment;
  std::string result;
  Value amount;
  Value currency;
};

CallbackRow callback_row(const EventInput& input) {
  return {input.event_id, input.hold_id, input.payment, input.result};
}

EventInput read_event(const ActionContext& ctx) {
  return {ctx.text("event_id"),
          ctx.integer("hold"),
          ctx.text("provider_payment_id"),
          ctx.has("result") ? ctx.text("result") : "success",
          ctx.integer_or_null("amount"),
          ctx.text_or_null("currency")};
}

MessageArgs event_args(const ActionContext& ctx, const EventInput& input) {
  MessageArgs args = {{"actor", ctx.actor().id},
                      {"event", input.event_id},
                      {"hold", to_display(input.hold_id)},
                      {"payment", input.payment},
                      {"now", std::to_string(ctx.now())}};
  args.emplace_back("created_at", ctx.has("created_at") ? std::to_string(ctx.integer("created_at")) : "?");
  return args;
}

std::string atomic_success(ActionContext& ctx, const EventInput& input, const HoldRow& hold,
                           MessageArgs& args) {
  const auto known =
      ctx.must("SELECT id FROM payments WHERE provider_payment_id = ? ORDER BY id LIMIT 1", {input.payment});
  if (hold.state == "CONFIRMED" && !known.rows.empty()) {
    ctx.summarize({"hotel.callback.reconcile.summary", args});
    ctx.say({"hotel.callback.reconcile", args});
    return "already_paid_reconcile";
  }
  Value payment_row;
  if (known.rows.empty()) {
    payment_row =
        ctx.must(kInsertSucceededPayment, {input.hold_id, input.payment, input.amount, input.currency})
            .rows.at(0)
            .at(0);
  } else {
    payment_row = known.rows[0][0];
    ctx.must("UPDATE payments SET state = 'SUCCEEDED' WHERE id = ?", {payment_row});
  }
  if (hold.state == "RESERVED" && confirm_and_announce(ctx, input.hold_id)) {
    ctx.summarize({"hotel.callback.confirmed.summary", args});
    ctx.say({"hotel.callback.confirmed", args});
    return "confirmed";
  }
  // Too late, or the booking is already final without this payment: the money goes back, once.
  const bool expired_now = hold.state == "RESERVED";
  if (expired_now) expire_and_release(ctx, input.hold_id);
  const bool queued = queue_refund(ctx, payment_row, input.payment);
  if (expired_now) {
    ctx.summarize(
        {queued ? "hotel.callback.expired_now.summary" : "hotel.callback.expired_now.no_refund.summary",
         args});
    ctx.say({queued ? "hotel.callback.expired_now" : "hotel.callback.expired_now.refund_exists", args});
  } else if (queued) {
    ctx.summarize({"hotel.callback.refund.summary", args});
    ctx.say({"recovery.event.refund", args});
  } else {
    ctx.summarize({"hotel.callback.refund_exists.summary", args});
    ctx.say({"hotel.callback.refund_exists", args});
  }
  if (!queued) return expired_now ? "released" : "noop";
  say_refund_pending(ctx);
  return "refund_queued";
}

}  // namespace

// [SECTION] the actions
std::string charge_payment_naive(ActionContext& ctx) {
  const ChargeInput input = read_charge(ctx);
  // A new key per attempt: to the provider every retry is a new charge.
  const std::string key = "charge:" + input.payment + ":" + std::to_string(ctx.now());
  MessageArgs args = charge_args(ctx, input, key);
  const provider::Reply reply =
      provider::call(ctx, "charge", key, input.payment, input.amount, provider::scripted_reply(ctx));
  // "A new key" only when it is: two attempts in the same second make the same key, which the provider knows.
  const bool same_key = reply.answer == provider::Answer::already_done;
  ctx.say({same_key ? "recovery.charge.naive.call.same_key" : "recovery.charge.naive.call", args});
  say_provider_side(ctx, reply, args);

  if (reply.answer == provider::Answer::timed_out) {
    ctx.summarize({"recovery.charge.unknown.summary", args});
    ctx.say({"recovery.charge.naive.timeout", args});
    return "charge_unknown";
  }
  if (reply.state == "FAILED") {
    ctx.must("UPDATE payments SET state = 'FAILED' WHERE provider_payment_id = ?", {input.payment});
    ctx.summarize({"recovery.charge.failed.summary", args});
    ctx.say({"recovery.charge.failed", args});
    return "rejected";
  }
  ctx.must("UPDATE payments SET state = 'SUCCEEDED' WHERE provider_payment_id = ?", {input.payment});
  confirm_without_checks(ctx, input.hold_id);
  const std::int64_t charges = provider::successful_charges(ctx, input.payment);
  args.emplace_back("charges", std::to_string(charges));
  // "Charges again" only when this call took money and the provider now holds more than one charge.
  const bool again = charges > 1 && reply.answer == provider::Answer::succeeded;
  ctx.summarize({charge_summary(charges, again), args});
  ctx.say({again ? "recovery.charge.naive.twice" : "recovery.charge.naive.done", args});
  return "charged";
}

std::string charge_payment_atomic(ActionContext& ctx) {
  const ChargeInput input = read_charge(ctx);
  // The payment object's own key, kept across every attempt.
  const std::string key = "charge:" + input.payment;
  MessageArgs args = charge_args(ctx, input, key);

  auto payment = ctx.must("SELECT id, state FROM payments WHERE provider_payment_id = ? ORDER BY id LIMIT 1",
                          {input.payment});
  if (payment.rows.empty()) {
    payment = ctx.must(
        "INSERT INTO payments(hold_id, provider_payment_id, amount, currency, state)"
        " VALUES (?, ?, ?, ?, 'PENDING') RETURNING id, state",
        {input.hold_id, input.payment, input.amount, input.currency});
  }
  const Value payment_row = payment.rows.at(0).at(0);
  const std::string payment_state = to_display(payment.rows.at(0).at(1));
  args.emplace_back("payment_state", payment_state);
  if (payment_state == "SUCCEEDED") {
    ctx.summarize({"recovery.charge.paid.summary", args});
    ctx.say({"recovery.charge.paid", args});
    return "noop";
  }

  provider::Reply reply;
  if (payment_state == "UNKNOWN") {
    // The last attempt timed out, so the charge may have happened: ask first, then retry under the same key.
    if (const auto seen = provider::query(ctx, key)) {
      reply = {provider::Answer::already_done, seen->state, key};
      ctx.say({"recovery.charge.query.found", args});
    } else {
      ctx.say({"recovery.charge.query.none", args});
      reply = provider::call(ctx, "charge", key, input.payment, input.amount, provider::scripted_reply(ctx));
    }
  } else {
    ctx.say({"recovery.charge.atomic.call", args});
    reply = provider::call(ctx, "charge", key, input.payment, input.amount, provider::scripted_reply(ctx));
  }
  say_provider_side(ctx, reply, args);

  if (reply.answer == provider::Answer::timed_out) {
    ctx.must("UPDATE payments SET state = 'UNKNOWN' WHERE id = ?", {payment_row});
    ctx.summarize({"recovery.charge.unknown.summary", args});
    ctx.say({"recovery.charge.atomic.timeout", args});
    return "charge_unknown";
  }
  if (reply.state != "SUCCEEDED") {
    ctx.must("UPDATE payments SET state = 'FAILED' WHERE id = ?", {payment_row});
    ctx.summarize({"recovery.charge.failed.summary", args});
    ctx.say({"recovery.charge.failed", args});
    return "rejected";
  }
  const std::string outcome = record_charge(ctx, input, payment_row, args);
  const std::int64_t charges = provider::successful_charges(ctx, input.payment);
  args.emplace_back("charges", std::to_string(charges));
  if (outcome != "charged") {
    ctx.summarize({"recovery.charge.refund.summary", args});
  } else {
    ctx.summarize(
        {charge_summary(charges, charges > 1 && reply.answer == provider::Answer::succeeded), args});
  }
  return outcome;
}

std::string refund_call(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const auto tasks = pending_refunds(ctx);
  if (tasks.empty()) return no_refund_pending(ctx);
  const provider::Script script = provider::scripted_refund(ctx);
  bool any_failed = false;
  for (const auto& task : tasks) {
    // naive: a fresh key per run; atomic: the task's own key, after checking the money was taken.
    const bool naive = ctx.model() == Model::naive;
    const std::string key = naive ? task.op_key + ":" + std::to_string(ctx.now()) : task.op_key;
    MessageArgs args = {{"actor", actor},
                        {"task", to_display(task.task_id)},
                        {"key", key},
                        {"payment", task.provider_payment_id}};
    if (!naive && provider::successful_charges(ctx, task.provider_payment_id) == 0) {
      ctx.say({"hotel.refund.no_charge", args});
      ctx.memory()[unrecorded_answer_key(task)] = std::string("FAILED");
      any_failed = true;
      continue;
    }
    const provider::Reply reply =
        provider::call(ctx, "refund", key, task.provider_payment_id, task.amount, script);
    const bool same_key = naive && reply.answer == provider::Answer::already_done;
    args.emplace_back("state", reply.state);
    args.emplace_back("answer", provider::answer_text(reply.answer));
    ctx.memory()[unrecorded_answer_key(task)] = reply.state;
    ctx.say({!naive     ? "recovery.refund_call.atomic"
             : same_key ? "recovery.refund_call.naive.same_key"
                        : "recovery.refund_call.naive",
             args});
    any_failed = any_failed || reply.state != "SUCCEEDED";
  }
  ctx.say({"recovery.refund_call.unrecorded", {{"actor", actor}}});
  ctx.summarize({any_failed ? "recovery.refund_call.failed.summary" : "recovery.refund_call.summary",
                 {{"actor", actor}}});
  // The provider has answered, but refund_tasks does not say so yet: not "refunded" until recorded.
  return any_failed ? "refund_failed" : "refund_unrecorded";
}

std::string payment_event_naive(ActionContext& ctx) {
  const EventInput input = read_event(ctx);
  MessageArgs args = event_args(ctx, input);
  const bool success = input.result == "success";
  const HoldRow was = read_hold(ctx, input.hold_id);
  args.emplace_back("was", was.found ? was.state : "-");
  std::string outcome = "noop";
  if (success) {
    outcome = confirm_paid_naive(ctx, callback_row(input), input.amount, input.currency, args);
  } else {
    const auto fail = ctx.must("UPDATE holds SET state = 'PAYMENT_FAILED' WHERE id = ?", {input.hold_id});
    if (fail.changes == 0) {
      ctx.summarize({"hotel.callback.unknown.summary", args});
      ctx.say({"hotel.callback.unknown", args});
    } else {
      release_hold_nights(ctx, input.hold_id);
      ctx.summarize({"recovery.event.naive.failed.summary", args});
      ctx.say({"recovery.event.naive.failed", args});
      ctx.say({"recovery.event.naive.last_wins", args});
      outcome = "released";
    }
  }
  log_callback_naive(ctx, callback_row(input), outcome);
  return outcome;
}

std::string payment_event_atomic(ActionContext& ctx) {
  const EventInput input = read_event(ctx);
  MessageArgs args = event_args(ctx, input);
  ctx.must(kBeginImmediate);
  if (!claim_callback_event(ctx, callback_row(input), args)) return "duplicate";
  const HoldRow hold = read_hold(ctx, input.hold_id);
  args.emplace_back("state", hold.state);
  args.emplace_back("deadline", to_display(hold.deadline));
  std::string outcome;
  if (!hold.found) {
    ctx.summarize({"hotel.callback.unknown.summary", args});
    ctx.say({"hotel.callback.unknown", args});
    outcome = "rejected";
  } else if (input.result != "success" && hold.state == "RESERVED") {
    // "The customer may still pay" only while the deadline is ahead.
    const bool before_deadline = !is_null(hold.deadline) && ctx.now() < as_int(hold.deadline);
    ctx.summarize({"recovery.event.failed_open.summary", args});
    ctx.say({before_deadline ? "recovery.event.failed_open" : "recovery.event.failed_open.late", args});
    outcome = "rejected";
  } else if (input.result != "success") {
    ctx.summarize({"recovery.event.terminal.summary", args});
    ctx.say({"recovery.event.terminal", args});
    outcome = "noop";
  } else {
    outcome = atomic_success(ctx, input, hold, args);
  }
  record_callback_outcome(ctx, input.event_id, outcome);
  ctx.must(kCommit);
  return outcome;
}

}  // namespace reslab::hotel
