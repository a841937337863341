#pragma once
// Every order explored, as JSON for scripts: the counts per model, the groups of final states and
// each order's run (see README, `reslab explore`).
#include <nlohmann/json.hpp>

#include "core/sim/explore.hpp"
#include "core/sim/text.hpp"

namespace reslab {

nlohmann::ordered_json exploration_to_json(const Exploration& exploration, Lang lang);

}  // namespace reslab
