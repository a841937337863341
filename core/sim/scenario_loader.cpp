// Scenario loader: TOML text -> Scenario. Every problem is a ScenarioError at the offending
// node (a missing key: at the table that lacks it), so `reslab check` can point an
// instructor at the exact line. The loader validates and copies; it never merges [params]
// into events (the simulator does) and never touches SQL.
//
// [SECTION] Reading the file
// [SECTION] Small readers: ids, localized text, name lists, counts
// [SECTION] Argument values: [params], event args, preset overrides
// [SECTION] Top level: id, schema, texts, figures, invariants
// [SECTION] Actors and events
// [SECTION] Presets and the lane-order rule
// [SECTION] Initial rows
// [SECTION] The whole scenario
#include "core/sim/scenario_loader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "core/sim/backend.hpp"
#include "core/sim/case_family.hpp"
#include "core/sim/timed_text.hpp"
#include "core/sim/toml_read.hpp"

namespace reslab {

using namespace toml_read;

namespace {

// -----------------------------------------------------------------------------
// [SECTION] Reading the file
// -----------------------------------------------------------------------------

[[noreturn]] void fail_reading(const std::string& path, const std::string& reason) {
  throw ScenarioError(SourcePos{path, 0, 0}, "cannot read: " + reason);
}

std::string lowercase_first(std::string text) {
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') text[0] = static_cast<char>(text[0] - 'A' + 'a');
  return text;
}

// Refuses directories, FIFOs and devices before opening: reading those could block or never end.
std::string read_file_bounded(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (!fs::exists(status)) fail_reading(path, "no such file");
  if (fs::is_directory(status)) fail_reading(path, "it is a directory");
  if (!fs::is_regular_file(status)) fail_reading(path, "not a regular file");

  std::ifstream file(path, std::ios::binary);
  if (!file) fail_reading(path, lowercase_first(std::strerror(errno)));
  // Read one byte past the limit rather than trusting the size: the file may grow meanwhile.
  std::string text(ScenarioLimits::max_file_bytes + 1, '\0');
  file.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (file.bad()) fail_reading(path, "read error");
  text.resize(static_cast<std::size_t>(file.gcount()));
  if (text.size() > ScenarioLimits::max_file_bytes) fail_too_large(path);
  return text;
}

// -----------------------------------------------------------------------------
// [SECTION] Small readers: ids, localized text, name lists, counts
// -----------------------------------------------------------------------------

LocalizedText read_optional_localized(const TableView& table, std::string_view key) {
  const toml::node* node = table.find(key);
  return node == nullptr ? LocalizedText{} : read_localized(*node, key);
}

// Names from a fixed list (figures, invariants), each at most once, in the written order.
std::vector<std::string> read_name_list(const toml::node& node, std::string_view key, std::string_view kind,
                                        const std::vector<std::string>& allowed, std::string_view schema) {
  std::vector<std::string> names;
  for (const toml::node& element : expect_array(node, key)) {
    std::string name = expect_string(element, kind);
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end())
      fail_at(element.source(), "unknown " + std::string(kind) + " " + in_quotes(name) + " for the " +
                                    std::string(schema) + " schema; known: " + joined(allowed));
    if (std::find(names.begin(), names.end(), name) != names.end())
      fail_at(element.source(), "duplicate " + std::string(kind) + " " + in_quotes(name));
    names.push_back(std::move(name));
  }
  return names;
}

// The first element past the limit is where the file says too much.
void check_count(const toml::array& array, std::size_t limit, std::string_view what) {
  if (array.size() > limit)
    fail_at(array[limit].source(), "too many " + std::string(what) + ": at most " + std::to_string(limit));
}

const toml::table& expect_entry_table(const toml::node& node, std::string_view array_key) {
  if (const auto* table = node.as_table()) return *table;
  fail_at(node.source(),
          "entries of '" + std::string(array_key) + "' must be tables, not " + std::string(type_name(node)));
}

// Where each id was first defined, so a duplicate error can name both places.
class FirstDefinitions {
 public:
  explicit FirstDefinitions(std::string kind) : m_kind(std::move(kind)) {}
  void add(const std::string& id, const toml::node& node) {
    auto [it, inserted] = m_lines.emplace(id, node.source().begin.line);
    if (!inserted)
      fail_at(node.source(), "duplicate " + m_kind + " " + in_quotes(id) + " (first defined at line " +
                                 std::to_string(it->second) + ")");
  }

 private:
  std::string m_kind;
  std::map<std::string, toml::source_index> m_lines;
};

// -----------------------------------------------------------------------------
// [SECTION] Argument values: [params], event args, preset overrides
// -----------------------------------------------------------------------------

// Checks one argument against its spec. Booleans become 0/1; an integer where text is
// expected is an error rather than a silent conversion.
Value read_arg_value(const toml::node& node, const ArgSpec& spec) {
  switch (spec.type) {
    case ArgType::integer:
      return expect_integer(node, spec.name, spec.min, spec.max);
    case ArgType::boolean:
      return std::int64_t{expect_boolean(node, spec.name) ? 1 : 0};
    case ArgType::text:
      break;
  }
  std::string text = expect_string(node, spec.name);
  if (!spec.choices.empty() &&
      std::find(spec.choices.begin(), spec.choices.end(), text) == spec.choices.end())
    fail_at(node.source(),
            "'" + spec.name + "' must be one of " + joined(spec.choices) + ", not " + in_quotes(text));
  return text;
}

std::string no_such_argument(const ActionEntry& action, std::string_view arg) {
  std::string message = "action " + action.name + " has no argument " + in_quotes(arg);
  if (action.args.empty()) return message + "; it takes none";
  std::vector<std::string> names;
  for (const auto& spec : action.args) names.push_back(spec.name);
  return message + "; its arguments: " + joined(names);
}

Args read_action_args(const toml::node& node, std::string_view key, const ActionEntry& action) {
  Args args;
  for (const auto& [arg, value] : entries_in_file_order(expect_table(node, key))) {
    const ArgSpec* spec = action.find_arg(arg->str());
    if (spec == nullptr) fail_at(arg->source(), no_such_argument(action, arg->str()));
    args[std::string(arg->str())] = read_arg_value(*value, *spec);
  }
  return args;
}

// A default must suit every action that declares the argument, since it applies to all of them.
Args read_params(const toml::node& node, const CaseFamily& family) {
  Args params;
  for (const auto& [key, value] : entries_in_file_order(expect_table(node, "params"))) {
    const std::string name(key->str());
    bool declared = false;
    for (const ActionEntry& action : family.actions) {
      if (const ArgSpec* spec = action.find_arg(name)) {
        params[name] = read_arg_value(*value, *spec);
        declared = true;
      }
    }
    if (!declared)
      fail_at(key->source(), "unknown parameter " + in_quotes(name) + ": no action has that argument");
  }
  return params;
}

void check_required_args(const Event& event, const ActionEntry& action, const Args& params,
                         const TableView& event_table) {
  for (const ArgSpec& spec : action.args) {
    if (!spec.required || event.args.count(spec.name) > 0 || params.count(spec.name) > 0) continue;
    event_table.fail("event " + in_quotes(event.id) + " lacks argument '" + spec.name + "' required by " +
                     action.name + ": set it in the event's args or in [params]");
  }
}

// -----------------------------------------------------------------------------
// [SECTION] Top level: id, schema, texts, figures, invariants
// -----------------------------------------------------------------------------

const CaseFamily& read_schema(const TableView& top, std::string& schema_name) {
  const toml::node& node = top.require("schema");
  schema_name = expect_string(node, "schema");
  const CaseFamily* family = find_family(schema_name);
  if (family == nullptr) fail_at(node.source(), "unknown schema " + in_quotes(schema_name));
  return *family;
}

void read_models(const toml::node& node, Scenario& scenario) {
  TableView models(expect_table(node, "models"), "models");
  models.allow_only({"naive", "atomic"});
  // Named in full so a message says which of the two texts is at fault.
  if (const toml::node* naive = models.find("naive"))
    scenario.naive_model = read_localized(*naive, "models.naive");
  if (const toml::node* atomic = models.find("atomic"))
    scenario.atomic_model = read_localized(*atomic, "models.atomic");
}

// -----------------------------------------------------------------------------
// [SECTION] Actors and events
// -----------------------------------------------------------------------------

std::vector<Actor> read_actors(const TableView& top) {
  const toml::array& array = top.require_array("actors");
  if (array.empty()) fail_at(array.source(), "'actors' must have at least one entry");
  check_count(array, ScenarioLimits::max_actors, "actors");
  std::vector<Actor> actors;
  FirstDefinitions ids("actor id");
  for (const toml::node& node : array) {
    TableView table(expect_entry_table(node, "actors"), "actor");
    table.allow_only({"id", "name"});
    Actor actor;
    actor.id = read_id(table.require("id"), "id");
    // The simulated payment provider has a connection of its own under this name.
    if (actor.id == "provider")
      fail_at(table.require("id").source(),
              "actor id 'provider' is reserved for the simulated payment provider");
    ids.add(actor.id, table.require("id"));
    actor.name = read_localized(table.require("name"), "name");
    actor.pos = position_of(node.source());
    actors.push_back(std::move(actor));
  }
  return actors;
}

const ActionEntry& read_action(const toml::node& node, const CaseFamily& schema) {
  const std::string name = expect_string(node, "action");
  if (const ActionEntry* action = find_action(schema, name)) return *action;
  for (const CaseFamily* other : case_families())
    if (other != &schema && find_action(*other, name))
      fail_at(node.source(), "action " + name + " runs on the " + other->name +
                                 " schema, but this scenario uses " + schema.name);
  std::vector<std::string> known;
  for (const ActionEntry& action : schema.actions) known.push_back(action.name);
  for (const ActionEntry& action : lifecycle_actions()) known.push_back(action.name);
  fail_at(node.source(), "unknown action " + in_quotes(name) + "; known actions: " + joined(known));
}

// The facts an event's note states (`facts`), checked against every run by note_facts.hpp.

Value read_cell(const toml::node& node, std::string_view column);
std::vector<std::string> table_names(const CaseFamily& schema);

// A value as the tables show it: what a fact compares with a cell's or an argument's display text.
std::string fact_value(const toml::node& node, std::string_view key) {
  if (const auto* boolean = node.as_boolean()) return boolean->get() ? "1" : "0";
  return to_display(read_cell(node, key));
}

std::vector<std::string> fact_values(const toml::node& node, std::string_view key) {
  std::vector<std::string> values;
  if (const auto* array = node.as_array()) {
    if (array->empty()) fail_at(node.source(), "'" + std::string(key) + "' must list at least one value");
    for (const auto& element : *array) values.push_back(fact_value(element, key));
  } else {
    values.push_back(fact_value(node, key));
  }
  return values;
}

NoteFact read_fact(const toml::node& node, const ActionEntry& action, const CaseFamily& schema) {
  const toml::table* entry = node.as_table();
  if (entry == nullptr)
    fail_at(node.source(),
            "each of 'facts' must be a table such as { arg = \"event_id\", is = \"evt_1\" }, "
            "not " +
                std::string(type_name(node)));
  TableView table(*entry, "fact");
  NoteFact fact;
  fact.pos = position_of(node.source());
  if (table.find("arg")) {
    table.allow_only({"arg", "is", "same_as", "differs_from"});
    fact.kind = NoteFact::Kind::argument;
    const toml::node& arg = table.require("arg");
    fact.arg = expect_string(arg, "arg");
    if (action.find_arg(fact.arg) == nullptr) fail_at(arg.source(), no_such_argument(action, fact.arg));
    int tests = 0;
    if (const toml::node* is = table.find("is")) fact.is = fact_values(*is, "is"), ++tests;
    if (const toml::node* same = table.find("same_as"))
      fact.same_as = expect_string(*same, "same_as"), ++tests;
    if (const toml::node* other = table.find("differs_from"))
      fact.differs_from = expect_string(*other, "differs_from"), ++tests;
    if (tests != 1) table.fail("a fact about an argument says one of 'is', 'same_as' or 'differs_from'");
  } else if (table.find("outcome")) {
    table.allow_only({"outcome"});
    fact.kind = NoteFact::Kind::outcome;
    fact.is = fact_values(*table.find("outcome"), "outcome");
  } else if (table.find("table")) {
    table.allow_only({"table", "where", "rows", "exists", "when"});
    fact.kind = NoteFact::Kind::rows;
    const toml::node& name = table.require("table");
    fact.table = expect_string(name, "table");
    const TableInfo* info = schema.find_table(fact.table);
    if (info == nullptr)
      fail_at(name.source(), "unknown table " + in_quotes(fact.table) + " in the " + schema.name +
                                 " schema; known tables: " + joined(table_names(schema)));
    if (const toml::node* where = table.find("where")) {
      for (const auto& [column, value] : entries_in_file_order(expect_table(*where, "where"))) {
        const std::string column_name(column->str());
        if (std::find(info->columns.begin(), info->columns.end(), column_name) == info->columns.end())
          fail_at(column->source(), "table " + info->name + " has no column " + in_quotes(column_name) +
                                        "; its columns: " + joined(info->columns));
        fact.where.emplace_back(column_name, fact_value(*value, column_name));
      }
    }
    const toml::node* rows = table.find("rows");
    const toml::node* exists = table.find("exists");
    if ((rows == nullptr) == (exists == nullptr))
      table.fail("a fact about rows says either 'rows' (how many) or 'exists' (true or false)");
    if (rows) fact.rows = expect_integer(*rows, "rows", 0, ScenarioLimits::max_initial_rows);
    if (exists) fact.exists = expect_boolean(*exists, "exists");
    if (const toml::node* when = table.find("when")) {
      const std::string moment = expect_string(*when, "when");
      if (moment != "before" && moment != "after")
        fail_at(when->source(),
                "'when' must be \"before\" or \"after\" (the step), not " + in_quotes(moment));
      fact.before = moment == "before";
    }
  } else {
    table.fail("a fact names an 'arg', an 'outcome' or a 'table'");
  }
  return fact;
}

std::vector<NoteFact> read_facts(const toml::node& node, const ActionEntry& action,
                                 const CaseFamily& schema) {
  std::vector<NoteFact> facts;
  for (const auto& element : expect_array(node, "facts")) facts.push_back(read_fact(element, action, schema));
  return facts;
}

// A fact that compares an argument with another event's names an event that has that argument too.
void check_fact_events(const std::vector<Event>& events, const CaseFamily& schema) {
  const auto find = [&](const std::string& id) -> const Event* {
    for (const Event& event : events)
      if (event.id == id) return &event;
    return nullptr;
  };
  for (const Event& event : events) {
    for (const NoteFact& fact : event.facts) {
      const std::string& other_id = fact.same_as.empty() ? fact.differs_from : fact.same_as;
      if (other_id.empty()) continue;
      const Event* other = find(other_id);
      const auto fail = [&](const std::string& message) { throw ScenarioError(fact.pos, message); };
      if (other == nullptr) fail("unknown event " + in_quotes(other_id) + " in a fact of " + event.id);
      const ActionEntry* action = find_action(schema, other->action);
      if (action && !action->find_arg(fact.arg))
        fail("event " + other_id + " (" + other->action + ") has no argument " + in_quotes(fact.arg) +
             " to compare with");
    }
  }
}

Event read_event(const toml::node& node, const Scenario& scenario, const CaseFamily& schema,
                 FirstDefinitions& event_ids) {
  TableView table(expect_entry_table(node, "events"), "event");
  table.allow_only({"id", "actor", "action", "time", "movable", "time_label", "args", "note", "facts"});
  Event event;
  event.id = read_id(table.require("id"), "id");
  event_ids.add(event.id, table.require("id"));
  const toml::node& actor = table.require("actor");
  event.actor = expect_string(actor, "actor");
  if (scenario.find_actor(event.actor) == nullptr)
    fail_at(actor.source(), "unknown actor " + in_quotes(event.actor));
  const ActionEntry& action = read_action(table.require("action"), schema);
  event.action = action.name;
  event.time = table.require_integer("time", 0, ScenarioLimits::max_seconds);
  if (const toml::node* movable = table.find("movable")) event.movable = expect_boolean(*movable, "movable");
  if (const toml::node* args = table.find("args")) event.args = read_action_args(*args, "args", action);
  event.note = read_optional_localized(table, "note");
  if (const toml::node* facts = table.find("facts")) {
    if (event.note.empty())
      fail_at(facts->source(), "'facts' says what the event's note states: give a note");
    event.facts = read_facts(*facts, action, schema);
    event.facts_declared = true;
  }
  event.time_label = read_optional_localized(table, "time_label");
  event.pos = position_of(node.source());
  check_required_args(event, action, scenario.params, table);
  return event;
}

std::vector<Event> read_events(const TableView& top, const Scenario& scenario, const CaseFamily& schema) {
  const toml::array& array = top.require_array("events");
  if (array.empty()) fail_at(array.source(), "'events' must have at least one entry");
  check_count(array, ScenarioLimits::max_events, "events");
  std::vector<Event> events;
  FirstDefinitions ids("event id");
  for (const toml::node& node : array) events.push_back(read_event(node, scenario, schema, ids));
  check_fact_events(events, schema);
  return events;
}

// -----------------------------------------------------------------------------
// [SECTION] Presets and the lane-order rule
// -----------------------------------------------------------------------------

// Events by id: presets look events up often enough (a hundred orders of a thousand ids) to need an index.
using EventIndex = std::map<std::string, const Event*, std::less<>>;

EventIndex index_events(const std::vector<Event>& events) {
  EventIndex index;
  for (const Event& event : events) index.emplace(event.id, &event);
  return index;
}

const Event& known_event(const toml::source_region& where, const std::string& event_id,
                         const EventIndex& events, std::string_view place) {
  auto it = events.find(event_id);
  if (it == events.end())
    fail_at(where, "unknown event " + in_quotes(event_id) + " in " + std::string(place));
  return *it->second;
}

std::vector<std::string> read_order(const toml::node& node, const EventIndex& events,
                                    const std::string& preset) {
  const std::string place = "the order of preset '" + preset + "'";
  const toml::array& array = expect_array(node, "order");
  if (array.empty()) fail_at(array.source(), "'order' must list at least one event");
  std::vector<std::string> order;
  std::set<std::string, std::less<>> listed;
  for (const toml::node& element : array) {
    std::string event_id = expect_string(element, "order");
    known_event(element.source(), event_id, events, place);
    if (!listed.insert(event_id).second)
      fail_at(element.source(), "event " + in_quotes(event_id) + " appears twice in " + place);
    order.push_back(std::move(event_id));
  }
  return order;
}

std::map<std::string, std::int64_t> read_times(const toml::node& node, const EventIndex& events,
                                               const std::string& preset) {
  std::map<std::string, std::int64_t> times;
  for (const auto& [key, value] : entries_in_file_order(expect_table(node, "times"))) {
    const std::string event_id(key->str());
    known_event(key->source(), event_id, events, "the times of preset '" + preset + "'");
    times[event_id] = expect_integer(*value, "times." + event_id, 0, ScenarioLimits::max_seconds);
  }
  return times;
}

std::map<std::string, Args> read_arg_overrides(const toml::node& node, const EventIndex& events,
                                               const std::string& preset, const CaseFamily& family) {
  std::map<std::string, Args> overrides;
  for (const auto& [key, value] : entries_in_file_order(expect_table(node, "args"))) {
    const std::string event_id(key->str());
    const Event& event = known_event(key->source(), event_id, events, "the args of preset '" + preset + "'");
    overrides[event_id] = read_action_args(*value, "args." + event_id, *find_action(family, event.action));
  }
  return overrides;
}

// Each actor runs its own events in lane order: by scheduled time (this preset's overrides
// applied), ties in file order. An order may stop early in a lane but never skip ahead.
void check_lane_order(const Preset& preset, const toml::array& order_nodes, const Scenario& scenario,
                      const EventIndex& events) {
  std::map<std::string, std::vector<const Event*>> lanes;
  for (const Event& event : scenario.events) lanes[event.actor].push_back(&event);
  auto time_of = [&](const Event* event) {
    auto it = preset.times.find(event->id);
    return it == preset.times.end() ? event->time : it->second;
  };
  for (auto& [actor, lane] : lanes)
    std::stable_sort(lane.begin(), lane.end(), [&](auto* a, auto* b) { return time_of(a) < time_of(b); });

  std::map<std::string, std::size_t> next_in_lane;
  for (std::size_t i = 0; i < preset.order.size(); ++i) {
    const Event* event = events.find(preset.order[i])->second;
    const Event* expected = lanes[event->actor][next_in_lane[event->actor]++];
    if (expected != event)
      fail_at(order_nodes[i].source(), "preset '" + preset.name + "' runs '" + event->id + "' before '" +
                                           expected->id + "', which comes earlier in actor " + event->actor +
                                           "'s lane (by time, ties in file order)");
  }
}

// `naive_harm = false`, or per backend where they differ: `naive_harm = { sqlite = true, postgres = false }`.
void read_naive_harm(const toml::node& node, Preset& preset) {
  if (!node.is_table()) {
    preset.naive_harm = expect_boolean(node, "naive_harm");
    return;
  }
  TableView backends(expect_table(node, "naive_harm"), "naive_harm");
  backends.allow_only({"sqlite", "postgres", "mariadb"});
  for (const Backend backend : all_backends()) {
    const std::string name(backend_name(backend));
    if (const toml::node* value = backends.find(name))
      preset.naive_harm_by_backend[name] = expect_boolean(*value, "naive_harm." + name);
  }
}

Preset read_preset(const toml::node& node, const Scenario& scenario, const EventIndex& events,
                   FirstDefinitions& preset_names) {
  TableView table(expect_entry_table(node, "presets"), "preset");
  table.allow_only({"name", "title", "order", "times", "args", "naive_harm"});
  Preset preset;
  preset.name = read_id(table.require("name"), "name");
  preset_names.add(preset.name, table.require("name"));
  preset.title = read_optional_localized(table, "title");
  preset.order = read_order(table.require("order"), events, preset.name);
  if (const toml::node* times = table.find("times")) preset.times = read_times(*times, events, preset.name);
  if (const toml::node* args = table.find("args"))
    preset.args = read_arg_overrides(*args, events, preset.name, *find_family(scenario.schema));
  if (const toml::node* harm = table.find("naive_harm")) read_naive_harm(*harm, preset);
  preset.pos = position_of(node.source());
  check_lane_order(preset, *table.require("order").as_array(), scenario, events);
  return preset;
}

std::vector<Preset> read_presets(const toml::node& node, const Scenario& scenario) {
  const toml::array& array = expect_array(node, "presets");
  check_count(array, ScenarioLimits::max_presets, "presets");
  const EventIndex events = index_events(scenario.events);
  std::vector<Preset> presets;
  FirstDefinitions names("preset name");
  for (const toml::node& element : array) presets.push_back(read_preset(element, scenario, events, names));
  return presets;
}

// -----------------------------------------------------------------------------
// [SECTION] Initial rows
// -----------------------------------------------------------------------------

Value read_cell(const toml::node& node, std::string_view column) {
  if (const auto* integer = node.as_integer()) return integer->get();
  if (const auto* real = node.as_floating_point()) return real->get();
  if (const auto* boolean = node.as_boolean()) return std::int64_t{boolean->get() ? 1 : 0};
  if (node.is_string()) return expect_string(node, column);
  fail_at(node.source(), "'" + std::string(column) + "' must be a string, a number or a boolean, not " +
                             std::string(type_name(node)));
}

InitialRow read_row(const toml::node& node, const TableInfo& table) {
  const std::string array_key = "initial." + table.name;
  InitialRow row;
  row.table = table.name;
  row.pos = position_of(node.source());
  const auto cells = entries_in_file_order(expect_entry_table(node, array_key));
  if (cells.empty()) fail_at(node.source(), "a row of " + table.name + " must set at least one column");
  for (const auto& [column, value] : cells) {
    const std::string name(column->str());
    if (std::find(table.columns.begin(), table.columns.end(), name) == table.columns.end())
      fail_at(column->source(), "table " + table.name + " has no column " + in_quotes(name) +
                                    "; its columns: " + joined(table.columns));
    row.cells.emplace_back(name, read_cell(*value, name));
  }
  return row;
}

std::vector<std::string> table_names(const CaseFamily& schema) {
  std::vector<std::string> names;
  for (const TableInfo& table : schema.tables) names.push_back(table.name);
  return names;
}

// Rows of all tables in the order they were written, so an instructor controls insertion order.
std::vector<InitialRow> read_initial(const toml::node& node, const CaseFamily& schema) {
  std::vector<std::pair<const toml::node*, InitialRow>> rows;
  for (const auto& [key, value] : entries_in_file_order(expect_table(node, "initial"))) {
    const TableInfo* table = schema.find_table(key->str());
    if (table == nullptr)
      fail_at(key->source(), "unknown table " + in_quotes(key->str()) + " in the " + schema.name +
                                 " schema; known tables: " + joined(table_names(schema)));
    if (!value->is_array())
      fail_at(value->source(), "initial rows of " + table->name + " must be written as [[initial." +
                                   table->name + "]] tables, not " + std::string(type_name(*value)));
    for (const toml::node& element : *value->as_array()) {
      if (rows.size() == ScenarioLimits::max_initial_rows)
        fail_at(element.source(),
                "too many initial rows: at most " + std::to_string(ScenarioLimits::max_initial_rows));
      rows.emplace_back(&element, read_row(element, *table));
    }
  }
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    const auto& left = a.first->source().begin;
    const auto& right = b.first->source().begin;
    return left.line != right.line ? left.line < right.line : left.column < right.column;
  });
  std::vector<InitialRow> ordered;
  for (auto& [element, row] : rows) ordered.push_back(std::move(row));
  return ordered;
}

// -----------------------------------------------------------------------------
// [SECTION] The whole scenario
// -----------------------------------------------------------------------------

std::vector<LocalizedText> read_questions(const toml::node& node) {
  const toml::array& array = expect_array(node, "questions");
  check_count(array, ScenarioLimits::max_questions, "questions");
  std::vector<LocalizedText> questions;
  for (const toml::node& element : array) questions.push_back(read_localized(element, "question"));
  return questions;
}

// A text may quote an event's time as {at:EVENT} (timed_text.hpp): EVENT must be one of the file's events.
void check_quoted_times(const toml::node& node, const Scenario& scenario) {
  if (const auto* text = node.as_string()) {
    for (const auto& event : quoted_event_times(text->get()))
      if (scenario.find_event(event) == nullptr)
        fail_at(node.source(), "{at:" + event + "} quotes the time of an event this file does not have");
  } else if (const auto* table = node.as_table()) {
    for (const auto& [key, child] : *table) check_quoted_times(child, scenario);
  } else if (const auto* array = node.as_array()) {
    for (const auto& child : *array) check_quoted_times(child, scenario);
  }
}

void check_quoted_times(const TableView& top, const Scenario& scenario) {
  for (std::string_view key : {"summary", "questions"})
    if (const toml::node* node = top.find(key)) check_quoted_times(*node, scenario);
  // A title and the models are the same in every run: they keep plain numbers.
  for (const LocalizedText* text : {&scenario.title, &scenario.naive_model, &scenario.atomic_model})
    if (!quoted_event_times(text->en).empty() || !quoted_event_times(text->zh).empty())
      top.fail(
          "only the summary, the questions and event notes can quote an event's time ({at:EVENT}); the "
          "title and the models say the same in every run");
  if (const toml::node* events = top.find("events"); events && events->is_array())
    for (const auto& event : *events->as_array())
      if (const auto* table = event.as_table())
        if (const toml::node* note = table->get("note")) check_quoted_times(*note, scenario);
}

// Reads in dependency order: params before events (required arguments), actors before
// events, events before presets.
Scenario read_scenario(const toml::table& root, const std::string& source_name) {
  TableView top(root, "");
  if (const toml::node* kind = top.find("kind");
      kind && kind->is_string() && kind->as_string()->get() == "sql")
    fail_at(kind->source(),
            "this is an SQL scenario (kind = \"sql\"): run it with reslab trace FILE, reslab check "
            "FILE or reslab isolation; the window steps the named-action cases");
  top.allow_only({"id", "schema", "title", "summary", "models", "figures", "invariants", "params", "actors",
                  "events", "presets", "initial", "questions"});
  Scenario scenario;
  scenario.file = source_name;
  scenario.id = read_id(top.require("id"), "id");
  const CaseFamily& schema = read_schema(top, scenario.schema);
  scenario.title = read_localized(top.require("title"), "title");
  scenario.summary = read_optional_localized(top, "summary");
  if (const toml::node* models = top.find("models")) read_models(*models, scenario);
  if (const toml::node* figures = top.find("figures"))
    scenario.figures = read_name_list(*figures, "figures", "figure", schema.figures, schema.name);
  if (const toml::node* invariants = top.find("invariants"))
    scenario.invariants =
        read_name_list(*invariants, "invariants", "invariant", schema.invariants, schema.name);
  if (const toml::node* params = top.find("params")) scenario.params = read_params(*params, schema);
  scenario.actors = read_actors(top);
  scenario.events = read_events(top, scenario, schema);
  if (const toml::node* presets = top.find("presets")) scenario.presets = read_presets(*presets, scenario);
  if (const toml::node* initial = top.find("initial")) scenario.initial = read_initial(*initial, schema);
  if (const toml::node* questions = top.find("questions")) scenario.questions = read_questions(*questions);
  check_quoted_times(top, scenario);
  return scenario;
}

}  // namespace

Scenario parse_scenario(std::string_view text, const std::string& source_name) {
  return read_scenario(parse_scenario_text(text, source_name), source_name);
}

Scenario load_scenario_file(const std::string& path) {
  return parse_scenario(read_file_bounded(path), path);
}

std::string read_scenario_text(const std::string& path) {
  return read_file_bounded(path);
}

}  // namespace reslab
