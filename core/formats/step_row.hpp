#pragma once
// The cells of a step's row in a step table like the source articles', as text in one language:
// shared by the Markdown trace and the handout, which each add their own markup.
#include <string>

#include "core/sim/scenario.hpp"
#include "core/sim/snapshot.hpp"
#include "core/sim/text.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

// How a table shows an outcome word: outcome_label (Markdown) or outcome_text (plain).
using OutcomeWord = std::string (*)(const std::string& outcome, Lang lang);

// "11 s", or "14 s (scheduled 11 s)" when the event ran later than its time.
std::string step_time_text(const Step& step, Lang lang);
// The step's one-line summary, and a remark when a write transaction stayed open through it.
std::string step_event_text(const Step& step, Lang lang);
// The outcome, then "B wakes: rejected" for each actor the step woke.
std::string step_outcome_text(const Scenario& scenario, const Step& step, Lang lang, OutcomeWord word);
// "✓ all invariants hold", or "✗ name: detail" for each broken one; "-" when the case checks none.
std::string step_invariants_text(const Scenario& scenario, const CommittedState& state, Lang lang);

}  // namespace reslab
