#pragma once
// SQLite's lab for SQL scenarios: a temporary file per run (memdb cannot do WAL, and its locking is not
// SQLite's), removed with the lab; one connection per session and an observer, each sandboxed.
#include <memory>
#include <vector>

#include "core/sim/sql_lab.hpp"

namespace reslab {

std::unique_ptr<SqlLab> open_sqlite_sql_lab(const SqlLabOptions& options,
                                            const std::vector<SqlStatement>& setup);

// Why SQLite cannot run the scenario's SQL ("file:line:col: SQLite cannot run step s1a: near \"FOR\": syntax
// error"): its setup fails, or a statement of a session's setup or a step does not compile against it.
// Empty when it can.
LocalizedText sqlite_refuses(const SqlScenario& scenario);

}  // namespace reslab
