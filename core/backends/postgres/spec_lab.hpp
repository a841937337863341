#pragma once
// PostgreSQL's lab for isolationtester's schedule (core/sim/spec_lab.hpp): a role and schema of its own
// (pg::LabRole), a control connection as that role for the setup and teardown blocks, one connection per
// session, and the server's pg_isolation_test_session_is_blocked asked on an admin connection. Messages
// come in C's wording (lc_messages = C for the role) where the admin may set it.
#include <memory>

#include "core/sim/spec_lab.hpp"

namespace reslab {

std::unique_ptr<SpecLab> open_postgres_spec_lab(const SpecLabOptions& options);

}  // namespace reslab
