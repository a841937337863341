#pragma once
// The trace as a Markdown table, like the source articles' step tables, then why each step did what
// it did, the two models in one line each and the discussion questions.
#include <string>

#include "core/sim/scenario.hpp"
#include "core/sim/text.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

std::string trace_to_markdown(const Trace& trace, const Scenario& scenario, Lang lang);

}  // namespace reslab
