#pragma once
// What the families' figures and invariants share. They are computed from the committed tables of the
// snapshot they belong to (every row as the observer read it from the database), so a figure or a badge
// always agrees with the tables beside it, and no backend pays a query per figure. Here: finding a
// table and its columns, SQL's order and grouping for the lists in details, and the lookup that turns a
// scenario's list of names into results in that order.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/sim/case_family.hpp"

namespace reslab::checks {

// A table of the committed state with its columns found by name. A table or column the family does not
// have is a bug in the family, not in a scenario: std::logic_error.
class TableRows {
 public:
  TableRows(const CommittedState& state, std::string_view table);
  std::size_t column(std::string_view name) const;
  const std::vector<Row>& rows() const { return m_table->rows; }

 private:
  const TableData* m_table;
};

// Whether `value` is the text `text` (SQL's = on a TEXT column), or one of `texts` (IN).
bool is_text(const Value& value, std::string_view text);
bool is_one_of(const Value& value, const std::vector<std::string>& texts);
// The rows ordered as ORDER BY over the given columns would order them (stable: ties keep table order,
// which is key order).
std::vector<const Row*> ordered_by(std::vector<const Row*> rows, const std::vector<std::size_t>& columns);

// COUNT(*) of the rows whose `column` is one of `texts`; COUNT(*) of all rows; COALESCE(SUM(column), 0).
std::int64_t count_where(const TableRows& table, std::size_t column, const std::vector<std::string>& texts);
std::int64_t count_rows(const TableRows& table);
std::int64_t sum_of(const TableRows& table, std::size_t column);
// GROUP BY the values of `column` over `rows` HAVING COUNT(*) > 1 ORDER BY the value: each value with its
// count.
std::vector<std::pair<Value, std::int64_t>> repeated(const std::vector<const Row*>& rows, std::size_t column);
// The rows of `table` whose `column` is one of `texts`.
std::vector<const Row*> rows_where(const TableRows& table, std::size_t column,
                                   const std::vector<std::string>& texts);

// The rows of the provider's ledger (provider_ledger, both families) of `kind` that SUCCEEDED.
std::vector<const Row*> succeeded(const TableRows& ledger, std::string_view kind);

// A value as a number in a detail string ("NULL" for null).
std::string number(const Value& value);
std::string number(std::int64_t value);
// "pay-1 x2, pay-2 x3": each value with its count, "-" when there is none.
std::string counted_rows(const std::vector<std::pair<Value, std::int64_t>>& counted);

using FigureReader = std::function<Figure(const CommittedState& committed)>;
using InvariantCheck = std::function<InvariantResult(const CheckInputs& inputs)>;

// An invariant that reads only the committed tables.
InvariantCheck on_tables(InvariantResult (*check)(const CommittedState& committed));
// A figure that counts the rows of `table` whose `column` is one of `texts` (all rows when none are given).
FigureReader count_figure(std::string name, std::string table, std::string column = {},
                          std::vector<std::string> texts = {});
// A figure that sums one integer column of `table` (0 for no rows).
FigureReader sum_figure(std::string name, std::string table, std::string column);
// booking_state: the `state` of the table's only row; null unless it has exactly one.
FigureReader only_row_state(std::string table);

// The named figures and invariants, in the order asked for; names a family does not know are skipped
// (the loader has already refused them).
std::vector<Figure> read_named(const CommittedState& committed, const std::vector<std::string>& names,
                               const std::map<std::string, FigureReader>& readers);
std::vector<InvariantResult> check_named(const CheckInputs& inputs,
                                         const std::map<std::string, InvariantCheck>& checks);

}  // namespace reslab::checks
