#include "core/sim/sql_explore.hpp"

#include <algorithm>
#include <exception>

#include "core/sim/errors.hpp"
#include "core/sim/explore.hpp"

namespace reslab {

void SqlExploredVariant::add(const SqlRunResult& run, std::size_t interleaving) {
  for (auto& outcome : outcomes)
    if (outcome.anomaly == run.anomaly && outcome.how == run.how && outcome.stuck == run.stuck) {
      ++outcome.orders;
      if (interleaving > 0) outcome.numbers.push_back(interleaving);
      return;
    }
  Outcome outcome{run.anomaly, run.how, run.stuck, 1, run.permutation, interleaving, {}};
  if (interleaving > 0) outcome.numbers.push_back(interleaving);
  outcomes.push_back(std::move(outcome));
}

std::size_t SqlExploredVariant::anomalies() const {
  std::size_t count = 0;
  for (const auto& outcome : outcomes)
    if (outcome.anomaly) count += outcome.orders;
  return count;
}

SqlExploredVariant explore_sql_variant(const SqlScenario& scenario, const SqlVariant& variant,
                                       std::size_t limit, const SqlRunOptions& options) {
  SqlExploredVariant explored{&variant, 0, {}};
  const std::size_t wanted = std::min(limit, kDefaultInterleavings);
  for (std::size_t number = 1; number <= wanted; ++number) {
    const std::vector<std::string> order = sql_interleaving(scenario, number);
    if (order.empty()) break;
    explored.add(run_sql_scenario(scenario, variant, order, options), number);
    ++explored.orders;
  }
  return explored;
}

// [SECTION] SqlExplorer
struct SqlExplorer::State {
  SqlScenario scenario;
  Backend backend;
  SqlRunOptions options;
  std::vector<std::vector<std::string>> orders;  // the interleavings run, number - 1
  std::uint64_t interleavings = 0;
  std::vector<SqlExploredVariant> variants;
  std::size_t done = 0;  // runs, variant by variant: variant done / orders, interleaving done % orders
  bool cancelled = false;
  std::string error;
};

SqlExplorer::SqlExplorer(SqlScenario scenario, Backend backend, SqlRunOptions options)
    : m(std::make_unique<State>(
          State{std::move(scenario), backend, std::move(options), {}, 0, {}, 0, false, {}})) {
  // The variants point into the explorer's own copy of the scenario, which stays where it is.
  for (const SqlVariant* variant : m->scenario.variants_on(backend)) m->variants.push_back({variant, 0, {}});
  if (m->variants.empty())
    throw UsageError(m->scenario.id + " has no variant on " + std::string(backend_display(backend)));
  for_each_sql_interleaving(m->scenario, [&](const std::vector<std::string>& order) {
    m->orders.push_back(order);
    return m->orders.size() < kDefaultInterleavings;
  });
  std::vector<std::size_t> lengths;
  for (const auto& session : m->scenario.sessions) lengths.push_back(session.steps.size());
  m->interleavings = interleaving_count(lengths);
}

SqlExplorer::~SqlExplorer() = default;

bool SqlExplorer::run(std::size_t count) {
  for (std::size_t i = 0; i < count && !finished(); ++i) {
    const std::size_t orders = m->orders.size();
    SqlExploredVariant& variant = m->variants[m->done / orders];
    const std::size_t number = m->done % orders + 1;
    if (!variant.refused.empty()) {
      m->done += orders - (number - 1);  // the rest of its orders: none can run
      continue;
    }
    try {
      variant.add(run_sql_scenario(m->scenario, *variant.variant, m->orders[number - 1], m->options), number);
    } catch (const BackendUnavailableError& e) {
      // A journal this build lacks refuses its own variant; a server that is not there, everything.
      if (variant.variant->backend != Backend::sqlite) {
        m->error = e.what();
        return false;
      }
      variant.refused = e.what();
      continue;
    } catch (const std::exception& e) {
      m->error = std::string(e.what());
      return false;
    }
    ++variant.orders;
    ++m->done;
  }
  return !finished();
}

void SqlExplorer::cancel() {
  if (!finished()) m->cancelled = true;
}

bool SqlExplorer::finished() const {
  return m->cancelled || !m->error.empty() || m->done >= total_runs();
}

bool SqlExplorer::cancelled() const {
  return m->cancelled;
}
const std::string& SqlExplorer::error() const {
  return m->error;
}
std::size_t SqlExplorer::runs_done() const {
  return m->done;
}
std::size_t SqlExplorer::total_runs() const {
  return m->orders.size() * m->variants.size();
}
std::uint64_t SqlExplorer::interleavings() const {
  return m->interleavings;
}
std::size_t SqlExplorer::explored() const {
  return m->orders.size();
}
const std::vector<std::string>& SqlExplorer::order(std::size_t number) const {
  return m->orders.at(number - 1);
}
const SqlScenario& SqlExplorer::scenario() const {
  return m->scenario;
}
Backend SqlExplorer::backend() const {
  return m->backend;
}
const std::vector<SqlExploredVariant>& SqlExplorer::variants() const {
  return m->variants;
}

}  // namespace reslab
