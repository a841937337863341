#include "core/sim/action_catalog.hpp"

#include <algorithm>

namespace reslab {
namespace {

ArgSpec text_arg(std::string name, bool required, std::vector<std::string> choices = {}) {
  ArgSpec spec;
  spec.name = std::move(name);
  spec.type = ArgType::text;
  spec.required = required;
  spec.choices = std::move(choices);
  return spec;
}

ArgSpec integer_arg(std::string name, bool required, std::int64_t min, std::int64_t max) {
  ArgSpec spec;
  spec.name = std::move(name);
  spec.type = ArgType::integer;
  spec.required = required;
  spec.min = min;
  spec.max = max;
  return spec;
}

constexpr std::int64_t kMaxSeconds = 1'000'000'000;
constexpr std::int64_t kMaxAmount = 1'000'000'000'000;

}  // namespace

const ArgSpec* ActionInfo::find_arg(std::string_view arg) const {
  auto it = std::find_if(args.begin(), args.end(), [&](const ArgSpec& a) { return a.name == arg; });
  return it == args.end() ? nullptr : &*it;
}

const std::vector<ActionInfo>& action_catalog() {
  static const std::vector<ActionInfo> catalog = {
      {"reserve_check",
       "hotel",
       {text_arg("room_night", true), text_arg("request_key", true)},
       {"{actor} reads inventory", "{actor} 读取库存"},
       {"{actor} conditional decrement", "{actor} 条件扣减"}},
      {"reserve_record",
       "hotel",
       {text_arg("room_night", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} writes back and books", "{actor} 写回库存并预订"},
       {"{actor} inserts the hold and commits", "{actor} 写入预留并提交"}},
      {"expire_holds",
       "hotel",
       {},
       {"{actor} releases every hold past its deadline", "{actor} 释放所有过期预留"},
       {"{actor} expires RESERVED holds past their deadline", "{actor} 过期仍为 RESERVED 的预留"}},
      {"payment_callback",
       "hotel",
       {text_arg("event_id", true), integer_arg("hold", true, 1, kMaxSeconds),
        text_arg("provider_payment_id", true), integer_arg("paid_at", false, 0, kMaxSeconds),
        integer_arg("amount", false, 0, kMaxAmount), text_arg("currency", false),
        text_arg("result", false, {"success", "failure"})},
       {"{actor} marks the booking paid", "{actor} 直接标记已支付"},
       {"{actor} checks state and deadline, then decides", "{actor} 校验状态与期限后处理"}},
      {"refund_worker",
       "hotel",
       {text_arg("provider_refund", false, {"succeed", "fail"})},
       {"{actor} refunds with a fresh key", "{actor} 用新键退款"},
       {"{actor} verifies the charge, then refunds", "{actor} 核对扣款后退款"}},
      // H3: one event per night, then the booking
      {"reserve_night",
       "hotel",
       {text_arg("room_night", true)},
       {"{actor} takes one night on its own", "{actor} 单独扣减一晚"},
       {"{actor} takes one night in the booking transaction", "{actor} 在预订事务中扣减一晚"}},
      {"book_nights",
       "hotel",
       {text_arg("nights", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} books if the last night worked", "{actor} 只看最后一晚就预订"},
       {"{actor} checks every night, books and commits", "{actor} 核对每一晚后预订并提交"}},
      // H4: a whole booking request in one step
      {"create_booking",
       "hotel",
       {text_arg("room_night", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} books without checking the request key", "{actor} 不查业务请求键直接预订"},
       {"{actor} books once per request key", "{actor} 按业务请求键只预订一次"}},
      // H6: a booking that calls the payment provider, and the provider's answer
      {"book_and_pay",
       "hotel",
       {text_arg("room_night", true), text_arg("request_key", true), text_arg("provider_payment_id", true),
        integer_arg("amount", false, 0, kMaxAmount), text_arg("currency", false),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} books and calls the provider inside the transaction", "{actor} 在事务内预订并调用支付"},
       {"{actor} commits the hold, then calls the provider", "{actor} 先提交预留，再调用支付"}},
      {"provider_answer",
       "hotel",
       {text_arg("provider_payment_id", true), integer_arg("amount", false, 0, kMaxAmount),
        text_arg("answer", false, {"timeout", "success"})},
       {"{actor} gets the provider's answer, then ends the transaction", "{actor} 收到支付结果后结束事务"},
       {"{actor} records the provider's answer", "{actor} 记录支付结果"}},
      // H7: read in a transaction, then write
      {"txn_read",
       "hotel",
       {text_arg("room_night", true), text_arg("begin", false, {"deferred", "immediate"})},
       {"{actor} begins and reads", "{actor} 开始事务并读取"},
       {"{actor} begins and reads", "{actor} 开始事务并读取"}},
      {"txn_write",
       "hotel",
       {text_arg("room_night", true), text_arg("request_key", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds), integer_arg("retries", false, 0, 10)},
       {"{actor} writes, retrying the statement on BUSY", "{actor} 写入，BUSY 时重试该语句"},
       {"{actor} writes, retrying the whole transaction on deadlock", "{actor} 写入，死锁时重试整个事务"}},
      // H5: the recovery windows. Any worker may crash and restart.
      {"crash", "hotel", {}, {"{actor} crashes", "{actor} 崩溃"}, {"{actor} crashes", "{actor} 崩溃"}},
      {"restart", "hotel", {}, {"{actor} restarts", "{actor} 重启"}, {"{actor} restarts", "{actor} 重启"}},
      {"charge_payment",
       "hotel",
       {integer_arg("hold", true, 1, kMaxSeconds), text_arg("provider_payment_id", true),
        integer_arg("amount", false, 0, kMaxAmount), text_arg("currency", false),
        text_arg("provider_reply", false,
                 {"success", "failure", "timeout_after_charge", "timeout_before_charge"})},
       {"{actor} charges under a new key", "{actor} 用新键扣款"},
       {"{actor} charges under the payment's key, asking first after a timeout",
        "{actor} 按支付的操作键扣款，超时后先查询"}},
      {"refund_call",
       "hotel",
       {text_arg("provider_refund", false, {"succeed", "fail"})},
       {"{actor} refunds with a fresh key, not yet recorded", "{actor} 用新键退款，尚未记录"},
       {"{actor} verifies and refunds under the task's key, not yet recorded",
        "{actor} 核对后按任务的键退款，尚未记录"}},
      {"payment_event",
       "hotel",
       {text_arg("event_id", true), integer_arg("hold", true, 1, kMaxSeconds),
        text_arg("provider_payment_id", true), text_arg("result", false, {"success", "failure"}),
        integer_arg("created_at", false, 0, kMaxSeconds), integer_arg("amount", false, 0, kMaxAmount),
        text_arg("currency", false)},
       {"{actor} applies the event as it arrives", "{actor} 按到达顺序直接应用事件"},
       {"{actor} dedups, then lets state and payment decide", "{actor} 去重后按状态与支付判断"}},
      {"confirm_booking",
       "hotel",
       {integer_arg("hold", true, 1, kMaxSeconds)},
       {"{actor} confirms, keeps the message in memory", "{actor} 确认预订，消息留在内存"},
       {"{actor} confirms and writes the outbox row in one transaction",
        "{actor} 在同一事务中确认并写 outbox"}},
      {"send_messages",
       "hotel",
       {},
       {"{actor} sends the message from memory", "{actor} 从内存发送消息"},
       {"{actor} leaves sending to the outbox relay", "{actor} 交给 outbox 中继发送"}},
      {"relay_send",
       "hotel",
       {},
       {"{actor} delivers unsent outbox rows", "{actor} 投递未发送的 outbox 行"},
       {"{actor} delivers unsent outbox rows", "{actor} 投递未发送的 outbox 行"}},
      {"relay_ack",
       "hotel",
       {},
       {"{actor} marks delivered rows sent", "{actor} 标记已投递的行"},
       {"{actor} marks delivered rows sent", "{actor} 标记已投递的行"}},
      // T2: a seat hold, its payment, the provider's callbacks, reconciliation
      {"seat_hold",
       "seat",
       {text_arg("seat", true), text_arg("request_key", true), integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} reads the seat, then takes it", "{actor} 先读座位再占座"},
       {"{actor} holds the seat with a conditional update", "{actor} 用条件更新占座"}},
      {"seat_pay",
       "seat",
       {integer_arg("order", true, 1, kMaxSeconds), text_arg("provider_payment_id", true),
        integer_arg("amount", false, 0, kMaxAmount), text_arg("answer", false, {"timeout", "success"})},
       {"{actor} pays", "{actor} 付款"},
       {"{actor} pays while the order still holds its seat", "{actor} 在订单仍占座时付款"}},
      {"seat_callback",
       "seat",
       {text_arg("event_id", true), integer_arg("order", true, 1, kMaxSeconds), text_arg("provider_payment_id", true),
        integer_arg("amount", false, 0, kMaxAmount), text_arg("result", false, {"success", "failure"})},
       {"{actor} marks the order paid and sells the seat", "{actor} 直接标记已支付并出票"},
       {"{actor} dedups, checks the order and the seat, then decides", "{actor} 去重并校验订单与座位后处理"}},
      {"seat_reconcile",
       "seat",
       {text_arg("provider_refund", false, {"succeed", "fail"})},
       {"{actor} refunds what is queued with a fresh key", "{actor} 用新键退款队列中的事项"},
       {"{actor} looks the payment up, then compensates", "{actor} 按支付单号核验后补偿"}},
      // T3: admission tickets
      {"queue_enter",
       "seat",
       {text_arg("ticket", true), text_arg("request_key", true), integer_arg("ticket_seconds", false, 1, kMaxSeconds),
        integer_arg("admit_per_second", false, 1, 1'000'000)},
       {"{actor} joins the queue", "{actor} 排队"},
       {"{actor} joins the queue", "{actor} 排队"}},
      {"seat_hold_with_ticket",
       "seat",
       {text_arg("seat", true), text_arg("request_key", true), text_arg("ticket", true),
        integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} takes the seat: the ticket says it is mine", "{actor} 凭票据直接占座"},
       {"{actor} spends the ticket, the conditional update decides", "{actor} 使用票据，由条件更新裁定"}},
      // T4: a lease lock in front of the seat
      {"lock_seat",
       "seat",
       {text_arg("seat", true), integer_arg("lease_seconds", false, 1, kMaxSeconds)},
       {"{actor} takes the seat's lease lock", "{actor} 获取座位的租约锁"},
       {"{actor} takes the seat's lease lock", "{actor} 获取座位的租约锁"}},
      {"pause",
       "seat",
       {},
       {"{actor} pauses", "{actor} 暂停"},
       {"{actor} pauses", "{actor} 暂停"}},
      {"seat_hold_with_lock",
       "seat",
       {text_arg("seat", true), text_arg("request_key", true), integer_arg("hold_seconds", false, 1, kMaxSeconds)},
       {"{actor} writes the seat, trusting its lock", "{actor} 信任自己的锁直接写座位"},
       {"{actor} holds with a conditional update, lock or not", "{actor} 不论锁如何都用条件更新占座"}},
  };
  return catalog;
}

const ActionInfo* find_action(std::string_view name) {
  for (const auto& action : action_catalog())
    if (action.name == name) return &action;
  return nullptr;
}

}  // namespace reslab
