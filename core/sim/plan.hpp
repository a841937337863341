#pragma once
// A plan resolves what to run: the model, the order of event ids, and every
// event's effective time and arguments (scenario params < event args < preset
// overrides; times from the preset, then --at).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

struct Plan {
  Model model = Model::atomic;
  Backend backend = Backend::sqlite;
  std::string preset;  // empty when no preset applies
  std::vector<std::string> order;
  std::map<std::string, std::int64_t> times;
  std::map<std::string, Args> args;

  std::int64_t time_of(const std::string& event_id) const;
};

struct PlanRequest {
  Model model = Model::atomic;
  Backend backend = Backend::sqlite;
  std::optional<std::string> preset;              // default: the first preset (unless an order is given)
  std::optional<std::vector<std::string>> order;  // kept as given
  std::vector<std::pair<std::string, std::int64_t>> at;  // --at ID=SECONDS
};

// Throws UsageError for an unknown preset or event, a repeated event, or a bad time.
Plan make_plan(const Scenario& scenario, const PlanRequest& request);

// The order a schedule gives after an event moved in time: by each event's time in `timing`, ties
// kept in `order`'s order, and each actor's events still in its lane order (by time, ties in file
// order) in the places its events got. Used by --at without --order and by dragging in the app.
std::vector<std::string> order_by_time(const Scenario& scenario, std::vector<std::string> order,
                                       const Plan& timing);

// The earliest an event may be scheduled: a time it carries in an argument named *_at (a callback
// reports a payment made then: it cannot arrive before it), the latest of them; 0 and "" when it carries
// none.
struct TimeFloor {
  std::int64_t seconds = 0;
  std::string argument;  // "paid_at"
};
TimeFloor earliest_time(const Plan& plan, const std::string& event_id);

// "A1,B1,A2" -> {"A1","B1","A2"} (spaces trimmed, empty items rejected).
std::vector<std::string> split_order(const std::string& text);
// "payment=9" -> {"payment", 9}; throws UsageError.
std::pair<std::string, std::int64_t> parse_at(const std::string& text);

}  // namespace reslab
