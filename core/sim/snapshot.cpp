#include "core/sim/snapshot.hpp"

#include <algorithm>
#include <map>

#include "core/sim/case_family.hpp"

namespace reslab {

const TableData* CommittedState::table(const std::string& name) const {
  auto it = std::find_if(tables.begin(), tables.end(), [&](const TableData& t) { return t.name == name; });
  return it == tables.end() ? nullptr : &*it;
}

const Figure* CommittedState::figure(const std::string& name) const {
  auto it = std::find_if(figures.begin(), figures.end(), [&](const Figure& f) { return f.name == name; });
  return it == figures.end() ? nullptr : &*it;
}

bool CommittedState::all_invariants_hold() const {
  return std::all_of(invariants.begin(), invariants.end(), [](const InvariantResult& r) { return r.holds; });
}

namespace {

Row key_of(const Row& row, std::size_t key_columns) {
  return Row(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(std::min(key_columns, row.size())));
}

TableDiff diff_table(const TableData* before, const TableData& after, std::size_t key_columns) {
  TableDiff diff{after.name, {}, {}, {}};
  std::map<Row, const Row*> old_rows;
  if (before)
    for (const auto& row : before->rows) old_rows.emplace(key_of(row, key_columns), &row);

  for (std::size_t r = 0; r < after.rows.size(); ++r) {
    const Row& row = after.rows[r];
    auto it = old_rows.find(key_of(row, key_columns));
    if (it == old_rows.end()) {
      diff.added_rows.push_back(r);
      continue;
    }
    for (std::size_t c = 0; c < row.size() && c < it->second->size(); ++c)
      if (row[c] != (*it->second)[c]) diff.changed_cells.emplace_back(r, c);
    old_rows.erase(it);
  }
  for (const auto& [key, row] : old_rows) diff.removed_rows.push_back(*row);
  return diff;
}

}  // namespace

std::vector<TableDiff> diff_states(const CommittedState& before, const CommittedState& after,
                                   const std::string& schema_name) {
  const CaseFamily* family = find_family(schema_name);
  std::vector<TableDiff> diffs;
  for (const auto& table : after.tables) {
    const TableInfo* info = family ? family->find_table(table.name) : nullptr;
    TableDiff diff = diff_table(before.table(table.name), table, info ? info->key_columns : 1);
    if (!diff.empty()) diffs.push_back(std::move(diff));
  }
  return diffs;
}

}  // namespace reslab
