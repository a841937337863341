// Every order explored: the interleavings counted and enumerated in lane order, each order's result
// the same as a separate replay of that order, the counts a class reads for H1, and a seeded sample.
#include "core/sim/explore.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <set>

#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/simulator.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

const ModelExploration& model_of(const Exploration& exploration, Model model) {
  for (const auto& summary : exploration.models)
    if (summary.model == model) return summary;
  FAIL("model not explored");
  return exploration.models.front();
}

// The position of each event in `order`, so lane order can be checked.
std::size_t position(const std::vector<std::string>& order, const std::string& id) {
  return static_cast<std::size_t>(std::find(order.begin(), order.end(), id) - order.begin());
}

std::string order_argument_of(const std::vector<std::string>& order) {
  std::string text;
  for (const auto& id : order) text += (text.empty() ? "" : ",") + id;
  return text;
}

std::string figure_value_of(const std::vector<Figure>& figures, const std::string& name) {
  for (const auto& figure : figures)
    if (figure.name == name) return to_display(figure.value);
  return "?";
}

}  // namespace

TEST_CASE("the number of interleavings is the multinomial of the lanes' lengths, saturating") {
  CHECK(interleaving_count({}) == 1);
  CHECK(interleaving_count({4}) == 1);
  CHECK(interleaving_count({2, 2}) == 6);
  CHECK(interleaving_count({2, 2, 4}) == 420);
  CHECK(interleaving_count({2, 2, 2}) == 90);
  CHECK(interleaving_count({30, 30}) == 118264581564861424ull);  // C(60, 30)
  CHECK(interleaving_count({40, 40, 40}) == std::numeric_limits<std::uint64_t>::max());
}

TEST_CASE("H1's article events: 4 of 6 orders oversell in naive, none in atomic, where 2 cannot happen") {
  const Scenario scenario = h1();
  const Exploration exploration = explore(scenario, {});
  CHECK(exploration.preset == "article");
  CHECK(exploration.orders == 6);
  CHECK_FALSE(exploration.sampled);
  CHECK(exploration.runs.size() == 12);
  const ModelExploration& naive = model_of(exploration, Model::naive);
  CHECK(naive.runnable == 6);
  CHECK(naive.harmful == 4);
  CHECK(naive.by_invariant.at("capacity_balance") == 4);
  REQUIRE(naive.outcomes.size() == 2);
  CHECK(naive.outcomes[0].harmful);
  CHECK(naive.outcomes[0].count == 4);
  CHECK(figure_value_of(naive.outcomes[0].figures, "active_holds") == "2");
  const ModelExploration& atomic = model_of(exploration, Model::atomic);
  CHECK(atomic.runnable == 4);
  CHECK(atomic.not_runnable == 2);
  CHECK(atomic.harmful == 0);
  REQUIRE(atomic.blocked.size() == 2);
  for (const auto& blocked : atomic.blocked) {
    REQUIRE(blocked.waiting_for.size() == 1);
    CHECK(blocked.waiting_for.front() != blocked.actor);  // B waits for A, A for B
  }
}

TEST_CASE("every order keeps each actor's events in lane order, and no order comes twice") {
  const Scenario scenario = bundled("t2_seat_handover.toml");
  ExploreRequest request;
  request.models = {Model::naive};
  const Exploration exploration = explore(scenario, request);
  CHECK(exploration.orders == 420);
  std::set<std::vector<std::string>> seen;
  Simulator lanes(scenario, make_plan(scenario, {}));
  for (const auto& run : exploration.runs) {
    CHECK(seen.insert(run.order).second);
    for (const auto& actor : scenario.actors) {
      const auto lane = lanes.lane(actor.id);
      for (std::size_t i = 1; i < lane.size(); ++i)
        if (position(run.order, lane[i - 1]) < run.order.size() &&
            position(run.order, lane[i]) < run.order.size())
          CHECK(position(run.order, lane[i - 1]) < position(run.order, lane[i]));
    }
  }
}

TEST_CASE(
    "each explored order gives what a separate replay of that order gives, for every case's first preset") {
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    const Exploration exploration = explore(scenario, {});
    for (const auto& run : exploration.runs) {
      INFO(scenario.id << " " << model_name(run.model) << " " << order_argument_of(run.order));
      PlanRequest request;
      request.model = run.model;
      request.preset = exploration.preset;
      Plan plan = make_plan(scenario, request);
      plan.order = run.order;
      const PartialReplay replay = replay_as_far_as_possible(scenario, plan);
      CHECK(run.runnable == replay.stopped.empty());
      CHECK(run.trace_hash == replay.trace.hash);
      bool broke = false;
      for (const auto& step : replay.trace.steps) broke = broke || !step.committed->all_invariants_hold();
      CHECK(run.harmful() == broke);
      if (run.runnable) CHECK_NOTHROW(run_plan(scenario, plan));
      if (!run.runnable) CHECK_THROWS_AS(run_plan(scenario, plan), UsageError);
    }
  }
}

TEST_CASE("above the limit a seeded sample of that many distinct orders runs, the same for the same seed") {
  const Scenario scenario = bundled("t2_seat_handover.toml");
  ExploreRequest request;
  request.models = {Model::atomic};
  request.limit = 25;
  request.seed = 7;
  const Exploration first = explore(scenario, request);
  CHECK(first.sampled);
  CHECK(first.orders == 420);
  CHECK(first.explored == 25);
  std::set<std::vector<std::string>> orders;
  for (const auto& run : first.runs) orders.insert(run.order);
  CHECK(orders.size() == 25);
  const Exploration again = explore(scenario, request);
  for (std::size_t i = 0; i < first.runs.size(); ++i) CHECK(first.runs[i].order == again.runs[i].order);
  request.seed = 8;
  const Exploration other = explore(scenario, request);
  bool differs = false;
  for (std::size_t i = 0; i < first.runs.size(); ++i)
    differs = differs || first.runs[i].order != other.runs[i].order;
  CHECK(differs);
}

TEST_CASE("every event of the file can be explored, and a cancelled exploration says so") {
  const Scenario scenario = h1();
  ExploreRequest request;
  request.all_events = true;
  CHECK(explore(scenario, request).events.size() == scenario.events.size());
  int calls = 0;
  const Exploration stopped =
      explore(scenario, {}, [&](std::uint64_t, std::uint64_t) { return ++calls <= 3; });
  CHECK(stopped.cancelled);
  CHECK(stopped.runs.size() == 3);
}

TEST_CASE("an unknown preset and a limit of 0 are refused") {
  ExploreRequest request;
  request.preset = "no-such-preset";
  CHECK_THROWS_AS(explore(h1(), request), UsageError);
  ExploreRequest none;
  none.limit = 0;
  CHECK_THROWS_AS(explore(h1(), none), UsageError);
}
