#pragma once
// The invariant badge: an icon, words and the numbers ("0 + 2 + 0 != 1"), so
// it reads without colour; and the figures of the committed state.
#include <functional>
#include <string>
#include <vector>

#include "app/panels/panel_context.hpp"
#include "core/sim/snapshot.hpp"

namespace reslab {

// How a badge looks: a tick, a cross, or muted without an icon (a result hidden in predict mode, or not
// decided yet).
enum class BadgeLook { holds, broken, hidden, pending };
// A badge: the icon, `title` in the heading font, then `body` inside the box (`right`: the box's inner
// right edge, for wrapping), so that it reads without colour. The invariant badge and an SQL scenario's
// verdict are drawn in it.
void draw_badge_box(const PanelContext& ctx, BadgeLook look, const std::string& title,
                    const std::function<void(float right)>& body);

// The invariants in the order the badge shows them: the broken ones first (the headline is what
// broke, with its own numbers), then those that hold.
std::vector<const InvariantResult*> badge_order(const CommittedState& state);
// `title_prefix` e.g. "(naive) " in the compare view. `hidden`: predict mode's veil.
void draw_invariant_badge(const PanelContext& ctx, const CommittedState* state,
                          const std::string& title_prefix, bool hidden);
void draw_figures(const PanelContext& ctx, const CommittedState* state, bool hidden);

}  // namespace reslab
