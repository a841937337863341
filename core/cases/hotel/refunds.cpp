#include "core/cases/hotel/refunds.hpp"

#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {

bool queue_refund(ActionContext& ctx, const Value& payment_row, const std::string& provider_payment_id) {
  const auto task = ctx.must(
      "INSERT INTO refund_tasks(payment_id, op_key, state, created_at) VALUES (?, ?, 'PENDING', ?)"
      " ON CONFLICT(op_key) DO NOTHING",
      {payment_row, "refund:" + provider_payment_id, ctx.now()});
  if (task.changes == 0) return false;
  ctx.must(hotel_sql::kInsertOutbox,
           {std::string("refund.queued"), "{\"payment\":\"" + provider_payment_id + "\"}", ctx.now()});
  return true;
}

std::vector<PendingRefund> pending_refunds(ActionContext& ctx) {
  const auto pending = ctx.must(
      "SELECT t.id, t.op_key, p.provider_payment_id, p.amount FROM refund_tasks t"
      " JOIN payments p ON p.id = t.payment_id WHERE t.state = 'PENDING' ORDER BY t.id");
  std::vector<PendingRefund> tasks;
  for (const auto& row : pending.rows)
    tasks.push_back({row[0], to_display(row[1]), to_display(row[2]), row[3]});
  return tasks;
}

void record_refund_state(ActionContext& ctx, const PendingRefund& task, const std::string& state) {
  ctx.must("UPDATE refund_tasks SET state = ? WHERE id = ? AND state = 'PENDING'", {state, task.task_id});
}

void say_refund_pending(ActionContext& ctx) {
  const std::int64_t alert = ctx.integer("refund_alert_seconds", kDefaultRefundAlertSeconds);
  ctx.say({"refund.customer.pending",
           {{"now", std::to_string(ctx.now())},
            {"alert", std::to_string(alert)},
            {"due", std::to_string(ctx.now() + alert)}}});
}

void say_refund_result(ActionContext& ctx, const std::string& task_state) {
  if (task_state == "SUCCEEDED") ctx.say({"refund.customer.succeeded", {{"now", std::to_string(ctx.now())}}});
  if (task_state == "FAILED") ctx.say({"refund.customer.failed"});
}

std::string no_refund_pending(ActionContext& ctx) {
  ctx.summarize({"hotel.refund.none.summary", {{"actor", ctx.actor().id}}});
  ctx.say({"hotel.refund.none"});
  return "noop";
}

std::string refund_pending_tasks(ActionContext& ctx,
                                 const std::function<std::string(const PendingRefund&)>& refund_one) {
  const std::string& actor = ctx.actor().id;
  const auto tasks = pending_refunds(ctx);
  if (tasks.empty()) return no_refund_pending(ctx);
  bool any_failed = false;
  for (const auto& task : tasks) {
    const std::string state = refund_one(task);
    record_refund_state(ctx, task, state);
    say_refund_result(ctx, state);
    any_failed = any_failed || state == "FAILED";
  }
  ctx.summarize(
      {any_failed ? "hotel.refund.failed.summary" : "hotel.refund.done.summary", {{"actor", actor}}});
  return any_failed ? "refund_failed" : "refunded";
}

}  // namespace reslab::hotel
