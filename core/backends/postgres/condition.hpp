#pragma once
// PostgreSQL's SQLSTATE codes as the engine reads them: the condition name the manual gives each code
// ("23505" -> "unique_violation"), and the engine's kind (a class 23 code is a constraint, 40P01 a
// deadlock the server broke by failing this statement).
#include <string>

#include "core/sim/session.hpp"

namespace reslab::pg {

std::string condition_name(const std::string& sqlstate);
StatementResult::Kind kind_of(const std::string& sqlstate);

}  // namespace reslab::pg
