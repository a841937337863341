#pragma once
// Building scenario variants for the property tests of the hotel cases: a bundled case emptied of its
// actors, events, presets and rows, then filled again by a generator.
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/sim/scenario.hpp"
#include "tests/test_support.hpp"

namespace reslab::claims {

// A bundled case emptied of its actors, events, presets and rows, kept for its schema, figures,
// invariants and params, and filed as an instructor's own file (so no text points at other cases).
inline Scenario emptied(const std::string& file, const std::string& id) {
  Scenario scenario = test::bundled(file);
  scenario.id = id;
  scenario.file = "/nonexistent/instructor/" + id + ".toml";
  scenario.actors.clear();
  scenario.events.clear();
  scenario.presets.clear();
  scenario.initial.clear();
  return scenario;
}

// A whole number from `low` to `high`, both included, drawn from the variant's generator.
inline int pick(std::mt19937& random, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(random);
}

inline void add_actor(Scenario& scenario, const std::string& actor) {
  scenario.actors.push_back({actor, {actor, actor}, {}});
}

inline void add_event(Scenario& scenario, const std::string& id, const std::string& actor,
                      const std::string& action, std::int64_t time, Args args = {}) {
  Event event;
  event.id = id;
  event.actor = actor;
  event.action = action;
  event.time = time;
  event.args = std::move(args);
  scenario.events.push_back(std::move(event));
}

inline void add_row(Scenario& scenario, const std::string& table,
                    std::vector<std::pair<std::string, Value>> cells) {
  scenario.initial.push_back({table, std::move(cells), {}});
}

}  // namespace reslab::claims
