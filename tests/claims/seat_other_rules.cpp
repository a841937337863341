// The seat claim rules for reconciliation, queue tickets and lease locks, and every rule: seat_rules().
#include <algorithm>
#include <charconv>

#include "core/cases/seat/family.hpp"
#include "tests/claims/seat_cases.hpp"
#include "tests/test_support.hpp"

namespace reslab::claims::seat_cases {

void reconcile_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  // The summary's counts are the items this step moved out of PENDING (naive: the provider's answers).
  c["seat.reconcile.summary"] = [](const StepView& v, const Message& m) {
    std::map<std::string, int> moved;
    for (const auto& item : rows_where(v.before, "reconciliations", "state", "PENDING"))
      ++moved[at(row_of(v.after, "reconciliations", "id", item.at("id")), "state")];
    const std::string common =
        first({expect("items unverified", arg(m, "pending"), std::to_string(moved["PENDING"])),
               expect("items closed as the same payment", arg(m, "closed"),
                      std::to_string(moved["SAME_PAYMENT"]))});
    if (v.model == Model::naive) {
      std::map<std::string, int> answers;
      for (const auto& refund : rows_where(v.after, "provider_ledger", "kind", "refund"))
        if (row_of(v.before, "provider_ledger", "op_key", refund.at("op_key")).empty())
          ++answers[refund.at("state")];
      return first(
          {common,
           expect("refunds the provider made", arg(m, "refunded"), std::to_string(answers["SUCCEEDED"])),
           expect("refunds the provider refused", arg(m, "failed"), std::to_string(answers["FAILED"])),
           expect("items marked REFUNDED",
                  std::to_string(number(arg(m, "refunded")) + number(arg(m, "failed"))),
                  std::to_string(moved["REFUNDED"]))});
    }
    return first({common, expect("items refunded", arg(m, "refunded"), std::to_string(moved["REFUNDED"])),
                  expect("items failed", arg(m, "failed"), std::to_string(moved["REFUND_FAILED"]))});
  };
  const ClaimCheck none = [](const StepView& v, const Message&) {
    return when(rows_where(v.before, "reconciliations", "state", "PENDING").empty(), "an item is PENDING");
  };
  for (const char* key : {"seat.reconcile.none.summary", "seat.reconcile.none", "seat.reconcile.naive.none"})
    c[key] = none;
  // An item as this step left it.
  const auto item_now = [](const StepView& v, const Message& m, const std::string& state) {
    const RowText item = row_of(v.after, "reconciliations", "id", arg(m, "item"));
    return first({expect("the item's state before", "PENDING",
                         at(row_of(v.before, "reconciliations", "id", arg(m, "item")), "state")),
                  expect("the item's state", state, at(item, "state")),
                  expect("the item's payment", arg(m, "payment"), at(item, "provider_payment_id")),
                  arg(m, "order").empty()
                      ? std::string()
                      : expect("the item's order", id_of(arg(m, "order")), at(item, "order_id"))});
  };
  const auto ledger = [](const StepView& v, const std::string& key) {
    return at(row_of(v.after, "provider_ledger", "op_key", key), "state");
  };
  c["seat.reconcile.naive"] = [item_now, ledger](const StepView& v, const Message& m) {
    return first({item_now(v, m, "REFUNDED"),
                  expect("the provider's answer", arg(m, "answer"), ledger(v, arg(m, "key")))});
  };
  c["seat.reconcile.naive.marked"] = [item_now, ledger](const StepView& v, const Message& m) {
    return first(
        {item_now(v, m, "REFUNDED"), expect("the provider's answer", "FAILED", ledger(v, arg(m, "key")))});
  };
  // The same payment that paid the order: the first confirmed callback of the order names it.
  c["seat.reconcile.same_payment"] = [item_now](const StepView& v, const Message& m) {
    auto confirmed = rows_where(v.before, "callbacks", "order_id", id_of(arg(m, "order")));
    std::erase_if(confirmed, [](const RowText& callback) { return callback.at("outcome") != "confirmed"; });
    std::sort(confirmed.begin(), confirmed.end(), [](const RowText& a, const RowText& b) {
      return std::make_pair(number(a.at("received_at")), a.at("event_id")) <
             std::make_pair(number(b.at("received_at")), b.at("event_id"));
    });
    return first({item_now(v, m, "SAME_PAYMENT"),
                  expect("the payment that paid the order", arg(m, "payment"),
                         confirmed.empty() ? "(none)" : confirmed.front().at("provider_payment_id")),
                  expect("the item's notice", arg(m, "event"),
                         at(row_of(v.after, "reconciliations", "id", arg(m, "item")), "event_id"))});
  };
  const auto charge = [ledger](const StepView& v, const Message& m) {
    std::string state = "(none)";
    for (const auto& entry : rows_where(v.after, "provider_ledger", "payment_id", arg(m, "payment")))
      if (entry.at("kind") == "charge") state = entry.at("state");
    return state;
  };
  c["seat.reconcile.unverified"] = [item_now, charge](const StepView& v, const Message& m) {
    return first(
        {item_now(v, m, "PENDING"), when(charge(v, m) != "SUCCEEDED", "the provider has the charge")});
  };
  // Our record says what the callback reported, while the provider's books lack the charge.
  c["seat.reconcile.unverified.recorded"] = [charge](const StepView& v, const Message& m) {
    return first({expect("our payment row", arg(m, "state"),
                         at(row_of(v.after, "payments", "provider_payment_id", arg(m, "payment")), "state")),
                  when(charge(v, m) != "SUCCEEDED", "the provider has the charge")});
  };
  c["seat.reconcile.verified"] = [charge](const StepView& v, const Message& m) {
    const RowText item = row_of(v.before, "reconciliations", "id", arg(m, "item"));
    return first({expect("the provider's charge", "SUCCEEDED", charge(v, m)),
                  expect("the item's state before", "PENDING", at(item, "state")),
                  expect("the item's payment", arg(m, "payment"), at(item, "provider_payment_id")),
                  expect("the item's order", id_of(arg(m, "order")), at(item, "order_id"))});
  };
  c["seat.reconcile.refunded"] = [item_now, ledger](const StepView& v, const Message& m) {
    return first({item_now(v, m, "REFUNDED"), expect("the refund", "SUCCEEDED", ledger(v, arg(m, "key"))),
                  order_is(v.before, arg(m, "order"), "refund_pending"),
                  order_is(v.after, arg(m, "order"), "refunded")});
  };
  c["seat.reconcile.refunded.order_kept"] = [item_now, ledger](const StepView& v, const Message& m) {
    return first({item_now(v, m, "REFUNDED"), expect("the refund", "SUCCEEDED", ledger(v, arg(m, "key"))),
                  order_is(v.after, arg(m, "order"), arg(m, "order_state"))});
  };
  c["seat.reconcile.failed"] = [item_now, ledger](const StepView& v, const Message& m) {
    return first({item_now(v, m, "REFUND_FAILED"), expect("the refund", "FAILED", ledger(v, arg(m, "key"))),
                  order_is(v.after, arg(m, "order"), arg(m, "order_state"))});
  };
}

void queue_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  const ClaimCheck admitted = [](const StepView& v, const Message& m) {
    const RowText ticket = row_of(v.after, "queue_tickets", "ticket_id", arg(m, "ticket"));
    return first({expect("the ticket's state", "admitted", at(ticket, "state")),
                  expect("issued at", std::to_string(v.step.time), at(ticket, "issued_at")),
                  expect("valid until", arg(m, "until"), at(ticket, "expires_at")),
                  expect("actor", v.step.actor, arg(m, "actor"))});
  };
  c["seat.queue.admitted.summary"] = admitted;
  c["seat.queue.admitted"] = admitted;
  const ClaimCheck refused = [](const StepView& v, const Message& m) {
    const auto issued = rows_where(v.before, "queue_tickets", "issued_at", std::to_string(v.step.time));
    return first({m.key == "seat.queue.refused"
                      ? expect("admitted this second", arg(m, "admitted"), std::to_string(issued.size()))
                      : std::string(),
                  m.key == "seat.queue.refused"
                      ? expect("rate", arg(m, "rate"), event_arg(v, "admit_per_second"))
                      : std::string(),
                  when(static_cast<std::int64_t>(issued.size()) >= number(event_arg(v, "admit_per_second")),
                       "the queue had room"),
                  when(row_of(v.after, "queue_tickets", "ticket_id", event_arg(v, "ticket")).empty(),
                       "a ticket was issued")});
  };
  c["seat.queue.refused.summary"] = refused;
  c["seat.queue.refused"] = refused;
  const auto ticket_before = [](const StepView& v, const Message& m) {
    return row_of(v.before, "queue_tickets", "ticket_id", arg(m, "ticket"));
  };
  c["seat.ticket.rejected.summary"] = [ticket_before](const StepView& v, const Message& m) {
    const RowText ticket = ticket_before(v, m);
    return when(
        ticket.empty() || ticket.at("state") != "admitted" || number(ticket.at("expires_at")) <= v.step.time,
        "the ticket was valid");
  };
  c["seat.ticket.missing"] = [ticket_before](const StepView& v, const Message& m) {
    return when(ticket_before(v, m).empty(), "the ticket exists");
  };
  c["seat.ticket.used"] = [ticket_before](const StepView& v, const Message& m) {
    return expect("the ticket's state", "used", at(ticket_before(v, m), "state"));
  };
  c["seat.ticket.expired"] = [ticket_before](const StepView& v, const Message& m) {
    const RowText ticket = ticket_before(v, m);
    return first({expect("the ticket's state", "admitted", at(ticket, "state")),
                  expect("valid until", arg(m, "until"), at(ticket, "expires_at")),
                  when(number(arg(m, "until")) <= v.step.time, "the ticket is still valid"), now_is(v, m)});
  };
  c["seat.ticket.naive"] = [ticket_before](const StepView& v, const Message& m) {
    const RowText ticket = ticket_before(v, m);
    return first({expect("the ticket's state before", "admitted", at(ticket, "state")),
                  when(v.step.time < number(at(ticket, "expires_at")), "the ticket had expired"),
                  expect("the ticket's state", "used",
                         at(row_of(v.after, "queue_tickets", "ticket_id", arg(m, "ticket")), "state"))});
  };
  c["seat.ticket.atomic.taken"] = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.after, arg(m, "seat"));
    return first({expect("the ticket's state", "used",
                         at(row_of(v.after, "queue_tickets", "ticket_id", arg(m, "ticket")), "state")),
                  expect("the seat's state", "held", at(seat, "state")),
                  when(order_in(v.before, at(seat, "order_id")).empty(), "the seat's order is not new")});
  };
  c["seat.ticket.atomic.rejected"] = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.before, arg(m, "seat"));
    const RowText ticket = row_of(v.after, "queue_tickets", "ticket_id", arg(m, "ticket"));
    return first({expect("the seat's order", id_of(arg(m, "holder")), at(seat, "order_id")),
                  expect("the seat's state", arg(m, "state"), at(seat, "state")),
                  expect("the ticket's state", "admitted", at(ticket, "state")),
                  expect("valid until", arg(m, "until"), at(ticket, "expires_at"))});
  };
}

void lock_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  const auto lock_in = [](const CommittedState& state, const Message& m) {
    return row_of(state, "seat_locks", "seat_id", arg(m, "seat"));
  };
  const ClaimCheck taken_lock = [lock_in](const StepView& v, const Message& m) {
    const RowText after = lock_in(v.after, m);
    const RowText before = lock_in(v.before, m);
    return first({expect("the lock's owner", arg(m, "actor"), at(after, "owner")),
                  expect("the lease", arg(m, "until"), at(after, "lease_until")),
                  m.key == "seat.lock.taken" ? when(before.empty() || before.at("owner") == arg(m, "actor"),
                                                    "the lock was " + at(before, "owner") + "'s")
                                             : std::string()});
  };
  c["seat.lock.taken.summary"] = taken_lock;
  c["seat.lock.taken"] = taken_lock;
  c["seat.lock.taken_over"] = [lock_in, taken_lock](const StepView& v, const Message& m) {
    const RowText before = lock_in(v.before, m);
    return first({taken_lock(v, m), expect("the lock's owner before", arg(m, "holder"), at(before, "owner")),
                  when(arg(m, "holder") != arg(m, "actor"), "the lock was its own"),
                  expect("the old lease", arg(m, "lease"), at(before, "lease_until")),
                  when(number(arg(m, "lease")) <= v.step.time, "the old lease still ran"), now_is(v, m)});
  };
  const ClaimCheck refused = [lock_in](const StepView& v, const Message& m) {
    const RowText before = lock_in(v.before, m);
    return first({expect("the lock's owner", arg(m, "holder"), at(before, "owner")),
                  expect("the lease", arg(m, "lease"), at(before, "lease_until")),
                  when(v.step.time < number(arg(m, "lease")), "the lease had ended"), now_is(v, m),
                  when(lock_in(v.after, m) == before, "the lock changed")});
  };
  c["seat.lock.refused.summary"] = refused;
  c["seat.lock.refused"] = refused;
  // What the actor's process remembers of its lock: when it took it and until when the lease ran.
  const auto lease = [](const StepView& v, const Message& m) {
    return remembered(v, arg(m, "actor"), "lease_until");
  };
  c["seat.pause.summary"] = [](const StepView& v, const Message& m) {
    return expect("actor", v.step.actor, arg(m, "actor"));
  };
  c["seat.pause"] = [lease](const StepView& v, const Message& m) {
    return first({expect("actor", v.step.actor, arg(m, "actor")),
                  when(lease(v, m).empty(), "the actor holds a lease")});
  };
  c["seat.pause.with_lock"] = [lease](const StepView& v, const Message& m) {
    return first({expect("the lease", arg(m, "lease"), lease(v, m)),
                  when(v.step.time < number(lease(v, m)), "the lease had already ended")});
  };
  c["seat.pause.lease_over"] = [lease](const StepView& v, const Message& m) {
    return first({expect("the lease", arg(m, "lease"), lease(v, m)),
                  when(number(lease(v, m)) <= v.step.time, "the lease still runs")});
  };
  const ClaimCheck memory = [lease](const StepView& v, const Message& m) {
    return first({expect("locked at", arg(m, "locked_at"), remembered(v, arg(m, "actor"), "locked_at")),
                  expect("the lease", arg(m, "lease"), lease(v, m))});
  };
  c["seat.lock.naive.trusts"] = memory;
  c["seat.lock.lapsed"] = [lease, lock_in](const StepView& v, const Message& m) {
    return first({when(number(lease(v, m)) <= v.step.time, "the lease still runs"), now_is(v, m),
                  expect("the lock's owner", arg(m, "actor"), at(lock_in(v.before, m), "owner"))});
  };
  const ClaimCheck stale = [memory, lock_in](const StepView& v, const Message& m) {
    return first(
        {memory(v, m), when(number(arg(m, "lease")) <= v.step.time, "the lease still runs"), now_is(v, m),
         expect("the lock's owner", arg(m, "holder"), at(lock_in(v.before, m), "owner")),
         when(arg(m, "holder") != arg(m, "actor"), "the lock is its own"),
         m.key == "seat.lock.atomic.stale" ? when(update_changed_nothing(v), "the UPDATE changed a row")
                                           : std::string()});
  };
  c["seat.lock.naive.stale"] = stale;
  c["seat.lock.atomic.stale"] = stale;
  c["seat.lock.atomic.taken"] = [](const StepView& v, const Message& m) {
    const RowText seat = seat_in(v.after, arg(m, "seat"));
    return first({expect("the seat's state", "held", at(seat, "state")),
                  when(order_in(v.before, at(seat, "order_id")).empty(), "the seat's order is not new")});
  };
  c["seat.lock.atomic.rejected"] = [](const StepView& v, const Message& m) {
    return first({when(update_changed_nothing(v), "the UPDATE changed a row"),
                  when(taken(seat_in(v.before, arg(m, "seat")), v.step.time), "the seat was free to take")});
  };
  // seat_locks stands for a lock service: a concept, no fact of this run.
  rules.claim_free.insert("seat.lock.stands_for");
}

bool starts(const std::string& key, const char* prefix) {
  return key.rfind(prefix, 0) == 0;
}

// What every seat message says of its own step: the actor is the one acting, the time is the step's
// clock, and the seat, order, payment, event, ticket, request key and hold end are the event's own.
std::string own_arguments(const StepView& v, const Message& m) {
  std::vector<std::pair<std::string, std::string>> expected;
  if (!arg(m, "actor").empty()) expected.push_back({"actor", v.step.actor});
  if (!arg(m, "now").empty()) expected.push_back({"now", std::to_string(v.step.time)});
  const bool paying = starts(m.key, "seat.pay.") || starts(m.key, "seat.callback.");
  const bool holding = starts(m.key, "seat.hold.") || starts(m.key, "seat.lock.") ||
                       starts(m.key, "seat.ticket.") || starts(m.key, "seat.queue.");
  const auto own = [&](const char* name, const std::string& value) {
    if (!arg(m, name).empty()) expected.push_back({name, value});
  };
  if (paying) {
    if (starts(m.key, "seat.callback.seat_now."))
      return {};  // names the seat's holder, not the event's order
    own("order", "o" + event_arg(v, "order"));
    own("order_id", event_arg(v, "order"));
    own("payment", event_arg(v, "provider_payment_id"));
    if (starts(m.key, "seat.callback.")) own("event", event_arg(v, "event_id"));
  }
  if (holding) {
    own("seat", event_arg(v, "seat"));
    own("ticket", event_arg(v, "ticket"));
    if (starts(m.key, "seat.hold.")) {
      own("key", event_arg(v, "request_key"));
      own("expires", std::to_string(v.step.time + number(event_arg(v, "hold_seconds"))));
    }
  }
  for (const auto& [name, value] : expected)
    if (const auto wrong = expect("{" + name + "}", arg(m, name), value); !wrong.empty()) return wrong;
  return {};
}

ClaimRules seat_rules() {
  ClaimRules rules;
  add_engine_rules(rules);
  hold_rules(rules);
  pay_rules(rules);
  callback_rules(rules);
  reconcile_rules(rules);
  queue_rules(rules);
  lock_rules(rules);
  for (auto& [key, check] : rules.checks)
    if (starts(key, "seat."))
      check = [own = check](const StepView& v, const Message& m) {
        return first({own_arguments(v, m), own(v, m)});
      };
  return rules;
}

}  // namespace reslab::claims::seat_cases
