#pragma once
// The recovery cases' actions (H5, seed 000's table of recovery windows). Each returns the code for
// one model.
#include "core/sim/action_context.hpp"

namespace reslab::hotel {

// Any worker (core/hotel_recovery_actions.cpp): its process dies, then comes back.
ActionFn crash(Model model);
ActionFn restart(Model model);
// H5-2, H5-4, H5-5 (core/hotel_recovery_actions.cpp)
ActionFn charge_payment(Model model);
ActionFn refund_call(Model model);
ActionFn payment_event(Model model);
// H5-3 (core/hotel_outbox_actions.cpp)
ActionFn confirm_booking(Model model);
ActionFn send_messages(Model model);
ActionFn relay_send(Model model);
ActionFn relay_ack(Model model);

}  // namespace reslab::hotel
