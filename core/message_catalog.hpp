#pragma once
// The message tables: one per area, each a list of {key, en, zh}.
#include <span>
#include <vector>

#include "core/message.hpp"

namespace reslab {

std::span<const MessageTemplate> common_messages();  // figures, outcomes, invariants, engine
std::span<const MessageTemplate> hotel_messages();   // the hotel cases' actions
std::vector<std::span<const MessageTemplate>> message_tables();

}  // namespace reslab
