// The claim rules of H7 (txn_read, txn_write) and H6 (book_and_pay, provider_answer).
#include "tests/claims/hotel_cases.hpp"

namespace reslab::claims::hotel_cases {

// H7: txn_read and txn_write in both models.
void add_lock_order_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  // A read sees what was committed when it ran: before the step, or after the commit it waited for.
  c["h7.read.deferred"] = [](const StepView& v, const Message& m) -> std::string {
    const CommittedState& seen = wake_of(v, m) ? v.after : v.before;
    return expect("available read", arg(m, "available"), available_of(seen, "N1"));
  };
  c["h7.read.immediate"] = c["h7.read.deferred"];
  c["h7.read.summary"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string begin = event_arg(v, m, "begin") == "immediate" ? "BEGIN IMMEDIATE" : "BEGIN";
    return all_of({expect("begin", arg(m, "begin"), begin),
                   expect("available read", arg(m, "available"), available_of(v.before, "N1"))});
  };
  auto status = [](const StepView& v, const Message& m) { return status_of(v.step, arg(m, "actor")); };
  // The write reaches COMMIT with its hold: committed by the end of the step, or still open.
  c["h7.write.progress"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    if (!actor) return std::string("no actor");
    if (const auto own = open_view(v, arg(m, "actor")); own && hold_state(*own, arg(m, "hold")) == "RESERVED")
      return expect("available in its transaction", arg(m, "available"), available_of(*own, "N1"));
    if (hold_state(v.after, arg(m, "hold")) == "RESERVED")
      return number(arg(m, "available")) >= number(available_of(v.after, "N1")) ? ""
                                                                                : "more left than committed";
    // A pass that met a deadlock: its hold went with the rollback, which the next sentences say.
    return said_after(v, m, {"h7.deadlock", "h7.atomic.retry", "h7.atomic.exhausted"})
               ? ""
               : "the hold is nowhere";
  };
  c["h7.write.accepted"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of({expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
                   actor && actor->resolved == "accepted" && !actor->in_transaction
                       ? ""
                       : "not accepted and committed"});
  };
  c["h7.write.accepted.summary"] = c["h7.write.accepted"];
  const ClaimCheck rejected = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    const bool by_update = m.key == "h7.write.rejected.update";
    return all_of({actor && actor->resolved == "rejected" && !actor->in_transaction
                       ? ""
                       : "not rejected and rolled back",
                   m.key == "h7.write.rejected.summary" || by_update == (number(arg(m, "read")) > 0)
                       ? ""
                       : "the read was " + arg(m, "read")});
  };
  for (const char* key : {"h7.write.rejected", "h7.write.rejected.update", "h7.write.rejected.summary"})
    c[key] = rejected;
  c["h7.write.no_read"] = [](const StepView& v, const Message& m) -> std::string {
    return memory_item(v.memory_before, arg(m, "actor"), "lock_order_read").empty() ? "" : "it did read";
  };
  c["h7.write.no_read.summary"] = c["h7.write.no_read"];
  // A deadlock: the actor read in its transaction, and someone else held the write lock when it asked for it.
  c["h7.deadlock"] = [](const StepView& v, const Message& m) -> std::string {
    bool reading = false;
    bool other_writer = false;
    for (const auto& other : statuses_before(v)) {
      if (other.actor == arg(m, "actor"))
        reading = other.in_transaction && !other.holds_write_lock;
      else
        other_writer = other_writer || other.holds_write_lock;
    }
    if (!reading) return "the actor held no read lock";
    return other_writer ? "" : "nobody else held the write lock";
  };
  c["h7.naive.gives_up"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of({expect("retries", arg(m, "retries"), event_arg(v, m, "retries")),
                   actor && actor->in_transaction && actor->resolved == "deadlocked"
                       ? ""
                       : "it let go of its transaction"});
  };
  c["h7.naive.gives_up.summary"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of({expect("tries", arg(m, "tries"), std::to_string(number(event_arg(v, m, "retries")) + 1)),
                   actor && actor->in_transaction ? "" : "it keeps no lock"});
  };
  const ClaimCheck retry = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("max", arg(m, "max"), event_arg(v, m, "retries")),
                   number(arg(m, "n")) >= 1 && number(arg(m, "n")) <= number(arg(m, "max"))
                       ? ""
                       : "retry out of range"});
  };
  c["h7.atomic.retry"] = retry;
  c["h7.atomic.retry.summary"] = retry;
  c["h7.atomic.after_retry"] = [](const StepView& v, const Message& m) -> std::string {
    const std::int64_t read = number(arg(m, "read"));
    return all_of({read <= number(arg(m, "earlier")) ? "" : "reads more than before the deadlock",
                   read <= number(available_of(v.before, "N1")) && read >= number(available_of(v.after, "N1"))
                       ? ""
                       : "the read is no committed value of this step"});
  };
  const ClaimCheck exhausted = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of({expect("max", arg(m, "max"), event_arg(v, m, "retries")),
                   expect("deadlocks", arg(m, "n"), std::to_string(number(arg(m, "max")) + 1)),
                   actor && !actor->in_transaction && actor->resolved == "deadlocked"
                       ? ""
                       : "it still holds something"});
  };
  c["h7.atomic.exhausted"] = exhausted;
  c["h7.atomic.exhausted.summary"] = exhausted;
  rules.claim_free.insert("h7.locks");
}

// H6: book_and_pay and provider_answer (the other requests' create_booking is H4's).
void add_payment_call_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto remembered = [](const StepView& v, const Message& m, const char* key) {
    return memory_item(v.memory_before, arg(m, "actor"), key);
  };
  c["h6.pay.rejected"] = [](const StepView& v, const Message&) -> std::string {
    return expect("available", "0", available_of(v.after, "N1"));
  };
  c["h6.pay.rejected.summary"] = [](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* status = status_of(v.step, arg(m, "actor"));
    return status && status->resolved == "rejected" ? "" : "the request is not rejected";
  };
  const ClaimCheck holding = [](const StepView& v, const Message& m) -> std::string {
    const auto own = open_view(v, arg(m, "actor"));
    if (!own) return "no open transaction";
    return all_of({expect("available in its transaction", arg(m, "available"), available_of(*own, "N1")),
                   expect("hold in its transaction", "RESERVED", hold_state(*own, arg(m, "hold"))),
                   hold_state(v.after, arg(m, "hold")).empty() ? "" : "the hold is already committed"});
  };
  c["h6.pay.naive"] = holding;
  c["h6.pay.naive.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return open_view(v, arg(m, "actor")) ? "" : "no open transaction";
  };
  const ClaimCheck committed_first = [](const StepView& v, const Message& m) -> std::string {
    const auto payments = records_where(v.after, "payments", "hold_id", arg(m, "hold"));
    return all_of(
        {expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))), took_one(v, m, "N1"),
         payments.empty() ? "no payment row" : expect("payment", "PENDING", payments.front().at("state")),
         open_view(v, arg(m, "actor")) ? "its transaction is still open" : ""});
  };
  c["h6.pay.atomic"] = committed_first;
  c["h6.pay.atomic.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold")));
  };
  rules.claim_free.insert("h6.locks");
  const ClaimCheck nothing = [remembered](const StepView& v, const Message& m) -> std::string {
    return remembered(v, m, v.model == Model::naive ? "payment_call_hold" : "payment_call_payment").empty()
               ? ""
               : "a call is in flight";
  };
  c["h6.answer.none"] = nothing;
  c["h6.answer.none.summary"] = nothing;
  // When the call went out and how long the answer took, from the request's memory.
  const ClaimCheck timed = [remembered](const StepView& v, const Message& m) -> std::string {
    const std::string sent = remembered(v, m, "payment_call_sent_at");
    return all_of({arg(m, "now").empty() ? "" : expect("now", arg(m, "now"), std::to_string(v.step.time)),
                   arg(m, "sent").empty() ? "" : expect("sent", arg(m, "sent"), sent),
                   arg(m, "held").empty()
                       ? ""
                       : expect("held", arg(m, "held"), std::to_string(v.step.time - number(sent))),
                   expect("hold", arg(m, "hold"), remembered(v, m, "payment_call_hold"))});
  };
  // The hold vanished with the rollback (a request woken in the same step may get the same id).
  c["h6.answer.naive.timeout"] = [timed](const StepView& v, const Message& m) -> std::string {
    std::string key;
    for (const auto& event : v.scenario.events)
      if (event.actor == arg(m, "actor") && event.action == "book_and_pay")
        key = to_display(event.args.at("request_key"));
    return all_of({timed(v, m), cell(v.after, "holds", arg(m, "hold"), "request_key") == key
                                    ? "the hold is still there"
                                    : ""});
  };
  c["h6.answer.naive.timeout.summary"] = c["h6.answer.naive.timeout"];
  c["h6.answer.naive.money"] = [](const StepView& v, const Message& m) -> std::string {
    const auto entries = records_where(v.after, "provider_ledger", "op_key", arg(m, "key"));
    return all_of({entries.empty() ? "the provider has no " + arg(m, "key")
                                   : expect("charge", "SUCCEEDED", entries.front().at("state")),
                   records_where(v.after, "payments", "provider_payment_id", arg(m, "payment")).empty()
                       ? ""
                       : "a payment row was committed"});
  };
  const ClaimCheck confirmed = [timed](const StepView& v, const Message& m) -> std::string {
    return all_of({timed(v, m), expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  c["h6.answer.naive.charged"] = confirmed;
  c["h6.answer.naive.charged.summary"] = confirmed;
  auto payment_state = [](const StepView& v, const Message& m) {
    const auto payments = records_where(v.after, "payments", "provider_payment_id", arg(m, "payment"));
    return payments.empty() ? std::string("-") : payments.front().at("state");
  };
  c["h6.answer.atomic.timeout"] = [timed, payment_state](const StepView& v, const Message& m) -> std::string {
    const auto entries = records_where(v.after, "provider_ledger", "op_key", arg(m, "key"));
    return all_of({timed(v, m), expect("payment", "UNKNOWN", payment_state(v, m)),
                   expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
                   entries.empty() ? "the provider has no " + arg(m, "key") : ""});
  };
  c["h6.answer.atomic.timeout.summary"] = [timed, payment_state](const StepView& v,
                                                                 const Message& m) -> std::string {
    return all_of({timed(v, m), expect("payment", "UNKNOWN", payment_state(v, m))});
  };
  c["h6.answer.atomic.charged"] = [timed, payment_state](const StepView& v, const Message& m) -> std::string {
    return all_of({timed(v, m), expect("payment", "SUCCEEDED", payment_state(v, m)),
                   expect("hold before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
                   expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  c["h6.answer.atomic.charged.summary"] = [timed, payment_state](const StepView& v,
                                                                 const Message& m) -> std::string {
    return all_of({timed(v, m), expect("payment", "SUCCEEDED", payment_state(v, m))});
  };
  c["h6.answer.atomic.late"] = [timed, payment_state](const StepView& v, const Message& m) -> std::string {
    const bool in_time = hold_state(v.before, arg(m, "hold")) == "RESERVED" &&
                         v.step.time < number(cell(v.before, "holds", arg(m, "hold"), "deadline"));
    return all_of({timed(v, m), expect("payment", "SUCCEEDED", payment_state(v, m)),
                   in_time ? "the hold was RESERVED before its deadline" : "",
                   hold_state(v.after, arg(m, "hold")) == "CONFIRMED" &&
                           hold_state(v.before, arg(m, "hold")) != "CONFIRMED"
                       ? "the hold was confirmed"
                       : ""});
  };
}

}  // namespace reslab::claims::hotel_cases
