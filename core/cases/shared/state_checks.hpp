#pragma once
// Invariants both families check at the end of every step from the committed tables, the actors
// and what their processes hold (StateInputs), with no SQL: money taken that our books do not show,
// and transactions nobody will ever end.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/sim/case_family.hpp"

namespace reslab::checks {

// A cell by column name; nullptr when the table has no such column or the row is short.
const Value* cell(const TableData& table, const Row& row, std::string_view column);
// The values of one column in a table of `state` (empty when the table is missing).
std::vector<std::string> column_values(const CommittedState& state, std::string_view table,
                                       std::string_view column);

// No actor holds an open transaction after its request was decided or given up, or with no event
// left in its lane that could end it.
InvariantResult no_transaction_left_open(const StateInputs& inputs);

// Every SUCCEEDED charge in the provider's books that concerns us has a record in one of
// `accounting` (table, column naming the provider's payment id). A charge concerns us once we
// made it (it appeared during the lab), or, for a charge made before the lab began (at the
// provider's checkout), once a success callback for its payment reached us (callbacks with its
// provider_payment_id and result 'success').
InvariantResult every_charge_accounted(const StateInputs& inputs,
                                       const std::vector<std::pair<std::string, std::string>>& accounting);

}  // namespace reslab::checks
