#pragma once
// SQLite's lab for SQL scenarios: a temporary file per run (memdb cannot do WAL, and its locking is not
// SQLite's), removed with the lab; one connection per session and an observer, each sandboxed.
#include <memory>
#include <vector>

#include "core/sim/sql_lab.hpp"

namespace reslab {

std::unique_ptr<SqlLab> open_sqlite_sql_lab(const SqlLabOptions& options,
                                            const std::vector<SqlStatement>& setup);

}  // namespace reslab
