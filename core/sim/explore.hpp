#pragma once
// Every order of a case: each interleaving of the chosen events that keeps every actor's events in
// its lane order, run on the real database as `reslab trace --order` runs it, under each model.
// Counts what a class asks next ("is that order just unlucky?"): how many orders can run, how many
// break an invariant, and which final states they end in.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/model.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/snapshot.hpp"

namespace reslab {

struct ExploreRequest {
  std::optional<std::string> preset;  // default: the scenario's first preset
  bool all_events = false;            // every event of the file instead of the preset's
  std::vector<Model> models{Model::naive, Model::atomic};
  Backend backend = Backend::sqlite;
  std::uint64_t limit = 20'000;  // above this many orders, a seeded sample of this many
  std::uint64_t seed = 1;
};

// One order under one model.
struct OrderRun {
  std::vector<std::string> order;
  Model model = Model::atomic;
  bool runnable = true;
  // Runnable: the first step at which an invariant broke (0: none broke), and which broke, in the
  // scenario's order of invariants.
  int first_harmful_step = 0;
  std::vector<std::string> broken;
  // Not runnable: the step that could not run (from 1), its event and actor, whom the actor waits for,
  // and the engine's reason (English).
  int stopped_step = 0;
  std::string stopped_event;
  std::string stopped_actor;
  std::vector<std::string> waiting_for;  // the actors holding the lock it waits for, as the engine names them
  std::string reason;
  std::string trace_hash;             // of the whole trace when runnable; of the steps that ran otherwise
  std::string final_hash;             // the final committed state (tables, figures, invariants)
  std::vector<Figure> final_figures;  // the case's figures in that state, to name it in words

  bool harmful() const { return first_harmful_step > 0; }
};

// Orders of one model that end in the same committed state.
struct OrderGroup {
  std::string final_hash;
  std::uint64_t count = 0;
  bool harmful = false;
  std::vector<std::string> broken;
  std::vector<Figure> figures;       // the state's figures
  std::vector<std::string> example;  // the first such order, in the order orders were explored
};

// Orders whose final states read the same (the case's figures and what broke), though their rows may
// differ (which request got hold #1): what a class reads as one outcome.
struct OutcomeGroup {
  std::vector<Figure> figures;
  bool harmful = false;
  std::vector<std::string> broken;
  std::uint64_t count = 0;
  std::uint64_t final_states = 0;  // how many distinct final tables (OrderGroups) it spans
  std::vector<std::string> example;
  std::vector<std::size_t> runs;  // its orders, as indices into Exploration::runs
};

// Why orders could not run, grouped: "B would have to act while it waits for A".
struct BlockedGroup {
  std::string actor;
  std::vector<std::string> waiting_for;
  std::uint64_t count = 0;
  std::vector<std::string> example;
  std::vector<std::size_t> runs;  // its orders, as indices into Exploration::runs
};

struct ModelExploration {
  Model model = Model::atomic;
  std::uint64_t runnable = 0;
  std::uint64_t not_runnable = 0;
  std::uint64_t harmful = 0;
  std::map<std::string, std::uint64_t> by_invariant;  // orders that broke each invariant
  std::vector<OrderGroup> groups;                     // by final tables: harmful first, then by count
  std::vector<OutcomeGroup> outcomes;                 // by figures and harm: harmful first, then by count
  std::vector<BlockedGroup> blocked;
};

struct Exploration {
  std::string scenario;
  std::string preset;  // empty with all_events
  Backend backend = Backend::sqlite;
  std::vector<std::string> events;  // the chosen events, in the file's order
  std::uint64_t orders = 0;         // every lane-respecting interleaving (saturates at UINT64_MAX)
  std::uint64_t explored = 0;       // orders run per model: `orders`, or the sample's size
  bool sampled = false;
  std::uint64_t seed = 1;
  bool cancelled = false;  // stopped early by the caller: the counts cover the orders run so far
  std::vector<ModelExploration> models;
  std::vector<OrderRun> runs;  // explored order by order, each model in the request's order
};

// An exploration run a few orders at a time (a window runs a slice per frame, with no thread): the
// counts so far are always whole for the orders run, groups in their final order.
class Explorer {
 public:
  // Throws UsageError as explore() does. Keeps its own copy of the scenario.
  Explorer(Scenario scenario, const ExploreRequest& request);
  ~Explorer();
  Explorer(Explorer&&) noexcept;
  Explorer& operator=(Explorer&&) noexcept;

  // Runs up to `count` more runs (an order under one model each); returns whether any are left.
  bool run(std::uint64_t count);
  // Stops for good: the exploration says it was cancelled and covers the runs done.
  void cancel();
  bool finished() const;
  std::uint64_t runs_done() const;
  std::uint64_t total_runs() const;
  const Exploration& exploration() const;
  const Scenario& scenario() const;

 private:
  struct State;
  std::unique_ptr<State> m;
};

// How far an exploration has come, for a progress bar; return false to stop.
using ExploreProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

// Throws UsageError for an unknown preset, a limit of 0, or a scenario without presets (unless
// all_events).
Exploration explore(const Scenario& scenario, const ExploreRequest& request,
                    const ExploreProgress& progress = {});

// How many lane-respecting interleavings there are of lanes of these lengths (saturating).
std::uint64_t interleaving_count(const std::vector<std::size_t>& lane_lengths);

}  // namespace reslab
