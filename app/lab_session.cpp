#include "app/lab_session.hpp"

#include <algorithm>

#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"

namespace reslab {

LabSession::LabSession(std::shared_ptr<const Scenario> scenario, Model model)
    : m_scenario(std::move(scenario)), m_model(model) {
  if (!m_scenario->presets.empty()) {
    m_preset = m_scenario->presets.front().name;
    m_wanted = m_scenario->presets.front().order;
  }
  rebuild();
}

Plan LabSession::plan_for(const std::vector<std::string>& order, Model model) const {
  PlanRequest request;
  request.model = model;
  if (!m_preset.empty()) request.preset = m_preset;
  request.order = order;
  for (const auto& [event, seconds] : m_moved) request.at.emplace_back(event, seconds);
  return make_plan(*m_scenario, request);
}

void LabSession::rebuild() {
  PartialReplay replay = replay_as_far_as_possible(*m_scenario, plan_for(m_wanted, m_model));
  m_trace = std::move(replay.trace);
  m_stopped = std::move(replay.stopped);
  m_cursor = std::clamp(m_cursor, 0, step_count());
  position_cursor();
}

void LabSession::position_cursor() {
  const std::vector<std::string> done(m_trace.order.begin(), m_trace.order.begin() + m_cursor);
  m_live = std::make_unique<Simulator>(*m_scenario, plan_for(done, m_model));
  for (const auto& event : done) m_live->run(event);
}

const Step* LabSession::current_step() const {
  return m_cursor == 0 ? nullptr : &m_trace.steps[m_cursor - 1];
}

std::shared_ptr<const CommittedState> LabSession::committed_at(int step) const {
  if (step <= 0 || m_trace.steps.empty()) return m_trace.initial;
  return m_trace.steps[std::min(step, step_count()) - 1].committed;
}

std::int64_t LabSession::time_of(const std::string& event_id) const {
  return m_live->plan().time_of(event_id);
}

std::vector<ActorControl> LabSession::controls() const {
  const auto statuses = m_live->actor_statuses();
  std::vector<ActorControl> controls;
  for (const auto& actor : m_scenario->actors) {
    ActorControl control;
    control.actor = actor.id;
    for (const auto& status : statuses) {
      if (status.actor != actor.id) continue;
      control.waiting = !status.waiting_event.empty();
      // The engine says "A (A1)"; the button names the actor.
      control.waiting_for = status.waiting_for.substr(0, status.waiting_for.find_first_of(" ,"));
      control.resolved = status.resolved;
    }
    if (auto event = m_live->next_event(actor.id)) {
      control.event = *event;
      control.action = m_scenario->find_event(*event)->action;
      control.blocked_reason = m_live->why_not(*event);
    }
    controls.push_back(std::move(control));
  }
  return controls;
}

std::optional<std::string> LabSession::next_event() const {
  if (m_cursor < step_count()) return m_trace.order[m_cursor];
  const auto already_ran = [&](const std::string& id) {
    return std::find(m_trace.order.begin(), m_trace.order.end(), id) != m_trace.order.end();
  };
  if (const Preset* preset = m_scenario->find_preset(m_preset)) {
    for (const auto& id : preset->order)
      if (!already_ran(id) && m_live->why_not(id).empty()) return id;
  }
  // Off the preset's path: the earliest event any actor can run, ties in file order.
  std::optional<std::string> earliest;
  for (const auto& actor : m_scenario->actors) {
    auto event = m_live->next_event(actor.id);
    if (!event || !m_live->why_not(*event).empty()) continue;
    if (!earliest || time_of(*event) < time_of(*earliest)) earliest = event;
  }
  return earliest;
}

std::string LabSession::order_argument() const {
  std::string order;
  for (const auto& id : m_trace.order) order += (order.empty() ? "" : ",") + id;
  std::string argument = "--model " + std::string(model_name(m_model));
  if (!m_preset.empty()) argument += " --preset " + m_preset;
  argument += " --order " + (order.empty() ? std::string("\"\"") : order);
  for (const auto& [event, seconds] : m_moved) argument += " --at " + event + "=" + std::to_string(seconds);
  return argument;
}

std::string LabSession::step_forward() {
  if (m_cursor < step_count()) {
    m_live->run(m_trace.order[m_cursor]);
    ++m_cursor;
    return {};
  }
  const auto event = next_event();
  if (!event) return "every actor has finished or is waiting";
  m_wanted.assign(m_trace.order.begin(), m_trace.order.end());
  m_wanted.push_back(*event);
  m_cursor = step_count() + 1;
  rebuild();
  return m_cursor == step_count() ? std::string() : m_stopped;
}

void LabSession::step_back() {
  if (m_cursor == 0) return;
  --m_cursor;
  position_cursor();
}

void LabSession::reset() {
  m_cursor = 0;
  position_cursor();
}

void LabSession::jump_to(int step) {
  m_cursor = std::clamp(step, 0, step_count());
  position_cursor();
}

std::string LabSession::run_actor(const std::string& actor_id) {
  const auto event = m_live->next_event(actor_id);
  if (!event) return actor_id + " has nothing left to do";
  if (std::string why = m_live->why_not(*event); !why.empty()) return why;
  if (m_cursor < step_count() && m_trace.order[m_cursor] == *event) return step_forward();
  m_wanted.assign(m_trace.order.begin(), m_trace.order.begin() + m_cursor);
  m_wanted.push_back(*event);
  ++m_cursor;
  rebuild();
  return {};
}

void LabSession::set_model(Model model) {
  if (model == m_model) return;
  m_model = model;
  rebuild();
}

std::string LabSession::choose_preset(const std::string& name) {
  const Preset* preset = m_scenario->find_preset(name);
  if (!preset) return "unknown preset '" + name + "'";
  m_preset = name;
  m_moved.clear();
  m_wanted = preset->order;
  m_cursor = 0;
  rebuild();
  return {};
}

void LabSession::use_order(const std::string& preset, const std::vector<std::string>& order) {
  const std::string previous_preset = m_preset;
  m_preset = preset;
  try {
    plan_for(order, m_model);  // validates names before anything changes
  } catch (...) {
    m_preset = previous_preset;
    throw;
  }
  m_moved.clear();
  m_wanted = order;
  m_cursor = 0;
  rebuild();
}

std::string LabSession::move_event(const std::string& event_id, std::int64_t seconds) {
  const Event* event = m_scenario->find_event(event_id);
  if (!event) return "unknown event '" + event_id + "'";
  if (!event->movable) return "the scenario does not let " + event_id + " move";
  seconds = std::clamp<std::int64_t>(seconds, 0, 1'000'000'000);
  m_moved[event_id] = seconds;
  // The order follows the new time, as a schedule would; ties keep their place.
  Plan timing = plan_for({}, m_model);
  std::stable_sort(m_wanted.begin(), m_wanted.end(), [&](const std::string& a, const std::string& b) {
    return timing.time_of(a) < timing.time_of(b);
  });
  // Each actor still runs its own events in lane order (ties in file order):
  // its events keep the places they got, refilled in that order.
  for (const auto& actor : m_scenario->actors) {
    std::vector<std::size_t> places;
    std::vector<std::string> wanted_here;
    for (std::size_t i = 0; i < m_wanted.size(); ++i) {
      if (m_scenario->find_event(m_wanted[i])->actor != actor.id) continue;
      places.push_back(i);
      wanted_here.push_back(m_wanted[i]);
    }
    std::vector<std::string> lane;
    for (const auto& event : m_scenario->events)
      if (event.actor == actor.id) lane.push_back(event.id);
    std::stable_sort(lane.begin(), lane.end(), [&](const std::string& a, const std::string& b) {
      return timing.time_of(a) < timing.time_of(b);
    });
    std::size_t next = 0;
    for (const auto& id : lane) {
      if (next == places.size()) break;
      if (std::find(wanted_here.begin(), wanted_here.end(), id) != wanted_here.end()) m_wanted[places[next++]] = id;
    }
  }
  rebuild();
  return {};
}

void LabSession::replace_scenario(std::shared_ptr<const Scenario> scenario) {
  LabSession next(scenario, m_model);  // throws before anything here changes
  if (scenario->find_preset(m_preset)) {
    next.m_preset = m_preset;
    next.m_wanted.clear();
    for (const auto& id : m_wanted)
      if (scenario->find_event(id)) next.m_wanted.push_back(id);
    for (const auto& [id, seconds] : m_moved) {
      const Event* event = scenario->find_event(id);
      if (event && event->movable) next.m_moved[id] = seconds;
    }
    next.m_cursor = m_cursor;
    next.rebuild();
  }
  *this = std::move(next);
}

PartialReplay LabSession::replay_under(Model model) const {
  return replay_as_far_as_possible(*m_scenario, plan_for(m_wanted, model));
}

}  // namespace reslab
