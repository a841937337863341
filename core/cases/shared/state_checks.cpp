#include "core/cases/shared/state_checks.hpp"

#include <algorithm>
#include <set>

namespace reslab::checks {

const Value* cell(const TableData& table, const Row& row, std::string_view column) {
  const auto it = std::find(table.columns.begin(), table.columns.end(), column);
  if (it == table.columns.end()) return nullptr;
  const auto index = static_cast<std::size_t>(it - table.columns.begin());
  return index < row.size() ? &row[index] : nullptr;
}

std::vector<std::string> column_values(const CommittedState& state, std::string_view table,
                                       std::string_view column) {
  std::vector<std::string> values;
  const TableData* data = state.table(std::string(table));
  if (!data) return values;
  for (const auto& row : data->rows)
    if (const Value* value = cell(*data, row, column); value && !is_null(*value))
      values.push_back(to_display(*value));
  return values;
}

InvariantResult no_transaction_left_open(const StateInputs& inputs) {
  for (const auto& actor : inputs.actors) {
    if (!actor.in_transaction) continue;
    // An aborted transaction (PostgreSQL) holds no locks, but its connection is no use until ROLLBACK.
    if (!actor.resolved.empty())
      return {"no_transaction_left_open",
              false,
              {actor.transaction_failed ? "invariant.left_open.after_decision.aborted"
                                        : "invariant.left_open.after_decision",
               {{"actor", actor.actor},
                {"step", std::to_string(actor.resolved_step)},
                {"outcome", "@outcome." + actor.resolved}}}};
    if (actor.next_event.empty())
      return {
          "no_transaction_left_open",
          false,
          {actor.transaction_failed ? "invariant.left_open.no_event.aborted" : "invariant.left_open.no_event",
           {{"actor", actor.actor}}}};
  }
  return {"no_transaction_left_open", true, {"invariant.left_open.ok"}};
}

InvariantResult every_charge_accounted(const StateInputs& inputs,
                                       const std::vector<std::pair<std::string, std::string>>& accounting) {
  std::set<std::string> before;  // charges the provider made before the lab began
  if (const TableData* ledger = inputs.initial.table("provider_ledger"))
    for (const auto& row : ledger->rows)
      if (const Value* key = cell(*ledger, row, "op_key")) before.insert(to_display(*key));
  // A success callback reports a charge; a failure callback reports another attempt of that payment.
  std::vector<std::string> reported;
  if (const TableData* callbacks = inputs.committed.table("callbacks"))
    for (const auto& row : callbacks->rows) {
      const Value* payment = cell(*callbacks, row, "provider_payment_id");
      const Value* result = cell(*callbacks, row, "result");
      if (payment && !is_null(*payment) && result && to_display(*result) == "success")
        reported.push_back(to_display(*payment));
    }
  std::set<std::string> recorded;
  for (const auto& [table, column] : accounting)
    for (auto& value : column_values(inputs.committed, table, column)) recorded.insert(std::move(value));

  int concerning = 0;
  std::string missing;
  const TableData* ledger = inputs.committed.table("provider_ledger");
  if (ledger) {
    for (const auto& row : ledger->rows) {
      const Value* kind = cell(*ledger, row, "kind");
      const Value* state = cell(*ledger, row, "state");
      if (!kind || !state || to_display(*kind) != "charge" || to_display(*state) != "SUCCEEDED") continue;
      const std::string op_key = to_display(*cell(*ledger, row, "op_key"));
      const std::string payment = to_display(*cell(*ledger, row, "payment_id"));
      const bool reached =
          !before.count(op_key) || std::find(reported.begin(), reported.end(), payment) != reported.end();
      if (!reached) continue;
      ++concerning;
      if (recorded.count(payment)) continue;
      const Value* amount = cell(*ledger, row, "amount");
      missing += (missing.empty() ? "" : ", ") + payment +
                 (amount && !is_null(*amount) ? " (" + to_display(*amount) + ")" : std::string());
    }
  }
  if (missing.empty())
    return {"every_charge_accounted",
            true,
            {"invariant.charges_accounted.ok", {{"count", std::to_string(concerning)}}}};
  return {"every_charge_accounted", false, {"invariant.charges_accounted.broken", {{"list", missing}}}};
}

}  // namespace reslab::checks
