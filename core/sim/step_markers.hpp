#pragma once
// A permutation entry's blocker markers as PostgreSQL 15's isolationtester judges them: `(*)` has the
// step reported waiting the moment it is sent (it completes at a later look); `(other)` holds back the
// report of its completion while that other step is the one its session runs; `(other notices N)` until
// the other step's session has sent N more notices than it had when this step was sent. Both schedules
// judge them here: isolationtester's (core/sim/spec_run.hpp) and the stepper's (core/sim/sql_run.hpp).
#include <functional>
#include <string>
#include <vector>

#include "core/sim/sql_scenario.hpp"

namespace reslab {

class StepMarkers {
 public:
  StepMarkers() = default;
  // `blockers` name steps of `scenario` (the loaders check that they do).
  StepMarkers(const SqlScenario& scenario, const std::vector<SqlBlocker>& blockers);

  bool empty() const { return m_markers.empty(); }
  // `(*)`: the step's first report says it waits, whatever it does.
  bool waits_at_once() const;
  // The step is sent: a notices marker counts from what the other session has received so far.
  void sent(const std::function<int(const std::string& session)>& notices_of);
  // Whether a marker holds back the report of the step's completion now. `running(session)`: the step
  // that session runs now, empty when it is idle.
  bool hold(const std::function<std::string(const std::string& session)>& running,
            const std::function<int(const std::string& session)>& notices_of) const;
  // What the markers wait for, as the permutation writes them: "(s1c)", "(*)", "(s1c notices 1)".
  const std::string& text() const { return m_text; }

 private:
  struct Marker {
    SqlBlocker blocker;
    std::string session;  // the other step's session
    int notices_needed = 0;
  };
  std::vector<Marker> m_markers;
  std::string m_text;
};

}  // namespace reslab
