// H2's background workers, in both models.
//   expire_holds  — naive: release every hold past its deadline, whatever its state;
//                   atomic: one transaction, only RESERVED holds, state change and release together
//   refund_worker — naive: refund each PENDING task under a fresh operation key;
//                   atomic: confirm the charge with the provider by payment id, then refund under
//                   the task's own operation key (the provider answers "already done" on a rerun)
#include <functional>

#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/refunds.hpp"
#include "core/cases/shared/payment_provider.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

std::string seconds(std::int64_t value) {
  return std::to_string(value);
}

// A hold past its deadline that the atomic job leaves alone, for the explanation.
std::string states_past_deadline(const ActionContext& ctx) {
  const TableData* holds = ctx.committed().table("holds");
  std::string listed;
  if (!holds) return listed;
  for (const auto& row : holds->rows) {
    if (row.size() < 4 || is_null(row[3]) || as_int(row[3]) > ctx.now()) continue;
    if (!listed.empty()) listed += ", ";
    listed += "#" + to_display(row[0]) + " " + to_display(row[2]);
  }
  return listed;
}

// The provider's side of a refund, through the simulated provider (idempotent by operation key).
std::string provider_refund(ActionContext& ctx, const std::string& op_key, const PendingRefund& task,
                            bool& already_done) {
  const auto script =
      ctx.text("provider_refund") == "fail" ? payment_provider::Script::failure : payment_provider::Script::success;
  const auto reply = payment_provider::call(ctx, "refund", op_key, task.provider_payment_id, task.amount, script);
  already_done = reply.answer == payment_provider::Answer::already_done;
  return reply.state;
}

// Works through every PENDING task with `refund_one`, which returns the task's new state.
std::string refund_pending_tasks(ActionContext& ctx,
                                 const std::function<std::string(const PendingRefund&)>& refund_one) {
  const std::string& actor = ctx.actor().id;
  const auto tasks = pending_refunds(ctx);
  if (tasks.empty()) {
    ctx.summarize({"hotel.refund.none.summary", {{"actor", actor}}});
    ctx.say({"hotel.refund.none"});
    return "noop";
  }
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

}  // namespace

std::string expire_holds_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const auto due = ctx.must("SELECT id FROM holds WHERE deadline <= ? ORDER BY id", {ctx.now()});
  if (due.rows.empty()) {
    ctx.summarize({"hotel.expire.none.summary", {{"actor", actor}}});
    ctx.say({"hotel.expire.none", {{"now", seconds(ctx.now())}}});
    return "noop";
  }
  std::string released;
  for (const auto& row : due.rows) {
    const Value hold_id = row[0];
    ctx.must("UPDATE holds SET state = 'HOLD_EXPIRED' WHERE id = ?", {hold_id});
    ctx.must(kReleaseHoldNights, {hold_id});
    ctx.must(kLogHoldNights, {std::int64_t{1}, std::string("available"), std::string("release"), ctx.now(), hold_id});
    released += (released.empty() ? "#" : ", #") + to_display(hold_id);
  }
  ctx.summarize({"hotel.expire.released.summary", {{"actor", actor}, {"holds", released}}});
  ctx.say({"hotel.expire.naive", {{"holds", released}, {"now", seconds(ctx.now())}}});
  return "released";
}

std::string expire_holds_atomic(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  ctx.must(kBeginImmediate);
  static const std::string select_due =
      "SELECT id FROM holds WHERE state = 'RESERVED' AND deadline <= ? ORDER BY id";
  const auto due = ctx.must(select_due, {ctx.now()});
  std::string released;
  for (const auto& row : due.rows) {
    const Value hold_id = row[0];
    // The state check in the WHERE clause is what makes a duplicate run harmless.
    const auto mark =
        ctx.must("UPDATE holds SET state = 'HOLD_EXPIRED' WHERE id = ? AND state = 'RESERVED'", {hold_id});
    if (mark.changes == 0) continue;
    ctx.must(kReleaseHoldNights, {hold_id});
    ctx.must(kLogHoldNights, {std::int64_t{1}, std::string("available"), std::string("release"), ctx.now(), hold_id});
    ctx.must(kInsertOutbox,
             {std::string("hold.expired"), "{\"hold_id\":" + to_display(hold_id) + "}", ctx.now()});
    released += (released.empty() ? "#" : ", #") + to_display(hold_id);
  }
  ctx.must(kCommit);

  if (released.empty()) {
    const std::string others = states_past_deadline(ctx);
    ctx.summarize({"hotel.expire.noop.summary", {{"actor", actor}}});
    if (others.empty()) {
      ctx.say({"hotel.expire.none", {{"now", seconds(ctx.now())}}});
    } else {
      ctx.say({"hotel.expire.noop", {{"holds", others}, {"now", seconds(ctx.now())}}});
    }
    return "noop";
  }
  ctx.summarize({"hotel.expire.released.summary", {{"actor", actor}, {"holds", released}}});
  ctx.say({"hotel.expire.atomic", {{"holds", released}, {"now", seconds(ctx.now())}}});
  return "released";
}

std::string refund_worker_naive(ActionContext& ctx) {
  return refund_pending_tasks(ctx, [&](const PendingRefund& task) {
    // A fresh key per run: a rerun after a crash would refund the same payment again.
    const std::string op_key = task.op_key + ":" + std::to_string(ctx.now());
    bool already_done = false;
    const std::string state = provider_refund(ctx, op_key, task, already_done);
    ctx.say({state == "FAILED" ? "hotel.refund.naive.failed" : "hotel.refund.naive.done",
             {{"task", to_display(task.task_id)}, {"key", op_key}, {"payment", task.provider_payment_id}}});
    return state;
  });
}

std::string refund_worker_atomic(ActionContext& ctx) {
  return refund_pending_tasks(ctx, [&](const PendingRefund& task) -> std::string {
    const std::vector<std::pair<std::string, std::string>> args = {
        {"task", to_display(task.task_id)}, {"key", task.op_key}, {"payment", task.provider_payment_id}};
    static const std::string charge_lookup =
        "SELECT state, amount FROM provider_ledger WHERE payment_id = ? AND kind = 'charge'";
    const auto charge = ctx.provider(charge_lookup, {task.provider_payment_id});
    if (charge.rows.empty() || to_display(charge.rows[0][0]) != "SUCCEEDED") {
      // Nothing was taken: there is nothing to give back, and saying "refunded" would be false.
      ctx.say({"hotel.refund.no_charge", args});
      return "FAILED";
    }
    bool already_done = false;
    const std::string state = provider_refund(ctx, task.op_key, task, already_done);
    ctx.say({"hotel.refund.verified", args});
    if (already_done) ctx.say({"hotel.refund.already", {{"key", task.op_key}, {"state", state}}});
    ctx.say({state == "FAILED" ? "hotel.refund.atomic.failed" : "hotel.refund.atomic.done", args});
    return state;
  });
}

}  // namespace reslab::hotel
