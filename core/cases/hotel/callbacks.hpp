#pragma once
// The callbacks table as the payment handlers of H2 and H5 keep it: one row per callback event id
// (its primary key), with what the handler did.
#include <string>

#include "core/sim/action_context.hpp"

namespace reslab::hotel {

// What a callback carries into its row of the callbacks table.
struct CallbackRow {
  Value event_id;
  Value hold_id;
  Value provider_payment_id;
  Value result;
};

// [naive] after handling it, logs the callback with its outcome; a repeated event id meets the
// primary key, and the naive handler ignores that error and carries on.
void log_callback_naive(ActionContext& ctx, const CallbackRow& row, const std::string& outcome);

// [naive] a callback saying the payment succeeded: its payments row, then the hold CONFIRMED whatever
// its state or deadline, said with `args`. "confirmed", or "noop" when no hold has that id.
std::string confirm_paid_naive(ActionContext& ctx, const CallbackRow& row, const Value& amount,
                               const Value& currency, const MessageArgs& args);

// [atomic] the first thing a handler does, in the transaction it opened: claims the event id. On a
// repeated id it commits, says "duplicate" with `args` and returns false; the caller then returns
// "duplicate". Once the handler knows its outcome, record_callback_outcome writes it into the row.
bool claim_callback_event(ActionContext& ctx, const CallbackRow& row, const MessageArgs& args);
void record_callback_outcome(ActionContext& ctx, const Value& event_id, const std::string& outcome);

}  // namespace reslab::hotel
