#include "core/action_catalog.hpp"

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
  };
  return catalog;
}

const ActionInfo* find_action(std::string_view name) {
  for (const auto& action : action_catalog())
    if (action.name == name) return &action;
  return nullptr;
}

}  // namespace reslab
