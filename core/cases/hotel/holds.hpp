#pragma once
// What the hotel actions do to a hold wherever they do it: when it runs out, how it is read, its
// confirmation with its nights sold, and its expiry with the room released once (the state check in
// the WHERE clause is what makes a second run harmless).
#include <string>

#include "core/sim/action_context.hpp"

namespace reslab::hotel {

// The deadline of a hold made now: now + the action's `hold_seconds`, or NULL when it has none.
Value hold_deadline(ActionContext& ctx);

// A hold's row as the caller's connection reads it now; `found` is false when no hold has that id.
struct HoldRow {
  bool found = false;
  std::string state;
  Value deadline;
};
HoldRow read_hold(ActionContext& ctx, const Value& hold_id);

// Each night of the hold sold (sold + 1) and logged as its confirmation.
void sell_hold_nights(ActionContext& ctx, const Value& hold_id);
// Each night of the hold given back (available + 1) and logged as its release; returns the log rows
// written, one per night.
std::int64_t release_hold_nights(ActionContext& ctx, const Value& hold_id);

// Inside a transaction the caller opened: a RESERVED hold whose deadline is still ahead by the database
// clock becomes CONFIRMED and its nights are sold. The UPDATE's own WHERE decides, so a hold that
// expired or was confirmed meanwhile is left alone: false, and nothing written.
bool confirm_in_time(ActionContext& ctx, const Value& hold_id);
// naive: CONFIRMED whatever the hold's state or deadline, and its nights sold. False (nothing sold)
// only when no hold has that id.
bool confirm_without_checks(ActionContext& ctx, const Value& hold_id);
// confirm_in_time, and booking.confirmed goes to the outbox in the same transaction, so consumers
// hear of the booking.
bool confirm_and_announce(ActionContext& ctx, const Value& hold_id);

// Inside a transaction the caller opened: a RESERVED hold becomes HOLD_EXPIRED, its nights' rooms are
// released and logged, and hold.expired goes to the outbox, so consumers hear of it whoever expired
// the hold. False (and nothing written) when the hold was not RESERVED.
bool expire_and_release(ActionContext& ctx, const Value& hold_id);

}  // namespace reslab::hotel
