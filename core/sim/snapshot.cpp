#include "core/sim/snapshot.hpp"

#include <algorithm>
#include <map>

#include "core/sim/case_family.hpp"

namespace reslab {

Tables::Tables(std::vector<TableData> tables) {
  m_tables.reserve(tables.size());
  for (auto& table : tables) push_back(std::move(table));
}

bool Tables::operator==(const Tables& other) const {
  return std::equal(m_tables.begin(), m_tables.end(), other.m_tables.begin(), other.m_tables.end(),
                    [](const Shared& a, const Shared& b) { return a == b || *a == *b; });
}

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

// -1, 0 or 1 as `a`'s key sorts before, with or after `b`'s.
int compare_keys(const Row& a, const Row& b, std::size_t key_columns) {
  for (std::size_t c = 0; c < key_columns && c < a.size() && c < b.size(); ++c) {
    if (a[c] < b[c]) return -1;
    if (b[c] < a[c]) return 1;
  }
  return 0;
}

bool sorted_by_key(const std::vector<Row>& rows, std::size_t key_columns) {
  for (std::size_t r = 1; r < rows.size(); ++r)
    if (compare_keys(rows[r - 1], rows[r], key_columns) >= 0) return false;
  return true;
}

void diff_cells(TableDiff& diff, std::size_t r, const Row& row, const Row& old) {
  for (std::size_t c = 0; c < row.size() && c < old.size(); ++c)
    if (row[c] != old[c]) diff.changed_cells.emplace_back(r, c);
}

TableDiff diff_table(const TableData* before, const TableData& after, std::size_t key_columns) {
  TableDiff diff{after.name, {}, {}, {}};
  // Most tables do not change in a step: the same table shared, or equal rows, need no index of keys.
  if (before && (before == &after || before->rows == after.rows)) return diff;
  // Both are read in key order (ORDER BY the key): one walk down both finds what changed, unless a
  // server's collation sorted them otherwise.
  if (before && sorted_by_key(before->rows, key_columns) && sorted_by_key(after.rows, key_columns)) {
    std::size_t o = 0;
    for (std::size_t r = 0; r < after.rows.size(); ++r) {
      while (o < before->rows.size() && compare_keys(before->rows[o], after.rows[r], key_columns) < 0)
        diff.removed_rows.push_back(before->rows[o++]);
      if (o < before->rows.size() && compare_keys(before->rows[o], after.rows[r], key_columns) == 0) {
        diff_cells(diff, r, after.rows[r], before->rows[o++]);
      } else {
        diff.added_rows.push_back(r);
      }
    }
    while (o < before->rows.size()) diff.removed_rows.push_back(before->rows[o++]);
    return diff;
  }
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
    diff_cells(diff, r, row, *it->second);
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
