#include "core/cases/hotel/holds.hpp"

#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {

using namespace hotel_sql;

Value hold_deadline(ActionContext& ctx) {
  if (!ctx.has("hold_seconds")) return std::monostate{};
  return ctx.now() + ctx.integer("hold_seconds");
}

bool expire_and_release(ActionContext& ctx, const Value& hold_id) {
  const auto mark =
      ctx.must("UPDATE holds SET state = 'HOLD_EXPIRED' WHERE id = ? AND state = 'RESERVED'", {hold_id});
  if (mark.changes == 0) return false;
  ctx.must(kReleaseHoldNights, {hold_id});
  ctx.must(kLogHoldNights,
           {std::int64_t{1}, std::string("available"), std::string("release"), ctx.now(), hold_id});
  ctx.must(kInsertOutbox,
           {std::string("hold.expired"), "{\"hold_id\":" + to_display(hold_id) + "}", ctx.now()});
  return true;
}

}  // namespace reslab::hotel
