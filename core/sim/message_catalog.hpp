#pragma once
// Where messages come from: the engine's own table, then each case family's tables.
#include <span>
#include <vector>

#include "core/sim/message.hpp"

namespace reslab {

// Figures, outcomes, invariants, waiting and waking, lifecycle actions, the Markdown trace.
std::span<const MessageTemplate> engine_messages();
// Every order explored: the counts per model and the groups of final states.
std::span<const MessageTemplate> explore_messages();
// The isolation lab: SQL scenario traces and `reslab isolation`.
std::span<const MessageTemplate> isolation_messages();
// The engine's table first, then every family's, in the order of case_families().
std::vector<std::span<const MessageTemplate>> message_tables();

}  // namespace reslab
