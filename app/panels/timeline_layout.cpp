#include "app/panels/timeline_layout.hpp"

#include <algorithm>
#include <cmath>

namespace reslab {

const MarkerRecord* TimelineLayout::marker_at(float x, float y) const {
  for (const auto& marker : markers) {
    const float dx = x - marker.x, dy = y - marker.y;
    const float reach = marker.radius + 4;
    if (dx * dx + dy * dy <= reach * reach) return &marker;
  }
  return nullptr;
}

TimelineLayout layout_timeline(const LabSession& session, const TimelineGeometry& g, int hidden_from) {
  const Scenario& scenario = session.scenario();
  const Trace& trace = session.trace();
  const int cursor = session.cursor();
  TimelineLayout layout;

  const Preset* preset = scenario.find_preset(session.preset());
  const auto acts = [&](const std::string& actor) {
    const auto in = [&](const std::vector<std::string>& order) {
      return std::any_of(order.begin(), order.end(), [&](const std::string& id) {
        const Event* event = scenario.find_event(id);
        return event && event->actor == actor;
      });
    };
    return !preset || in(preset->order) || in(trace.order);
  };
  for (const auto& actor : scenario.actors) {
    const bool idle = !acts(actor.id);
    if (idle && g.hide_idle_lanes) continue;
    const float y = g.top + g.axis_height + g.lane_height * (static_cast<float>(layout.lanes.size()) + 0.5f);
    layout.lanes.push_back({actor.id, y, g.left + g.label_width, 0, idle});
  }
  const auto lane_of = [&](const std::string& actor) -> const LaneRecord* {
    for (const auto& lane : layout.lanes)
      if (lane.actor == actor) return &lane;
    return nullptr;
  };
  const auto lane_y = [&](const std::string& actor) {
    const LaneRecord* lane = lane_of(actor);
    return lane ? lane->y : g.top;
  };

  // Columns: the order's steps first, then the events not in it, by time (file order on ties).
  struct Column {
    const Event* event;
    int step;
    std::int64_t time;
  };
  std::vector<Column> columns;
  for (const auto& step : trace.steps)
    columns.push_back({scenario.find_event(step.event), step.index, step.time});
  std::vector<Column> rest;
  for (const auto& event : scenario.events) {
    const bool in_order = std::find(trace.order.begin(), trace.order.end(), event.id) != trace.order.end();
    const LaneRecord* lane = lane_of(event.actor);
    const bool idle_lane = !lane || lane->idle;
    if (!in_order && !idle_lane) rest.push_back({&event, 0, session.time_of(event.id)});
  }
  std::stable_sort(rest.begin(), rest.end(),
                   [](const Column& a, const Column& b) { return a.time < b.time; });
  const std::int64_t last_time = trace.steps.empty() ? 0 : trace.steps.back().time;
  for (auto& column : rest) column.time = std::max(column.time, last_time);
  columns.insert(columns.end(), rest.begin(), rest.end());

  // Who is waiting at the step shown, on which event. While a step's result is
  // hidden, the waits are those before it: a new wait would give the answer away.
  // Keyed by the step that ran the event: an SQL permutation may run a step twice.
  std::vector<int> waiting_steps;
  const int state_step = hidden_from != 0 ? std::min(cursor, hidden_from - 1) : cursor;
  if (state_step > 0)
    for (const auto& status : trace.steps[static_cast<std::size_t>(state_step - 1)].actors)
      if (!status.waiting_event.empty()) waiting_steps.push_back(status.waiting_step);

  float x = g.left + g.label_width + g.column_width * 0.5f;
  std::int64_t previous_time = -1;
  std::vector<float> step_x(trace.steps.size() + 1, 0.0f);
  // An SQL scenario's steps have no time: no axis, only their order.
  const bool timed = !session.is_sql();
  for (const auto& column : columns) {
    if (column.time != previous_time) {
      if (previous_time >= 0) x += g.time_gap;
      if (timed) layout.ticks.push_back({x, column.time});
      previous_time = column.time;
    }
    MarkerRecord marker;
    marker.event = column.event->id;
    marker.actor = column.event->actor;
    marker.step = column.step;
    marker.x = x;
    marker.y = lane_y(marker.actor);
    marker.radius = g.marker_radius;
    marker.time = column.time;
    marker.movable = column.event->movable;
    if (column.step == 0) {
      marker.kind = MarkerKind::pending;
    } else if (column.step > cursor) {
      marker.kind = MarkerKind::planned;
    } else if (hidden_from != 0 && column.step >= hidden_from) {
      marker.kind = column.step == cursor ? MarkerKind::current : MarkerKind::done;
    } else if (std::find(waiting_steps.begin(), waiting_steps.end(), column.step) != waiting_steps.end()) {
      marker.kind = MarkerKind::waiting;
    } else {
      marker.kind = column.step == cursor ? MarkerKind::current : MarkerKind::done;
    }
    const bool hidden = hidden_from != 0 && column.step >= hidden_from;
    if (column.step != 0 && column.step <= cursor && !hidden)
      marker.outcome = trace.steps[static_cast<std::size_t>(column.step - 1)].outcome;
    if (column.step != 0) step_x[static_cast<std::size_t>(column.step)] = x;
    layout.markers.push_back(std::move(marker));
    x += g.column_width;
  }

  for (const auto& step : trace.steps) {
    if (step.index > cursor || (hidden_from != 0 && step.index >= hidden_from)) continue;
    for (const auto& wake : step.wakes) {
      const float at = step_x[static_cast<std::size_t>(step.index)];
      layout.arrows.push_back({step.index, wake.actor, at, lane_y(step.actor), at, lane_y(wake.actor)});
    }
  }

  const float first_column = g.left + g.label_width;
  layout.cursor_x =
      cursor == 0 ? first_column + 4 : step_x[static_cast<std::size_t>(cursor)] + g.column_width * 0.45f;
  for (auto& lane : layout.lanes) lane.x1 = x;
  layout.width = x - g.left;
  layout.height = g.axis_height + g.lane_height * static_cast<float>(layout.lanes.size());
  return layout;
}

}  // namespace reslab
