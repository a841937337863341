// T2's payment side: the buyer's charge, the provider's callbacks and the reconciliation worker.
//   seat_pay       — both models charge through the simulated provider; a timeout leaves the result
//                    unknown (not failed). atomic refuses to charge an order whose hold is over.
//   seat_callback  — naive: "just mark it paid": order paid, seat sold to it, no dedup, no state or
//                    expiry check, each statement autocommitted;
//                    atomic: one transaction: dedup by event id, then decide on the order's state and
//                    the seat: sell only the seat the order still holds while now < expires_at; a success
//                    that cannot be honoured goes to refund_pending; a new event id for a paid order is
//                    flagged already_paid_reconcile.
//   seat_reconcile — atomic: look each pending payment up at the provider by payment id, then refund
//                    under the payment's own key, or close a repeated notice of the same payment;
//                    naive: refund whatever is queued under a fresh key (the naive handler queues nothing).
#include <set>

#include "core/cases/seat/actions.hpp"
#include "core/cases/seat/seat_state.hpp"

namespace reslab::seat {
namespace {

struct CallbackInput {
  std::string event_id;
  Value order_id;
  std::string provider_payment_id;
  Value amount;
  std::string result;
};

CallbackInput read_callback(const ActionContext& ctx) {
  CallbackInput input;
  input.event_id = ctx.text("event_id");
  input.order_id = ctx.integer("order");
  input.provider_payment_id = ctx.text("provider_payment_id");
  input.amount = ctx.has("amount") ? Value(ctx.integer("amount")) : Value(std::monostate{});
  input.result = ctx.has("result") ? ctx.text("result") : "success";
  return input;
}

MessageArgs callback_args(const ActionContext& ctx, const CallbackInput& input) {
  return {{"actor", ctx.actor().id},
          {"event", input.event_id},
          {"order", order_label(input.order_id)},
          {"order_id", to_display(input.order_id)},
          {"payment", input.provider_payment_id},
          {"now", std::to_string(ctx.now())}};
}

// [SECTION] seat_pay
// What naive code does not look at before it charges: the order may be missing, not held, or past its hold.
void say_unchecked_order(ActionContext& ctx, const OrderRow& order, const MessageArgs& args) {
  if (!order.found) {
    ctx.say({"seat.pay.naive.no_order", args});
  } else if (order.state != "held") {
    ctx.say({"seat.pay.naive.not_held", args});
  } else if (!is_null(order.expires_at) && !(ctx.now() < as_int(order.expires_at))) {
    ctx.say({"seat.pay.naive.hold_over", args});
  }
}

std::string charge(ActionContext& ctx, MessageArgs& args) {
  const std::string payment = ctx.text("provider_payment_id");
  const Value amount = ctx.has("amount") ? Value(ctx.integer("amount")) : Value(std::monostate{});
  const bool timeout = ctx.text("answer") == "timeout";
  // The order as it stands: atomic checked it just now; naive never looks, and the explanation says what it
  // missed.
  const OrderRow order = order_row(ctx.committed(), ctx.integer("order"));
  const bool holds = order.found && order.state == "held" &&
                     (is_null(order.expires_at) || ctx.now() < as_int(order.expires_at));
  args.emplace_back("state", order.found ? order.state : "-");
  args.emplace_back("seat", order.found ? order.seat : "-");
  args.emplace_back("until", order.found && !is_null(order.expires_at) ? to_display(order.expires_at) : "-");
  // The provider takes the money either way; on a timeout only its answer is lost.
  ctx.provider(
      "INSERT INTO provider_ledger(op_key, payment_id, kind, amount, state) VALUES (?, ?, 'charge', ?,"
      " 'SUCCEEDED') ON CONFLICT(op_key) DO NOTHING",
      {"charge:" + payment, payment, amount});
  const auto recorded = ctx.must(
      "INSERT INTO payments(order_id, provider_payment_id, amount, state) VALUES (?, ?, ?, ?)"
      " ON CONFLICT(provider_payment_id) DO NOTHING",
      {ctx.integer("order"), payment, amount, std::string(timeout ? "UNKNOWN" : "SUCCEEDED")});
  // A callback for this payment may have been handled first: then the row is already there.
  args.emplace_back("recorded", payment_state(ctx.committed(), payment));
  if (timeout) {
    ctx.summarize({"seat.pay.timeout.summary", args});
    ctx.say({"seat.pay.timeout", args});
  } else {
    ctx.summarize({"seat.pay.charged.summary", args});
    ctx.say({"seat.pay.charged", args});
  }
  if (recorded.changes == 0) {
    ctx.say({"seat.pay.already_recorded", args});
  } else if (timeout) {
    ctx.say({"seat.pay.recorded_unknown", args});
  }
  if (!holds) {
    say_unchecked_order(ctx, order, args);
  } else if (!timeout) {
    ctx.say({"seat.pay.stays_held", args});
  }
  return timeout ? "charge_unknown" : "charged";
}

MessageArgs pay_args(const ActionContext& ctx) {
  return {{"actor", ctx.actor().id},
          {"order", order_label(ctx.integer("order"))},
          {"payment", ctx.text("provider_payment_id")},
          {"now", std::to_string(ctx.now())}};
}

// [SECTION] seat_callback
const std::string kRecordPayment =
    "INSERT INTO payments(order_id, provider_payment_id, amount, state) VALUES (?, ?, ?, 'SUCCEEDED')"
    " ON CONFLICT(provider_payment_id) DO UPDATE SET state = 'SUCCEEDED'";

// At most one pending item per reason and payment: a repeated notice adds nothing.
bool queue_reconciliation(ActionContext& ctx, const CallbackInput& input, const std::string& reason) {
  const auto queued = ctx.must(
      "INSERT INTO reconciliations(order_id, provider_payment_id, event_id, reason, state)"
      " VALUES (?, ?, ?, ?, 'PENDING') ON CONFLICT(reason, provider_payment_id) DO NOTHING",
      {input.order_id, input.provider_payment_id, input.event_id, reason});
  return queued.changes > 0;
}

// The item a payment already has for `reason` (the transaction reads what was committed before it).
void add_item_args(const ActionContext& ctx, const CallbackInput& input, const std::string& reason,
                   MessageArgs& args) {
  for (const auto& item : reconciliations(ctx.committed()))
    if (item.provider_payment_id == input.provider_payment_id && item.reason == reason) {
      args.emplace_back("item", item.id);
      args.emplace_back("item_state", item.state);
      return;
    }
  args.emplace_back("item", "-");
  args.emplace_back("item_state", "-");
}

// Where the seat stands now, for a callback that cannot sell it to its order.
void say_seat_now(ActionContext& ctx, const std::string& seat) {
  const SeatRow row = seat_row(ctx.committed(), seat);
  if (!row.found) return;
  const MessageArgs args = {{"seat", seat}, {"owner", order_label(row.order_id)}};
  if (row.state == "free" || is_null(row.order_id)) {
    ctx.say({"seat.callback.seat_now.free", args});
  } else {
    ctx.say({row.state == "sold" ? "seat.callback.seat_now.sold" : "seat.callback.seat_now.held", args});
  }
}

std::string decide_held(ActionContext& ctx, const CallbackInput& input, const std::string& seat,
                        MessageArgs& args) {
  // Sell only the seat this order still holds, and only while now < expires_at.
  const auto sold = ctx.must(
      "UPDATE seats SET state = 'sold' WHERE seat_id = ? AND order_id = ? AND state = 'held'"
      " AND (expires_at IS NULL OR ? < expires_at)",
      {seat, input.order_id, ctx.now()});
  if (sold.changes == 1) {
    ctx.must("UPDATE orders SET state = 'paid', paid_at = ? WHERE id = ? AND state = 'held'",
             {ctx.now(), input.order_id});
    ctx.summarize({"seat.callback.confirmed.summary", args});
    ctx.say({"seat.callback.confirmed", args});
    return "confirmed";
  }
  // The hold ran out and nobody has taken the seat yet: the handler ends the hold itself.
  const auto freed = ctx.must(
      "UPDATE seats SET state = 'free', order_id = NULL, expires_at = NULL WHERE seat_id = ? AND order_id = ?"
      " AND state = 'held'",
      {seat, input.order_id});
  ctx.must("UPDATE orders SET state = 'refund_pending' WHERE id = ? AND state = 'held'", {input.order_id});
  queue_reconciliation(ctx, input, "paid_after_expiry");
  ctx.summarize({"seat.callback.expired_now.summary", args});
  ctx.say({freed.changes ? "seat.callback.expired_now" : "seat.callback.expired_now.lost", args});
  ctx.say({"seat.callback.pending_not_refunded"});
  return "refund_pending";
}

std::string decide_success(ActionContext& ctx, const CallbackInput& input, const std::string& state,
                           const std::string& seat, const Value& expires_at, MessageArgs& args);

std::string atomic_decide(ActionContext& ctx, const CallbackInput& input, MessageArgs& args) {
  const auto order = ctx.must("SELECT state, seat_id, expires_at FROM orders WHERE id = ?", {input.order_id});
  if (order.rows.empty()) {
    ctx.summarize({"seat.callback.unknown.summary", args});
    ctx.say({"seat.callback.unknown", args});
    return "rejected";
  }
  const std::string state = to_display(order.rows[0][0]);
  const std::string seat = to_display(order.rows[0][1]);
  args.emplace_back("state", state);
  args.emplace_back("seat", seat);
  args.emplace_back("expires", to_display(order.rows[0][2]));
  if (input.result != "success") {
    ctx.summarize({"seat.callback.failure.summary", args});
    ctx.say({"seat.callback.failure", args});
    return "rejected";
  }
  // A payment none of our charges recorded is SUCCEEDED from here on only because the callback says so.
  const bool on_record = !payment_state(ctx.committed(), input.provider_payment_id).empty();
  ctx.must(kRecordPayment, {input.order_id, input.provider_payment_id, input.amount});
  const std::string outcome = decide_success(ctx, input, state, seat, order.rows[0][2], args);
  if (!on_record) ctx.say({"seat.callback.recorded_unverified", args});
  return outcome;
}

// The order's decision on a success callback, its payment already recorded SUCCEEDED.
std::string decide_success(ActionContext& ctx, const CallbackInput& input, const std::string& state,
                           const std::string& seat, const Value& expires_at, MessageArgs& args) {
  // At the deadline itself the hold is over, whichever of the callback and a hand-over came first.
  const bool at_deadline = !is_null(expires_at) && ctx.now() == as_int(expires_at);
  if (state == "held") {
    const std::string outcome = decide_held(ctx, input, seat, args);
    if (at_deadline) ctx.say({"seat.deadline.tie", args});
    return outcome;
  }
  if (state == "paid") {
    ctx.summarize({"seat.callback.reconcile.summary", args});
    if (queue_reconciliation(ctx, input, "already_paid")) {
      ctx.say({"seat.callback.reconcile", args});
    } else {
      add_item_args(ctx, input, "already_paid", args);
      ctx.say({"seat.callback.reconcile.already", args});
    }
    return "already_paid_reconcile";
  }
  if (state == "expired") {
    ctx.must("UPDATE orders SET state = 'refund_pending' WHERE id = ? AND state = 'expired'",
             {input.order_id});
    queue_reconciliation(ctx, input, "paid_after_expiry");
    ctx.summarize({"seat.callback.pending.summary", args});
    ctx.say({"seat.callback.pending", args});
    say_seat_now(ctx, seat);
    ctx.say({"seat.callback.pending.queued", args});
    ctx.say({"seat.callback.pending_not_refunded"});
    if (at_deadline) ctx.say({"seat.deadline.tie", args});
    return "refund_pending";
  }
  // refund_pending or refunded: the order is already in reconciliation; only a new payment adds an item.
  if (queue_reconciliation(ctx, input, "paid_after_expiry")) {
    std::size_t items = 1;  // the one just queued, and those the order had before
    for (const auto& item : reconciliations(ctx.committed()))
      items += item.order_id == to_display(input.order_id);
    args.emplace_back("count", std::to_string(items));
    ctx.summarize({"seat.callback.pending_again.summary", args});
    ctx.say({"seat.callback.pending_again", args});
    return "refund_pending";
  }
  add_item_args(ctx, input, "paid_after_expiry", args);
  ctx.summarize({"seat.callback.already_pending.summary", args});
  ctx.say({"seat.callback.already_pending", args});
  return "noop";
}

// [SECTION] seat_reconcile
struct PendingItem {
  Value id;
  Value order_id;
  std::string provider_payment_id;
  std::string event_id;
  std::string reason;
};

std::vector<PendingItem> pending_items(ActionContext& ctx) {
  const auto pending = ctx.must(
      "SELECT id, order_id, provider_payment_id, event_id, reason FROM reconciliations"
      " WHERE state = 'PENDING' ORDER BY id");
  std::vector<PendingItem> items;
  for (const auto& row : pending.rows)
    items.push_back({row[0], row[1], to_display(row[2]), to_display(row[3]), to_display(row[4])});
  return items;
}

MessageArgs item_args(const PendingItem& item, const std::string& key) {
  return {{"item", to_display(item.id)},
          {"order", order_label(item.order_id)},
          {"payment", item.provider_payment_id},
          {"event", item.event_id},
          {"key", key}};
}

// The provider's side of a refund: idempotent by operation key, as a real provider's API is.
std::string provider_refund(ActionContext& ctx, const std::string& op_key, const PendingItem& item,
                            const Value& amount) {
  const auto existing = ctx.provider("SELECT state FROM provider_ledger WHERE op_key = ?", {op_key});
  if (!existing.rows.empty()) return to_display(existing.rows[0][0]);
  const std::string state = ctx.text("provider_refund") == "fail" ? "FAILED" : "SUCCEEDED";
  ctx.provider(
      "INSERT INTO provider_ledger(op_key, payment_id, kind, amount, state) VALUES (?, ?, 'refund', ?, ?)",
      {op_key, item.provider_payment_id, amount, state});
  return state;
}

void close_item(ActionContext& ctx, const PendingItem& item, const std::string& state) {
  ctx.must("UPDATE reconciliations SET state = ? WHERE id = ? AND state = 'PENDING'", {state, item.id});
}

// The provider has answered; the item, the payment and the order record that answer together.
// Returns whether the order became refunded (it does only from refund_pending).
bool record_refund(ActionContext& ctx, const PendingItem& item, const std::string& item_state) {
  ctx.must(kBeginImmediate);
  close_item(ctx, item, item_state);
  bool order_refunded = false;
  if (item_state == "REFUNDED") {
    ctx.must("UPDATE payments SET state = 'REFUNDED' WHERE provider_payment_id = ?",
             {item.provider_payment_id});
    order_refunded =
        ctx.must("UPDATE orders SET state = 'refunded' WHERE id = ? AND state = 'refund_pending'",
                 {item.order_id})
            .changes > 0;
  }
  ctx.must(kCommit);
  return order_refunded;
}

// Returns the item's new state, or PENDING when the payment cannot be verified.
// `refunded_orders`: the orders this run has already set to refunded (the committed state predates the run).
std::string reconcile_one(ActionContext& ctx, const PendingItem& item,
                          std::set<std::string>& refunded_orders) {
  const std::string op_key = "refund:" + item.provider_payment_id;
  MessageArgs args = item_args(item, op_key);
  if (item.reason == "already_paid") {
    const auto paid_by = ctx.must(
        "SELECT provider_payment_id FROM callbacks WHERE order_id = ? AND outcome = 'confirmed'"
        " ORDER BY received_at, event_id LIMIT 1",
        {item.order_id});
    if (!paid_by.rows.empty() && to_display(paid_by.rows[0][0]) == item.provider_payment_id) {
      close_item(ctx, item, "SAME_PAYMENT");
      ctx.say({"seat.reconcile.same_payment", args});
      return "SAME_PAYMENT";
    }
  }
  const auto charge =
      ctx.provider("SELECT state, amount FROM provider_ledger WHERE payment_id = ? AND kind = 'charge'",
                   {item.provider_payment_id});
  if (charge.rows.empty() || to_display(charge.rows[0][0]) != "SUCCEEDED") {
    // A success we cannot find at the provider is not refunded blindly: it stays pending for a person.
    ctx.say({"seat.reconcile.unverified", args});
    if (const std::string recorded = payment_state(ctx.committed(), item.provider_payment_id);
        !recorded.empty()) {
      MessageArgs with_record = args;
      with_record.emplace_back("state", recorded);
      ctx.say({"seat.reconcile.unverified.recorded", with_record});
    }
    return "PENDING";
  }
  const std::string state = provider_refund(ctx, op_key, item, charge.rows[0][1]);
  const std::string item_state = state == "SUCCEEDED" ? "REFUNDED" : "REFUND_FAILED";
  const std::string order = to_display(item.order_id);
  const bool order_refunded = record_refund(ctx, item, item_state);
  if (order_refunded) refunded_orders.insert(order);
  const OrderRow before = order_row(ctx.committed(), item.order_id);
  args.emplace_back("order_state", refunded_orders.count(order) ? "refunded"
                                   : before.found               ? before.state
                                                                : "-");
  ctx.say({"seat.reconcile.verified", args});
  if (item_state == "REFUNDED") {
    ctx.say({order_refunded ? "seat.reconcile.refunded" : "seat.reconcile.refunded.order_kept", args});
  } else {
    ctx.say({"seat.reconcile.failed", args});
  }
  return item_state;
}

}  // namespace

// [SECTION] the actions
std::string seat_pay_naive(ActionContext& ctx) {
  MessageArgs args = pay_args(ctx);
  return charge(ctx, args);
}

std::string seat_pay_atomic(ActionContext& ctx) {
  MessageArgs args = pay_args(ctx);
  const auto order = ctx.must(
      "SELECT o.state, s.expires_at FROM orders o LEFT JOIN seats s ON s.order_id = o.id WHERE o.id = ?",
      {ctx.integer("order")});
  const bool held = !order.rows.empty() && to_display(order.rows[0][0]) == "held";
  const bool holds = held && (is_null(order.rows[0][1]) || ctx.now() < as_int(order.rows[0][1]));
  if (!holds) {
    args.emplace_back("state", order.rows.empty() ? "-" : to_display(order.rows[0][0]));
    args.emplace_back("until", held ? to_display(order.rows[0][1]) : "-");
    ctx.summarize({"seat.pay.refused.summary", args});
    ctx.say({order.rows.empty() ? "seat.pay.refused.missing"
             : held             ? "seat.pay.refused.expired"
                                : "seat.pay.refused.state",
             args});
    ctx.resolve("rejected");
    return "rejected";
  }
  return charge(ctx, args);
}

std::string seat_callback_naive(ActionContext& ctx) {
  const CallbackInput input = read_callback(ctx);
  MessageArgs args = callback_args(ctx, input);
  // callbacks has a primary key; the naive handler ignores the error and carries on.
  const auto logged = ctx.sql(
      "INSERT INTO callbacks(event_id, order_id, provider_payment_id, result, received_at, outcome)"
      " VALUES (?, ?, ?, ?, ?, 'confirmed')",
      {input.event_id, input.order_id, input.provider_payment_id, input.result, ctx.now()});
  if (!logged.ok() && !logged.constraint()) fail_statement("INSERT INTO callbacks", logged);
  if (input.result != "success") {
    ctx.summarize({"seat.callback.failure.summary", args});
    ctx.say({"seat.callback.failure", args});
    return "rejected";
  }
  const auto order = ctx.must("SELECT seat_id FROM orders WHERE id = ?", {input.order_id});
  if (order.rows.empty()) {
    ctx.summarize({"seat.callback.unknown.summary", args});
    ctx.say({"seat.callback.unknown", args});
    return "rejected";
  }
  const std::string seat = to_display(order.rows[0][0]);
  args.emplace_back("seat", seat);
  ctx.must(kRecordPayment, {input.order_id, input.provider_payment_id, input.amount});
  // Naive statements autocommit, so the committed state is what these writes land on.
  const SeatRow before = seat_row(ctx.committed(), seat);
  const bool paid_before = order_row(ctx.committed(), input.order_id).state == "paid";
  ctx.must("UPDATE orders SET state = 'paid', paid_at = ? WHERE id = ?", {ctx.now(), input.order_id});
  ctx.must("UPDATE seats SET state = 'sold', order_id = ? WHERE seat_id = ?", {input.order_id, seat});
  ctx.summarize({"seat.callback.naive.summary", args});
  ctx.say({"seat.callback.naive", args});
  if (!logged.ok())
    ctx.say({paid_before ? "seat.callback.naive.repeated" : "seat.callback.naive.repeated.anyway", args});
  const OrderRow owner = order_row(ctx.committed(), before.order_id);
  if (!is_null(before.order_id) && to_display(before.order_id) != to_display(input.order_id) &&
      (owner.state == "held" || owner.state == "paid")) {
    std::size_t live = 1;  // this order, now paid, and the others that still claim the seat
    for (const auto& id : live_orders(ctx.committed(), seat)) live += id != to_display(input.order_id);
    args.emplace_back("owner", order_label(before.order_id));
    args.emplace_back("owner_state", owner.state);
    args.emplace_back("live", std::to_string(live));
    ctx.say({"seat.callback.naive.stolen", args});
  }
  return "confirmed";
}

std::string seat_callback_atomic(ActionContext& ctx) {
  const CallbackInput input = read_callback(ctx);
  MessageArgs args = callback_args(ctx, input);
  ctx.must(kBeginImmediate);
  const auto logged = ctx.must(
      "INSERT INTO callbacks(event_id, order_id, provider_payment_id, result, received_at)"
      " VALUES (?, ?, ?, ?, ?) ON CONFLICT(event_id) DO NOTHING",
      {input.event_id, input.order_id, input.provider_payment_id, input.result, ctx.now()});
  if (logged.changes == 0) {
    ctx.must(kCommit);
    ctx.summarize({"seat.callback.duplicate.summary", args});
    ctx.say({"seat.callback.duplicate", args});
    return "duplicate";
  }
  const std::string outcome = atomic_decide(ctx, input, args);
  ctx.must("UPDATE callbacks SET outcome = ? WHERE event_id = ?", {outcome, input.event_id});
  ctx.must(kCommit);
  return outcome;
}

std::string seat_reconcile_atomic(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const auto items = pending_items(ctx);
  if (items.empty()) {
    ctx.summarize({"seat.reconcile.none.summary", {{"actor", actor}}});
    ctx.say({"seat.reconcile.none"});
    return "noop";
  }
  int refunded = 0, failed = 0, unverified = 0, closed = 0;
  std::set<std::string> refunded_orders;
  for (const auto& item : items) {
    const std::string state = reconcile_one(ctx, item, refunded_orders);
    refunded += state == "REFUNDED";
    failed += state == "REFUND_FAILED";
    unverified += state == "PENDING";
    closed += state == "SAME_PAYMENT";
  }
  const MessageArgs args = {{"actor", actor},
                            {"refunded", std::to_string(refunded)},
                            {"failed", std::to_string(failed)},
                            {"pending", std::to_string(unverified)},
                            {"closed", std::to_string(closed)}};
  ctx.summarize({"seat.reconcile.summary", args});
  if (failed) return "refund_failed";
  if (refunded) return "refunded";
  if (unverified) return "refund_pending";
  return "noop";
}

std::string seat_reconcile_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const auto items = pending_items(ctx);
  if (items.empty()) {
    ctx.summarize({"seat.reconcile.none.summary", {{"actor", actor}}});
    ctx.say({"seat.reconcile.naive.none"});
    return "noop";
  }
  int refunded = 0, failed = 0;
  for (const auto& item : items) {
    // A fresh key per run: the provider cannot tell a repeated refund from a new one.
    const std::string op_key = "refund:" + item.provider_payment_id + ":" + std::to_string(ctx.now());
    const std::string answer = provider_refund(ctx, op_key, item, std::monostate{});
    close_item(ctx, item, "REFUNDED");
    MessageArgs args = item_args(item, op_key);
    args.emplace_back("answer", answer);
    ctx.say({"seat.reconcile.naive", args});
    // The beginner's code records REFUNDED whatever the provider said.
    if (answer != "SUCCEEDED") ctx.say({"seat.reconcile.naive.marked", args});
    refunded += answer == "SUCCEEDED";
    failed += answer != "SUCCEEDED";
  }
  ctx.summarize({"seat.reconcile.summary",
                 {{"actor", actor},
                  {"refunded", std::to_string(refunded)},
                  {"failed", std::to_string(failed)},
                  {"pending", "0"},
                  {"closed", "0"}}});
  return failed ? "refund_failed" : "refunded";
}

}  // namespace reslab::seat
