// [SECTION] index: lanes · counting and enumerating · sampling · one order · summaries · explore
#include "core/sim/explore.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>
#include <set>

#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

// [SECTION] lanes
// The chosen events of each actor in lane order (by time, ties in file order), actors in the order
// their first event appears in the file. (Outside the anonymous namespace: Explorer::State holds one.)
struct ExploreLanes {
  std::vector<std::string> actors;
  std::vector<std::vector<std::string>> events;
};

namespace {

using Lanes = ExploreLanes;

Lanes lanes_of(const Scenario& scenario, const Plan& plan, const std::vector<std::string>& chosen) {
  const std::set<std::string> wanted(chosen.begin(), chosen.end());
  Lanes lanes;
  for (const auto& event : scenario.events) {
    if (!wanted.count(event.id)) continue;
    auto actor = std::find(lanes.actors.begin(), lanes.actors.end(), event.actor);
    if (actor == lanes.actors.end()) {
      lanes.actors.push_back(event.actor);
      lanes.events.emplace_back();
      actor = lanes.actors.end() - 1;
    }
    lanes.events[static_cast<std::size_t>(actor - lanes.actors.begin())].push_back(event.id);
  }
  for (auto& lane : lanes.events)  // stable: ties keep the file's order
    std::stable_sort(lane.begin(), lane.end(), [&](const std::string& a, const std::string& b) {
      return plan.time_of(a) < plan.time_of(b);
    });
  return lanes;
}

// An interleaving as the lane index of each step ({0,1,0,1}: A, B, A, B), turned into event ids.
std::vector<std::string> order_of(const Lanes& lanes, const std::vector<std::size_t>& picks) {
  std::vector<std::size_t> next(lanes.events.size(), 0);
  std::vector<std::string> order;
  order.reserve(picks.size());
  for (std::size_t lane : picks) order.push_back(lanes.events[lane][next[lane]++]);
  return order;
}

// [SECTION] counting and enumerating
std::uint64_t saturating_multiply(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a)
    return std::numeric_limits<std::uint64_t>::max();
  return a * b;
}

// C(n, k), saturating. Each partial product C(n-k+i, i) = C(n-k+i-1, i-1) * (n-k+i) / i is whole, so
// dividing out the common factor of the product so far and i first leaves an exact division.
std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
  k = std::min(k, n - k);
  std::uint64_t result = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    const std::uint64_t common = std::gcd(result, i);
    result = saturating_multiply(result / common, (n - k + i) / (i / common));
    if (result == std::numeric_limits<std::uint64_t>::max()) return result;
  }
  return result;
}

std::vector<std::size_t> lane_lengths(const Lanes& lanes) {
  std::vector<std::size_t> lengths;
  for (const auto& lane : lanes.events) lengths.push_back(lane.size());
  return lengths;
}

// Every interleaving in lexicographic order of its picks (lane 0 first).
void enumerate(std::vector<std::size_t>& left, std::vector<std::size_t>& picks,
               std::vector<std::vector<std::size_t>>& out) {
  bool any = false;
  for (std::size_t lane = 0; lane < left.size(); ++lane) {
    if (left[lane] == 0) continue;
    any = true;
    --left[lane];
    picks.push_back(lane);
    enumerate(left, picks, out);
    picks.pop_back();
    ++left[lane];
  }
  if (!any) out.push_back(picks);
}

// [SECTION] sampling
// A uniform integer below `bound` from the generator's raw output (by rejection), so a seed gives the
// same sample with every standard library: std::uniform_int_distribution is not specified bit for bit.
std::uint64_t uniform_below(std::mt19937_64& random, std::uint64_t bound) {
  const std::uint64_t limit =
      std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % bound;
  std::uint64_t value = random();
  while (value >= limit) value = random();
  return value % bound;
}

// `count` distinct interleavings, each uniform among all: a shuffled multiset of lane picks is a uniform
// interleaving; repeats are drawn again. Sorted, so the sample reads in the same order as a full run.
std::vector<std::vector<std::size_t>> sample(const std::vector<std::size_t>& lengths, std::uint64_t count,
                                             std::uint64_t seed) {
  std::vector<std::size_t> picks;
  for (std::size_t lane = 0; lane < lengths.size(); ++lane) picks.insert(picks.end(), lengths[lane], lane);
  std::mt19937_64 random(seed);
  std::set<std::vector<std::size_t>> chosen;
  while (chosen.size() < count) {
    for (std::size_t i = picks.size(); i > 1; --i) std::swap(picks[i - 1], picks[uniform_below(random, i)]);
    chosen.insert(picks);
  }
  return {chosen.begin(), chosen.end()};
}

// [SECTION] one order
// The actor ids in the engine's "A (A1), C" (holders and the events that opened their transactions).
std::vector<std::string> holders_named(const Scenario& scenario, const std::string& text) {
  std::vector<std::string> ids;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(", ", at);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(at, end - at);
    if (const std::size_t paren = item.find(" ("); paren != std::string::npos) item.resize(paren);
    for (const auto& actor : scenario.actors)
      if (actor.id == item) ids.push_back(item);
    at = end + 2;
  }
  return ids;
}

OrderRun run_order(const Scenario& scenario, Plan plan, std::vector<std::string> order) {
  plan.order = order;
  OrderRun run;
  run.model = plan.model;
  run.order = std::move(order);
  Simulator simulator(scenario, plan);
  for (const auto& id : run.order) {
    if (std::string reason = simulator.why_not(id); !reason.empty()) {
      run.runnable = false;
      run.stopped_step = static_cast<int>(simulator.steps().size()) + 1;
      run.stopped_event = id;
      run.reason = std::move(reason);
      for (const auto& event : scenario.events)
        if (event.id == id) run.stopped_actor = event.actor;
      for (const auto& status : simulator.actor_statuses())
        if (status.actor == run.stopped_actor) run.waiting_for = holders_named(scenario, status.waiting_for);
      break;
    }
    simulator.run(id);
  }
  const Trace trace = simulator.take_trace();
  std::set<std::string> broken;
  for (const auto& step : trace.steps)
    for (const auto& invariant : step.committed->invariants)
      if (!invariant.holds) {
        if (run.first_harmful_step == 0) run.first_harmful_step = step.index;
        broken.insert(invariant.name);
      }
  for (const auto& name : scenario.invariants)
    if (broken.count(name)) run.broken.push_back(name);
  for (const auto& name : broken)  // invariants a family checks beyond the scenario's list, if any
    if (std::find(run.broken.begin(), run.broken.end(), name) == run.broken.end()) run.broken.push_back(name);
  run.trace_hash = trace.hash;
  const CommittedState& final_state = trace.steps.empty() ? *trace.initial : *trace.steps.back().committed;
  run.final_hash = committed_state_hash(final_state);
  run.final_figures = final_state.figures;
  return run;
}

// [SECTION] summaries
void add_to_summary(ModelExploration& summary, const OrderRun& run, std::size_t index) {
  if (!run.runnable) {
    ++summary.not_runnable;
    auto group =
        std::find_if(summary.blocked.begin(), summary.blocked.end(), [&](const BlockedGroup& blocked) {
          return blocked.actor == run.stopped_actor && blocked.waiting_for == run.waiting_for;
        });
    if (group == summary.blocked.end()) {
      summary.blocked.push_back({run.stopped_actor, run.waiting_for, 0, run.order, {}});
      group = summary.blocked.end() - 1;
    }
    ++group->count;
    group->runs.push_back(index);
    return;
  }
  ++summary.runnable;
  if (run.harmful()) ++summary.harmful;
  for (const auto& name : run.broken) ++summary.by_invariant[name];
  auto group = std::find_if(summary.groups.begin(), summary.groups.end(),
                            [&](const OrderGroup& group) { return group.final_hash == run.final_hash; });
  if (group == summary.groups.end()) {
    summary.groups.push_back({run.final_hash, 0, run.harmful(), run.broken, run.final_figures, run.order});
    group = summary.groups.end() - 1;
  }
  ++group->count;
  auto outcome =
      std::find_if(summary.outcomes.begin(), summary.outcomes.end(), [&](const OutcomeGroup& outcome) {
        return outcome.figures == run.final_figures && outcome.broken == run.broken;
      });
  if (outcome == summary.outcomes.end()) {
    summary.outcomes.push_back({run.final_figures, run.harmful(), run.broken, 0, 0, run.order, {}});
    outcome = summary.outcomes.end() - 1;
  }
  ++outcome->count;
  outcome->runs.push_back(index);
  if (group->count == 1) ++outcome->final_states;
  // Orders ending in one state can differ in what broke on the way: the group says every invariant.
  if (run.harmful()) {
    group->harmful = true;
    for (const auto& name : run.broken)
      if (std::find(group->broken.begin(), group->broken.end(), name) == group->broken.end())
        group->broken.push_back(name);
  }
}

void order_groups(ModelExploration& summary) {
  std::stable_sort(summary.groups.begin(), summary.groups.end(),
                   [](const OrderGroup& a, const OrderGroup& b) {
                     if (a.harmful != b.harmful) return a.harmful;
                     return a.count > b.count;
                   });
  std::stable_sort(summary.outcomes.begin(), summary.outcomes.end(),
                   [](const OutcomeGroup& a, const OutcomeGroup& b) {
                     if (a.harmful != b.harmful) return a.harmful;
                     return a.count > b.count;
                   });
  std::stable_sort(summary.blocked.begin(), summary.blocked.end(),
                   [](const BlockedGroup& a, const BlockedGroup& b) { return a.count > b.count; });
}

}  // namespace

std::uint64_t interleaving_count(const std::vector<std::size_t>& lengths) {
  std::uint64_t total = 1;
  std::uint64_t placed = 0;
  for (std::size_t length : lengths) {
    placed += length;
    total = saturating_multiply(total, binomial(placed, length));
  }
  return total;
}

// [SECTION] explore
struct Explorer::State {
  Scenario scenario;
  ExploreRequest request;
  Plan base;
  Lanes lanes;
  std::vector<std::vector<std::size_t>> picks;
  std::size_t next_pick = 0;
  std::size_t next_model = 0;
  Exploration exploration;
};

Explorer::Explorer(Scenario scenario, const ExploreRequest& request) : m(std::make_unique<State>()) {
  if (request.limit == 0) throw UsageError("--limit must be at least 1");
  if (request.models.empty()) throw UsageError("no model to explore");
  m->scenario = std::move(scenario);
  m->request = request;
  const Scenario& file = m->scenario;
  PlanRequest plan_request;
  plan_request.backend = request.backend;
  std::vector<std::string> chosen;
  if (request.all_events) {
    for (const auto& event : file.events) chosen.push_back(event.id);
    plan_request.order = chosen;
  } else {
    if (file.presets.empty()) throw UsageError("the scenario has no preset: explore --events all");
    plan_request.preset = request.preset ? *request.preset : file.presets.front().name;
  }
  m->base = make_plan(file, plan_request);
  if (!request.all_events) chosen = m->base.order;

  Exploration& exploration = m->exploration;
  exploration.scenario = file.id;
  exploration.preset = request.all_events ? std::string() : m->base.preset;
  exploration.backend = request.backend;
  exploration.seed = request.seed;
  for (const auto& event : file.events)
    if (std::find(chosen.begin(), chosen.end(), event.id) != chosen.end())
      exploration.events.push_back(event.id);

  m->lanes = lanes_of(file, m->base, chosen);
  const std::vector<std::size_t> lengths = lane_lengths(m->lanes);
  exploration.orders = interleaving_count(lengths);
  exploration.sampled = exploration.orders > request.limit;
  if (exploration.sampled) {
    m->picks = sample(lengths, request.limit, request.seed);
  } else {
    std::vector<std::size_t> left = lengths;
    std::vector<std::size_t> current;
    enumerate(left, current, m->picks);
  }
  exploration.explored = m->picks.size();
  for (Model model : request.models) {
    exploration.models.emplace_back();
    exploration.models.back().model = model;
  }
  exploration.runs.reserve(m->picks.size() * request.models.size());
}

Explorer::~Explorer() = default;
Explorer::Explorer(Explorer&&) noexcept = default;
Explorer& Explorer::operator=(Explorer&&) noexcept = default;

std::uint64_t Explorer::total_runs() const {
  return m->picks.size() * m->request.models.size();
}

std::uint64_t Explorer::runs_done() const {
  return m->exploration.runs.size();
}

bool Explorer::finished() const {
  return m->next_pick >= m->picks.size() || m->exploration.cancelled;
}

bool Explorer::run(std::uint64_t count) {
  const auto& models = m->request.models;
  for (std::uint64_t i = 0; i < count && !finished(); ++i) {
    Plan plan = m->base;
    plan.model = models[m->next_model];
    OrderRun run = run_order(m->scenario, std::move(plan), order_of(m->lanes, m->picks[m->next_pick]));
    add_to_summary(m->exploration.models[m->next_model], run, m->exploration.runs.size());
    m->exploration.runs.push_back(std::move(run));
    if (++m->next_model == models.size()) {
      m->next_model = 0;
      ++m->next_pick;
    }
  }
  for (auto& summary : m->exploration.models) order_groups(summary);
  return !finished();
}

void Explorer::cancel() {
  if (m->next_pick < m->picks.size()) m->exploration.cancelled = true;
}

const Exploration& Explorer::exploration() const {
  return m->exploration;
}

const Scenario& Explorer::scenario() const {
  return m->scenario;
}

Exploration explore(const Scenario& scenario, const ExploreRequest& request,
                    const ExploreProgress& progress) {
  Explorer explorer(scenario, request);
  while (!explorer.finished()) {
    if (progress && !progress(explorer.runs_done(), explorer.total_runs())) {
      explorer.cancel();
      break;
    }
    explorer.run(1);
  }
  if (progress && !explorer.exploration().cancelled) progress(explorer.runs_done(), explorer.total_runs());
  return explorer.exploration();
}

}  // namespace reslab
