#pragma once
// Immutable views of the database: the committed state after a step, and what
// changed against the step before. Panels and exporters only read these.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/message.hpp"
#include "core/sim/value.hpp"

namespace reslab {

struct TableData {
  std::string name;
  std::vector<std::string> columns;
  std::vector<Row> rows;
  bool operator==(const TableData&) const = default;
};

struct NightFigure {
  std::string night;
  std::int64_t capacity = 0;
  std::int64_t available = 0;
  std::int64_t sold = 0;
  bool operator==(const NightFigure&) const = default;
};

// The figures of SPEC section 2, in the order the scenario lists them.
struct Figure {
  std::string name;
  Value value;                      // unused for "nights"
  std::vector<NightFigure> nights;  // only for "nights"
  bool operator==(const Figure&) const = default;
};

struct InvariantResult {
  std::string name;
  bool holds = true;
  Message detail;  // with the numbers, e.g. "0 + 2 + 0 != 1"
};

// What the database has promised at one moment: every table, the figures and the invariants.
struct CommittedState {
  std::vector<TableData> tables;
  std::vector<Figure> figures;
  std::vector<InvariantResult> invariants;

  const TableData* table(const std::string& name) const;
  const Figure* figure(const std::string& name) const;
  bool all_invariants_hold() const;
};

// How one table differs from the previous committed state. Row indices refer
// to the current table; removed rows are kept so they can still be shown.
struct TableDiff {
  std::string table;
  std::vector<std::size_t> added_rows;
  std::vector<Row> removed_rows;
  std::vector<std::pair<std::size_t, std::size_t>> changed_cells;  // (row, column)
  bool empty() const { return added_rows.empty() && removed_rows.empty() && changed_cells.empty(); }
};

// `key_columns` per table come from the schema.
std::vector<TableDiff> diff_states(const CommittedState& before, const CommittedState& after,
                                   const std::string& schema);

}  // namespace reslab
