#include "core/cases/hotel/holds.hpp"

#include "core/cases/hotel/outbox.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {

using namespace hotel_sql;

Value hold_deadline(ActionContext& ctx) {
  if (!ctx.has("hold_seconds")) return std::monostate{};
  return ctx.now() + ctx.integer("hold_seconds");
}

HoldRow read_hold(ActionContext& ctx, const Value& hold_id) {
  const auto hold = ctx.must("SELECT state, deadline FROM holds WHERE id = ?", {hold_id});
  if (hold.rows.empty()) return {};
  return {true, to_display(hold.rows[0][0]), hold.rows[0][1]};
}

void sell_hold_nights(ActionContext& ctx, const Value& hold_id) {
  ctx.must(kSellHoldNights, {hold_id});
  ctx.must(kLogHoldNights,
           {std::int64_t{1}, std::string("sold"), std::string("confirm"), ctx.now(), hold_id});
}

std::int64_t release_hold_nights(ActionContext& ctx, const Value& hold_id) {
  ctx.must(kReleaseHoldNights, {hold_id});
  return ctx
      .must(kLogHoldNights,
            {std::int64_t{1}, std::string("available"), std::string("release"), ctx.now(), hold_id})
      .changes;
}

bool confirm_in_time(ActionContext& ctx, const Value& hold_id) {
  const auto confirm =
      ctx.must("UPDATE holds SET state = 'CONFIRMED' WHERE id = ? AND state = 'RESERVED' AND ? < deadline",
               {hold_id, ctx.now()});
  if (confirm.changes == 0) return false;
  sell_hold_nights(ctx, hold_id);
  return true;
}

bool confirm_without_checks(ActionContext& ctx, const Value& hold_id) {
  if (ctx.must("UPDATE holds SET state = 'CONFIRMED' WHERE id = ?", {hold_id}).changes == 0) return false;
  sell_hold_nights(ctx, hold_id);
  return true;
}

bool confirm_and_announce(ActionContext& ctx, const Value& hold_id) {
  if (!confirm_in_time(ctx, hold_id)) return false;
  ctx.must(kInsertOutbox, {kConfirmationTopic, confirmation_payload(hold_id), ctx.now()});
  return true;
}

bool expire_and_release(ActionContext& ctx, const Value& hold_id) {
  const auto mark =
      ctx.must("UPDATE holds SET state = 'HOLD_EXPIRED' WHERE id = ? AND state = 'RESERVED'", {hold_id});
  if (mark.changes == 0) return false;
  release_hold_nights(ctx, hold_id);
  ctx.must(kInsertOutbox,
           {std::string("hold.expired"), "{\"hold_id\":" + to_display(hold_id) + "}", ctx.now()});
  return true;
}

}  // namespace reslab::hotel
