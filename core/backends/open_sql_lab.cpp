// The one place that knows which backend makes an SQL scenario's lab.
#include "core/backends/postgres/sql_lab.hpp"
#include "core/backends/sqlite/sql_lab.hpp"
#include "core/sim/sql_lab.hpp"

namespace reslab {

std::unique_ptr<SqlLab> open_sql_lab(const SqlLabOptions& options, const std::vector<SqlStatement>& setup) {
  if (options.backend == Backend::postgres) return open_postgres_sql_lab(options, setup);
  return open_sqlite_sql_lab(options, setup);
}

}  // namespace reslab
