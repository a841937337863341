#pragma once
// The hotel cases' actions (H1-H4, H6, H7). Each returns the code for one model.
#include "core/sim/action_context.hpp"

namespace reslab::hotel {

ActionFn reserve_check(Model model);
ActionFn reserve_record(Model model);
ActionFn expire_holds(Model model);
ActionFn payment_callback(Model model);
ActionFn refund_worker(Model model);
// H3 (core/hotel_multinight_actions.cpp)
ActionFn reserve_night(Model model);
ActionFn book_nights(Model model);
// H4 (core/hotel_request_actions.cpp)
ActionFn create_booking(Model model);
// H6 (core/hotel_payment_call_actions.cpp)
ActionFn book_and_pay(Model model);
ActionFn provider_answer(Model model);
// H7 (core/hotel_lock_order_actions.cpp)
ActionFn txn_read(Model model);
ActionFn txn_write(Model model);

}  // namespace reslab::hotel
