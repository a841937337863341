#pragma once
// The simulated payment provider of the recovery cases (H5): deterministic, in process, and its
// books are the visible provider_ledger table, written through the provider's own connection.
// Like a real provider's API it is idempotent by operation key: a key it has seen before is
// answered "already done" with the recorded result, and nothing is charged or refunded again.
// What a call with a new key does is scripted by the event's `provider_reply` argument.
#include <optional>
#include <string>
#include <vector>

#include "core/sim/action_context.hpp"

namespace reslab::payment_provider {

// How the provider treats a new operation key.
enum class Script {
  success,         // does it and says so
  failure,         // refuses (card declined, refund refused) and says so
  timeout_after,   // does it, but the answer never reaches the caller
  timeout_before,  // the request never reaches the provider: nothing happens, the caller hears nothing
};

// What the caller hears back.
enum class Answer { succeeded, failed, timed_out, already_done };

struct Reply {
  Answer answer = Answer::timed_out;
  std::string state;      // the operation's state in the provider's books; empty when it has none
  std::string booked_as;  // the key it is in the books under ("<op_key>@<now>" once the key is forgotten)
};

// An operation in the provider's books.
struct LedgerEntry {
  std::string op_key;
  std::string payment_id;
  std::string kind;  // "charge" or "refund"
  std::string state;
};

// The event's `provider_reply` argument ("success", "failure", "timeout_after_charge",
// "timeout_before_charge"); `fallback` when the event has none.
Script scripted_reply(const ActionContext& ctx, Script fallback = Script::success);
// The event's `provider_refund` argument: "fail" refuses the refund, anything else (or none) makes it.
Script scripted_refund(const ActionContext& ctx);

// Charges or refunds (`kind`) `amount` of `payment_id` under `op_key`. When `key_forgotten`, the
// provider's idempotency window for `op_key` has passed (a real provider keeps keys for a limited
// time): a call it has already done is booked again as a new operation, "<op_key>@<now>".
Reply call(ActionContext& ctx, const std::string& kind, const std::string& op_key,
           const std::string& payment_id, const Value& amount, Script script, bool key_forgotten = false);

// The operations of `kind` the provider holds for a payment, whatever their keys (a lookup by
// payment id, which outlives any key).
std::vector<LedgerEntry> by_payment(ActionContext& ctx, const std::string& kind,
                                    const std::string& payment_id);

// Looks an operation key up without changing anything (a status query).
std::optional<LedgerEntry> query(ActionContext& ctx, const std::string& op_key);

// How many successful charges the provider holds for a payment.
std::int64_t successful_charges(ActionContext& ctx, const std::string& payment_id);

// The answer as a message argument ("@provider.answer.timed_out"), rendered in the reader's language.
std::string answer_text(Answer answer);

}  // namespace reslab::payment_provider
