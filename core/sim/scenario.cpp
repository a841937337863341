#include "core/sim/scenario.hpp"

#include <algorithm>

namespace reslab {
namespace {

// Scenarios are small (at most a thousand events), so a linear search is the simplest correct lookup.
template <typename Item, typename Key>
const Item* find_by(const std::vector<Item>& items, const std::string& wanted, Key key) {
  auto it = std::find_if(items.begin(), items.end(), [&](const Item& item) { return key(item) == wanted; });
  return it == items.end() ? nullptr : &*it;
}

}  // namespace

const Actor* Scenario::find_actor(const std::string& actor_id) const {
  return find_by(actors, actor_id, [](const Actor& actor) -> const std::string& { return actor.id; });
}

const Event* Scenario::find_event(const std::string& event_id) const {
  return find_by(events, event_id, [](const Event& event) -> const std::string& { return event.id; });
}

const Preset* Scenario::find_preset(const std::string& name) const {
  return find_by(presets, name, [](const Preset& preset) -> const std::string& { return preset.name; });
}

int Scenario::actor_index(const std::string& actor_id) const {
  const Actor* actor = find_actor(actor_id);
  return actor == nullptr ? -1 : static_cast<int>(actor - actors.data());
}

bool Preset::naive_harm_on(const std::string& backend) const {
  auto it = naive_harm_by_backend.find(backend);
  return it == naive_harm_by_backend.end() ? naive_harm : it->second;
}

}  // namespace reslab
