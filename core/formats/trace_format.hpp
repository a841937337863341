#pragma once
// The trace as JSON (the stable contract scripts use) and as a Markdown table
// like the source articles' step tables.
#include <nlohmann/json.hpp>
#include <string>

#include "core/sim/scenario.hpp"
#include "core/sim/text.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

nlohmann::ordered_json value_to_json(const Value& value);
nlohmann::ordered_json figures_to_json(const std::vector<Figure>& figures);
nlohmann::ordered_json tables_to_json(const std::vector<TableData>& tables);
nlohmann::ordered_json trace_to_json(const Trace& trace, const Scenario& scenario, Lang lang);
std::string trace_to_markdown(const Trace& trace, const Scenario& scenario, Lang lang);

// Localized names used in headers and labels.
std::string figure_label(const std::string& figure, Lang lang);
std::string outcome_label(const std::string& outcome, Lang lang);
std::string invariant_label(const std::string& invariant, Lang lang);
std::string figure_value_text(const Figure& figure);

}  // namespace reslab
