#pragma once
// What the families' figures and invariants share: one query over the committed state through the
// observer (a failure is an SqlError: these queries are ours and must work), and the lookup that
// turns a scenario's list of names into results in that order.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/sim/case_family.hpp"

namespace reslab::checks {

StatementResult query(Session& observer, const std::string& sql);
// The first column of the first row; NULL when there is no row.
Value single_value(Session& observer, const std::string& sql);
// A value as a number in a detail string ("NULL" for null).
std::string number(const Value& value);
// "pay-1 x2, pay-2 x3": each row's first column with its count (the second), "-" when there is none.
std::string counted_rows(const StatementResult& result);

using FigureReader = std::function<Figure(Session& observer)>;
using InvariantCheck = std::function<InvariantResult(const CheckInputs& inputs)>;

// An invariant that reads only the committed tables.
InvariantCheck on_observer(InvariantResult (*check)(Session& observer));
// A figure that is one query's single value.
FigureReader single_value_figure(std::string name, std::string sql);

// The named figures and invariants, in the order asked for; names a family does not know are skipped
// (the loader has already refused them).
std::vector<Figure> read_named(Session& observer, const std::vector<std::string>& names,
                               const std::map<std::string, FigureReader>& readers);
std::vector<InvariantResult> check_named(const CheckInputs& inputs,
                                         const std::map<std::string, InvariantCheck>& checks);

}  // namespace reslab::checks
