#pragma once
// The message tables: one per area, each a list of {key, en, zh}.
#include <span>
#include <vector>

#include "core/sim/message.hpp"

namespace reslab {

std::span<const MessageTemplate> common_messages();  // figures, outcomes, invariants, engine
std::span<const MessageTemplate> hotel_messages();   // the hotel cases' actions
std::span<const MessageTemplate> hotel_case_messages();  // H3, H4, H6, H7
std::span<const MessageTemplate> recovery_messages();  // H5: the recovery windows
std::span<const MessageTemplate> seat_messages();  // T2, T3, T4: the seat cases
std::vector<std::span<const MessageTemplate>> message_tables();

}  // namespace reslab
