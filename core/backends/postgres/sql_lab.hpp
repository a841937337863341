#pragma once
// PostgreSQL's lab for SQL scenarios: a role of its own for each run (no superuser, no file or program
// access, no CREATE on the database), a schema that role owns as its search path, one session per
// scenario session connected as that role, and a statement budget enforced by cancel. Role and schema are
// dropped with the lab. On a --pg DSN whose role cannot create roles, SQL scenarios are refused.
#include <memory>
#include <vector>

#include "core/sim/sql_lab.hpp"

namespace reslab {

std::unique_ptr<SqlLab> open_postgres_sql_lab(const SqlLabOptions& options,
                                              const std::vector<SqlStatement>& setup);

}  // namespace reslab
