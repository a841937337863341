#include "core/cases/shared/payment_provider.hpp"

namespace reslab::payment_provider {
namespace {

const std::string kLookup = "SELECT op_key, payment_id, kind, state FROM provider_ledger WHERE op_key = ?";
const std::string kRecord =
    "INSERT INTO provider_ledger(op_key, payment_id, kind, amount, state) VALUES (?, ?, ?, ?, ?)";

}  // namespace

Script scripted_reply(const ActionContext& ctx, Script fallback) {
  if (!ctx.has("provider_reply")) return fallback;
  const std::string reply = ctx.text("provider_reply");
  if (reply == "failure") return Script::failure;
  if (reply == "timeout_after_charge") return Script::timeout_after;
  if (reply == "timeout_before_charge") return Script::timeout_before;
  return Script::success;
}

Script scripted_refund(const ActionContext& ctx) {
  return ctx.text("provider_refund") == "fail" ? Script::failure : Script::success;
}

std::optional<LedgerEntry> query(ActionContext& ctx, const std::string& op_key) {
  const auto found = ctx.provider(kLookup, {op_key});
  if (found.rows.empty()) return std::nullopt;
  const Row& row = found.rows[0];
  return LedgerEntry{to_display(row[0]), to_display(row[1]), to_display(row[2]), to_display(row[3])};
}

Reply call(ActionContext& ctx, const std::string& kind, const std::string& op_key,
           const std::string& payment_id, const Value& amount, Script script, bool key_forgotten) {
  std::string booked_as = op_key;
  if (const auto seen = query(ctx, op_key)) {
    if (!key_forgotten) return {Answer::already_done, seen->state, op_key};
    booked_as = op_key + "@" + std::to_string(ctx.now());
  }
  switch (script) {
    case Script::timeout_before:
      return {Answer::timed_out, {}, {}};
    case Script::failure:
      ctx.provider(kRecord, {booked_as, payment_id, kind, amount, std::string("FAILED")});
      return {Answer::failed, "FAILED", booked_as};
    case Script::timeout_after:
      ctx.provider(kRecord, {booked_as, payment_id, kind, amount, std::string("SUCCEEDED")});
      return {Answer::timed_out, "SUCCEEDED", booked_as};
    case Script::success:
      break;
  }
  ctx.provider(kRecord, {booked_as, payment_id, kind, amount, std::string("SUCCEEDED")});
  return {Answer::succeeded, "SUCCEEDED", booked_as};
}

std::vector<LedgerEntry> by_payment(ActionContext& ctx, const std::string& kind,
                                    const std::string& payment_id) {
  const auto found = ctx.provider(
      "SELECT op_key, payment_id, kind, state FROM provider_ledger WHERE payment_id = ? AND kind = ? ORDER BY op_key",
      {payment_id, kind});
  std::vector<LedgerEntry> entries;
  for (const auto& row : found.rows)
    entries.push_back({to_display(row[0]), to_display(row[1]), to_display(row[2]), to_display(row[3])});
  return entries;
}

std::int64_t successful_charges(ActionContext& ctx, const std::string& payment_id) {
  const auto count = ctx.provider(
      "SELECT COUNT(*) FROM provider_ledger WHERE payment_id = ? AND kind = 'charge' AND state = 'SUCCEEDED'",
      {payment_id});
  return count.rows.empty() ? 0 : as_int(count.rows[0][0]);
}

std::string answer_text(Answer answer) {
  switch (answer) {
    case Answer::succeeded:
      return "@provider.answer.succeeded";
    case Answer::failed:
      return "@provider.answer.failed";
    case Answer::timed_out:
      return "@provider.answer.timed_out";
    case Answer::already_done:
      break;
  }
  return "@provider.answer.already_done";
}

}  // namespace reslab::payment_provider
