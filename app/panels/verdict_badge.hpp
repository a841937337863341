#pragma once
// An SQL scenario's verdict in the invariant badge's place: "anomaly" or "prevented", with what stood in
// the way (a wait, 40001, SQLITE_BUSY), from the run's own result once every step has run, and whether
// that is what the scenario file expects of the variant.
#include <string>

#include "app/panels/panel_context.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

// `cursor`: the step shown (the verdict stands after the last one); `title_prefix` e.g. "(serializable) "
// in the compare view; `hidden`: predict mode's veil. Draws nothing for a trace without a verdict.
void draw_verdict_badge(const PanelContext& ctx, const Trace& trace, int cursor,
                        const std::string& title_prefix, bool hidden);

// "prevented (wait, 40001)" / "anomaly", as the Isolation window's cells say it.
std::string verdict_words(const PanelContext& ctx, bool anomaly, const std::string& how);

}  // namespace reslab
