#include "core/sim/sql_scenario.hpp"

#include <algorithm>
#include <functional>

#include "core/sim/message.hpp"

namespace reslab {

const std::string& SqlVariant::begin_of(const std::string& session) const {
  const auto own = session_begins.find(session);
  return own == session_begins.end() ? begin : own->second;
}

const std::vector<SqlBlocker>& SqlPermutation::blockers_at(std::size_t index) const {
  static const std::vector<SqlBlocker> none;
  return index < blockers.size() ? blockers[index] : none;
}

std::vector<SqlBlocker> SqlPermutation::blockers_along(const std::vector<std::string>& order,
                                                       std::size_t index) const {
  if (index >= order.size() || index >= steps.size()) return {};
  for (std::size_t i = 0; i <= index; ++i)
    if (order[i] != steps[i]) return {};
  return blockers_at(index);
}

const SqlStep* SqlScenario::find_step(const std::string& name) const {
  for (const auto& step : steps)
    if (step.name == name) return &step;
  return nullptr;
}

const SqlSession* SqlScenario::find_session(const std::string& session_id) const {
  for (const auto& session : sessions)
    if (session.id == session_id) return &session;
  return nullptr;
}

const SqlVariant* SqlScenario::find_variant(const std::string& variant_id) const {
  for (const auto& variant : variants)
    if (variant.id == variant_id) return &variant;
  return nullptr;
}

const SqlExpectation* SqlScenario::expectation_for(const std::string& variant) const {
  for (const auto& expectation : expectations)
    if (expectation.variant == variant) return &expectation;
  return nullptr;
}

std::vector<const SqlVariant*> SqlScenario::variants_on(Backend backend) const {
  std::vector<const SqlVariant*> out;
  for (const auto& variant : variants)
    if (variant.backend == backend) out.push_back(&variant);
  return out;
}

namespace {

// Visits the interleavings in lexicographic order of session index until `visit` says stop (false).
bool visit_interleavings(const SqlScenario& scenario, std::vector<std::size_t>& next,
                         std::vector<std::string>& order, std::size_t total,
                         const std::function<bool(const std::vector<std::string>&)>& visit) {
  if (order.size() == total) return visit(order);
  for (std::size_t s = 0; s < scenario.sessions.size(); ++s) {
    const auto& steps = scenario.sessions[s].steps;
    if (next[s] >= steps.size()) continue;
    order.push_back(steps[next[s]++]);
    const bool go_on = visit_interleavings(scenario, next, order, total, visit);
    --next[s];
    order.pop_back();
    if (!go_on) return false;
  }
  return true;
}

}  // namespace

void for_each_sql_interleaving(const SqlScenario& scenario,
                               const std::function<bool(const std::vector<std::string>&)>& visit) {
  std::size_t total = 0;
  for (const auto& session : scenario.sessions) total += session.steps.size();
  std::vector<std::size_t> next(scenario.sessions.size(), 0);
  std::vector<std::string> order;
  visit_interleavings(scenario, next, order, total, visit);
}

std::vector<std::string> sql_permutation(const SqlScenario& scenario, std::size_t number) {
  if (number == 0) return {};
  if (!scenario.permutations.empty()) {
    if (number > scenario.permutations.size()) return {};
    return scenario.permutations[number - 1].steps;
  }
  return sql_interleaving(scenario, number);
}

std::vector<std::string> sql_interleaving(const SqlScenario& scenario, std::size_t number) {
  std::vector<std::string> found;
  std::size_t seen = 0;
  for_each_sql_interleaving(scenario, [&](const std::vector<std::string>& order) {
    if (++seen < number) return true;
    found = order;
    return false;
  });
  return number == 0 ? std::vector<std::string>{} : found;
}

std::size_t default_permutation_count(const SqlScenario& scenario) {
  if (!scenario.permutations.empty()) return scenario.permutations.size();
  std::size_t seen = 0;
  for_each_sql_interleaving(scenario,
                            [&](const std::vector<std::string>&) { return ++seen < kDefaultInterleavings; });
  return seen;
}

std::size_t SqlScenario::variant_index(const std::string& id) const {
  for (std::size_t i = 0; i < variants.size(); ++i)
    if (variants[i].id == id) return i;
  return variants.size();
}

std::string level_text(const std::string& level, Lang lang) {
  const std::string key = "level." + level;
  return has_message(key) ? render(Message{key}, lang) : level;
}

}  // namespace reslab
