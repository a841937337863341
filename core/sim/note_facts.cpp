#include "core/sim/note_facts.hpp"

#include <algorithm>

#include "core/sim/value.hpp"

namespace reslab {
namespace {

std::string listed(const std::vector<std::string>& values) {
  std::string text;
  for (std::size_t i = 0; i < values.size(); ++i)
    text += (i == 0 ? "" : i + 1 == values.size() ? " or " : ", ") + values[i];
  return text;
}

// An argument as the run gives it (params < the event's args < the preset's); "" when none does.
std::string argument(const Plan& plan, const std::string& event, const std::string& name) {
  const auto args = plan.args.find(event);
  if (args == plan.args.end()) return {};
  const auto value = args->second.find(name);
  return value == args->second.end() ? std::string() : to_display(value->second);
}

std::size_t matching_rows(const CommittedState& state, const NoteFact& fact) {
  const TableData* table = state.table(fact.table);
  if (!table) return 0;
  std::vector<std::size_t> columns;
  for (const auto& [column, value] : fact.where) {
    const auto it = std::find(table->columns.begin(), table->columns.end(), column);
    if (it == table->columns.end()) return 0;
    columns.push_back(static_cast<std::size_t>(it - table->columns.begin()));
  }
  return static_cast<std::size_t>(std::count_if(table->rows.begin(), table->rows.end(), [&](const Row& row) {
    for (std::size_t i = 0; i < columns.size(); ++i)
      if (columns[i] >= row.size() || to_display(row[columns[i]]) != fact.where[i].second) return false;
    return true;
  }));
}

// Where the event's work ended: its own step, or the later step in which it woke from a wait.
struct Finish {
  const Step* step = nullptr;  // nullptr while it is still waiting
  std::string outcome;
};

Finish finish_of(const Trace& trace, std::size_t index) {
  const Step& own = trace.steps[index];
  for (std::size_t i = index; i < trace.steps.size(); ++i) {
    for (const auto& wake : trace.steps[i].wakes)
      if (wake.event == own.event) return {&trace.steps[i], wake.outcome};
    if (i == index) {
      const bool waiting = std::any_of(own.actors.begin(), own.actors.end(), [&](const ActorStatus& status) {
        return status.actor == own.actor && status.waiting_event == own.event;
      });
      if (!waiting) return {&own, own.outcome};
    }
  }
  return {};
}

// "" when the fact holds; otherwise what the run shows instead.
std::string contradiction(const NoteFact& fact, const Plan& plan, const std::string& event,
                          const CommittedState& before, const Finish& finish) {
  switch (fact.kind) {
    case NoteFact::Kind::argument: {
      const std::string value = argument(plan, event, fact.arg);
      const std::string shown = value.empty() ? "not given" : value;
      if (!fact.is.empty())
        return std::find(fact.is.begin(), fact.is.end(), value) != fact.is.end() ? "" : "it is " + shown;
      const std::string& other = fact.same_as.empty() ? fact.differs_from : fact.same_as;
      const std::string theirs = argument(plan, other, fact.arg);
      if ((value == theirs) == !fact.same_as.empty()) return {};
      return "it is " + shown + ", " + other + "'s is " + (theirs.empty() ? "not given" : theirs);
    }
    case NoteFact::Kind::outcome:
      if (!finish.step) return {};  // still waiting: its outcome is not known yet
      return std::find(fact.is.begin(), fact.is.end(), finish.outcome) != fact.is.end()
                 ? ""
                 : "the outcome is " + finish.outcome;
    case NoteFact::Kind::rows: {
      if (!fact.before && !finish.step) return {};
      const std::size_t count = matching_rows(fact.before ? before : *finish.step->committed, fact);
      const bool holds =
          fact.rows >= 0 ? count == static_cast<std::size_t>(fact.rows) : (count > 0) == fact.exists;
      return holds ? "" : "there " + std::string(count == 1 ? "is " : "are ") + std::to_string(count);
    }
  }
  return {};
}

}  // namespace

std::string describe(const NoteFact& fact) {
  switch (fact.kind) {
    case NoteFact::Kind::argument:
      if (!fact.is.empty()) return "its " + fact.arg + " is " + listed(fact.is);
      return "its " + fact.arg +
             (fact.same_as.empty() ? " differs from " + fact.differs_from + "'s"
                                   : " is the same as " + fact.same_as + "'s");
    case NoteFact::Kind::outcome:
      return "the outcome is " + listed(fact.is);
    case NoteFact::Kind::rows: {
      std::string text = fact.table + " has ";
      if (fact.rows >= 0)
        text += std::to_string(fact.rows) + (fact.rows == 1 ? " row" : " rows");
      else
        text += fact.exists ? "a row" : "no row";
      for (std::size_t i = 0; i < fact.where.size(); ++i)
        text += (i == 0 ? " where " : ", ") + fact.where[i].first + " = " + fact.where[i].second;
      return text + (fact.before ? " before the step" : " after it");
    }
  }
  return {};
}

std::vector<NoteFactProblem> check_note_facts(const Scenario& scenario, const Plan& plan,
                                              const Trace& trace) {
  std::vector<NoteFactProblem> problems;
  for (std::size_t index = 0; index < trace.steps.size(); ++index) {
    const Step& step = trace.steps[index];
    const Event* event = scenario.find_event(step.event);
    if (!event || event->facts.empty()) continue;
    const CommittedState& before = index == 0 ? *trace.initial : *trace.steps[index - 1].committed;
    const Finish finish = finish_of(trace, index);
    for (const NoteFact& fact : event->facts)
      if (const std::string shown = contradiction(fact, plan, event->id, before, finish); !shown.empty())
        problems.push_back(
            {fact.pos, step.index, event->id, event->id + "'s note says " + describe(fact) + "; " + shown});
  }
  return problems;
}

}  // namespace reslab
