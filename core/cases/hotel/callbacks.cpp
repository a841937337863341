#include "core/cases/hotel/callbacks.hpp"

#include "core/cases/hotel/holds.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {

using namespace hotel_sql;

void log_callback_naive(ActionContext& ctx, const CallbackRow& row, const std::string& outcome) {
  const auto logged = ctx.sql(
      "INSERT INTO callbacks(event_id, hold_id, provider_payment_id, result, received_at, outcome)"
      " VALUES (?, ?, ?, ?, ?, ?)",
      {row.event_id, row.hold_id, row.provider_payment_id, row.result, ctx.now(), outcome});
  if (!logged.ok() && !logged.constraint()) fail_statement("INSERT INTO callbacks", logged);
}

std::string confirm_paid_naive(ActionContext& ctx, const CallbackRow& row, const Value& amount,
                               const Value& currency, const MessageArgs& args) {
  ctx.must(kInsertSucceededPayment, {row.hold_id, row.provider_payment_id, amount, currency});
  if (!confirm_without_checks(ctx, row.hold_id)) {
    ctx.summarize({"hotel.callback.unknown.summary", args});
    ctx.say({"hotel.callback.naive.no_hold", args});
    return "noop";
  }
  ctx.summarize({"hotel.callback.confirmed.summary", args});
  ctx.say({"hotel.callback.naive", args});
  return "confirmed";
}

bool claim_callback_event(ActionContext& ctx, const CallbackRow& row, const MessageArgs& args) {
  const auto logged = ctx.must(
      "INSERT INTO callbacks(event_id, hold_id, provider_payment_id, result, received_at) VALUES (?, ?, ?, ?, ?)"
      " ON CONFLICT(event_id) DO NOTHING",
      {row.event_id, row.hold_id, row.provider_payment_id, row.result, ctx.now()});
  if (logged.changes != 0) return true;
  ctx.must(kCommit);
  ctx.summarize({"hotel.callback.duplicate.summary", args});
  ctx.say({"hotel.callback.duplicate", args});
  return false;
}

void record_callback_outcome(ActionContext& ctx, const Value& event_id, const std::string& outcome) {
  ctx.must("UPDATE callbacks SET outcome = ? WHERE event_id = ?", {outcome, event_id});
}

}  // namespace reslab::hotel
