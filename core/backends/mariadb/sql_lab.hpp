#pragma once
// MariaDB's lab for SQL scenarios: a database of its own for each run and a user of its own with
// privileges on that database only (no FILE, no routines, no events, no GRANT), one session per scenario
// session connected as that user, and a statement budget enforced by KILL QUERY from the control
// connection. Database and user are dropped with the lab. On a --mariadb DSN whose user cannot create
// users, SQL scenarios are refused.
#include <memory>
#include <vector>

#include "core/sim/sql_lab.hpp"

namespace reslab {

std::unique_ptr<SqlLab> open_mariadb_sql_lab(const SqlLabOptions& options,
                                             const std::vector<SqlStatement>& setup);

}  // namespace reslab
