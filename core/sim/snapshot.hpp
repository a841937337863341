#pragma once
// Immutable views of the database: the committed state after a step, and what
// changed against the step before. Panels and exporters only read these.
#include <cstddef>
#include <cstdint>
#include <iterator>
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

// The tables of a committed state. Each table is immutable once read and shared: a state built on
// another (the same tables with other invariants) and a table nobody wrote since the last read keep the
// rows they had instead of copying them. Reads like a const vector of TableData.
class Tables {
 public:
  using Shared = std::shared_ptr<const TableData>;
  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = TableData;
    using difference_type = std::ptrdiff_t;
    using pointer = const TableData*;
    using reference = const TableData&;
    const_iterator() = default;
    explicit const_iterator(std::vector<Shared>::const_iterator at) : m_at(at) {}
    reference operator*() const { return **m_at; }
    pointer operator->() const { return m_at->get(); }
    const_iterator& operator++() {
      ++m_at;
      return *this;
    }
    const_iterator operator++(int) { return const_iterator(m_at++); }
    bool operator==(const const_iterator&) const = default;

   private:
    std::vector<Shared>::const_iterator m_at;
  };

  Tables() = default;
  Tables(std::vector<TableData> tables);  // NOLINT: a plain list of tables is a Tables

  const_iterator begin() const { return const_iterator(m_tables.begin()); }
  const_iterator end() const { return const_iterator(m_tables.end()); }
  std::size_t size() const { return m_tables.size(); }
  bool empty() const { return m_tables.empty(); }
  const TableData& operator[](std::size_t index) const { return *m_tables[index]; }
  const TableData& at(std::size_t index) const { return *m_tables.at(index); }
  const TableData& front() const { return *m_tables.front(); }
  const Shared& shared(std::size_t index) const { return m_tables[index]; }

  void push_back(TableData table) { m_tables.push_back(std::make_shared<const TableData>(std::move(table))); }
  void push_back(Shared table) { m_tables.push_back(std::move(table)); }
  void clear() { m_tables.clear(); }
  // Equal rows, whether shared or read twice.
  bool operator==(const Tables& other) const;

 private:
  std::vector<Shared> m_tables;
};

// What the database has promised at one moment: every table, the figures and the invariants.
struct CommittedState {
  Tables tables;
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
