#include "core/cases/shared/checks.hpp"

#include <algorithm>
#include <stdexcept>

namespace reslab::checks {

TableRows::TableRows(const CommittedState& state, std::string_view table)
    : m_table(state.table(std::string(table))) {
  if (!m_table) throw std::logic_error("the committed state has no table " + std::string(table));
}

std::size_t TableRows::column(std::string_view name) const {
  const auto& columns = m_table->columns;
  const auto it = std::find(columns.begin(), columns.end(), name);
  if (it == columns.end()) throw std::logic_error(m_table->name + " has no column " + std::string(name));
  return static_cast<std::size_t>(it - columns.begin());
}

bool is_text(const Value& value, std::string_view text) {
  const auto* s = std::get_if<std::string>(&value);
  return s && *s == text;
}

bool is_one_of(const Value& value, const std::vector<std::string>& texts) {
  const auto* s = std::get_if<std::string>(&value);
  return s && std::find(texts.begin(), texts.end(), *s) != texts.end();
}

std::vector<const Row*> ordered_by(std::vector<const Row*> rows, const std::vector<std::size_t>& columns) {
  std::stable_sort(rows.begin(), rows.end(), [&](const Row* a, const Row* b) {
    for (std::size_t column : columns) {
      if (sql_less((*a)[column], (*b)[column])) return true;
      if (sql_less((*b)[column], (*a)[column])) return false;
    }
    return false;
  });
  return rows;
}

std::int64_t count_where(const TableRows& table, std::size_t column, const std::vector<std::string>& texts) {
  return std::count_if(table.rows().begin(), table.rows().end(),
                       [&](const Row& row) { return is_one_of(row[column], texts); });
}

std::int64_t count_rows(const TableRows& table) {
  return static_cast<std::int64_t>(table.rows().size());
}

std::int64_t sum_of(const TableRows& table, std::size_t column) {
  std::int64_t sum = 0;
  for (const auto& row : table.rows())
    if (!is_null(row[column])) sum += as_int(row[column]);
  return sum;
}

std::vector<std::pair<Value, std::int64_t>> repeated(const std::vector<const Row*>& rows,
                                                     std::size_t column) {
  std::vector<std::pair<Value, std::int64_t>> groups;
  for (const Row* row : ordered_by(rows, {column})) {
    if (groups.empty() || groups.back().first != (*row)[column]) groups.emplace_back((*row)[column], 0);
    ++groups.back().second;
  }
  std::erase_if(groups, [](const auto& group) { return group.second < 2; });
  return groups;
}

std::vector<const Row*> rows_where(const TableRows& table, std::size_t column,
                                   const std::vector<std::string>& texts) {
  std::vector<const Row*> rows;
  for (const auto& row : table.rows())
    if (is_one_of(row[column], texts)) rows.push_back(&row);
  return rows;
}

std::vector<const Row*> succeeded(const TableRows& ledger, std::string_view kind) {
  const std::size_t kind_column = ledger.column("kind");
  const std::size_t state = ledger.column("state");
  std::vector<const Row*> rows;
  for (const auto& row : ledger.rows())
    if (is_text(row[kind_column], kind) && is_text(row[state], "SUCCEEDED")) rows.push_back(&row);
  return rows;
}

std::string number(const Value& value) {
  return to_display(value);
}

std::string number(std::int64_t value) {
  return std::to_string(value);
}

std::string counted_rows(const std::vector<std::pair<Value, std::int64_t>>& counted) {
  std::string list;
  for (const auto& [value, count] : counted)
    list += (list.empty() ? "" : ", ") + number(value) + " x" + number(count);
  return list.empty() ? "-" : list;
}

InvariantCheck on_tables(InvariantResult (*check)(const CommittedState& committed)) {
  return [check](const CheckInputs& inputs) { return check(inputs.committed); };
}

FigureReader count_figure(std::string name, std::string table, std::string column,
                          std::vector<std::string> texts) {
  return [name = std::move(name), table = std::move(table), column = std::move(column),
          texts = std::move(texts)](const CommittedState& committed) {
    const TableRows rows(committed, table);
    const std::int64_t count =
        texts.empty() ? count_rows(rows) : count_where(rows, rows.column(column), texts);
    return Figure{name, count, {}};
  };
}

FigureReader sum_figure(std::string name, std::string table, std::string column) {
  return [name = std::move(name), table = std::move(table),
          column = std::move(column)](const CommittedState& committed) {
    const TableRows rows(committed, table);
    return Figure{name, sum_of(rows, rows.column(column)), {}};
  };
}

FigureReader only_row_state(std::string table) {
  return [table = std::move(table)](const CommittedState& committed) {
    const TableRows rows(committed, table);
    return Figure{
        "booking_state", rows.rows().size() == 1 ? rows.rows()[0][rows.column("state")] : Value{}, {}};
  };
}

std::vector<Figure> read_named(const CommittedState& committed, const std::vector<std::string>& names,
                               const std::map<std::string, FigureReader>& readers) {
  std::vector<Figure> figures;
  for (const auto& name : names)
    if (auto it = readers.find(name); it != readers.end()) figures.push_back(it->second(committed));
  return figures;
}

std::vector<InvariantResult> check_named(const CheckInputs& inputs,
                                         const std::map<std::string, InvariantCheck>& checks) {
  std::vector<InvariantResult> results;
  for (const auto& name : inputs.names)
    if (auto it = checks.find(name); it != checks.end()) results.push_back(it->second(inputs));
  return results;
}

}  // namespace reslab::checks
