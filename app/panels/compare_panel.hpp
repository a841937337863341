#pragma once
// Side by side for the same order: naive and atomic, or one model on every backend whose server is ready
// (SQLite | PostgreSQL | MariaDB); each column has its badge, figures, tables and step trace at the step
// shown. A backend left out is named, with why.
#include <memory>
#include <string>
#include <vector>

#include "app/panels/panel_context.hpp"

namespace reslab {

// One column: a trace and where its replay stopped ("" when it ran to the end).
struct ComparedTrace {
  const Trace* trace = nullptr;
  const std::string* stopped = nullptr;
};
// The session's trace and the compared ones, in the order the columns show them.
std::vector<ComparedTrace> compared_traces(const PanelContext& ctx);
// A column's heading: its backend, or its model.
std::string compared_label(const PanelContext& ctx, const Trace& trace);
// The verdicts side by side, one per group of runs whose invariants read alike at the step shown: the
// group's names ("PostgreSQL, MariaDB") and its state. The controls draw them as badges.
struct ComparedVerdict {
  std::string label;
  std::shared_ptr<const CommittedState> state;
};
std::vector<ComparedVerdict> compared_verdicts(const PanelContext& ctx);

void draw_compare_panel(const PanelContext& ctx);

}  // namespace reslab
