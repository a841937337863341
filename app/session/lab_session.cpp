#include "app/session/lab_session.hpp"

#include <algorithm>

#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"

namespace reslab {

LabSession::LabSession(std::shared_ptr<const Scenario> scenario, Model model, Backend backend)
    : m_scenario(std::move(scenario)), m_model(model), m_backend(backend) {
  if (!m_scenario->presets.empty()) {
    m_preset = m_scenario->presets.front().name;
    m_wanted = m_scenario->presets.front().order;
  }
  rebuild();
}

LabSession::LabSession(std::shared_ptr<const SqlScenario> sql, const std::string& variant, Backend backend)
    : m_scenario(std::make_shared<const Scenario>(sql_case_view(*sql))),
      m_sql(std::move(sql)),
      m_model(Model::atomic),
      m_backend(backend) {
  const SqlVariant* chosen = variant.empty() ? nullptr : m_sql->find_variant(variant);
  if (!variant.empty() && !chosen) throw UsageError("no variant '" + variant + "' in " + m_sql->id);
  if (!chosen) {
    const auto on_backend = m_sql->variants_on(backend);
    chosen = !on_backend.empty() ? on_backend.front() : &m_sql->variants.front();
  }
  m_variant = chosen->id;
  m_backend = chosen->backend;
  if (!m_scenario->presets.empty()) {
    m_preset = m_scenario->presets.front().name;
    m_wanted = m_scenario->presets.front().order;
  }
  rebuild();
}

const SqlVariant* LabSession::variant() const {
  return m_sql ? m_sql->find_variant(m_variant) : nullptr;
}

const SqlRunResult* LabSession::sql_run() const {
  return m_sql_run ? &m_sql_run->result() : nullptr;
}

std::string LabSession::runner_why_not(const std::string& event_id) const {
  return m_sql_run ? m_sql_run->why_not(event_id) : m_simulator->why_not(event_id);
}

void LabSession::runner_run(const std::string& event_id) {
  if (m_sql_run) {
    m_sql_run->run(event_id, markers_on(*m_sql_run, event_id));
  } else {
    m_simulator->run(event_id);
  }
}

std::vector<SqlBlocker> LabSession::markers_on(const SqlCaseRun& run, const std::string& step) const {
  const Preset* preset = m_scenario->find_preset(m_preset);
  if (!preset) return {};
  for (const auto& permutation : m_sql->permutations)
    if (permutation.name == preset->name) {
      std::vector<std::string> order = run.result().permutation;
      order.push_back(step);
      return permutation.blockers_along(order, order.size() - 1);
    }
  return {};
}

Trace LabSession::runner_trace() const {
  return m_sql_run ? m_sql_run->trace() : m_simulator->trace();
}

Plan LabSession::plan_for(const std::vector<std::string>& order, Model model, Backend backend) const {
  PlanRequest request;
  request.model = model;
  request.backend = backend;
  if (!m_preset.empty()) request.preset = m_preset;
  request.order = order;
  for (const auto& [event, seconds] : m_moved) request.at.emplace_back(event, seconds);
  return make_plan(*m_scenario, request);
}

void LabSession::rebuild() {
  if (m_sql) {
    const SqlVariant* chosen = variant();
    if (!chosen) throw UsageError("no variant '" + m_variant + "' in " + m_sql->id);
    auto run = std::make_unique<SqlCaseRun>(*m_sql, *chosen);  // throws before anything here changes
    m_simulator.reset();
    m_sql_run = std::move(run);
  } else {
    m_simulator = std::make_unique<Simulator>(*m_scenario, plan_for(m_wanted, m_model));
    m_sql_run.reset();
  }
  m_stopped.clear();
  int ran = 0;
  for (const auto& id : m_wanted) {
    if (std::string reason = runner_why_not(id); !reason.empty()) {
      m_stopped = "step " + std::to_string(ran + 1) + ": " + reason;
      break;
    }
    try {
      runner_run(id);
    } catch (const ScenarioError& e) {
      // A statement the sandbox refused: the steps before it stand, and the order stops there.
      m_stopped = "step " + std::to_string(ran + 1) + ": " + e.located_in(Lang::en);
      break;
    }
    ++ran;
  }
  m_trace = runner_trace();
  m_cursor = std::clamp(m_cursor, 0, step_count());
}

void LabSession::append(const std::string& event_id) {
  try {
    runner_run(event_id);
  } catch (...) {
    rebuild();  // the run may have stopped inside the step: run the order as it was
    throw;
  }
  m_wanted.assign(m_trace.order.begin(), m_trace.order.end());
  m_wanted.push_back(event_id);
  m_trace = runner_trace();
  m_stopped.clear();
  m_cursor = step_count();
}

const Step* LabSession::current_step() const {
  return m_cursor == 0 ? nullptr : &m_trace.steps[m_cursor - 1];
}

std::shared_ptr<const CommittedState> LabSession::committed_at(int step) const {
  if (step <= 0 || m_trace.steps.empty()) return m_trace.initial;
  return m_trace.steps[std::min(step, step_count()) - 1].committed;
}

std::int64_t LabSession::time_of(const std::string& event_id) const {
  return m_simulator ? m_simulator->plan().time_of(event_id) : 0;  // an SQL scenario's steps have no time
}

const Args& LabSession::args_of(const std::string& event_id) const {
  static const Args none;
  if (!m_simulator) return none;
  auto it = m_simulator->plan().args.find(event_id);
  return it == m_simulator->plan().args.end() ? none : it->second;
}

const std::vector<ActorStatus>& LabSession::actor_statuses() const {
  return m_cursor == 0 ? m_trace.initial_actors : m_trace.steps[m_cursor - 1].actors;
}

bool LabSession::runnable(const std::string& event_id) const {
  const Event* event = m_scenario->find_event(event_id);
  if (!event) return false;
  for (const auto& status : actor_statuses())
    if (status.actor == event->actor && !status.blocked_reason.empty()) return false;
  return runner_why_not(event_id).empty();
}

std::vector<ActorControl> LabSession::controls() const {
  const auto& statuses = actor_statuses();
  std::vector<ActorControl> controls;
  for (const auto& actor : m_scenario->actors) {
    ActorControl control;
    control.actor = actor.id;
    for (const auto& status : statuses) {
      if (status.actor != actor.id) continue;
      control.waiting = !status.waiting_event.empty();
      // The engine says "A (A1)"; the button names the actor.
      control.waiting_for = status.waiting_for.substr(0, status.waiting_for.find_first_of(" ,"));
      control.held_by = status.waiting_markers;
      control.resolved = status.resolved;
      control.event = actor_next(status);
      control.blocked_reason = status.blocked_reason;
    }
    if (const Event* event = m_scenario->find_event(control.event)) control.action = event->action;
    controls.push_back(std::move(control));
  }
  return controls;
}

std::string LabSession::actor_next(const ActorStatus& status) const {
  // Under isolationtester's rules a session runs its steps in any order, and again: the order planned
  // past the cursor knows its next one, the run only which it has not run yet.
  if (m_sql && m_sql->isolationtester_rules)
    for (std::size_t i = static_cast<std::size_t>(m_cursor); i < m_trace.order.size(); ++i)
      if (const Event* event = m_scenario->find_event(m_trace.order[i]);
          event && event->actor == status.actor)
        return event->id;
  return status.next_event;
}

std::optional<std::string> LabSession::next_event() const {
  if (m_cursor < step_count()) return m_trace.order[m_cursor];
  if (const Preset* preset = m_scenario->find_preset(m_preset)) {
    // The preset's entries the trace has not run, counted by occurrence: a step it lists twice runs twice.
    std::map<std::string, int> ran;
    for (const auto& id : m_trace.order) ++ran[id];
    for (const auto& id : preset->order) {
      if (ran[id] > 0) {
        --ran[id];
      } else if (runnable(id)) {
        return id;
      }
    }
  }
  // Off the preset's path: the earliest event any actor can run, ties in lane order.
  std::optional<std::string> earliest;
  for (const auto& status : actor_statuses()) {
    if (status.next_event.empty() || !status.blocked_reason.empty()) continue;
    if (!earliest || time_of(status.next_event) < time_of(*earliest)) earliest = status.next_event;
  }
  return earliest;
}

std::string LabSession::order_argument() const {
  std::string order;
  for (const auto& id : m_trace.order) order += (order.empty() ? "" : ",") + id;
  if (m_sql) return "--variant " + m_variant + " --order " + (order.empty() ? std::string("\"\"") : order);
  std::string argument = "--model " + std::string(model_name(m_model));
  if (m_backend != Backend::sqlite) argument += " --backend " + std::string(backend_name(m_backend));
  if (!m_preset.empty()) argument += " --preset " + m_preset;
  argument += " --order " + (order.empty() ? std::string("\"\"") : order);
  for (const auto& [event, seconds] : m_moved) argument += " --at " + event + "=" + std::to_string(seconds);
  return argument;
}

std::string LabSession::step_forward() {
  if (m_cursor < step_count()) {
    ++m_cursor;
    return {};
  }
  const auto event = next_event();
  if (!event) return "every actor has finished or is waiting";
  append(*event);
  return {};
}

void LabSession::step_back() {
  if (m_cursor > 0) --m_cursor;
}

std::vector<std::string> LabSession::preset_order() const {
  const Preset* preset = m_scenario->find_preset(m_preset);
  if (!preset) return {};
  if (m_moved.empty()) return preset->order;
  return order_by_time(*m_scenario, preset->order, plan_for({}, m_model));
}

void LabSession::reset() {
  m_cursor = 0;
  if (m_scenario->find_preset(m_preset) && !follows_preset()) {
    m_wanted = preset_order();
    rebuild();
  }
}

void LabSession::restore_preset() {
  m_cursor = 0;
  if (!m_scenario->find_preset(m_preset)) return;
  m_moved.clear();
  m_wanted = preset_order();
  rebuild();
}

Preset LabSession::as_preset(const std::string& title) const {
  Preset preset;
  preset.title = {title, title};
  preset.order = m_wanted;
  if (const Preset* base = m_scenario->find_preset(m_preset)) {
    preset.times = base->times;
    preset.args = base->args;
  }
  for (const auto& [event, seconds] : m_moved) preset.times[event] = seconds;
  return preset;
}

SqlPermutation LabSession::as_sql_permutation(const std::string& title) const {
  SqlPermutation permutation;
  permutation.title = {title, title};
  permutation.steps = m_wanted;
  // The preset's markers go with the entries where the order still follows it, as they are run.
  const Preset* preset = m_scenario->find_preset(m_preset);
  if (!m_sql || !preset || !m_sql->isolationtester_rules) return permutation;
  for (const auto& base : m_sql->permutations)
    if (base.name == preset->name)
      for (std::size_t i = 0; i < m_wanted.size(); ++i)
        permutation.blockers.push_back(base.blockers_along(m_wanted, i));
  return permutation;
}

void LabSession::restore(const OrderState& state) {
  if (!state.preset.empty() && !m_scenario->find_preset(state.preset)) return;
  m_preset = state.preset;
  m_wanted = state.wanted;
  m_moved = state.moved;
  m_cursor = state.cursor;
  rebuild();
}

void LabSession::jump_to(int step) {
  m_cursor = std::clamp(step, 0, step_count());
}

std::string LabSession::run_actor(const std::string& actor_id) {
  std::string event;
  for (const auto& status : actor_statuses()) {
    if (status.actor != actor_id) continue;
    event = actor_next(status);
    if (event.empty()) return actor_id + " has nothing left to do";
    if (!status.blocked_reason.empty()) return status.blocked_reason;
  }
  if (event.empty()) return "unknown actor '" + actor_id + "'";
  if (m_cursor < step_count() && m_trace.order[m_cursor] == event) return step_forward();
  if (m_cursor == step_count()) {
    append(event);
    return {};
  }
  // A new branch from a step in the middle: the order up to here, then this event.
  m_wanted.assign(m_trace.order.begin(), m_trace.order.begin() + m_cursor);
  m_wanted.push_back(event);
  ++m_cursor;
  rebuild();
  return {};
}

void LabSession::set_model(Model model) {
  if (model == m_model || m_sql) return;
  m_model = model;
  rebuild();
}

void LabSession::set_backend(Backend backend) {
  if (backend == m_backend) return;
  if (m_sql) {
    // An SQL scenario's variant names its backend: the first variant there.
    const auto there = m_sql->variants_on(backend);
    if (there.empty())
      throw BackendUnavailableError(m_sql->id + " has no variant on " +
                                    std::string(backend_display(backend)));
    set_variant(there.front()->id);
    return;
  }
  const Backend previous = m_backend;
  m_backend = backend;
  try {
    rebuild();
  } catch (...) {
    // The simulator is built before anything else changes, so the old one is gone only on success.
    m_backend = previous;
    throw;
  }
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
    if (m_sql) {
      if (!preset.empty() && !m_scenario->find_preset(preset))
        throw UsageError("unknown preset '" + preset + "'");
      for (const auto& id : order)
        if (!m_scenario->find_event(id)) throw UsageError("no step named '" + id + "' in " + m_sql->id);
    } else {
      plan_for(order, m_model);  // validates names before anything changes
    }
  } catch (...) {
    m_preset = previous_preset;
    throw;
  }
  m_moved.clear();
  m_wanted = order;
  m_cursor = 0;
  rebuild();
}

TimeFloor LabSession::earliest(const std::string& event_id) const {
  return m_simulator ? earliest_time(m_simulator->plan(), event_id) : TimeFloor{};
}

std::string LabSession::move_event(const std::string& event_id, std::int64_t seconds) {
  const Event* event = m_scenario->find_event(event_id);
  if (!event) return "unknown event '" + event_id + "'";
  if (!event->movable) return "the scenario does not let " + event_id + " move";
  if (const TimeFloor floor = earliest(event_id); seconds < floor.seconds)
    return event_id + " reports what happened at " + std::to_string(floor.seconds) + " s (" + floor.argument +
           "), so it cannot run before " + std::to_string(floor.seconds) + " s";
  m_moved[event_id] = std::clamp<std::int64_t>(seconds, 0, 1'000'000'000);
  // The order follows the new time, as a schedule would.
  m_wanted = order_by_time(*m_scenario, std::move(m_wanted), plan_for({}, m_model));
  rebuild();
  return {};
}

void LabSession::replace_scenario(std::shared_ptr<const Scenario> scenario) {
  LabSession next(scenario, m_model, m_backend);  // throws before anything here changes
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

PartialReplay LabSession::replay_under(Model model, Backend backend) const {
  if (m_sql) return replay_variant(m_variant);
  return replay_as_far_as_possible(*m_scenario, plan_for(m_wanted, model, backend));
}

// [SECTION] SQL scenarios
void LabSession::replace_scenario(std::shared_ptr<const SqlScenario> sql) {
  const std::string kept = sql->find_variant(m_variant) ? m_variant : std::string();
  LabSession next(sql, kept, m_backend);  // throws before anything here changes
  if (next.m_scenario->find_preset(m_preset)) {
    next.m_preset = m_preset;
    next.m_wanted.clear();
    for (const auto& id : m_wanted)
      if (next.m_scenario->find_event(id)) next.m_wanted.push_back(id);
    next.m_cursor = m_cursor;
    next.rebuild();
  }
  *this = std::move(next);
}

void LabSession::set_variant(const std::string& variant) {
  if (!m_sql || variant == m_variant) return;
  const SqlVariant* chosen = m_sql->find_variant(variant);
  if (!chosen) throw UsageError("no variant '" + variant + "' in " + m_sql->id);
  const std::string previous = m_variant;
  const Backend previous_backend = m_backend;
  m_variant = variant;
  m_backend = chosen->backend;
  try {
    rebuild();
  } catch (...) {
    m_variant = previous;
    m_backend = previous_backend;
    throw;
  }
}

std::string LabSession::use_interleaving(std::size_t number) {
  if (!m_sql) return "only an SQL scenario has interleavings";
  std::vector<std::string> order = sql_interleaving(*m_sql, number);
  if (order.empty()) return "there is no interleaving " + std::to_string(number) + " of " + m_sql->id;
  const std::string name = std::to_string(number);
  // The first ones are presets already (a file that lists no permutations).
  const Preset* preset = m_scenario->find_preset(name);
  m_preset = preset && preset->order == order ? name : std::string();
  m_wanted = std::move(order);
  m_cursor = 0;
  rebuild();
  return {};
}

PartialReplay LabSession::replay_variant(const std::string& variant) const {
  PartialReplay replay;
  const SqlVariant* chosen = m_sql ? m_sql->find_variant(variant) : nullptr;
  if (!chosen) throw UsageError("no variant '" + variant + "'");
  SqlCaseRun run(*m_sql, *chosen);
  for (const auto& id : m_wanted) {
    if (std::string reason = run.why_not(id); !reason.empty()) {
      replay.stopped = "step " + std::to_string(run.trace().steps.size() + 1) + ": " + reason;
      break;
    }
    try {
      run.run(id, markers_on(run, id));
    } catch (const ScenarioError& e) {
      replay.stopped = "step " + std::to_string(run.trace().steps.size() + 1) + ": " + e.located_in(Lang::en);
      break;
    }
  }
  replay.trace = run.trace();
  return replay;
}

}  // namespace reslab
