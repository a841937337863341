// H2's background workers, in both models.
//   expire_holds  — naive: release every hold past its deadline, whatever its state;
//                   atomic: one transaction, only RESERVED holds, state change and release together
//   refund_worker — naive: refund each PENDING task under a fresh operation key;
//                   atomic: confirm the charge with the provider by payment id, then refund under
//                   the task's own operation key (the provider answers "already done" on a rerun)
#include <functional>

#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/holds.hpp"
#include "core/cases/hotel/refunds.hpp"
#include "core/cases/hotel/sql.hpp"
#include "core/cases/shared/payment_provider.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

std::string seconds(std::int64_t value) {
  return std::to_string(value);
}

// The holds past their deadline that the atomic job leaves alone, for the explanation, and whether
// any of them had its room released before (by a release row in inventory_log).
struct PastDeadline {
  std::string listed;
  bool released_before = false;
};

PastDeadline states_past_deadline(const ActionContext& ctx) {
  PastDeadline past;
  const TableData* holds = ctx.committed().table("holds");
  const TableData* log = ctx.committed().table("inventory_log");
  if (!holds) return past;
  for (const auto& row : holds->rows) {
    if (row.size() < 4 || is_null(row[3]) || as_int(row[3]) > ctx.now()) continue;
    if (!past.listed.empty()) past.listed += ", ";
    past.listed += "#" + to_display(row[0]) + " " + to_display(row[2]);
    if (log)
      for (const auto& entry : log->rows)
        past.released_before =
            past.released_before || (entry.size() > 5 && to_display(entry[2]) == to_display(row[0]) &&
                                     to_display(entry[5]) == "release");
  }
  return past;
}

// The provider's side of a refund, through the simulated provider (idempotent by operation key).
std::string provider_refund(ActionContext& ctx, const std::string& op_key, const PendingRefund& task,
                            bool& already_done) {
  const auto reply = payment_provider::call(ctx, "refund", op_key, task.provider_payment_id, task.amount,
                                            payment_provider::scripted_refund(ctx));
  already_done = reply.answer == payment_provider::Answer::already_done;
  return reply.state;
}

}  // namespace

std::string expire_holds_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const auto due = ctx.must("SELECT id, state FROM holds WHERE deadline <= ? ORDER BY id", {ctx.now()});
  if (due.rows.empty()) {
    ctx.summarize({"hotel.expire.none.summary", {{"actor", actor}}});
    ctx.say({"hotel.expire.none", {{"now", seconds(ctx.now())}}});
    return "noop";
  }
  std::string released;
  // What each hold was before this run, said only for a hold that was not simply RESERVED.
  std::vector<Message> was_not_reserved;
  for (const auto& row : due.rows) {
    const Value hold_id = row[0];
    const std::string state = to_display(row[1]);
    static const std::string count_releases =
        "SELECT COUNT(*) FROM inventory_log WHERE hold_id = ? AND reason = 'release'";
    const std::int64_t earlier = as_int(ctx.must(count_releases, {hold_id}).rows.at(0).at(0));
    ctx.must("UPDATE holds SET state = 'HOLD_EXPIRED' WHERE id = ?", {hold_id});
    const std::int64_t logged = release_hold_nights(ctx, hold_id);
    released += (released.empty() ? "#" : ", #") + to_display(hold_id);
    const MessageArgs args = {
        {"hold", to_display(hold_id)}, {"state", state}, {"releases", std::to_string(earlier + logged)}};
    if (earlier > 0) {
      was_not_reserved.push_back({"hotel.expire.naive.again", args});
    } else if (state != "RESERVED") {
      was_not_reserved.push_back({"hotel.expire.naive.state", args});
    }
  }
  ctx.summarize({"hotel.expire.released.summary", {{"actor", actor}, {"holds", released}}});
  ctx.say({"hotel.expire.naive", {{"holds", released}, {"now", seconds(ctx.now())}}});
  for (auto& message : was_not_reserved) ctx.say(std::move(message));
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
    if (!expire_and_release(ctx, hold_id)) continue;
    released += (released.empty() ? "#" : ", #") + to_display(hold_id);
  }
  ctx.must(kCommit);

  if (released.empty()) {
    const PastDeadline past = states_past_deadline(ctx);
    // "Not released again" only where a room of these holds was released before.
    ctx.summarize({past.released_before ? "hotel.expire.noop.summary" : "hotel.expire.none.summary",
                   {{"actor", actor}}});
    if (past.listed.empty()) {
      ctx.say({"hotel.expire.none", {{"now", seconds(ctx.now())}}});
    } else {
      ctx.say({"hotel.expire.noop", {{"holds", past.listed}, {"now", seconds(ctx.now())}}});
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
    // Two runs in the same second make the same key, which the provider already knows.
    const char* said = already_done        ? "hotel.refund.naive.same_key"
                       : state == "FAILED" ? "hotel.refund.naive.failed"
                                           : "hotel.refund.naive.done";
    ctx.say({said,
             {{"task", to_display(task.task_id)},
              {"key", op_key},
              {"payment", task.provider_payment_id},
              {"state", state}}});
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
