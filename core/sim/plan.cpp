#include "core/sim/plan.hpp"

#include <algorithm>
#include <charconv>
#include <set>

#include "core/sim/errors.hpp"
#include "core/sim/scenario_limits.hpp"

namespace reslab {
namespace {

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

void check_events_known(const Scenario& scenario, const std::vector<std::string>& order) {
  std::set<std::string> seen;
  for (const auto& id : order) {
    if (!scenario.find_event(id)) throw UsageError("unknown event '" + id + "' in the order");
    if (!seen.insert(id).second) throw UsageError("event '" + id + "' appears twice in the order");
  }
}

}  // namespace

std::int64_t Plan::time_of(const std::string& event_id) const {
  auto it = times.find(event_id);
  return it == times.end() ? 0 : it->second;
}

Plan make_plan(const Scenario& scenario, const PlanRequest& request) {
  Plan plan;
  plan.model = request.model;
  plan.backend = request.backend;

  const Preset* preset = nullptr;
  if (request.preset) {
    preset = scenario.find_preset(*request.preset);
    if (!preset) {
      std::string known;
      for (const auto& p : scenario.presets) known += (known.empty() ? "" : ", ") + p.name;
      throw UsageError("unknown preset '" + *request.preset + "' (presets: " + known + ")");
    }
  } else if (!request.order && !scenario.presets.empty()) {
    preset = &scenario.presets.front();
  }
  if (preset) plan.preset = preset->name;

  for (const auto& event : scenario.events) {
    plan.times[event.id] = event.time;
    Args args;
    for (const auto& [name, value] : scenario.params) args[name] = value;
    for (const auto& [name, value] : event.args) args[name] = value;
    plan.args[event.id] = std::move(args);
  }
  if (preset) {
    for (const auto& [id, time] : preset->times) plan.times[id] = time;
    for (const auto& [id, args] : preset->args)
      for (const auto& [name, value] : args) plan.args[id][name] = value;
  }
  for (const auto& [id, time] : request.at) {
    if (!scenario.find_event(id)) throw UsageError("--at names unknown event '" + id + "'");
    if (time < 0 || time > ScenarioLimits::max_seconds)
      throw UsageError("--at " + id + ": time must be between 0 and " +
                       std::to_string(ScenarioLimits::max_seconds));
    if (const TimeFloor floor = earliest_time(plan, id); time < floor.seconds)
      throw UsageError("--at " + id + "=" + std::to_string(time) + ": " + id + " reports what happened at " +
                       std::to_string(floor.seconds) + " s (" + floor.argument +
                       "), so it cannot run before " + std::to_string(floor.seconds) + " s");
    plan.times[id] = time;
  }

  if (request.order) {
    plan.order = *request.order;
  } else if (preset) {
    plan.order = preset->order;
  } else {
    for (const auto& event : scenario.events) plan.order.push_back(event.id);
  }
  check_events_known(scenario, plan.order);

  // Moving an event in time moves it in the order, unless the order was given explicitly.
  if (!request.order && !request.at.empty())
    plan.order = order_by_time(scenario, std::move(plan.order), plan);
  return plan;
}

TimeFloor earliest_time(const Plan& plan, const std::string& event_id) {
  TimeFloor floor;
  const auto args = plan.args.find(event_id);
  if (args == plan.args.end()) return floor;
  for (const auto& [name, value] : args->second) {
    const bool time = name.size() > 3 && name.compare(name.size() - 3, 3, "_at") == 0;
    if (time && std::holds_alternative<std::int64_t>(value) && std::get<std::int64_t>(value) > floor.seconds)
      floor = {std::get<std::int64_t>(value), name};
  }
  return floor;
}

std::vector<std::string> order_by_time(const Scenario& scenario, std::vector<std::string> order,
                                       const Plan& timing) {
  const auto earlier = [&](const std::string& a, const std::string& b) {
    return timing.time_of(a) < timing.time_of(b);
  };
  std::stable_sort(order.begin(), order.end(), earlier);
  // Each actor keeps the places its events got and fills them in its lane order.
  for (const auto& actor : scenario.actors) {
    std::vector<std::size_t> places;
    std::set<std::string> in_order;
    for (std::size_t i = 0; i < order.size(); ++i) {
      if (scenario.find_event(order[i])->actor != actor.id) continue;
      places.push_back(i);
      in_order.insert(order[i]);
    }
    std::vector<std::string> lane;
    for (const auto& event : scenario.events)
      if (event.actor == actor.id && in_order.count(event.id)) lane.push_back(event.id);
    std::stable_sort(lane.begin(), lane.end(), earlier);
    for (std::size_t i = 0; i < places.size(); ++i) order[places[i]] = lane[i];
  }
  return order;
}

std::vector<std::string> split_order(const std::string& text) {
  std::vector<std::string> ids;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::size_t end = comma == std::string::npos ? text.size() : comma;
    std::string id = trim(std::string_view(text).substr(start, end - start));
    if (id.empty()) throw UsageError("--order has an empty item in '" + text + "'");
    ids.push_back(std::move(id));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return ids;
}

std::pair<std::string, std::int64_t> parse_at(const std::string& text) {
  const auto equals = text.find('=');
  if (equals == std::string::npos) throw UsageError("--at expects ID=SECONDS, got '" + text + "'");
  const std::string id = trim(std::string_view(text).substr(0, equals));
  const std::string seconds = trim(std::string_view(text).substr(equals + 1));
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(seconds.data(), seconds.data() + seconds.size(), value);
  if (id.empty() || seconds.empty() || error != std::errc() || end != seconds.data() + seconds.size())
    throw UsageError("--at expects ID=SECONDS with whole seconds, got '" + text + "'");
  return {id, value};
}

}  // namespace reslab
