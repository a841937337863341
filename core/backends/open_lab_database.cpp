// The one place that knows every backend: open_lab_database() hands the lab to SQLite or PostgreSQL.
#include "core/backends/postgres/lab_database.hpp"
#include "core/backends/sqlite/lab_database.hpp"
#include "core/sim/lab_database.hpp"

namespace reslab {

LabDatabaseHandle open_lab_database(const Scenario& scenario, const CaseFamily& family,
                                    const std::vector<std::string>& session_names, Model model,
                                    Backend backend) {
  if (backend == Backend::postgres) return open_postgres_lab_database(scenario, family, session_names, model);
  return open_sqlite_lab_database(scenario, family, session_names, model);
}

}  // namespace reslab
