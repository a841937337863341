// H5-6: what the retention windows do to dedup and idempotency, in both models.
//   prune_callbacks — a retention job deletes callback records older than keep_seconds (both models)
//   refund_retry    — a refund worker retries a PENDING task whose refund the provider may already
//                     have made. naive: trusts the task's operation key to make the retry safe;
//                     atomic: asks the provider by payment id first, because a key is kept for a
//                     while and a payment id for good
#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/refunds.hpp"
#include "core/cases/shared/payment_provider.hpp"

namespace reslab::hotel {
namespace {

namespace provider = payment_provider;

MessageArgs task_args(const PendingRefund& task) {
  return {{"task", to_display(task.task_id)}, {"key", task.op_key}, {"payment", task.provider_payment_id}};
}

// What the provider answered a retried refund: an "already done" keeps its earlier result, a new
// operation names the key it was booked under.
void say_retry_answer(ActionContext& ctx, const provider::Reply& reply, MessageArgs args) {
  if (reply.answer == provider::Answer::already_done) {
    args.emplace_back("state", reply.state);
    ctx.say({"hotel.refund.already", args});
    return;
  }
  ctx.say(
      {"recovery.provider.answered",
       {{"answer", provider::answer_text(reply.answer)}, {"key", reply.booked_as}, {"state", reply.state}}});
}

}  // namespace

std::string prune_callbacks(ActionContext& ctx) {
  const std::int64_t keep = ctx.integer("keep_seconds", 86'400);
  const std::int64_t cutoff = ctx.now() - keep;
  const auto pruned = ctx.must("DELETE FROM callbacks WHERE received_at <= ? RETURNING event_id", {cutoff});
  std::string listed;
  for (const auto& row : pruned.rows) listed += (listed.empty() ? "" : ", ") + to_display(row[0]);
  const MessageArgs args = {{"actor", ctx.actor().id},
                            {"keep", std::to_string(keep)},
                            {"cutoff", std::to_string(cutoff)},
                            {"count", std::to_string(pruned.rows.size())},
                            {"events", listed.empty() ? "-" : listed}};
  ctx.summarize({pruned.rows.empty() ? "retention.prune.none.summary" : "retention.prune.summary", args});
  ctx.say({pruned.rows.empty() ? "retention.prune.none" : "retention.prune", args});
  return pruned.rows.empty() ? "noop" : "pruned";
}

std::string refund_retry_naive(ActionContext& ctx) {
  const bool forgotten = ctx.integer("provider_key_expired", 0) != 0;
  return refund_pending_tasks(ctx, [&](const PendingRefund& task) {
    MessageArgs args = task_args(task);
    const auto reply = provider::call(ctx, "refund", task.op_key, task.provider_payment_id, task.amount,
                                      provider::scripted_refund(ctx), forgotten);
    // A key can be forgotten only if the provider had it: then it books the call under another key.
    const bool seen_before = reply.booked_as != task.op_key;
    ctx.say({"retention.retry.naive", args});
    if (reply.answer == provider::Answer::already_done || !forgotten || !seen_before) {
      say_retry_answer(ctx, reply, args);
      return reply.state;
    }
    int refunded = 0;
    for (const auto& refund : provider::by_payment(ctx, "refund", task.provider_payment_id))
      refunded += refund.state == "SUCCEEDED" ? 1 : 0;
    args.emplace_back("count", std::to_string(refunded));
    args.emplace_back("booked", reply.booked_as);
    args.emplace_back("state", reply.state);
    ctx.say({"retention.retry.naive.forgotten", args});
    if (refunded > 1) ctx.say({"retention.retry.naive.extra", args});
    return reply.state;
  });
}

std::string refund_retry_atomic(ActionContext& ctx) {
  const bool forgotten = ctx.integer("provider_key_expired", 0) != 0;
  return refund_pending_tasks(ctx, [&](const PendingRefund& task) {
    MessageArgs args = task_args(task);
    // A key is kept for a while, a payment id for good: look the payment up before any retry.
    for (const auto& refund : provider::by_payment(ctx, "refund", task.provider_payment_id)) {
      if (refund.state != "SUCCEEDED") continue;
      args.emplace_back("found", refund.op_key);
      ctx.say({"retention.retry.atomic.found", args});
      return std::string("SUCCEEDED");
    }
    ctx.say({"retention.retry.atomic.none", args});
    const auto reply = provider::call(ctx, "refund", task.op_key, task.provider_payment_id, task.amount,
                                      provider::scripted_refund(ctx), forgotten);
    say_retry_answer(ctx, reply, args);
    return reply.state;
  });
}

}  // namespace reslab::hotel
