#pragma once
// A family of cases (hotel, seat) as the engine sees it: its tables and their DDL in each model,
// the actions a scenario may call with their argument specs, labels and code for both models,
// its figures and invariants, and its messages. core/cases/ defines the families; the engine
// knows them only through this interface and the list a program hands it (use_case_families).
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/sim/message.hpp"
#include "core/sim/model.hpp"
#include "core/sim/session.hpp"
#include "core/sim/snapshot.hpp"
#include "core/sim/text.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

class ActionContext;
// An action's code in one model: runs the event and returns its outcome word.
using ActionFn = std::function<std::string(ActionContext&)>;

enum class ArgType { text, integer, boolean };

struct ArgSpec {
  std::string name;
  ArgType type = ArgType::text;
  bool required = false;
  std::int64_t min = 0;              // integers only
  std::int64_t max = 1'000'000'000;  // integers only
  std::vector<std::string> choices;  // text only; empty means any text
};
ArgSpec text_arg(std::string name, bool required, std::vector<std::string> choices = {});
ArgSpec integer_arg(std::string name, bool required, std::int64_t min, std::int64_t max);

// One row of a family's action table.
struct ActionEntry {
  std::string name;
  std::vector<ArgSpec> args;
  // Button labels, "{actor}" replaced by the actor's name: what the action does in each model.
  LocalizedText naive_label;
  LocalizedText atomic_label;
  ActionFn naive;
  ActionFn atomic;

  const ArgSpec* find_arg(std::string_view arg) const;
  const ActionFn& code(Model model) const { return model == Model::naive ? naive : atomic; }
  const LocalizedText& label(Model model) const { return model == Model::naive ? naive_label : atomic_label; }
};

struct TableInfo {
  std::string name;
  std::vector<std::string> columns;  // in declaration order; the key columns come first
  std::size_t key_columns = 1;       // how many leading columns identify a row (for diffs)
  std::vector<std::string> seconds;  // columns that hold logical seconds (headers show the unit)

  bool in_seconds(std::string_view column) const;
};

// What the table invariants read: the committed tables as the observer read them at the step's last
// quiescent moment (evaluated once per snapshot read, beside those tables).
struct CheckInputs {
  const CommittedState& committed;        // its tables; figures and invariants not yet filled in
  const std::vector<std::string>& names;  // the invariants the scenario checks, in order
};

// What the state invariants read at the end of every step, with no SQL: the committed tables (and
// those before the first step), where every actor stands and what every live process holds in
// memory. Invariants about processes (a message only in memory, a transaction nobody will end)
// need these; the database alone cannot tell.
struct StateInputs {
  std::int64_t now;  // the logical clock at the end of the step
  const CommittedState& committed;
  const CommittedState& initial;
  const std::vector<ActorStatus>& actors;
  const std::vector<ProcessMemory>& memory;
  const std::vector<std::string>& names;
};

struct CaseFamily {
  std::string name;                     // a scenario's `schema`: "hotel", "seat"
  std::vector<TableInfo> tables;        // in display order
  std::vector<std::string> figures;     // figure names a scenario of this family may show
  std::vector<std::string> invariants;  // invariant names a scenario of this family may check
  std::vector<std::string> atomic_ddl;  // CREATE statements; values are never spliced in
  // The same for the naive model, which lacks the constraints that are themselves the fix
  // (holds.request_key UNIQUE, H4); empty when both models share one schema.
  std::vector<std::string> naive_ddl;
  std::vector<ActionEntry> actions;
  std::vector<std::span<const MessageTemplate>> messages;
  std::function<std::vector<Figure>(const CommittedState& committed, const std::vector<std::string>& names)>
      read_figures;
  std::function<std::vector<InvariantResult>(const CheckInputs& inputs)> check_invariants;
  // Optional: the invariants evaluated from StateInputs; a name is checked by one of the two.
  std::function<std::vector<InvariantResult>(const StateInputs& inputs)> check_state_invariants;
  // Optional: figures that depend on the clock or the processes (how long a refund has been pending),
  // evaluated from StateInputs at the end of every step; `names` there are the scenario's figures.
  std::function<std::vector<Figure>(const StateInputs& inputs)> read_state_figures;

  const TableInfo* find_table(std::string_view table) const;
  const std::vector<std::string>& ddl(Model model) const;
};

// Every family the engine knows: the program hands them in once at start, before any scenario is read
// (core/cases/families.hpp has the bundled ones). case_families() throws std::logic_error until then.
void use_case_families(std::vector<const CaseFamily*> families);
const std::vector<const CaseFamily*>& case_families();
const CaseFamily* find_family(std::string_view name);
// The engine's own actions, open to every family: a worker's process dies and comes back.
const std::vector<ActionEntry>& lifecycle_actions();
// An action a scenario of `family` may call: the family's own, or a lifecycle action.
const ActionEntry* find_action(const CaseFamily& family, std::string_view name);

}  // namespace reslab
