#pragma once
// Localized names of the engine's vocabulary for headers and labels: figures, outcomes, invariants,
// actors and their actions.
#include <string>

#include "core/sim/model.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/snapshot.hpp"
#include "core/sim/text.hpp"

namespace reslab {

// A figure's or an invariant's name in the words of the scenario's case family (seat cases say 占座).
std::string figure_label(const Scenario& scenario, const std::string& figure, Lang lang);
// An outcome word as the Markdown trace shows it: "`accepted`", in Chinese "接受 `accepted`".
std::string outcome_label(const std::string& outcome, Lang lang);
// An outcome word as plain text: "accepted", in Chinese "接受 (accepted)".
std::string outcome_text(const std::string& outcome, Lang lang);
std::string invariant_label(const Scenario& scenario, const std::string& invariant, Lang lang);
// A figure's value as a table cell ("-" for null; nights as "night available/sold/capacity").
std::string figure_value_text(const Figure& figure);
// An actor's name from the scenario file, or its id when it has none.
std::string actor_label(const Scenario& scenario, const std::string& actor_id, Lang lang);
// What an action does in a model, said of the actor: "Request A reads inventory".
std::string action_label(const Scenario& scenario, Model model, const std::string& actor_id,
                         const std::string& action, Lang lang);

}  // namespace reslab
