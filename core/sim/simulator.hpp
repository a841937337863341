#pragma once
// The Simulator runs a scenario's events one at a time on a real SQLite
// database (one connection per actor), following the stepping rules: the
// logical clock, lane order, waiting on locks and waking in the same step,
// committed snapshots, and requests resolved once. Rewind is replay.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/plan.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

class Simulator {
 public:
  // The scenario must outlive the simulator. Throws ScenarioError when the
  // initial rows do not fit the schema.
  Simulator(const Scenario& scenario, Plan plan);
  ~Simulator();
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;

  const Scenario& scenario() const;
  const Plan& plan() const;
  std::shared_ptr<const CommittedState> initial() const;
  const std::vector<Step>& steps() const;
  std::int64_t clock() const;

  // An actor's events in lane order: by effective time, ties in file order.
  std::vector<std::string> lane(const std::string& actor_id) const;
  // The actor's next event, if its lane is not finished.
  std::optional<std::string> next_event(const std::string& actor_id) const;
  // Why the event cannot run now (English); empty when it can.
  std::string why_not(const std::string& event_id) const;
  // Runs one event and returns its step. Throws UsageError when it cannot run.
  const Step& run(const std::string& event_id);
  std::vector<ActorStatus> actor_statuses() const;
  // The steps so far as a trace, with its hash.
  Trace trace() const;
  // The same, moving the steps out: the simulator has no steps afterwards (a finished replay).
  Trace take_trace();

 private:
  Trace trace_without_steps() const;  // what trace() and take_trace() share: all but the steps and hash

  struct Impl;
  std::unique_ptr<Impl> m;
};

// Replays a plan's whole order. Throws UsageError naming the step that cannot run.
Trace run_plan(const Scenario& scenario, const Plan& plan);

// Replays as much of the order as the stepping rules allow, e.g. after a model
// toggle: the steps that ran, and why the next event could not.
struct PartialReplay {
  Trace trace;
  std::string stopped;  // empty when the whole order ran
};
PartialReplay replay_as_far_as_possible(const Scenario& scenario, const Plan& plan);

}  // namespace reslab
