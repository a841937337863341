// The seat claim rules for holds, payments and callbacks.
#include <algorithm>
#include <charconv>

#include "core/cases/seat/family.hpp"
#include "tests/claims/seat_cases.hpp"
#include "tests/test_support.hpp"

namespace reslab::claims::seat_cases {
namespace {

// The payment had no row before the step and has one in `state` after it.
ClaimCheck first_recorded(const std::string& state) {
  return [state](const StepView& v, const Message& m) {
    return first(
        {when(row_of(v.before, "payments", "provider_payment_id", arg(m, "payment")).empty(),
              "the payment had a row before"),
         expect("the payment's state", state,
                at(row_of(v.after, "payments", "provider_payment_id", arg(m, "payment")), "state"))});
  };
}

}  // namespace

void hold_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  c["seat.hold.accepted.summary"] = [](const StepView& v, const Message& m) {
    return first({seat_names(v.after, arg(m, "seat"), arg(m, "order"), "held"),
                  order_is(v.after, arg(m, "order"), "held")});
  };
  // A hand-over: the seat named the previous order, whose hold is over; now it names the new one.
  const ClaimCheck handover = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.before, arg(m, "seat"));
    return first({expect("the seat's order before", id_of(arg(m, "previous")), at(seat, "order_id")),
                  expect("the seat's state before", "held", at(seat, "state")),
                  m.key == "seat.hold.handover.summary"
                      ? std::string()
                      : expect("the hold's end", arg(m, "until"), at(seat, "expires_at")),
                  when(v.step.time >= number(at(seat, "expires_at")), "the hold had not ended"),
                  order_is(v.after, arg(m, "previous"), "expired"),
                  m.key == "seat.hold.naive.handover"
                      ? std::string()
                      : seat_names(v.after, arg(m, "seat"), arg(m, "order"), "held"),
                  arg(m, "now").empty() ? std::string() : now_is(v, m)});
  };
  c["seat.hold.handover.summary"] = handover;
  c["seat.hold.naive.handover"] = handover;
  c["seat.hold.atomic.handover"] = handover;
  // "also": the new order is one of several that claim the seat.
  c["seat.hold.also.summary"] = [](const StepView& v, const Message& m) {
    const auto live = live_in(v.after, arg(m, "seat"));
    return first({seat_names(v.after, arg(m, "seat"), arg(m, "order"), "held"),
                  when(live.size() >= 2 && contains(live, arg(m, "order")),
                       "says 'also', but the orders claiming the seat are " + joined(live))});
  };
  c["seat.hold.rejected.summary"] = [](const StepView& v, const Message& m) {
    return first({when(update_changed_nothing(v), "no UPDATE of seats changed 0 rows"),
                  when(rolled_back(v), "nothing was rolled back"),
                  when(rows_where(v.after, "orders", "request_key", arg(m, "key")).empty(),
                       "an order with the request key remains")});
  };
  c["seat.hold.taken.summary"] = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.before, arg(m, "seat"));
    return first({expect("the seat's state", arg(m, "state"), at(seat, "state")),
                  when(taken(seat, v.step.time), "the seat was free to take")});
  };
  const ClaimCheck key_used = [](const StepView& v, const Message& m) {
    const bool refused = std::any_of(v.step.sql.begin(), v.step.sql.end(), [&](const SqlRecord& record) {
      return record.sql.rfind("INSERT INTO orders", 0) == 0 && record.result == arg(m, "code");
    });
    return first(
        {when(!rows_where(v.before, "orders", "request_key", arg(m, "key")).empty(),
              "the request key " + arg(m, "key") + " was not used before"),
         m.key == "seat.hold.duplicate.summary"
             ? std::string()
             : when(refused, "no INSERT of the order failed with " + arg(m, "code")),
         m.key == "seat.hold.atomic.duplicate"
             ? when(seat_in(v.before, arg(m, "seat")) == seat_in(v.after, arg(m, "seat")), "the seat changed")
             : std::string()});
  };
  c["seat.hold.duplicate.summary"] = key_used;
  c["seat.hold.naive.duplicate"] = key_used;
  c["seat.hold.atomic.duplicate"] = key_used;
  c["seat.hold.naive.duplicate.expired"] = [](const StepView& v, const Message& m) {
    return first({expect("the seat's order before", id_of(arg(m, "previous")),
                         at(seat_in(v.before, arg(m, "seat")), "order_id")),
                  order_is(v.before, arg(m, "previous"), "held"),
                  order_is(v.after, arg(m, "previous"), "expired"),
                  expect("the seat's order after", id_of(arg(m, "previous")),
                         at(seat_in(v.after, arg(m, "seat")), "order_id"))});
  };
  const ClaimCheck missing = [](const StepView& v, const Message& m) {
    return when(seat_in(v.before, arg(m, "seat")).empty(), "there is a seat " + arg(m, "seat"));
  };
  c["seat.hold.missing.summary"] = missing;
  c["seat.hold.missing"] = missing;
  c["seat.hold.missing.order_left"] = [](const StepView& v, const Message& m) {
    const RowText order = order_in(v.after, arg(m, "order"));
    return first({expect("the order's state", "held", at(order, "state")),
                  expect("the order's seat", arg(m, "seat"), at(order, "seat_id")),
                  when(seat_in(v.after, arg(m, "seat")).empty(), "the seat exists")});
  };
  // What a read or a re-check found: held by an order whose hold still runs, or sold.
  const ClaimCheck found_held = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.before, arg(m, "seat"));
    return first({expect("the seat's state", "held", at(seat, "state")),
                  expect("the seat's order", id_of(arg(m, "previous")), at(seat, "order_id")),
                  expect("the hold's end", arg(m, "until"), at(seat, "expires_at")),
                  when(v.step.time < number(at(seat, "expires_at")), "the hold had ended"), now_is(v, m),
                  when(seat_in(v.after, arg(m, "seat")) == seat, "the seat changed")});
  };
  const ClaimCheck found_sold = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.before, arg(m, "seat"));
    return first({expect("the seat's state", "sold", at(seat, "state")),
                  expect("the seat's order", id_of(arg(m, "previous")), at(seat, "order_id")),
                  when(seat_in(v.after, arg(m, "seat")) == seat, "the seat changed")});
  };
  c["seat.hold.naive.taken"] = found_held;
  c["seat.hold.atomic.rejected"] = found_held;
  c["seat.hold.naive.sold"] = found_sold;
  c["seat.hold.atomic.rejected.sold"] = found_sold;
  // A write that took the seat: it names the new order until the hold's end.
  const ClaimCheck wrote = [](const StepView& v, const Message& m) {
    return first({seat_names(v.after, arg(m, "seat"), arg(m, "order"), "held"),
                  expect("expires_at", arg(m, "expires"), at(seat_in(v.after, arg(m, "seat")), "expires_at")),
                  expect("order_id", id_of(arg(m, "order")), arg(m, "order_id")),
                  m.key.rfind("seat.hold.atomic.done", 0) == 0 ? now_is(v, m) : std::string()});
  };
  c["seat.hold.atomic.done"] = wrote;
  c["seat.hold.atomic.done.rows"] = wrote;  // the same claims, said in PostgreSQL's terms
  c["seat.hold.blind.done"] = wrote;
  c["seat.hold.naive.done"] = [wrote](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.before, arg(m, "seat"));
    return first({when(!seat.empty() && !taken(seat, v.step.time), "the seat it read was not free to take"),
                  wrote(v, m)});
  };
  c["seat.hold.blind.stale"] = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.before, arg(m, "seat"));
    return first({expect("the seat's order before", id_of(arg(m, "previous")), at(seat, "order_id")),
                  expect("the hold's end", arg(m, "until"), at(seat, "expires_at")),
                  when(number(arg(m, "until")) <= v.step.time, "the hold had not ended"),
                  order_is(v.after, arg(m, "previous"), "held")});
  };
  // The overwrite: over an order whose claim still stands; the count is the claims after the write.
  c["seat.hold.naive.overwrite"] = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.before, arg(m, "seat"));
    const auto live = live_in(v.after, arg(m, "seat"));
    return first({expect("order_id", id_of(arg(m, "order")), arg(m, "order_id")),
                  expect("the seat's order before", id_of(arg(m, "previous")), at(seat, "order_id")),
                  expect("the seat's state before", arg(m, "state"), at(seat, "state")),
                  when(taken(seat, v.step.time), "the seat was free to take"),
                  seat_names(v.after, arg(m, "seat"), arg(m, "order"), "held"),
                  when(contains(live, arg(m, "previous")), arg(m, "previous") + " no longer claims the seat"),
                  expect("live orders", arg(m, "live"), std::to_string(live.size())),
                  expect("the orders", arg(m, "orders"), joined(live))});
  };
  c["seat.deadline.tie"] = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.after, arg(m, "seat"));
    const RowText order = order_in(v.before, arg(m, "order"));
    return first({now_is(v, m), expect("the order's expires_at", arg(m, "now"), at(order, "expires_at")),
                  expect("the order's seat", arg(m, "seat"), at(order, "seat_id")),
                  when(!(at(seat, "order_id") == id_of(arg(m, "order")) && at(seat, "state") == "sold"),
                       "the seat is sold to the order")});
  };
  rules.claim_free.insert("seat.hold.locks");
  rules.claim_free.insert("seat.hold.locks.rows");
}

void pay_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  const ClaimCheck charged = [](const StepView& v, const Message& m) {
    const bool timeout = m.key.rfind("seat.pay.timeout", 0) == 0;
    return first(
        {expect("outcome", timeout ? "charge_unknown" : "charged", v.step.outcome),
         expect("the provider's charge", "SUCCEEDED",
                at(row_of(v.after, "provider_ledger", "op_key", "charge:" + arg(m, "payment")), "state")),
         when(!row_of(v.after, "payments", "provider_payment_id", arg(m, "payment")).empty(),
              "no payment row")});
  };
  for (const char* key :
       {"seat.pay.charged.summary", "seat.pay.charged", "seat.pay.timeout.summary", "seat.pay.timeout"})
    c[key] = charged;
  c["seat.pay.recorded_unknown"] = first_recorded("UNKNOWN");
  c["seat.pay.already_recorded"] = [](const StepView& v, const Message& m) {
    const RowText before = row_of(v.before, "payments", "provider_payment_id", arg(m, "payment"));
    return first({expect("the payment's state", arg(m, "recorded"), at(before, "state")),
                  when(row_of(v.after, "payments", "provider_payment_id", arg(m, "payment")) == before,
                       "the payment row changed")});
  };
  c["seat.pay.stays_held"] = [](const StepView& v, const Message& m) {
    const RowText order = order_in(v.after, arg(m, "order"));
    return first({expect("the order's state", "held", at(order, "state")),
                  expect("the order's seat", arg(m, "seat"), at(order, "seat_id")),
                  when(at(order, "expires_at") == "NULL" || v.step.time < number(at(order, "expires_at")),
                       "the order's hold has ended")});
  };
  const ClaimCheck no_order = [](const StepView& v, const Message& m) {
    return when(order_in(v.before, arg(m, "order")).empty(), "there is an order " + arg(m, "order"));
  };
  const ClaimCheck not_held = [](const StepView& v, const Message& m) {
    const std::string state = at(order_in(v.before, arg(m, "order")), "state");
    return first(
        {expect("the order's state", arg(m, "state"), state), when(state != "held", "the order is held")});
  };
  c["seat.pay.naive.no_order"] = no_order;
  c["seat.pay.refused.missing"] = no_order;
  c["seat.pay.naive.not_held"] = not_held;
  c["seat.pay.refused.state"] = not_held;
  c["seat.pay.naive.hold_over"] = [](const StepView& v, const Message& m) {
    const RowText order = order_in(v.before, arg(m, "order"));
    return first({expect("the order's state", "held", at(order, "state")),
                  expect("the hold's end", arg(m, "until"), at(order, "expires_at")),
                  when(number(arg(m, "until")) <= v.step.time, "the hold still runs"), now_is(v, m)});
  };
  // atomic judges the hold by the seat that names the order.
  c["seat.pay.refused.expired"] = [](const StepView& v, const Message& m) {
    const RowText seat = row_of(v.before, "seats", "order_id", id_of(arg(m, "order")));
    return first({order_is(v.before, arg(m, "order"), "held"),
                  expect("the hold's end", arg(m, "until"), at(seat, "expires_at")),
                  when(number(arg(m, "until")) <= v.step.time, "the hold still runs"), now_is(v, m)});
  };
  c["seat.pay.refused.summary"] = [](const StepView& v, const Message& m) {
    const RowText order = order_in(v.before, arg(m, "order"));
    const RowText seat = row_of(v.before, "seats", "order_id", id_of(arg(m, "order")));
    const bool holds = at(order, "state") == "held" &&
                       (at(seat, "expires_at") == "NULL" || v.step.time < number(at(seat, "expires_at")));
    return first({when(!holds, "the order still holds its seat"),
                  expect("outcome", "rejected", v.step.outcome),
                  when(rows_where(v.before, "payments") == rows_where(v.after, "payments"),
                       "a payment was recorded")});
  };
}

void callback_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  const ClaimCheck duplicate = [](const StepView& v, const Message& m) {
    return first({when(!row_of(v.before, "callbacks", "event_id", arg(m, "event")).empty(), "a new event id"),
                  when(same_tables(v.before, v.after), "the tables changed")});
  };
  c["seat.callback.duplicate.summary"] = duplicate;
  c["seat.callback.duplicate"] = duplicate;
  const ClaimCheck unknown = [](const StepView& v, const Message& m) {
    return when(order_in(v.before, arg(m, "order")).empty(), "the order exists");
  };
  c["seat.callback.unknown.summary"] = unknown;
  c["seat.callback.unknown"] = unknown;
  const ClaimCheck failure = [](const StepView& v, const Message& m) {
    return first(
        {expect("result", "failure", event_arg(v, "result")),
         when(order_in(v.before, arg(m, "order")) == order_in(v.after, arg(m, "order")), "the order changed"),
         when(rows_where(v.before, "seats") == rows_where(v.after, "seats"), "a seat changed")});
  };
  c["seat.callback.failure.summary"] = failure;
  c["seat.callback.failure"] = failure;
  // Sold in time: the order held the seat and now < expires_at; after, the seat is sold and the order paid.
  const ClaimCheck confirmed = [](const StepView& v, const Message& m) {
    const RowText order = order_in(v.before, arg(m, "order"));
    return first({expect("the order's state before", "held", at(order, "state")),
                  seat_names(v.before, arg(m, "seat"), arg(m, "order"), "held"),
                  when(v.step.time < number(at(order, "expires_at")), "now < expires_at fails"),
                  m.key == "seat.callback.confirmed"
                      ? expect("expires_at", arg(m, "expires"), at(order, "expires_at"))
                      : std::string(),
                  seat_names(v.after, arg(m, "seat"), arg(m, "order"), "sold"),
                  order_is(v.after, arg(m, "order"), "paid")});
  };
  c["seat.callback.confirmed.summary"] = confirmed;
  c["seat.callback.confirmed"] = confirmed;
  // A success that cannot be honoured: refund_pending, with the payment queued.
  const ClaimCheck queued = [](const StepView& v, const Message& m) {
    const RowText item = item_for(v.after, arg(m, "payment"), "paid_after_expiry");
    const RowText seat = seat_in(v.after, arg(m, "seat"));
    return first({order_is(v.after, arg(m, "order"), "refund_pending"),
                  expect("the queued item's state", "PENDING", at(item, "state")),
                  expect("the queued item's order", id_of(arg(m, "order")), at(item, "order_id")),
                  when(!(at(seat, "order_id") == id_of(arg(m, "order")) && at(seat, "state") == "sold"),
                       "the seat is sold to the order")});
  };
  // No charge of ours had recorded the payment: the row the callback wrote is its only record.
  c["seat.callback.recorded_unverified"] = first_recorded("SUCCEEDED");
  c["seat.callback.pending.summary"] = queued;
  c["seat.callback.pending.queued"] = [queued](const StepView& v, const Message& m) {
    return first(
        {expect("the order's seat", arg(m, "seat"), at(order_in(v.before, arg(m, "order")), "seat_id")),
         queued(v, m)});
  };
  c["seat.callback.pending"] = [](const StepView& v, const Message& m) {
    const RowText order = order_in(v.before, arg(m, "order"));
    return first({expect("the order's state", "expired", at(order, "state")),
                  expect("the order's seat", arg(m, "seat"), at(order, "seat_id")),
                  when(event_arg(v, "result") != "failure", "the payment failed")});
  };
  const ClaimCheck seat_now = [](const StepView& v, const Message& m) {
    const std::string state = m.key.substr(std::string("seat.callback.seat_now.").size());
    for (const CommittedState* s : {&v.before, &v.after}) {
      const RowText seat = seat_in(*s, arg(m, "seat"));
      if (const auto wrong = expect("the seat's state", state, at(seat, "state")); !wrong.empty())
        return wrong;
      if (state != "free")
        if (const auto wrong = expect("the seat's order", id_of(arg(m, "owner")), at(seat, "order_id"));
            !wrong.empty())
          return wrong;
    }
    return std::string();
  };
  for (const char* key :
       {"seat.callback.seat_now.held", "seat.callback.seat_now.sold", "seat.callback.seat_now.free"})
    c[key] = seat_now;
  // Too late while still holding: the handler ends the hold itself.
  const ClaimCheck expired_now = [queued](const StepView& v, const Message& m) {
    const RowText order = order_in(v.before, arg(m, "order"));
    const RowText seat = seat_in(v.after, arg(m, "seat"));
    return first({expect("the order's state before", "held", at(order, "state")),
                  m.key == "seat.callback.expired_now.summary"
                      ? std::string()
                      : seat_names(v.before, arg(m, "seat"), arg(m, "order"), "held"),
                  when(v.step.time >= number(at(order, "expires_at")), "now < expires_at holds"),
                  m.key == "seat.callback.expired_now"
                      ? expect("expires_at", arg(m, "expires"), at(order, "expires_at"))
                      : std::string(),
                  m.key == "seat.callback.expired_now"
                      ? expect("the seat's state after", "free", at(seat, "state"))
                      : std::string(),
                  queued(v, m)});
  };
  c["seat.callback.expired_now.summary"] = expired_now;
  c["seat.callback.expired_now"] = expired_now;
  c["seat.callback.expired_now.lost"] = [queued](const StepView& v, const Message& m) {
    return first({order_is(v.before, arg(m, "order"), "held"),
                  when(at(seat_in(v.before, arg(m, "seat")), "order_id") != id_of(arg(m, "order")),
                       "the seat still names the order"),
                  queued(v, m)});
  };
  // One more payment for an order already in reconciliation: counted against the items of that order.
  const ClaimCheck again = [](const StepView& v, const Message& m) {
    const std::string state = at(order_in(v.before, arg(m, "order")), "state");
    int others = 0;
    for (const auto& item : rows_where(v.before, "reconciliations", "order_id", id_of(arg(m, "order"))))
      others += item.at("provider_payment_id") != arg(m, "payment");
    return first(
        {when(state == "refund_pending" || state == "refunded", "the order is " + state),
         m.key == "seat.callback.pending_again" ? expect("the order's state", arg(m, "state"), state)
                                                : std::string(),
         when(others > 0, "no other payment of the order is in reconciliation"),
         when(item_for(v.before, arg(m, "payment"), "paid_after_expiry").empty(),
              "the payment was queued before"),
         m.key == "seat.callback.pending_again"
             ? expect("items of the order", arg(m, "count"),
                      std::to_string(
                          rows_where(v.after, "reconciliations", "order_id", id_of(arg(m, "order"))).size()))
             : std::string()});
  };
  c["seat.callback.pending_again.summary"] = again;
  c["seat.callback.pending_again"] = again;
  // An item the payment already has: its id and state, and for "again" an earlier notice of the payment.
  const ClaimCheck existing_item = [](const StepView& v, const Message& m) {
    const std::string reason =
        m.key == "seat.callback.reconcile.already" ? "already_paid" : "paid_after_expiry";
    const RowText item = item_for(v.before, arg(m, "payment"), reason);
    if (m.key == "seat.callback.already_pending.summary")
      return when(!item.empty(), "the payment has no item");
    bool earlier = false;
    for (const auto& callback : rows_where(v.before, "callbacks", "provider_payment_id", arg(m, "payment")))
      earlier = earlier || callback.at("event_id") != arg(m, "event");
    return first(
        {expect("the item", arg(m, "item"), at(item, "id")),
         expect("the item's state", arg(m, "item_state"), at(item, "state")),
         expect("the order's state", arg(m, "state"), at(order_in(v.before, arg(m, "order")), "state")),
         m.key == "seat.callback.already_pending" ? when(earlier, "the payment was not reported before")
                                                  : std::string()});
  };
  c["seat.callback.already_pending.summary"] = existing_item;
  c["seat.callback.already_pending"] = existing_item;
  c["seat.callback.reconcile.already"] = existing_item;
  const ClaimCheck flagged = [](const StepView& v, const Message& m) {
    return first(
        {order_is(v.before, arg(m, "order"), "paid"),
         expect("the flagged item", "PENDING",
                at(item_for(v.after, arg(m, "payment"), "already_paid"), "state")),
         m.key == "seat.callback.reconcile"
             ? when(item_for(v.before, arg(m, "payment"), "already_paid").empty(), "it was queued before")
             : std::string()});
  };
  c["seat.callback.reconcile.summary"] = [](const StepView& v, const Message& m) {
    return first({order_is(v.before, arg(m, "order"), "paid"),
                  when(!item_for(v.after, arg(m, "payment"), "already_paid").empty(), "nothing is flagged")});
  };
  c["seat.callback.reconcile"] = flagged;
  // Naive: "just mark it paid".
  const ClaimCheck naive = [](const StepView& v, const Message& m) {
    return first({order_is(v.after, arg(m, "order"), "paid"),
                  seat_names(v.after, arg(m, "seat"), arg(m, "order"), "sold")});
  };
  c["seat.callback.naive.summary"] = naive;
  c["seat.callback.naive"] = naive;
  const ClaimCheck repeated = [](const StepView& v, const Message& m) {
    const bool paid = at(order_in(v.before, arg(m, "order")), "state") == "paid";
    return first(
        {when(!row_of(v.before, "callbacks", "event_id", arg(m, "event")).empty(), "the event is new"),
         m.key == "seat.callback.naive.repeated" ? when(paid, "says 'again', but the order was not paid")
                                                 : when(!paid, "says 'anyway', but the order was paid")});
  };
  c["seat.callback.naive.repeated"] = repeated;
  c["seat.callback.naive.repeated.anyway"] = repeated;
  c["seat.callback.naive.stolen"] = [](const StepView& v, const Message& m) {
    const std::string owner_state = at(order_in(v.after, arg(m, "owner")), "state");
    return first(
        {expect("the seat's order before", id_of(arg(m, "owner")),
                at(seat_in(v.before, arg(m, "seat")), "order_id")),
         expect("the owner's state", arg(m, "owner_state"), owner_state),
         when(owner_state == "held" || owner_state == "paid", "the owner's claim is over"),
         seat_names(v.after, arg(m, "seat"), arg(m, "order"), "sold"),
         expect("live orders", arg(m, "live"), std::to_string(live_in(v.after, arg(m, "seat")).size()))});
  };
  // Defines refund_pending: a concept, no fact of this run.
  rules.claim_free.insert("seat.callback.pending_not_refunded");
}

}  // namespace reslab::claims::seat_cases
