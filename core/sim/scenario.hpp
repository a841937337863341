#pragma once
// The scenario model: what a scenario file describes. Data only, never SQL.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/sim/errors.hpp"
#include "core/sim/text.hpp"
#include "core/sim/value.hpp"

namespace reslab {

// Action arguments by name. Booleans are stored as integers 0/1.
using Args = std::map<std::string, Value>;

// One lane of the timeline: a request, a worker, a callback handler.
struct Actor {
  std::string id;
  LocalizedText name;
  SourcePos pos;
};

// A fact an event's note states about its step (the `facts` of an event), held against every run of
// the event by `reslab check` (note_facts.hpp): one of an argument of the event as the run gives it,
// the step's outcome, or how many rows of a table match.
struct NoteFact {
  enum class Kind { argument, outcome, rows };
  Kind kind = Kind::argument;
  std::string arg;              // argument: its name
  std::vector<std::string> is;  // argument or outcome: one of these values (display text)
  std::string same_as;          // argument: equals the same argument of this event
  std::string differs_from;     // argument: differs from the same argument of this event
  std::string table;            // rows: the table
  std::vector<std::pair<std::string, std::string>> where;  // rows: column = display text ("NULL")
  std::int64_t rows = -1;                                  // rows: exactly this many (-1: see exists)
  bool exists = true;                                      // rows, when `rows` is -1: at least one, or none
  bool before = false;                                     // rows: the state before the step, not after it
  SourcePos pos;
};

// Something one actor does at a logical time (whole seconds).
struct Event {
  std::string id;
  std::string actor;
  std::string action;
  std::int64_t time = 0;
  bool movable = false;      // the app lets the user drag this event's time
  LocalizedText time_label;  // what moving its time means ("when the payment callback arrives")
  Args args;
  LocalizedText note;  // optional instructor's note shown with the step
  // What the event does, said of its actor, where no action table names it (an SQL scenario's step and
  // its SQL); empty for a case's events, whose action labels them.
  LocalizedText label;
  // What the note states about its step; `facts_declared` with no facts: it states no fact of the run.
  std::vector<NoteFact> facts;
  bool facts_declared = false;
  SourcePos pos;
};

// A named order, with optional overrides of event times and arguments.
struct Preset {
  std::string name;
  LocalizedText title;
  std::vector<std::string> order;
  std::map<std::string, std::int64_t> times;
  std::map<std::string, Args> args;
  // Whether the naive model does harm in this order (a preset may show a harmless order on purpose);
  // per backend where the backends differ.
  bool naive_harm = true;
  std::map<std::string, bool> naive_harm_by_backend;
  SourcePos pos;

  bool naive_harm_on(const std::string& backend) const;
};

// One row inserted before the first step.
struct InitialRow {
  std::string table;
  std::vector<std::pair<std::string, Value>> cells;
  SourcePos pos;
};

struct Scenario {
  std::string id;
  std::string file;    // where it was loaded from (for messages and reload)
  std::string schema;  // "hotel" or "seat"
  LocalizedText title;
  LocalizedText summary;
  LocalizedText naive_model;            // what the naive variant does, in the instructor's words
  LocalizedText atomic_model;           // what the atomic variant does
  std::vector<std::string> figures;     // figure names shown for this case, in order
  std::vector<std::string> invariants;  // invariant names that apply to this case
  Args params;                          // defaults for every event's arguments
  std::vector<Actor> actors;
  std::vector<Event> events;
  std::vector<Preset> presets;
  std::vector<InitialRow> initial;
  std::vector<LocalizedText> questions;

  const Actor* find_actor(const std::string& actor_id) const;
  const Event* find_event(const std::string& event_id) const;
  const Preset* find_preset(const std::string& name) const;
  int actor_index(const std::string& actor_id) const;  // -1 when unknown
};

}  // namespace reslab
