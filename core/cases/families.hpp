#pragma once
// The case families reslab ships, for a program to hand to the engine (use_case_families).
#include <vector>

#include "core/sim/case_family.hpp"

namespace reslab {

const std::vector<const CaseFamily*>& bundled_case_families();

}  // namespace reslab
