#pragma once
// What the hotel actions do to a hold wherever they do it: when it runs out, and its expiry with the
// room released once (the state check in the WHERE clause is what makes a second run harmless).
#include "core/sim/action_context.hpp"

namespace reslab::hotel {

// The deadline of a hold made now: now + the action's `hold_seconds`, or NULL when it has none.
Value hold_deadline(ActionContext& ctx);

// Inside a transaction the caller opened: a RESERVED hold becomes HOLD_EXPIRED, its nights' rooms are
// released and logged, and hold.expired goes to the outbox, so consumers hear of it whoever expired
// the hold. False (and nothing written) when the hold was not RESERVED.
bool expire_and_release(ActionContext& ctx, const Value& hold_id);

}  // namespace reslab::hotel
