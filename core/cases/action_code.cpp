#include "core/sim/action_context.hpp"
#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/recovery_actions.hpp"
#include "core/cases/seat/actions.hpp"

namespace reslab {

ActionFn find_action_code(const std::string& action, Model model) {
  if (action == "reserve_check") return hotel::reserve_check(model);
  if (action == "reserve_record") return hotel::reserve_record(model);
  if (action == "expire_holds") return hotel::expire_holds(model);
  if (action == "payment_callback") return hotel::payment_callback(model);
  if (action == "refund_worker") return hotel::refund_worker(model);
  if (action == "reserve_night") return hotel::reserve_night(model);
  if (action == "book_nights") return hotel::book_nights(model);
  if (action == "create_booking") return hotel::create_booking(model);
  if (action == "book_and_pay") return hotel::book_and_pay(model);
  if (action == "provider_answer") return hotel::provider_answer(model);
  if (action == "txn_read") return hotel::txn_read(model);
  if (action == "txn_write") return hotel::txn_write(model);
  if (action == "crash") return hotel::crash(model);
  if (action == "restart") return hotel::restart(model);
  if (action == "charge_payment") return hotel::charge_payment(model);
  if (action == "refund_call") return hotel::refund_call(model);
  if (action == "payment_event") return hotel::payment_event(model);
  if (action == "confirm_booking") return hotel::confirm_booking(model);
  if (action == "send_messages") return hotel::send_messages(model);
  if (action == "relay_send") return hotel::relay_send(model);
  if (action == "relay_ack") return hotel::relay_ack(model);
  if (action == "seat_hold") return seat::seat_hold(model);
  if (action == "seat_pay") return seat::seat_pay(model);
  if (action == "seat_callback") return seat::seat_callback(model);
  if (action == "seat_reconcile") return seat::seat_reconcile(model);
  if (action == "queue_enter") return seat::queue_enter(model);
  if (action == "seat_hold_with_ticket") return seat::seat_hold_with_ticket(model);
  if (action == "lock_seat") return seat::lock_seat(model);
  if (action == "pause") return seat::pause(model);
  if (action == "seat_hold_with_lock") return seat::seat_hold_with_lock(model);
  return {};
}

}  // namespace reslab
