// The claim rules of H2 and H5-1: the expiry job, the payment callbacks, the retention job, the refund
// worker.
#include "tests/claims/hotel_cases.hpp"

namespace reslab::claims::hotel_cases {

// H2 and H5-1: the expiry job, the payment callbacks, the retention job and the refund worker.
void add_payment_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto now_is = [](const StepView& v, const Message& m) -> std::string {
    return expect("now", arg(m, "now"), std::to_string(v.step.time));
  };
  // The expiry job: which holds it released in this step is what inventory_log gained.
  auto released = [](const StepView& v) {
    std::vector<std::string> holds;
    for (const auto& hold : records(v.after, "holds"))
      if (releases_of(v.after, hold.at("id")) > releases_of(v.before, hold.at("id")))
        holds.push_back("#" + hold.at("id"));
    return joined(holds);
  };
  const ClaimCheck expired = [now_is, released](const StepView& v, const Message& m) -> std::string {
    std::string problem = all_of({expect("holds released", arg(m, "holds"), released(v)),
                                  m.key == "hotel.expire.released.summary" ? "" : now_is(v, m)});
    for (const auto& hold : split(arg(m, "holds"), ", ")) {
      const std::string id = hold.substr(1);
      problem = all_of({problem, expect("hold " + hold, "HOLD_EXPIRED", hold_state(v.after, id)),
                        m.key == "hotel.expire.atomic"
                            ? expect("hold " + hold + " before", "RESERVED", hold_state(v.before, id))
                            : ""});
    }
    return problem;
  };
  for (const char* key : {"hotel.expire.released.summary", "hotel.expire.naive", "hotel.expire.atomic"})
    c[key] = expired;
  c["hotel.expire.naive.again"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {expect("state before", arg(m, "state"), hold_state(v.before, arg(m, "hold"))),
         releases_of(v.before, arg(m, "hold")) > 0 ? "" : "no release was logged before",
         expect("release rows", arg(m, "releases"), std::to_string(releases_of(v.after, arg(m, "hold"))))});
  };
  c["hotel.expire.naive.state"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("state before", arg(m, "state"), hold_state(v.before, arg(m, "hold"))),
                   arg(m, "state") != "RESERVED" ? "" : "the hold was RESERVED",
                   releases_of(v.before, arg(m, "hold")) == 0 ? "" : "its room was released before"});
  };
  // Nothing RESERVED is due; "none" also means no due hold had its room released before.
  const ClaimCheck nothing_due = [now_is](const StepView& v, const Message& m) -> std::string {
    std::string problem = m.key == "hotel.expire.none" ? now_is(v, m) : "";
    bool released_before = false;
    for (const auto& hold : due_holds(v.before, v.step.time)) {
      if (hold.at("state") == "RESERVED")
        problem = all_of({problem, "hold #" + hold.at("id") + " is RESERVED and due"});
      released_before = released_before || releases_of(v.before, hold.at("id")) > 0;
    }
    if (m.key == "hotel.expire.noop.summary" && !released_before)
      problem = all_of({problem, "no due hold was released"});
    if (m.key == "hotel.expire.none.summary" && released_before)
      problem = all_of({problem, "a due hold was released"});
    return problem;
  };
  for (const char* key : {"hotel.expire.none", "hotel.expire.none.summary", "hotel.expire.noop.summary"})
    c[key] = nothing_due;
  c["hotel.expire.noop"] = [nothing_due](const StepView& v, const Message& m) -> std::string {
    std::string listed;
    for (const auto& hold : due_holds(v.before, v.step.time))
      listed += (listed.empty() ? "#" : ", #") + hold.at("id") + " " + hold.at("state");
    return all_of({nothing_due(v, m), expect("holds past their deadline", arg(m, "holds"), listed)});
  };
  // The callback handler.
  auto event_known = [](const CommittedState& state, const Message& m) {
    return !records_where(state, "callbacks", "event_id", arg(m, "event")).empty();
  };
  c["hotel.callback.paid_at"] = [now_is](const StepView& v, const Message& m) -> std::string {
    return all_of({now_is(v, m), expect("paid at", arg(m, "paid_at"), event_arg(v, m, "paid_at"))});
  };
  c["hotel.callback.paid_at.naive"] = c["hotel.callback.paid_at"];
  c["hotel.callback.failure"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {expect("result", "failure", event_arg(v, m, "result")),
         expect("hold", hold_state(v.before, arg(m, "hold")), hold_state(v.after, arg(m, "hold")))});
  };
  c["hotel.callback.failure.summary"] = c["hotel.callback.failure"];
  c["hotel.callback.unknown"] = [](const StepView& v, const Message& m) -> std::string {
    return hold_state(v.after, arg(m, "hold")).empty() ? "" : "hold #" + arg(m, "hold") + " exists";
  };
  c["hotel.callback.unknown.summary"] = c["hotel.callback.unknown"];
  c["hotel.callback.naive.no_hold"] = c["hotel.callback.unknown"];
  c["hotel.callback.duplicate"] = [event_known](const StepView& v, const Message& m) -> std::string {
    return event_known(v.before, m) ? "" : "the callback log has no " + arg(m, "event");
  };
  c["hotel.callback.duplicate.summary"] = c["hotel.callback.duplicate"];
  c["hotel.callback.confirmed.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")));
  };
  c["hotel.callback.naive"] = [](const StepView& v, const Message& m) -> std::string {
    std::string problem = expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")));
    for (const auto& night : nights_of_hold(v.after, arg(m, "hold")))
      problem =
          all_of({problem, expect("sold on " + night,
                                  std::to_string(number(cell(v.before, "room_inventory", night, "sold")) + 1),
                                  cell(v.after, "room_inventory", night, "sold"))});
    return problem;
  };
  c["hotel.callback.confirmed"] = [now_is](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {now_is(v, m), expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
         expect("deadline", arg(m, "deadline"), cell(v.before, "holds", arg(m, "hold"), "deadline")),
         v.step.time < number(arg(m, "deadline")) ? "" : "now is not before the deadline",
         expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  // Too late: the handler expires the hold itself, and queues its refund unless one exists.
  const ClaimCheck expired_now = [now_is](const StepView& v, const Message& m) -> std::string {
    const bool queued =
        m.key == "hotel.callback.expired_now" || m.key == "hotel.callback.expired_now.summary";
    return all_of(
        {m.key.find("summary") == std::string::npos ? now_is(v, m) : "",
         expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
         expect("deadline", arg(m, "deadline"), cell(v.before, "holds", arg(m, "hold"), "deadline")),
         v.step.time >= number(arg(m, "deadline")) ? "" : "now is before the deadline",
         expect("hold", "HOLD_EXPIRED", hold_state(v.after, arg(m, "hold"))),
         queued != task_appeared(v, arg(m, "payment")) ? "says the refund was queued, or not, wrongly" : "",
         !queued && refund_task(v.before, arg(m, "payment")).empty() ? "no refund task existed" : ""});
  };
  for (const char* key :
       {"hotel.callback.expired_now", "hotel.callback.expired_now.summary",
        "hotel.callback.expired_now.refund_exists", "hotel.callback.expired_now.no_refund.summary"})
    c[key] = expired_now;
  c["hotel.callback.reconcile"] = [event_known](const StepView& v, const Message& m) -> std::string {
    return all_of({event_known(v.before, m) ? "the callback log has " + arg(m, "event") : "",
                   expect("hold", "CONFIRMED", hold_state(v.before, arg(m, "hold"))),
                   records_where(v.before, "payments", "provider_payment_id", arg(m, "payment")).empty()
                       ? arg(m, "payment") + " is not in payments"
                       : ""});
  };
  c["hotel.callback.reconcile.summary"] = c["hotel.callback.reconcile"];
  c["hotel.callback.refund.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return task_appeared(v, arg(m, "payment")) ? "" : "no refund task was queued";
  };
  c["hotel.callback.refund"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    return all_of({expect("state", arg(m, "state"), state),
                   state == "RESERVED" || state == "CONFIRMED" ? "the hold is " + state : "",
                   task_appeared(v, arg(m, "payment")) ? "" : "no refund task was queued"});
  };
  c["hotel.callback.second_charge"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("hold", "CONFIRMED", hold_state(v.before, arg(m, "hold"))),
                   records_where(v.before, "payments", "provider_payment_id", arg(m, "payment")).empty()
                       ? ""
                       : arg(m, "payment") + " was in payments",
                   task_appeared(v, arg(m, "payment")) ? "" : "no refund task was queued"});
  };
  c["hotel.callback.refund_exists"] = [](const StepView& v, const Message& m) -> std::string {
    return refund_task(v.before, arg(m, "payment")).empty() ? "no refund task existed" : "";
  };
  c["hotel.callback.refund_exists.summary"] = c["hotel.callback.refund_exists"];
  // What the customer sees of a refund.
  c["refund.customer.pending"] = [now_is](const StepView& v, const Message& m) -> std::string {
    std::string alert = event_arg(v, m, "refund_alert_seconds");
    if (alert.empty()) alert = "300";
    bool queued_now = false;
    for (const auto& task : records(v.after, "refund_tasks"))
      queued_now = queued_now || (task.at("created_at") == arg(m, "now") &&
                                  cell(v.before, "refund_tasks", task.at("id"), "id").empty());
    return all_of({now_is(v, m), expect("alert", arg(m, "alert"), alert),
                   expect("due", arg(m, "due"), std::to_string(v.step.time + number(alert))),
                   queued_now ? "" : "no refund task was queued now"});
  };
  c["refund.customer.succeeded"] = [now_is](const StepView& v, const Message& m) -> std::string {
    return all_of({now_is(v, m), tasks_now(v, "SUCCEEDED").empty() ? "no refund succeeded" : ""});
  };
  c["refund.customer.failed"] = [](const StepView& v, const Message&) -> std::string {
    return tasks_now(v, "FAILED").empty() ? "no refund failed" : "";
  };
  // The refund worker.
  const ClaimCheck none_pending = [](const StepView& v, const Message&) -> std::string {
    return records_where(v.before, "refund_tasks", "state", "PENDING").empty() ? ""
                                                                               : "a refund task is PENDING";
  };
  c["hotel.refund.none"] = none_pending;
  c["hotel.refund.none.summary"] = none_pending;
  c["hotel.refund.done.summary"] = [](const StepView& v, const Message&) -> std::string {
    const auto pending = records_where(v.before, "refund_tasks", "state", "PENDING");
    return !pending.empty() && tasks_now(v, "SUCCEEDED").size() == pending.size()
               ? ""
               : "not every refund succeeded";
  };
  c["hotel.refund.failed.summary"] = [](const StepView& v, const Message&) -> std::string {
    return tasks_now(v, "FAILED").empty() ? "no refund failed" : "";
  };
  // A task the worker took: it was PENDING, for this payment, under this key.
  auto task_is = [](const StepView& v, const Message& m, const std::string& state) {
    const std::string task = arg(m, "task");
    return all_of(
        {expect("task before", "PENDING", cell(v.before, "refund_tasks", task, "state")),
         expect("payment", arg(m, "payment"), payment_of_task(v.before, task)),
         state.empty() ? "" : expect("task after", state, cell(v.after, "refund_tasks", task, "state"))});
  };
  c["hotel.refund.verified"] = [task_is](const StepView& v, const Message& m) -> std::string {
    return all_of({task_is(v, m, ""), charged(v.before, arg(m, "payment")) ? "" : "no charge succeeded"});
  };
  c["hotel.refund.no_charge"] = [task_is](const StepView& v, const Message& m) -> std::string {
    return all_of({task_is(v, m, ""), charged(v.before, arg(m, "payment")) ? "the charge succeeded" : ""});
  };
  c["hotel.refund.already"] = [](const StepView& v, const Message& m) -> std::string {
    const auto entries = records_where(v.before, "provider_ledger", "op_key", arg(m, "key"));
    return entries.empty() ? "the provider never saw " + arg(m, "key")
                           : expect("state", arg(m, "state"), entries.front().at("state"));
  };
  const ClaimCheck own_key = [task_is](const StepView& v, const Message& m) -> std::string {
    const bool done = m.key.find("done") != std::string::npos;
    return all_of({task_is(v, m, done ? "SUCCEEDED" : "FAILED"),
                   expect("key", arg(m, "key"), cell(v.before, "refund_tasks", arg(m, "task"), "op_key"))});
  };
  c["hotel.refund.atomic.done"] = own_key;
  c["hotel.refund.atomic.failed"] = own_key;
  const ClaimCheck fresh_key = [task_is](const StepView& v, const Message& m) -> std::string {
    const bool done = m.key.find("done") != std::string::npos;
    return all_of(
        {task_is(v, m, done ? "SUCCEEDED" : "FAILED"),
         ledger_has(v.before, arg(m, "key")) ? arg(m, "key") + " is not new" : "",
         ledger_has(v.after, arg(m, "key")) ? "" : arg(m, "key") + " is not in the provider's books"});
  };
  c["hotel.refund.naive.done"] = fresh_key;
  c["hotel.refund.naive.failed"] = fresh_key;
  c["hotel.refund.naive.same_key"] = [task_is](const StepView& v, const Message& m) -> std::string {
    const auto entries = records_where(v.before, "provider_ledger", "op_key", arg(m, "key"));
    return all_of({task_is(v, m, arg(m, "state")),
                   entries.empty() ? arg(m, "key") + " is new"
                                   : expect("state", arg(m, "state"), entries.front().at("state"))});
  };
  // The retention job.
  const ClaimCheck pruned = [now_is](const StepView& v, const Message& m) -> std::string {
    const std::string keep = event_arg(v, m, "keep_seconds");
    std::vector<std::string> gone;
    for (const auto& callback : records(v.before, "callbacks"))
      if (records_where(v.after, "callbacks", "event_id", callback.at("event_id")).empty())
        gone.push_back(callback.at("event_id"));
    std::sort(gone.begin(), gone.end());
    std::string problem =
        m.key.find("summary") == std::string::npos
            ? all_of({expect("keep", arg(m, "keep"), keep),
                      expect("cutoff", arg(m, "cutoff"), std::to_string(v.step.time - number(keep)))})
            : "";
    if (m.key.find(".none") != std::string::npos)
      return all_of({problem, gone.empty() ? "" : "records were deleted"});
    return all_of(
        {problem, expect("count", arg(m, "count"), std::to_string(gone.size())),
         m.key == "retention.prune" ? expect("events", sorted(arg(m, "events")), joined(gone)) : ""});
  };
  for (const char* key :
       {"retention.prune", "retention.prune.summary", "retention.prune.none", "retention.prune.none.summary"})
    c[key] = pruned;
}

}  // namespace reslab::claims::hotel_cases
