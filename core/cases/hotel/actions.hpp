#pragma once
// The code of the hotel family's actions, one function per model (or one for both), named in
// the family's action table (core/cases/hotel/family.cpp).
#include "core/sim/action_context.hpp"

namespace reslab::hotel {

// H1 (reserve_actions.cpp)
std::string reserve_check_naive(ActionContext& ctx);
std::string reserve_check_atomic(ActionContext& ctx);
std::string reserve_record_naive(ActionContext& ctx);
std::string reserve_record_atomic(ActionContext& ctx);
// H2 (worker_actions.cpp, payment_actions.cpp)
std::string expire_holds_naive(ActionContext& ctx);
std::string expire_holds_atomic(ActionContext& ctx);
std::string refund_worker_naive(ActionContext& ctx);
std::string refund_worker_atomic(ActionContext& ctx);
std::string payment_callback_naive(ActionContext& ctx);
std::string payment_callback_atomic(ActionContext& ctx);
// H3 (multinight_actions.cpp)
std::string reserve_night_naive(ActionContext& ctx);
std::string reserve_night_atomic(ActionContext& ctx);
std::string book_nights_naive(ActionContext& ctx);
std::string book_nights_atomic(ActionContext& ctx);
// H4 (request_actions.cpp)
std::string create_booking_naive(ActionContext& ctx);
std::string create_booking_atomic(ActionContext& ctx);
// H6 (payment_call_actions.cpp)
std::string book_and_pay_naive(ActionContext& ctx);
std::string book_and_pay_atomic(ActionContext& ctx);
std::string provider_answer_naive(ActionContext& ctx);
std::string provider_answer_atomic(ActionContext& ctx);
// H7 (lock_order_actions.cpp): the read is the same in both models; a write differs on BUSY.
std::string txn_read(ActionContext& ctx);
std::string txn_write_naive(ActionContext& ctx);
std::string txn_write_atomic(ActionContext& ctx);
// H8 (night_order_actions.cpp): the read is the same in both models; a night is taken in the
// request's order (naive) or in night order (atomic), and a deadlock handled differently.
std::string stay_read(ActionContext& ctx);
std::string stay_take_naive(ActionContext& ctx);
std::string stay_take_atomic(ActionContext& ctx);
// H5-2, H5-4, H5-5 (recovery_actions.cpp)
std::string charge_payment_naive(ActionContext& ctx);
std::string charge_payment_atomic(ActionContext& ctx);
std::string refund_call(ActionContext& ctx);
std::string payment_event_naive(ActionContext& ctx);
std::string payment_event_atomic(ActionContext& ctx);
// H5-3 (outbox_actions.cpp)
std::string confirm_booking_naive(ActionContext& ctx);
std::string confirm_booking_atomic(ActionContext& ctx);
std::string send_messages_naive(ActionContext& ctx);
std::string send_messages_atomic(ActionContext& ctx);
std::string relay_send(ActionContext& ctx);
std::string relay_ack(ActionContext& ctx);
// H5-6 (retention_actions.cpp)
std::string prune_callbacks(ActionContext& ctx);
std::string refund_retry_naive(ActionContext& ctx);
std::string refund_retry_atomic(ActionContext& ctx);

}  // namespace reslab::hotel
