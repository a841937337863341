#pragma once
// Refunds as the customer and the on-call see them: a refund task is queued at most once per
// payment, and each state of it (pending, succeeded, failed) is explained with what the customer
// sees and which alert watches it. The alert threshold is the action's `refund_alert_seconds`.
#include <functional>
#include <string>
#include <vector>

#include "core/sim/action_context.hpp"

namespace reslab::hotel {

// A PENDING refund task with what the provider needs to refund it.
struct PendingRefund {
  Value task_id;
  std::string op_key;
  std::string provider_payment_id;
  Value amount;
};
std::vector<PendingRefund> pending_refunds(ActionContext& ctx);
// Writes what the provider answered into the task (only while it is still PENDING).
void record_refund_state(ActionContext& ctx, const PendingRefund& task, const std::string& state);

// How long a refund may stay PENDING before the on-call is paged, when the scenario does not say.
constexpr std::int64_t kDefaultRefundAlertSeconds = 300;

// Queues the refund of one payment, at most once: the operation key is derived from the payment,
// and refund.queued goes to the outbox in the same transaction. False when it was already queued.
bool queue_refund(ActionContext& ctx, const Value& payment_row, const std::string& provider_payment_id);

// A refund worker that finds no PENDING task says so and does nothing: "noop".
std::string no_refund_pending(ActionContext& ctx);

// Works through every PENDING task with `refund_one`, which returns the task's new state: records it,
// says what the customer sees, and returns refunded, refund_failed, or noop when nothing was pending.
std::string refund_pending_tasks(ActionContext& ctx,
                                 const std::function<std::string(const PendingRefund&)>& refund_one);

// "Customer sees: refund pending since ..." and the alert that fires if it stays pending too long.
void say_refund_pending(ActionContext& ctx);
// What the customer sees once the task is SUCCEEDED or FAILED, and who acts on a failure.
void say_refund_result(ActionContext& ctx, const std::string& task_state);

}  // namespace reslab::hotel
