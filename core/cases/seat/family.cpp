// The seat family as one CaseFamily, and its action table: every action a seat scenario may call,
// with its arguments, its button label in each model and its code in each model. Adding an action
// is one row here plus its code (actions.hpp) and its messages.
#include "core/cases/seat/family.hpp"

#include "core/cases/seat/actions.hpp"

namespace reslab::seat {
namespace {

constexpr std::int64_t kMaxSeconds = 1'000'000'000;
constexpr std::int64_t kMaxAmount = 1'000'000'000'000;

// The actions a seat scenario may call: name, arguments, button labels and code in each model.
std::vector<ActionEntry> actions() {
  return {
      // T2: a seat hold, its payment, the provider's callbacks, reconciliation
      {"seat_hold",
       {text_arg("seat", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} reads the seat, then takes it", "{actor} 先读座位再占座"},
       {"{actor} holds the seat with a conditional update", "{actor} 用条件更新占座"},
       seat_hold_naive,
       seat_hold_atomic},
      {"seat_pay",
       {integer_arg("order", true, 1, kMaxSeconds), text_arg("provider_payment_id", true),
        integer_arg("amount", false, 0, kMaxAmount), text_arg("answer", false, {"timeout", "success"})},
       {"{actor} pays", "{actor} 付款"},
       {"{actor} pays while the order still holds its seat", "{actor} 在订单仍占座时付款"},
       seat_pay_naive,
       seat_pay_atomic},
      {"seat_callback",
       {text_arg("event_id", true), integer_arg("order", true, 1, kMaxSeconds),
        text_arg("provider_payment_id", true), integer_arg("amount", false, 0, kMaxAmount),
        text_arg("result", false, {"success", "failure"})},
       {"{actor} marks the order paid and sells the seat", "{actor} 直接标记已支付并出票"},
       {"{actor} dedups, checks the order and the seat, then decides", "{actor} 去重并校验订单与座位后处理"},
       seat_callback_naive,
       seat_callback_atomic},
      {"seat_reconcile",
       {text_arg("provider_refund", false, {"succeed", "fail"})},
       {"{actor} refunds what is queued with a fresh key", "{actor} 用新键退款队列中的事项"},
       {"{actor} looks the payment up, then compensates", "{actor} 按支付单号核验后补偿"},
       seat_reconcile_naive,
       seat_reconcile_atomic},
      // T3: admission tickets
      {"queue_enter",
       {text_arg("ticket", true), text_arg("request_key", true),
        integer_arg("ticket_seconds", false, 1, kMaxSeconds),
        integer_arg("admit_per_second", false, 1, 1'000'000)},
       {"{actor} joins the queue", "{actor} 排队"},
       {"{actor} joins the queue", "{actor} 排队"},
       queue_enter,
       queue_enter},
      {"seat_hold_with_ticket",
       {text_arg("seat", true), text_arg("request_key", true), text_arg("ticket", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} takes the seat: the ticket says it is mine", "{actor} 凭票据直接占座"},
       {"{actor} spends the ticket, the conditional update decides", "{actor} 使用票据，由条件更新裁定"},
       seat_hold_with_ticket_naive,
       seat_hold_with_ticket_atomic},
      // T4: a lease lock in front of the seat
      {"lock_seat",
       {text_arg("seat", true), integer_arg("lease_seconds", false, 1, kMaxSeconds)},
       {"{actor} takes the seat's lease lock", "{actor} 获取座位的租约锁"},
       {"{actor} takes the seat's lease lock", "{actor} 获取座位的租约锁"},
       lock_seat,
       lock_seat},
      {"pause", {}, {"{actor} pauses", "{actor} 暂停"}, {"{actor} pauses", "{actor} 暂停"}, pause, pause},
      {"seat_hold_with_lock",
       {text_arg("seat", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} writes the seat, trusting its lock", "{actor} 信任自己的锁直接写座位"},
       {"{actor} holds with a conditional update, lock or not", "{actor} 不论锁如何都用条件更新占座"},
       seat_hold_with_lock_naive,
       seat_hold_with_lock_atomic},
  };
}

}  // namespace

const CaseFamily& family() {
  static const CaseFamily seat = {
      "seat",
      tables(),
      {"capacity", "available", "sold", "active_holds", "booking_state", "paid_orders"},
      {"capacity_balance", "sold_matches_bookings", "one_owner_per_seat", "one_refund_per_payment",
       "confirmed_before_deadline", "every_charge_accounted", "no_transaction_left_open"},
      ddl(),
      {},
      actions(),
      {messages()},
      read_figures,
      check_invariants,
      check_state_invariants,
      {},
  };
  return seat;
}

}  // namespace reslab::seat
