#pragma once
// The hotel family (H1-H8: one night or several, holds, payments, refunds, the outbox): its
// parts, assembled into one CaseFamily by family.cpp.
#include <span>
#include <string>
#include <vector>

#include "core/sim/case_family.hpp"

namespace reslab::hotel {

const CaseFamily& family();

// schema.cpp
std::vector<TableInfo> tables();
std::vector<std::string> atomic_ddl();
std::vector<std::string> naive_ddl();
// checks.cpp
std::vector<Figure> read_figures(const CommittedState& committed, const std::vector<std::string>& names);
std::vector<InvariantResult> check_invariants(const CheckInputs& inputs);
std::vector<InvariantResult> check_state_invariants(const StateInputs& inputs);
std::vector<Figure> read_state_figures(const StateInputs& inputs);
// messages.cpp (H1, H2), messages_cases.cpp (H3, H4, H6, H7), messages_recovery.cpp (H5),
// messages_night_order.cpp (H8)
std::span<const MessageTemplate> booking_messages();
std::span<const MessageTemplate> case_messages();
std::span<const MessageTemplate> recovery_messages();
std::span<const MessageTemplate> night_order_messages();

}  // namespace reslab::hotel
