#pragma once
// Localized names of the engine's vocabulary for headers and labels: figures, outcomes, invariants.
#include <string>

#include "core/sim/snapshot.hpp"
#include "core/sim/text.hpp"

namespace reslab {

std::string figure_label(const std::string& figure, Lang lang);
// An outcome word as the Markdown trace shows it: "`accepted`", in Chinese "接受 `accepted`".
std::string outcome_label(const std::string& outcome, Lang lang);
std::string invariant_label(const std::string& invariant, Lang lang);
// A figure's value as a table cell ("-" for null; nights as "night available/sold/capacity").
std::string figure_value_text(const Figure& figure);

}  // namespace reslab
