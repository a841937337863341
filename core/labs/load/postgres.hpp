#pragma once
// L1 on PostgreSQL: the same seeded workload, engines and figures as on SQLite, in a schema of the
// run's own (reslab_load_<random>) on the durable private server reslab starts (data kept in
// --pg-data between runs) or on the user's --pg server, where nothing outside that schema is touched.
// The baseline runs in a second schema, bounded (kPgBaselineSeconds, kPgBaselineIntents): durable
// commits one at a time manage a few hundred to ~1,500 a second.
#include "core/labs/load/lab.hpp"

namespace reslab {

inline constexpr double kPgBaselineSeconds = 5;
inline constexpr std::int64_t kPgBaselineIntents = 5'000;

// Called by run_load_lab() for options.backend == postgres. Throws BackendUnavailableError when no
// server can be started or reached, SqlError when a statement fails unexpectedly.
LoadResult run_load_lab_postgres(const LoadOptions& options, LoadControl* control);

// The schemas an earlier run left on the private server (a run killed before it could drop them).
inline constexpr const char* kPgLoadSchemaPrefix = "reslab_load_";

}  // namespace reslab
