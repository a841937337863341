// The claim rules of H5-2/H5-5 (charges, payment events), H5-3 (the outbox) and H5-4/H5-6 (refund calls).
#include "tests/claims/hotel_cases.hpp"

namespace reslab::claims::hotel_cases {

// H5-2/H5-5: the checkout's charges, the provider's side, and the payment_event handler.
void add_charge_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto payments_in = [](const CommittedState& state, const Message& m) {
    return records_where(state, "payments", "provider_payment_id", arg(m, "payment"));
  };
  auto all_payments = [payments_in](const CommittedState& state, const Message& m,
                                    const std::string& wanted) {
    const auto rows = payments_in(state, m);
    if (rows.empty()) return arg(m, "payment") + " has no payments row";
    for (const auto& row : rows)
      if (row.at("state") != wanted) return "payment " + arg(m, "payment") + " is " + row.at("state");
    return std::string();
  };
  auto ledger_state = [](const CommittedState& state, const std::string& key) {
    const auto entries = records_where(state, "provider_ledger", "op_key", key);
    return entries.empty() ? std::string() : entries.front().at("state");
  };
  auto successful_charges = [](const CommittedState& state, const std::string& payment) {
    int count = 0;
    for (const auto& entry : records_where(state, "provider_ledger", "payment_id", payment))
      count += entry.at("kind") == "charge" && entry.at("state") == "SUCCEEDED";
    return count;
  };
  c["recovery.charge.naive.call"] = [](const StepView& v, const Message& m) -> std::string {
    return ledger_has(v.before, arg(m, "key")) ? arg(m, "key") + " is not new to the provider" : "";
  };
  c["recovery.charge.naive.call.same_key"] = [](const StepView& v, const Message& m) -> std::string {
    return ledger_has(v.before, arg(m, "key")) ? "" : arg(m, "key") + " is new to the provider";
  };
  c["recovery.charge.atomic.call"] = [](const StepView&, const Message& m) -> std::string {
    return expect("key", arg(m, "key"), "charge:" + arg(m, "payment"));
  };
  // The provider's side: what its books hold under the key after the call.
  c["recovery.provider.answered"] = [ledger_state](const StepView& v, const Message& m) -> std::string {
    const std::string answer = arg(m, "answer") == "@provider.answer.succeeded" ? "SUCCEEDED"
                               : arg(m, "answer") == "@provider.answer.failed"  ? "FAILED"
                                                                                : "?";
    return all_of(
        {expect("answer", answer, arg(m, "state")),
         expect("state in the provider's books", arg(m, "state"), ledger_state(v.after, arg(m, "key")))});
  };
  c["recovery.provider.timeout_after"] = [ledger_state](const StepView& v, const Message& m) -> std::string {
    return expect("state in the provider's books", arg(m, "state"), ledger_state(v.after, arg(m, "key")));
  };
  c["recovery.provider.timeout_before"] = [](const StepView& v, const Message& m) -> std::string {
    return ledger_has(v.after, arg(m, "key")) ? "the provider has " + arg(m, "key") : "";
  };
  c["recovery.provider.already_done"] = [ledger_state](const StepView& v, const Message& m) -> std::string {
    return expect("state the provider had", arg(m, "state"), ledger_state(v.before, arg(m, "key")));
  };
  c["recovery.charge.unknown.summary"] = [all_payments, payments_in](const StepView& v,
                                                                     const Message& m) -> std::string {
    if (v.model == Model::atomic) return all_payments(v.after, m, "UNKNOWN");
    return payments_in(v.before, m) == payments_in(v.after, m) ? "" : "the payment changed";
  };
  c["recovery.charge.naive.timeout"] = [payments_in](const StepView& v, const Message& m) -> std::string {
    return payments_in(v.before, m) == payments_in(v.after, m) ? "" : "the payment changed";
  };
  c["recovery.charge.atomic.timeout"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {all_payments(v.after, m, "UNKNOWN"), expect("key", arg(m, "key"), "charge:" + arg(m, "payment"))});
  };
  const ClaimCheck failed = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of({all_payments(v.after, m, "FAILED"), expect("hold", hold_state(v.before, arg(m, "hold")),
                                                              hold_state(v.after, arg(m, "hold")))});
  };
  c["recovery.charge.failed"] = failed;
  c["recovery.charge.failed.summary"] = failed;
  c["recovery.charge.done.summary"] = [successful_charges](const StepView& v,
                                                           const Message& m) -> std::string {
    return successful_charges(v.after, arg(m, "payment")) == 1 ? "" : "not one charge";
  };
  const ClaimCheck charges_now = [successful_charges](const StepView& v, const Message& m) -> std::string {
    const int count = successful_charges(v.after, arg(m, "payment"));
    const bool again = m.key.find("twice") != std::string::npos;
    return all_of(
        {expect("charges", arg(m, "charges"), std::to_string(count)), count > 1 ? "" : "not several charges",
         again && successful_charges(v.before, arg(m, "payment")) != count - 1 ? "this call took no money"
                                                                               : ""});
  };
  for (const char* key :
       {"recovery.charge.twice.summary", "recovery.charge.many.summary", "recovery.charge.naive.twice"})
    c[key] = charges_now;
  c["recovery.charge.naive.done"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of({all_payments(v.after, m, "SUCCEEDED"),
                   expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  c["recovery.charge.naive.twice"] = [charges_now, all_payments](const StepView& v,
                                                                 const Message& m) -> std::string {
    return all_of({charges_now(v, m), all_payments(v.after, m, "SUCCEEDED"),
                   expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  const ClaimCheck asked = [all_payments](const StepView& v, const Message& m) -> std::string {
    const bool found = m.key == "recovery.charge.query.found";
    return all_of(
        {all_payments(v.before, m, "UNKNOWN"),
         found != ledger_has(v.before, arg(m, "key"))
             ? "says the provider " + std::string(found ? "has" : "lacks") + " " + arg(m, "key") + " wrongly"
             : ""});
  };
  c["recovery.charge.query.found"] = asked;
  c["recovery.charge.query.none"] = asked;
  c["recovery.charge.confirmed"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
                   v.step.time < number(arg(m, "deadline")) ? "" : "now is not before the deadline",
                   expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold"))),
                   all_payments(v.after, m, "SUCCEEDED")});
  };
  c["recovery.charge.already_confirmed"] = [all_payments](const StepView& v,
                                                          const Message& m) -> std::string {
    bool by_callback = false;
    for (const auto& callback : records_where(v.before, "callbacks", "hold_id", arg(m, "hold")))
      by_callback = by_callback || callback.at("outcome") == "confirmed";
    return all_of({expect("hold", "CONFIRMED", hold_state(v.before, arg(m, "hold"))),
                   all_payments(v.after, m, "SUCCEEDED"),
                   by_callback ? "a callback confirmed it, and the text does not say so" : ""});
  };
  c["recovery.charge.already_confirmed.callback"] = [all_payments](const StepView& v,
                                                                   const Message& m) -> std::string {
    const auto callbacks = records_where(v.before, "callbacks", "event_id", arg(m, "event"));
    return all_of({expect("hold", "CONFIRMED", hold_state(v.before, arg(m, "hold"))),
                   all_payments(v.after, m, "SUCCEEDED"),
                   callbacks.empty() || callbacks.front().at("hold_id") != arg(m, "hold") ||
                           callbacks.front().at("outcome") != "confirmed"
                       ? "callback " + arg(m, "event") + " confirmed nothing of hold #" + arg(m, "hold")
                       : ""});
  };
  c["recovery.charge.too_late"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    return all_of({expect("state", arg(m, "state"), state.empty() ? "-" : state),
                   state == "RESERVED" || state == "CONFIRMED" ? "the hold is " + state : "",
                   all_payments(v.after, m, "SUCCEEDED"),
                   refund_task(v.after, arg(m, "payment")).empty() ? "no refund task" : ""});
  };
  c["recovery.charge.too_late.expired"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
                   v.step.time >= number(arg(m, "deadline")) ? "" : "the deadline has not passed",
                   expect("hold", "HOLD_EXPIRED", hold_state(v.after, arg(m, "hold"))),
                   all_payments(v.after, m, "SUCCEEDED"),
                   refund_task(v.after, arg(m, "payment")).empty() ? "no refund task" : ""});
  };
  c["recovery.charge.refund.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return refund_task(v.after, arg(m, "payment")).empty() ? "no refund task" : "";
  };
  c["recovery.charge.paid"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_payments(v.before, m, "SUCCEEDED");
  };
  c["recovery.charge.paid.summary"] = c["recovery.charge.paid"];
  // payment_event
  const ClaimCheck naive_failed = [](const StepView& v, const Message& m) -> std::string {
    std::string problem =
        all_of({expect("hold", "PAYMENT_FAILED", hold_state(v.after, arg(m, "hold"))),
                expect("state before", arg(m, "was"), hold_state(v.before, arg(m, "hold")))});
    for (const auto& night : nights_of_hold(v.after, arg(m, "hold")))
      problem = all_of(
          {problem, expect("available on " + night, std::to_string(number(available_of(v.before, night)) + 1),
                           available_of(v.after, night))});
    return problem;
  };
  c["recovery.event.naive.failed"] = [naive_failed](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {naive_failed(v, m), expect("created at", arg(m, "created_at"), event_arg(v, m, "created_at"))});
  };
  c["recovery.event.naive.failed.summary"] = naive_failed;
  const ClaimCheck still_open = [](const StepView& v, const Message& m) -> std::string {
    const bool late = m.key == "recovery.event.failed_open.late";
    const std::int64_t deadline = number(cell(v.before, "holds", arg(m, "hold"), "deadline"));
    return all_of(
        {expect("result", "failure", event_arg(v, m, "result")),
         expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
         expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
         m.key == "recovery.event.failed_open.summary" || late == (deadline < 0 || v.step.time >= deadline)
             ? ""
             : "says the deadline is " + std::string(late ? "past" : "ahead") + " wrongly"});
  };
  for (const char* key : {"recovery.event.failed_open", "recovery.event.failed_open.late",
                          "recovery.event.failed_open.summary"})
    c[key] = still_open;
  const ClaimCheck terminal = [](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    return all_of({expect("result", "failure", event_arg(v, m, "result")),
                   expect("state", arg(m, "state"), state), state == "RESERVED" ? "the hold is RESERVED" : "",
                   expect("hold", state, hold_state(v.after, arg(m, "hold")))});
  };
  c["recovery.event.terminal"] = terminal;
  c["recovery.event.terminal.summary"] = terminal;
  c["recovery.event.refund"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    return all_of({expect("state", arg(m, "state"), state), state == "RESERVED" ? "the hold is RESERVED" : "",
                   task_appeared(v, arg(m, "payment")) ? "" : "no refund task was queued"});
  };
  rules.claim_free.insert("recovery.event.naive.last_wins");
}

// H5-3: confirm_booking, send_messages, relay_send and relay_ack, and the consumer.
void add_outbox_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto payload = [](const std::string& hold) { return "{\"hold_id\":" + hold + "}"; };
  c["recovery.confirm.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")));
  };
  c["recovery.confirm.naive"] = [payload](const StepView& v, const Message& m) -> std::string {
    std::string kept;
    for (const auto& process : v.step.memory)
      if (process.actor == arg(m, "actor"))
        for (const auto& [name, value] : process.items)
          if (name == "message_to_send") kept = to_display(value);
    return all_of({expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold"))),
                   expect("message kept in memory", payload(arg(m, "hold")), kept)});
  };
  c["recovery.confirm.atomic"] = [payload](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold"))),
                   expect("outbox topic", arg(m, "topic"), cell(v.after, "outbox", arg(m, "row"), "topic")),
                   expect("outbox payload", payload(arg(m, "hold")),
                          cell(v.after, "outbox", arg(m, "row"), "payload"))});
  };
  const ClaimCheck nothing = [](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    const std::int64_t deadline = number(cell(v.before, "holds", arg(m, "hold"), "deadline"));
    return all_of(
        {expect("state", arg(m, "state"), state.empty() ? "-" : state),
         state == "RESERVED" && v.step.time < deadline ? "the hold is RESERVED before its deadline" : "",
         expect("hold", state, hold_state(v.after, arg(m, "hold")))});
  };
  c["recovery.confirm.nothing"] = nothing;
  c["recovery.confirm.nothing.summary"] = nothing;
  c["recovery.send.naive"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("message in memory", arg(m, "payload"),
                  memory_item(v.memory_before, arg(m, "actor"), "message_to_send"));
  };
  c["recovery.send.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return memory_item(v.memory_before, arg(m, "actor"), "message_to_send").empty() ? "nothing was in memory"
                                                                                    : "";
  };
  // Confirmed holds whose message no consumer got and no outbox row holds.
  auto silent = [payload](const CommittedState& state) {
    std::vector<std::string> holds;
    for (const auto& hold : records_where(state, "holds", "state", "CONFIRMED")) {
      const std::string message = payload(hold.at("id"));
      if (records_where(state, "messages_received", "effect_key", "booking.confirmed " + message).empty() &&
          records_where(state, "outbox", "payload", message).empty())
        holds.push_back("#" + hold.at("id"));
    }
    return joined(holds);
  };
  c["recovery.send.lost"] = [silent](const StepView& v, const Message& m) -> std::string {
    return all_of({memory_item(v.memory_before, arg(m, "actor"), "message_to_send").empty()
                       ? ""
                       : "a message was in memory",
                   expect("confirmed holds without a message", arg(m, "holds"), silent(v.before))});
  };
  c["recovery.send.lost.summary"] = [silent](const StepView& v, const Message&) -> std::string {
    return silent(v.before) == "-" ? "every confirmed hold has its message" : "";
  };
  const ClaimCheck none = [silent](const StepView& v, const Message& m) -> std::string {
    return all_of({memory_item(v.memory_before, arg(m, "actor"), "message_to_send").empty()
                       ? ""
                       : "a message was in memory",
                   silent(v.before) == "-" ? "" : "confirmed holds have no message: " + silent(v.before)});
  };
  c["recovery.send.none"] = none;
  c["recovery.send.none.summary"] = none;
  auto unsent = [](const CommittedState& state) {
    std::vector<std::string> rows;
    for (const auto& row : records(state, "outbox"))
      if (row.at("sent_at") == "NULL" || row.at("sent_at").empty() || row.at("sent_at") == "-")
        rows.push_back("#" + row.at("id"));
    return rows;
  };
  c["recovery.send.outbox"] = [unsent](const StepView& v, const Message& m) -> std::string {
    return expect("unsent rows", arg(m, "unsent"), std::to_string(unsent(v.before).size()));
  };
  rules.claim_free.insert("recovery.send.outbox.summary");
  const ClaimCheck relay_none = [unsent](const StepView& v, const Message&) -> std::string {
    return unsent(v.before).empty() ? "" : "outbox rows are unsent";
  };
  c["recovery.relay.none"] = relay_none;
  c["recovery.relay.none.summary"] = relay_none;
  const ClaimCheck relayed = [unsent](const StepView& v, const Message& m) -> std::string {
    return expect("rows delivered", arg(m, "rows"), joined(unsent(v.before)));
  };
  c["recovery.relay.send"] = relayed;
  c["recovery.relay.send.summary"] = relayed;
  const ClaimCheck acked = [](const StepView& v, const Message& m) -> std::string {
    std::string problem =
        m.key == "recovery.relay.ack" ? expect("now", arg(m, "now"), std::to_string(v.step.time)) : "";
    for (const auto& row : split(arg(m, "rows"), ", ")) {
      const std::string id = row.substr(1);
      if (memory_item(v.memory_before, arg(m, "actor"), "delivered_not_marked_" + id).empty())
        problem = all_of({problem, "it did not remember delivering " + row});
      if (number(cell(v.after, "outbox", id, "sent_at")) < 0)
        problem = all_of({problem, row + " has no sent_at"});
    }
    return problem;
  };
  c["recovery.relay.ack"] = acked;
  c["recovery.relay.ack.summary"] = acked;
  const ClaimCheck forgot = [](const StepView& v, const Message& m) -> std::string {
    for (const auto& process : v.memory_before)
      if (process.actor == arg(m, "actor"))
        for (const auto& item : process.items)
          if (item.first.rfind("delivered_not_marked_", 0) == 0) return "it remembers " + item.first;
    return {};
  };
  c["recovery.relay.ack.none"] = forgot;
  c["recovery.relay.ack.none.summary"] = forgot;
  // The consumer: how many times the effect has now arrived.
  auto deliveries = [](const StepView& v, const Message& m) {
    const auto rows = records_where(v.after, "messages_received", "effect_key", arg(m, "effect"));
    if (v.model == Model::naive) return static_cast<std::int64_t>(rows.size());
    return rows.empty() ? std::int64_t{0} : number(rows.front().at("deliveries"));
  };
  c["recovery.consumer.applied"] = [deliveries](const StepView& v, const Message& m) -> std::string {
    return deliveries(v, m) >= 1 &&
                   records_where(v.before, "messages_received", "effect_key", arg(m, "effect")).empty()
               ? ""
               : "the effect was applied before";
  };
  const ClaimCheck again = [deliveries](const StepView& v, const Message& m) -> std::string {
    const bool naive = m.key == "recovery.consumer.naive.again";
    return all_of({naive == (v.model == Model::naive) ? "" : "the other model's consumer",
                   number(arg(m, "deliveries")) > 1 && number(arg(m, "deliveries")) <= deliveries(v, m)
                       ? ""
                       : "says " + arg(m, "deliveries") + " deliveries, the state shows " +
                             std::to_string(deliveries(v, m))});
  };
  c["recovery.consumer.naive.again"] = again;
  c["recovery.consumer.dedup"] = again;
}

// H5-4/H5-6: refund_call and refund_retry (the refund worker's own messages are in add_payment_rules).
void add_refund_call_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto unrecorded = [](const StepView& v, const Message& m) {
    std::vector<std::string> answers;
    for (const auto& process : v.step.memory)
      if (process.actor == arg(m, "actor"))
        for (const auto& [name, value] : process.items)
          if (name.rfind("unrecorded_refund_task_", 0) == 0) answers.push_back(to_display(value));
    return answers;
  };
  const ClaimCheck called = [](const StepView& v, const Message& m) -> std::string {
    const std::string task = arg(m, "task");
    const bool naive = m.key.rfind("recovery.refund_call.naive", 0) == 0;
    const bool same_key = m.key == "recovery.refund_call.naive.same_key";
    const auto entries = records_where(v.after, "provider_ledger", "op_key", arg(m, "key"));
    return all_of({expect("task", "PENDING", cell(v.after, "refund_tasks", task, "state")),
                   expect("payment", arg(m, "payment"), payment_of_task(v.before, task)),
                   naive ? (ledger_has(v.before, arg(m, "key")) != same_key
                                ? "says wrongly whether " + arg(m, "key") + " is new"
                                : "")
                         : expect("key", arg(m, "key"), cell(v.before, "refund_tasks", task, "op_key")),
                   naive || charged(v.before, arg(m, "payment")) ? "" : "no charge to verify",
                   entries.empty() ? "the provider has no " + arg(m, "key")
                                   : expect("provider state", arg(m, "state"), entries.front().at("state"))});
  };
  c["recovery.refund_call.naive"] = called;
  c["recovery.refund_call.naive.same_key"] = called;
  c["recovery.refund_call.atomic"] = called;
  c["recovery.refund_call.unrecorded"] = [unrecorded](const StepView& v, const Message& m) -> std::string {
    if (unrecorded(v, m).empty()) return "no answer held in memory";
    for (const auto& task : records_where(v.before, "refund_tasks", "state", "PENDING"))
      if (cell(v.after, "refund_tasks", task.at("id"), "state") != "PENDING")
        return "task " + task.at("id") + " moved";
    return {};
  };
  c["recovery.refund_call.summary"] = [unrecorded](const StepView& v, const Message& m) -> std::string {
    const auto answers = unrecorded(v, m);
    return !answers.empty() && std::all_of(answers.begin(), answers.end(),
                                           [](const std::string& a) { return a == "SUCCEEDED"; })
               ? ""
               : "not every refund succeeded";
  };
  c["recovery.refund_call.failed.summary"] = [unrecorded](const StepView& v,
                                                          const Message& m) -> std::string {
    const auto answers = unrecorded(v, m);
    return std::any_of(answers.begin(), answers.end(), [](const std::string& a) { return a == "FAILED"; })
               ? ""
               : "no refund failed";
  };
  c["retention.retry.naive"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("task", "PENDING", cell(v.before, "refund_tasks", arg(m, "task"), "state")),
                   expect("key", arg(m, "key"), cell(v.before, "refund_tasks", arg(m, "task"), "op_key")),
                   expect("payment", arg(m, "payment"), payment_of_task(v.before, arg(m, "task")))});
  };
  auto refunds_done = [](const CommittedState& state, const std::string& payment) {
    int count = 0;
    for (const auto& entry : records_where(state, "provider_ledger", "payment_id", payment))
      count += entry.at("kind") == "refund" && entry.at("state") == "SUCCEEDED";
    return count;
  };
  c["retention.retry.naive.forgotten"] = [refunds_done](const StepView& v, const Message& m) -> std::string {
    const auto booked = records_where(v.after, "provider_ledger", "op_key", arg(m, "booked"));
    return all_of(
        {ledger_has(v.before, arg(m, "key")) ? "" : "the provider never had " + arg(m, "key"),
         ledger_has(v.before, arg(m, "booked")) ? arg(m, "booked") + " is not new" : "",
         booked.empty() ? "no " + arg(m, "booked")
                        : expect("state", arg(m, "state"), booked.front().at("state")),
         expect("refunds", arg(m, "count"), std::to_string(refunds_done(v.after, arg(m, "payment"))))});
  };
  c["retention.retry.naive.extra"] = [refunds_done](const StepView& v, const Message& m) -> std::string {
    const int count = refunds_done(v.after, arg(m, "payment"));
    return all_of(
        {expect("refunds", arg(m, "count"), std::to_string(count)), count > 1 ? "" : "not refunded twice"});
  };
  c["retention.retry.atomic.found"] = [](const StepView& v, const Message& m) -> std::string {
    const auto found = records_where(v.before, "provider_ledger", "op_key", arg(m, "found"));
    return found.empty() || found.front().at("state") != "SUCCEEDED" ||
                   found.front().at("kind") != "refund" || found.front().at("payment_id") != arg(m, "payment")
               ? arg(m, "found") + " is no successful refund of " + arg(m, "payment")
               : "";
  };
  c["retention.retry.atomic.none"] = [refunds_done](const StepView& v, const Message& m) -> std::string {
    return refunds_done(v.before, arg(m, "payment")) == 0 ? ""
                                                          : arg(m, "payment") + " has a successful refund";
  };
}

}  // namespace reslab::claims::hotel_cases
