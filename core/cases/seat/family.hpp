#pragma once
// The seat family (T2-T4: seat holds, hand-over, callbacks, queue tickets, lease locks): its parts,
// assembled into one CaseFamily by family.cpp.
#include <span>
#include <string>
#include <vector>

#include "core/sim/case_family.hpp"

namespace reslab::seat {

const CaseFamily& family();

// schema.cpp
std::vector<TableInfo> tables();
std::vector<std::string> ddl();
// checks.cpp
std::vector<Figure> read_figures(const CommittedState& committed, const std::vector<std::string>& names);
std::vector<InvariantResult> check_invariants(const CheckInputs& inputs);
std::vector<InvariantResult> check_state_invariants(const StateInputs& inputs);
// messages.cpp
std::span<const MessageTemplate> messages();

}  // namespace reslab::seat
