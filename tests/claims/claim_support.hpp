#pragma once
// The property test of explanations: scenario variants generated from the bundled cases, run in
// random lane-respecting orders under both models, and every message of every step held against the
// step's own before and after state. A message either has a claim check (its arguments agree with
// the tables, figures, invariants, actors) or is declared claim-free (it states a concept, no fact of
// this run); a message that is neither fails the test, so a new message cannot slip past.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/sim/plan.hpp"
#include "core/sim/simulator.hpp"

namespace reslab::claims {

// One step as a checker sees it.
struct StepView {
  const Scenario& scenario;
  Model model;
  const Step& step;
  const CommittedState& before;  // committed before the step
  const CommittedState& after;   // committed after it
  const std::vector<ProcessMemory>& memory_before;
};

// "" when the message's claim agrees with the step; otherwise what disagrees.
using ClaimCheck = std::function<std::string(const StepView& view, const Message& message)>;

struct ClaimRules {
  std::map<std::string, ClaimCheck> checks;
  std::set<std::string> claim_free;
};

// A message's argument by name ("" when absent).
inline std::string arg(const Message& message, const std::string& name) {
  for (const auto& [key, value] : message.args)
    if (key == name) return value;
  return {};
}

// A cell of the row whose first column is `key`, by column name; "" when missing.
inline std::string cell(const CommittedState& state, const std::string& table, const std::string& key,
                        const std::string& column) {
  const TableData* data = state.table(table);
  if (!data) return {};
  const auto it = std::find(data->columns.begin(), data->columns.end(), column);
  if (it == data->columns.end()) return {};
  const auto index = static_cast<std::size_t>(it - data->columns.begin());
  for (const auto& row : data->rows)
    if (!row.empty() && to_display(row[0]) == key && index < row.size()) return to_display(row[index]);
  return {};
}

inline const InvariantResult* invariant_of(const CommittedState& state, const std::string& name) {
  for (const auto& invariant : state.invariants)
    if (invariant.name == name) return &invariant;
  return nullptr;
}

inline const ActorStatus* status_of(const Step& step, const std::string& actor) {
  for (const auto& status : step.actors)
    if (status.actor == actor) return &status;
  return nullptr;
}

// "a == b" or a line saying what was claimed and what the state shows.
inline std::string expect(const std::string& what, const std::string& claimed, const std::string& actual) {
  return claimed == actual ? std::string()
                           : what + ": the message says " + claimed + ", the state shows " + actual;
}

// A random interleaving of the actors' lanes (each lane keeps its order), run to the end.
inline std::vector<std::string> random_order(const Scenario& scenario, std::mt19937& random) {
  PlanRequest request;
  request.order = std::vector<std::string>{};
  const Simulator lanes(scenario, make_plan(scenario, request));
  std::map<std::string, std::vector<std::string>> lane;
  for (const auto& actor : scenario.actors) lane[actor.id] = lanes.lane(actor.id);
  std::map<std::string, std::size_t> next;
  std::vector<std::string> order;
  for (;;) {
    std::vector<std::string> ready;
    for (const auto& [actor, events] : lane)
      if (next[actor] < events.size()) ready.push_back(actor);
    if (ready.empty()) return order;
    const std::string& actor = ready[std::uniform_int_distribution<std::size_t>(0, ready.size() - 1)(random)];
    order.push_back(lane[actor][next[actor]++]);
  }
}

// Every message of a step: its summary, its explanation and each wake-up's explanation.
inline std::vector<const Message*> messages_of(const Step& step) {
  std::vector<const Message*> all;
  if (!step.summary.key.empty()) all.push_back(&step.summary);
  for (const auto& message : step.explanation) all.push_back(&message);
  for (const auto& wake : step.wakes)
    for (const auto& message : wake.explanation) all.push_back(&message);
  return all;
}

// Holds every message of a trace to the rules. Returns the problems found ("step 3 hotel.write.over:
// ..."), empty when every claim agrees.
inline std::vector<std::string> check_steps(const Scenario& scenario, const Trace& trace,
                                            const ClaimRules& rules, std::set<std::string>* seen = nullptr) {
  std::vector<std::string> problems;
  const Model model = trace.model;
  const CommittedState* before = trace.initial.get();
  const std::vector<ProcessMemory>* memory_before = &trace.initial_memory;
  for (const auto& step : trace.steps) {
    const StepView view{scenario, model, step, *before, *step.committed, *memory_before};
    for (const Message* message : messages_of(step)) {
      if (seen) seen->insert(message->key);
      const std::string where = "step " + std::to_string(step.index) + " " + message->key + ": ";
      if (auto check = rules.checks.find(message->key); check != rules.checks.end()) {
        if (const std::string problem = check->second(view, *message); !problem.empty())
          problems.push_back(where + problem);
      } else if (!rules.claim_free.count(message->key)) {
        problems.push_back(where + "neither checked nor declared claim-free");
      }
    }
    before = step.committed.get();
    memory_before = &step.memory;
  }
  return problems;
}

// A run of `order` as far as the waiting rule allows.
inline Trace run_as_far_as_possible(const Scenario& scenario, Model model,
                                    const std::vector<std::string>& order) {
  PlanRequest request;
  request.model = model;
  request.order = order;
  return replay_as_far_as_possible(scenario, make_plan(scenario, request)).trace;
}

// The engine's own messages, which every family's traces contain.
inline void add_engine_rules(ClaimRules& rules) {
  rules.checks["engine.invariant.broke"] = [](const StepView& view, const Message& message) -> std::string {
    const std::string name = arg(message, "invariant").substr(std::string("@invariant.").size());
    const InvariantResult* was = invariant_of(view.before, name);
    const InvariantResult* now = invariant_of(view.after, name);
    if (!was || !now) return "no invariant " + name;
    return was->holds && !now->holds ? "" : name + " did not break in this step";
  };
  rules.checks["engine.invariant.restored"] = [](const StepView& view,
                                                 const Message& message) -> std::string {
    const std::string name = arg(message, "invariant").substr(std::string("@invariant.").size());
    const InvariantResult* was = invariant_of(view.before, name);
    const InvariantResult* now = invariant_of(view.after, name);
    if (!was || !now) return "no invariant " + name;
    return !was->holds && now->holds ? "" : name + " did not hold again in this step";
  };
  // A waiting actor waits at the end of the step, unless it woke later in the same step (its wake says so).
  rules.checks["engine.waiting"] = [](const StepView& view, const Message& message) -> std::string {
    const ActorStatus* status = status_of(view.step, arg(message, "actor"));
    if (!status) return "no actor";
    bool woke = false;
    for (const auto& wake : view.step.wakes) woke = woke || wake.actor == arg(message, "actor");
    if (woke) return {};
    if (status->waiting_event.empty()) return "the actor is not waiting";
    const std::string event = arg(message, "event");
    return event.empty() || status->waiting_event == event ? ""
                                                           : "the actor waits at " + status->waiting_event;
  };
  rules.checks["engine.waiting.summary"] = rules.checks["engine.waiting"];
  rules.checks["engine.wake"] = [](const StepView& view, const Message& message) -> std::string {
    for (const auto& wake : view.step.wakes)
      if (wake.actor == arg(message, "actor") && wake.event == arg(message, "event")) return {};
    return "no such wake-up in this step";
  };
  rules.checks["engine.resolved"] = [](const StepView& view, const Message& message) -> std::string {
    const ActorStatus* status = status_of(view.step, arg(message, "actor"));
    if (!status) return "no actor";
    const std::string outcome = arg(message, "outcome").substr(std::string("@outcome.").size());
    if (status->resolved != outcome) return expect("decision", outcome, status->resolved);
    return expect("step", arg(message, "step"), std::to_string(status->resolved_step));
  };
  rules.checks["engine.resolved.summary"] = rules.checks["engine.resolved"];
  rules.claim_free.insert({"engine.note", "engine.memdb_readers"});
}

// [SECTION] rows by any column, and the step's event arguments (added for the seat family)

// A row as its cells' display text by column name ("NULL" for null).
using RowText = std::map<std::string, std::string>;

// The rows of `table` whose `column` shows `value`; every row when `column` is empty.
inline std::vector<RowText> rows_where(const CommittedState& state, const std::string& table,
                                       const std::string& column = {}, const std::string& value = {}) {
  std::vector<RowText> rows;
  const TableData* data = state.table(table);
  if (!data) return rows;
  for (const auto& row : data->rows) {
    RowText text;
    for (std::size_t i = 0; i < data->columns.size() && i < row.size(); ++i)
      text[data->columns[i]] = to_display(row[i]);
    if (column.empty() || text[column] == value) rows.push_back(std::move(text));
  }
  return rows;
}

// An argument of the step's event as its action saw it: the event's own, else the scenario's default.
inline std::string event_arg(const StepView& view, const std::string& name) {
  const Event* event = view.scenario.find_event(view.step.event);
  if (event)
    if (auto it = event->args.find(name); it != event->args.end()) return to_display(it->second);
  if (auto it = view.scenario.params.find(name); it != view.scenario.params.end())
    return to_display(it->second);
  return {};
}

// What an actor's process held in memory before the step ("" when it held no such item).
inline std::string remembered(const StepView& view, const std::string& actor, const std::string& item) {
  for (const auto& memory : view.memory_before)
    if (memory.actor == actor)
      for (const auto& [name, value] : memory.items)
        if (name == item) return to_display(value);
  return {};
}

}  // namespace reslab::claims

// [SECTION] hotel cases: helpers for tests/explanation_claims_hotel_cases_test.cpp (appended as one block)
#include <optional>

namespace reslab::claims {

// A table's rows as column -> text, for checks that read several columns of a row.
using Record = std::map<std::string, std::string>;
inline std::vector<Record> records(const CommittedState& state, const std::string& table) {
  std::vector<Record> all;
  const TableData* data = state.table(table);
  if (!data) return all;
  for (const auto& row : data->rows) {
    Record record;
    for (std::size_t i = 0; i < data->columns.size() && i < row.size(); ++i)
      record[data->columns[i]] = to_display(row[i]);
    all.push_back(std::move(record));
  }
  return all;
}

// The rows of `table` whose `column` holds `value`.
inline std::vector<Record> records_where(const CommittedState& state, const std::string& table,
                                         const std::string& column, const std::string& value) {
  std::vector<Record> found;
  for (auto& record : records(state, table))
    if (record[column] == value) found.push_back(record);
  return found;
}

// The wake-up whose explanation holds `message`, or nullptr when the step's own event said it.
inline const Wake* wake_of(const StepView& view, const Message& message) {
  for (const auto& wake : view.step.wakes)
    for (const auto& said : wake.explanation)
      if (&said == &message) return &wake;
  return nullptr;
}

// An argument of the event a message speaks for (a wake-up's event, else the step's), as a plan
// without a preset resolves it: the event's own, else the scenario's params; "" when neither has it.
inline std::string event_arg(const StepView& view, const Message& message, const std::string& name) {
  const Wake* wake = wake_of(view, message);
  const Event* event = view.scenario.find_event(wake ? wake->event : view.step.event);
  if (event)
    if (auto it = event->args.find(name); it != event->args.end()) return to_display(it->second);
  if (auto it = view.scenario.params.find(name); it != view.scenario.params.end())
    return to_display(it->second);
  return {};
}

// The actor's own view of its open transaction after the step, if it still has one.
inline std::optional<CommittedState> open_view(const StepView& view, const std::string& actor) {
  for (const auto& open : view.step.open_transactions) {
    if (open.actor != actor) continue;
    CommittedState own;
    own.tables = open.tables;
    return own;
  }
  return std::nullopt;
}

// An item of an actor's process memory ("" when absent).
inline std::string memory_item(const std::vector<ProcessMemory>& memory, const std::string& actor,
                               const std::string& key) {
  for (const auto& process : memory)
    if (process.actor == actor)
      for (const auto& [name, value] : process.items)
        if (name == key) return to_display(value);
  return {};
}

// The engine's process messages: a crash and a restart (every family), a wait for readers and a deadlock.
inline void add_process_rules(ClaimRules& rules) {
  rules.checks["recovery.crash"] = [](const StepView& view, const Message& message) -> std::string {
    const std::string actor = arg(message, "actor");
    std::string lost;
    for (const auto& process : view.memory_before)
      if (process.actor == actor)
        for (const auto& [name, value] : process.items)
          lost += (lost.empty() ? "" : "; ") + name + " = " + to_display(value);
    if (const auto wrong =
            expect("memory lost", arg(message, "lost"), lost.empty() ? "@recovery.memory.empty" : lost);
        !wrong.empty())
      return wrong;
    for (const auto& process : view.step.memory)
      if (process.actor == actor) return process.down ? "" : "the actor is not down after its crash";
    return "no such actor";
  };
  rules.checks["recovery.crash.summary"] = [](const StepView& view, const Message& message) -> std::string {
    for (const auto& process : view.step.memory)
      if (process.actor == arg(message, "actor")) return process.down ? "" : "the actor is not down";
    return "no such actor";
  };
  rules.checks["recovery.crash.rolled_back"] = [](const StepView& view, const Message&) -> std::string {
    const ActorStatus* status = status_of(view.step, view.step.actor);
    return status && !status->in_transaction ? "" : "the crashed actor still has a transaction";
  };
  rules.checks["recovery.restart"] = [](const StepView& view, const Message& message) -> std::string {
    for (const auto& process : view.step.memory)
      if (process.actor == arg(message, "actor"))
        return !process.down && process.items.empty() ? ""
                                                      : "the restarted actor is down or remembers something";
    return "no such actor";
  };
  rules.checks["recovery.restart.summary"] = rules.checks["recovery.restart"];
  rules.checks["engine.waiting.readers"] = [](const StepView& view, const Message& message) -> std::string {
    const ActorStatus* status = status_of(view.step, arg(message, "actor"));
    if (!status) return "no actor";
    for (const auto& wake : view.step.wakes)
      if (wake.actor == arg(message, "actor")) return {};
    return !status->waiting_event.empty() && status->holds_write_lock ? ""
                                                                      : "the actor is not a waiting writer";
  };
  rules.checks["engine.deadlocked"] = [](const StepView& view, const Message& message) -> std::string {
    const ActorStatus* status = status_of(view.step, arg(message, "actor"));
    return status && status->resolved == "deadlocked" ? "" : "the actor is not resolved as deadlocked";
  };
  rules.checks["engine.deadlocked.summary"] = rules.checks["engine.deadlocked"];
}

}  // namespace reslab::claims
