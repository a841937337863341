#pragma once
// The trace as JSON: the stable contract scripts use (see README).
#include <nlohmann/json.hpp>

#include "core/sim/scenario.hpp"
#include "core/sim/text.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

nlohmann::ordered_json value_to_json(const Value& value);
nlohmann::ordered_json figures_to_json(const std::vector<Figure>& figures);
nlohmann::ordered_json tables_to_json(const std::vector<TableData>& tables);
nlohmann::ordered_json tables_to_json(const Tables& tables);
nlohmann::ordered_json trace_to_json(const Trace& trace, const Scenario& scenario, Lang lang);

}  // namespace reslab
