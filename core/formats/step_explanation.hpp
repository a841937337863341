#pragma once
// Why a step did what it did, as the app's "Why" panel tells it: the step's heading, when it ran
// late, its outcome, its explanation, whom it woke and why, and the event's note from the scenario
// file. Shared by the Markdown trace and the handout, which each render it in their own markup.
#include <string>
#include <vector>

#include "core/sim/model.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/text.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

// An actor the step woke: who, how its event ended, and why.
struct WakeExplanation {
  std::string line;  // "This woke Request B, who finished its event: rejected"
  std::string text;
};

struct StepExplanation {
  std::string heading;   // "Step 3 at 0 s: Request A inserts the hold and commits"
  std::string ran_late;  // "Scheduled at 9 s; it ran when its turn came.", or empty
  std::string outcome;   // the outcome word, e.g. "accepted"
  std::string text;      // the step's explanation messages
  std::vector<WakeExplanation> wakes;
  std::string note;  // the event's note, or empty
  // What the scenario file expects of the step and what the run did, a line each (SQL scenarios).
  std::vector<std::string> predictions;
};

// "Will t2_write wait? Expected: it waits. The run: it waits. As expected."
std::string prediction_text(const Prediction& prediction, Lang lang);

StepExplanation explain_step(const Scenario& scenario, Model model, const Step& step, Lang lang);

}  // namespace reslab
