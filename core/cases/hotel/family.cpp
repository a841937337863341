// The hotel family as one CaseFamily, and its action table: every action a hotel scenario may call,
// with its arguments, its button label in each model and its code in each model. Adding an action
// is one row here plus its code (actions.hpp) and its messages.
#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/family.hpp"

namespace reslab::hotel {
namespace {

constexpr std::int64_t kMaxSeconds = 1'000'000'000;
constexpr std::int64_t kMaxAmount = 1'000'000'000'000;

// The actions a hotel scenario may call: name, arguments, button labels and code in each model.
std::vector<ActionEntry> actions() {
  return {
      {"reserve_check",
       {text_arg("room_night", true), text_arg("request_key", true)},
       {"{actor} reads inventory", "{actor} 读取库存"},
       {"{actor} conditional decrement", "{actor} 条件扣减"},
       reserve_check_naive, reserve_check_atomic},
      {"reserve_record",
       {text_arg("room_night", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} writes back and books", "{actor} 写回库存并预订"},
       {"{actor} inserts the hold and commits", "{actor} 写入预留并提交"},
       reserve_record_naive, reserve_record_atomic},
      {"expire_holds",
       {},
       {"{actor} releases every hold past its deadline", "{actor} 释放所有过期预留"},
       {"{actor} expires RESERVED holds past their deadline", "{actor} 过期仍为 RESERVED 的预留"},
       expire_holds_naive, expire_holds_atomic},
      {"payment_callback",
       {text_arg("event_id", true), integer_arg("hold", true, 1, kMaxSeconds),
        text_arg("provider_payment_id", true), integer_arg("paid_at", false, 0, kMaxSeconds),
        integer_arg("amount", false, 0, kMaxAmount), text_arg("currency", false),
        text_arg("result", false, {"success", "failure"})},
       {"{actor} marks the booking paid", "{actor} 直接标记已支付"},
       {"{actor} checks state and deadline, then decides", "{actor} 校验状态与期限后处理"},
       payment_callback_naive, payment_callback_atomic},
      {"refund_worker",
       {text_arg("provider_refund", false, {"succeed", "fail"})},
       {"{actor} refunds with a fresh key", "{actor} 用新键退款"},
       {"{actor} verifies the charge, then refunds", "{actor} 核对扣款后退款"},
       refund_worker_naive, refund_worker_atomic},
      // H3: one event per night, then the booking
      {"reserve_night",
       {text_arg("room_night", true)},
       {"{actor} takes one night on its own", "{actor} 单独扣减一晚"},
       {"{actor} takes one night in the booking transaction", "{actor} 在预订事务中扣减一晚"},
       reserve_night_naive, reserve_night_atomic},
      {"book_nights",
       {text_arg("nights", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} books if the last night worked", "{actor} 只看最后一晚就预订"},
       {"{actor} checks every night, books and commits", "{actor} 核对每一晚后预订并提交"},
       book_nights_naive, book_nights_atomic},
      // H4: a whole booking request in one step
      {"create_booking",
       {text_arg("room_night", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} books without checking the request key", "{actor} 不查业务请求键直接预订"},
       {"{actor} books once per request key", "{actor} 按业务请求键只预订一次"},
       create_booking_naive, create_booking_atomic},
      // H6: a booking that calls the payment provider, and the provider's answer
      {"book_and_pay",
       {text_arg("room_night", true), text_arg("request_key", true), text_arg("provider_payment_id", true),
        integer_arg("amount", false, 0, kMaxAmount), text_arg("currency", false),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} books and calls the provider inside the transaction", "{actor} 在事务内预订并调用支付"},
       {"{actor} commits the hold, then calls the provider", "{actor} 先提交预留，再调用支付"},
       book_and_pay_naive, book_and_pay_atomic},
      {"provider_answer",
       {text_arg("provider_payment_id", true), integer_arg("amount", false, 0, kMaxAmount),
        text_arg("answer", false, {"timeout", "success"})},
       {"{actor} gets the provider's answer, then ends the transaction", "{actor} 收到支付结果后结束事务"},
       {"{actor} records the provider's answer", "{actor} 记录支付结果"},
       provider_answer_naive, provider_answer_atomic},
      // H7: read in a transaction, then write
      {"txn_read",
       {text_arg("room_night", true), text_arg("begin", false, {"deferred", "immediate"})},
       {"{actor} begins and reads", "{actor} 开始事务并读取"},
       {"{actor} begins and reads", "{actor} 开始事务并读取"},
       txn_read, txn_read},
      {"txn_write",
       {text_arg("room_night", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds), integer_arg("retries", false, 0, 10)},
       {"{actor} writes, retrying the statement on BUSY", "{actor} 写入，BUSY 时重试该语句"},
       {"{actor} writes, retrying the whole transaction on deadlock", "{actor} 写入，死锁时重试整个事务"},
       txn_write_naive, txn_write_atomic},
      // H5: the recovery windows. Any worker may crash and restart.
      {"charge_payment",
       {integer_arg("hold", true, 1, kMaxSeconds), text_arg("provider_payment_id", true),
        integer_arg("amount", false, 0, kMaxAmount), text_arg("currency", false),
        text_arg("provider_reply", false,
                 {"success", "failure", "timeout_after_charge", "timeout_before_charge"})},
       {"{actor} charges under a new key", "{actor} 用新键扣款"},
       {"{actor} charges under the payment's key, asking first after a timeout",
        "{actor} 按支付的操作键扣款，超时后先查询"},
       charge_payment_naive, charge_payment_atomic},
      {"refund_call",
       {text_arg("provider_refund", false, {"succeed", "fail"})},
       {"{actor} refunds with a fresh key, not yet recorded", "{actor} 用新键退款，尚未记录"},
       {"{actor} verifies and refunds under the task's key, not yet recorded",
        "{actor} 核对后按任务的键退款，尚未记录"},
       refund_call, refund_call},
      {"payment_event",
       {text_arg("event_id", true), integer_arg("hold", true, 1, kMaxSeconds),
        text_arg("provider_payment_id", true), text_arg("result", false, {"success", "failure"}),
        integer_arg("created_at", false, 0, kMaxSeconds), integer_arg("amount", false, 0, kMaxAmount),
        text_arg("currency", false)},
       {"{actor} applies the event as it arrives", "{actor} 按到达顺序直接应用事件"},
       {"{actor} dedups, then lets state and payment decide", "{actor} 去重后按状态与支付判断"},
       payment_event_naive, payment_event_atomic},
      {"confirm_booking",
       {integer_arg("hold", true, 1, kMaxSeconds)},
       {"{actor} confirms, keeps the message in memory", "{actor} 确认预订，消息留在内存"},
       {"{actor} confirms and writes the outbox row in one transaction",
        "{actor} 在同一事务中确认并写 outbox"},
       confirm_booking_naive, confirm_booking_atomic},
      {"send_messages",
       {},
       {"{actor} sends the message from memory", "{actor} 从内存发送消息"},
       {"{actor} leaves sending to the outbox relay", "{actor} 交给 outbox 中继发送"},
       send_messages_naive, send_messages_atomic},
      {"relay_send",
       {},
       {"{actor} delivers unsent outbox rows", "{actor} 投递未发送的 outbox 行"},
       {"{actor} delivers unsent outbox rows", "{actor} 投递未发送的 outbox 行"},
       relay_send, relay_send},
      {"relay_ack",
       {},
       {"{actor} marks delivered rows sent", "{actor} 标记已投递的行"},
       {"{actor} marks delivered rows sent", "{actor} 标记已投递的行"},
       relay_ack, relay_ack},
  };
}

}  // namespace

const CaseFamily& family() {
  static const CaseFamily hotel = {
      "hotel",
      tables(),
      {"capacity", "available", "sold", "active_holds", "refund_tasks", "refunds_pending", "booking_state",
       "nights"},
      {"capacity_balance", "sold_matches_bookings", "confirmed_before_deadline", "one_refund_per_payment",
       "released_at_most_once", "one_charge_per_payment"},
      atomic_ddl(),
      naive_ddl(),
      actions(),
      {booking_messages(), case_messages(), recovery_messages()},
      read_figures,
      check_invariants,
  };
  return hotel;
}

}  // namespace reslab::hotel
