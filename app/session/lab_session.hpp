#pragma once
// What the user is looking at: one scenario, one model, the order they built
// (from a preset or by clicking actors), and the step shown. One simulator ran
// the order, and every step it recorded (tables, actors' next actions) stays:
// stepping back or jumping shows a recorded step, a step at the end of the
// order runs one more event, and only a change of the order, times or model
// (or backend) replays from the start. No GUI library here: panels read a session and
// return commands.
//
// An SQL scenario steps the same way: its sessions are the actors, its steps the events, its permutations
// the presets, and a variant (a backend and each session's BEGIN) takes the place of the model; an SQL run
// (core/sim/sql_scenario_steps.hpp) instead of the simulator gives the same Trace.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/plan.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/sql_scenario.hpp"
#include "core/sim/sql_scenario_steps.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

// One actor's next pending action, as a control button shows it.
struct ActorControl {
  std::string actor;
  std::string event;           // empty when the actor's lane is finished
  std::string action;          // the action's name, for its label
  bool waiting = false;        // blocked on a lock
  std::string waiting_for;     // the actor holding the lock
  std::string held_by;         // an SQL spec's markers that have its step reported waiting ("(*)")
  std::string blocked_reason;  // why the event cannot run now (English, from the engine); empty when it can
  std::string resolved;        // the request's decision, when it has one
};

class LabSession {
 public:
  // Throws BackendUnavailableError when `backend` cannot be used.
  explicit LabSession(std::shared_ptr<const Scenario> scenario, Model model = Model::atomic,
                      Backend backend = Backend::sqlite);
  // An SQL scenario under `variant` (empty: its first variant on `backend`, else its first). Throws
  // UsageError for an unknown variant, BackendUnavailableError or ScenarioError when its lab cannot be made.
  LabSession(std::shared_ptr<const SqlScenario> sql, const std::string& variant,
             Backend backend = Backend::sqlite);

  // An SQL scenario's: the file, the variant shown, and the SQL run of the trace's steps (null for a case).
  bool is_sql() const { return m_sql != nullptr; }
  const SqlScenario* sql_scenario() const { return m_sql.get(); }
  std::shared_ptr<const SqlScenario> sql_scenario_ptr() const { return m_sql; }
  const SqlVariant* variant() const;
  const SqlRunResult* sql_run() const;

  const Scenario& scenario() const { return *m_scenario; }
  std::shared_ptr<const Scenario> scenario_ptr() const { return m_scenario; }
  Model model() const { return m_model; }
  Backend backend() const { return m_backend; }
  const std::string& preset() const { return m_preset; }
  // The order the user asked for; under this model maybe only a prefix ran.
  const std::vector<std::string>& wanted_order() const { return m_wanted; }
  // Every step the wanted order reaches under this model (ahead of the cursor too).
  const Trace& trace() const { return m_trace; }
  // Why the wanted order stopped early under this model; empty when it all ran.
  const std::string& stopped() const { return m_stopped; }
  // The step shown: 0 is the initial state, n the state after step n.
  int cursor() const { return m_cursor; }
  int step_count() const { return static_cast<int>(m_trace.steps.size()); }
  const Step* current_step() const;
  std::shared_ptr<const CommittedState> committed_at(int step) const;
  // The event times in effect (scenario, preset, then the user's drags).
  std::int64_t time_of(const std::string& event_id) const;
  const std::map<std::string, std::int64_t>& moved_times() const { return m_moved; }
  // An event's arguments in effect (scenario, event, preset).
  const Args& args_of(const std::string& event_id) const;

  // The actors' next actions at the cursor, in lane order.
  std::vector<ActorControl> controls() const;
  // The event "next" would run from the cursor, if any.
  std::optional<std::string> next_event() const;
  // The current order as a command-line argument: "--order A1,B1,A2".
  std::string order_argument() const;
  // Where the actors stand at the cursor (the engine's record of that step).
  const std::vector<ActorStatus>& actor_statuses() const;

  // The order the preset gives, at the times in effect (a moved event re-sorts it); empty without one.
  std::vector<std::string> preset_order() const;
  // The wanted order is the preset's (not one built by running actors out of it).
  bool follows_preset() const { return m_wanted == preset_order(); }

  // What Undo brings back: the preset, the order, the moved times and the step shown.
  struct OrderState {
    std::string preset;
    std::vector<std::string> wanted;
    std::map<std::string, std::int64_t> moved;
    int cursor = 0;
    bool operator==(const OrderState&) const = default;
  };
  OrderState order_state() const { return {m_preset, m_wanted, m_moved, m_cursor}; }
  void restore(const OrderState& state);

  // Each returns an empty string, or a message (English, from the engine) when nothing changed.
  std::string step_forward();
  void step_back();
  // Back to step 0 of the preset's order (an order built by running actors is dropped; moved times stay).
  void reset();
  // The preset as its file gives it: its order and times, nothing moved.
  void restore_preset();
  // What is shown as a preset titled `title`: the order, the preset's times with the moved ones, its
  // arguments (no name yet; naive_harm as the caller finds it).
  Preset as_preset(const std::string& title) const;
  // An SQL scenario's order shown as a permutation titled `title` (no name yet), with the preset's markers
  // where it follows the preset.
  SqlPermutation as_sql_permutation(const std::string& title) const;
  void jump_to(int step);
  std::string run_actor(const std::string& actor_id);
  void set_model(Model model);
  // Replays the order on `backend`; throws BackendUnavailableError (and changes nothing) when it cannot.
  void set_backend(Backend backend);
  std::string choose_preset(const std::string& name);
  // An explicit order (as `--order`), under a preset's times and arguments when one is named.
  // Throws UsageError for an unknown preset or event.
  void use_order(const std::string& preset, const std::vector<std::string>& order);
  // Moves an event in time; refused (a message, nothing changed) before the time it carries (earliest()).
  std::string move_event(const std::string& event_id, std::int64_t seconds);
  // The earliest `event_id` may move to (plan.hpp, earliest_time).
  TimeFloor earliest(const std::string& event_id) const;
  // Replaces the scenario (after a reload), keeping the model and, where it still fits, the order.
  void replace_scenario(std::shared_ptr<const Scenario> scenario);
  // The same for an SQL scenario, keeping the variant where the file still has it.
  void replace_scenario(std::shared_ptr<const SqlScenario> sql);

  // SQL scenarios: replays the order under another variant (its backend with it); throws (and changes
  // nothing) when it cannot run there.
  void set_variant(const std::string& variant);
  // The `number`th interleaving of the sessions' steps as the order (any number, past the presets too);
  // a message when there is no such interleaving.
  std::string use_interleaving(std::size_t number);
  // The same wanted order under another variant, for the compare view.
  PartialReplay replay_variant(const std::string& variant) const;

  // The same wanted order under another model or on another backend, for the compare view.
  PartialReplay replay_under(Model model) const { return replay_under(model, m_backend); }
  PartialReplay replay_under(Model model, Backend backend) const;

 private:
  Plan plan_for(const std::vector<std::string>& order, Model model) const {
    return plan_for(order, model, m_backend);
  }
  Plan plan_for(const std::vector<std::string>& order, Model model, Backend backend) const;
  void rebuild();  // replays the wanted order as far as it runs; clamps the cursor
  // Runs one more event at the end of the trace, without a replay.
  void append(const std::string& event_id);
  // The event `id` can run now at the end of the trace (where the runner stands): its actor does not wait,
  // and the runner takes it (its actor's next event; under isolationtester's rules any step, again too).
  bool runnable(const std::string& event_id) const;
  // The event the actor's button runs: its next in the planned order under isolationtester's rules, else
  // the engine's next for it.
  std::string actor_next(const ActorStatus& status) const;
  // The markers the preset's permutation puts on `step` run next by `run`, as far as its order follows it.
  std::vector<SqlBlocker> markers_on(const SqlCaseRun& run, const std::string& step) const;

  // What ran the trace's order, with what each kind of case needs.
  std::string runner_why_not(const std::string& event_id) const;
  void runner_run(const std::string& event_id);
  Trace runner_trace() const;

  std::shared_ptr<const Scenario> m_scenario;
  std::shared_ptr<const SqlScenario> m_sql;  // an SQL scenario; m_scenario is its case view
  std::string m_variant;                     // an SQL scenario's variant shown
  std::unique_ptr<SqlCaseRun> m_sql_run;     // has run m_trace's order, for an SQL scenario
  Model m_model;
  Backend m_backend = Backend::sqlite;
  std::string m_preset;
  std::vector<std::string> m_wanted;
  std::map<std::string, std::int64_t> m_moved;
  Trace m_trace;
  std::string m_stopped;
  int m_cursor = 0;
  std::unique_ptr<Simulator> m_simulator;  // has run m_trace's order: it stands at the trace's end
};

}  // namespace reslab
