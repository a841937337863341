#pragma once
// An SQL scenario in the terms every case is stepped in: a Scenario whose actors are its sessions, whose
// events are its steps and whose presets are its permutations, and a run whose steps are Steps (the
// statements with their codes and the rows they returned, who waits for whom, the committed tables and
// what changed, the questions the file's expectations ask). One timeline, one set of panels, one
// exporter serve both kinds of case.
#include <memory>
#include <string>

#include "core/sim/scenario.hpp"
#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

// The schema name an SQL scenario's case view carries: no case family, no figures, no invariants.
inline constexpr const char* kSqlCaseSchema = "sql";

// The scenario as a case: sessions as actors, steps as events (all at 0 s, each labelled with its SQL),
// the file's permutations as presets, or the first kDefaultInterleavings interleavings named "1", "2"...
Scenario sql_case_view(const SqlScenario& scenario);

// One variant's run of an SQL scenario, a step at a time, kept as a Trace (SqlStepper underneath).
class SqlCaseRun {
 public:
  // The scenario must outlive the run. Throws as SqlStepper does.
  SqlCaseRun(const SqlScenario& scenario, const SqlVariant& variant, const SqlRunOptions& options = {});
  ~SqlCaseRun();
  SqlCaseRun(const SqlCaseRun&) = delete;
  SqlCaseRun& operator=(const SqlCaseRun&) = delete;

  // Why `step` cannot run next (English); empty when it can.
  std::string why_not(const std::string& step) const;
  // Runs one step with the permutation's markers on it: UsageError when why_not() says no, ScenarioError at
  // a statement the sandbox refuses.
  const Step& run(const std::string& step, const std::vector<SqlBlocker>& markers = {});
  const Trace& trace() const;
  const SqlRunResult& result() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m;
};

// The whole of a finished run as a Trace (the handouts' step tables, a replay beside the one shown).
Trace sql_run_trace(const SqlScenario& scenario, const SqlRunResult& run);

}  // namespace reslab
