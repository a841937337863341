// [SECTION] index: the server · the schema · counting · run_load_lab_postgres
#include "core/labs/load/postgres.hpp"

#include <memory>
#include <optional>

#include "core/backends/live_servers.hpp"
#include "core/backends/server_process/random_name.hpp"
#include "core/labs/connection/live_connection.hpp"
#include "core/labs/load/engine_run.hpp"
#include "core/labs/load/postgres_writers.hpp"
#include "core/labs/load/sql.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

using namespace load_lab;

// [SECTION] the server
// The durable private server (started here, stopped at the end of the run, its data kept) or the
// user's; either way a conninfo with trust or the user's own credentials, never printed.
struct LoadServer {
  std::unique_ptr<DurableLiveServer> ours;
  std::string conninfo;
  std::string version;
  std::string where;
};

LoadServer open_load_server(const LoadOptions& options, LoadResult& result) {
  LoadServer server;
  // --pg, else RESLAB_PG_DSN, else the durable private server.
  if (auto users = users_live_server(Backend::postgres, {options.pg_dsn, options.keep}, "reslab_load")) {
    server.conninfo = users->conninfo;
    server.version = users->server_version;
    server.where = users->where;
    return server;
  }
  server.ours = start_durable_server(Backend::postgres, options.pg_data);
  server.conninfo = server.ours->server().conninfo;
  server.version = server.ours->server().server_version;
  server.where = server.ours->server().where;
  result.pg_data = server.ours->data_dir();
  result.server_start_seconds = server.ours->start_seconds();
  result.server_cold = server.ours->cold();
  return server;
}

// [SECTION] the schema
// A schema of the run's own, made and filled like the SQLite file; sessions opened with its conninfo
// work in it, with the run's durability.
class LoadSchema {
 public:
  LoadSchema(const LoadServer& server, std::string name, const LoadOptions& options,
             const std::string& workload_hash)
      : m_admin(live_postgres_connection(server.conninfo)), m_name(std::move(name)) {
    m_admin->script("CREATE SCHEMA " + m_name);
    m_created = true;
    try {
      fill(server.conninfo, options, workload_hash);
    } catch (...) {
      drop();  // a constructor that throws runs no destructor: nothing half-made stays on the server
      throw;
    }
  }
  ~LoadSchema() {
    if (!m_keep) drop();
  }
  LoadSchema(const LoadSchema&) = delete;
  LoadSchema& operator=(const LoadSchema&) = delete;

  void keep(bool keep) { m_keep = keep; }
  const std::string& name() const { return m_name; }
  const std::string& conninfo() const { return m_conninfo; }

 private:
  void fill(const std::string& server_conninfo, const LoadOptions& options,
            const std::string& workload_hash) {
    std::string session = "-c search_path=" + m_name;
    if (!options.synchronous_commit) session += " -c synchronous_commit=off";
    m_conninfo = server_conninfo + " options=" + connection_string_value(Backend::postgres, session);
    auto db = live_postgres_connection(m_conninfo);
    db->script("BEGIN;" + dialect_sql(Backend::postgres, kLoadSchema));
    const std::string mark = dialect_sql(Backend::postgres, kLoadSetMark);
    for (const auto& [key, value] : load_marks(options, workload_hash)) db->run(mark, {key, value});
    db->run(dialect_sql(Backend::postgres, kLoadAddSeats), {options.seats});
    db->script("COMMIT; ANALYZE seats");
  }
  void drop() {
    if (!m_created) return;
    m_created = false;
    try {
      m_admin->script("DROP SCHEMA IF EXISTS " + m_name + " CASCADE");
    } catch (const std::exception&) {  // the server went away: nothing left to tidy
    }
  }

  std::unique_ptr<LiveConnection> m_admin;
  std::string m_name;
  std::string m_conninfo;
  bool m_created = false;
  bool m_keep = false;
};

// Schemas an earlier run on the private server could not drop (it was killed): nobody else uses that
// server, and PostgreSQL lets one process at a time run it.
void drop_leftover_schemas(const LoadServer& server) {
  if (!server.ours) return;
  auto db = live_postgres_connection(server.conninfo);
  db->script(
      "DO $$DECLARE s text; BEGIN FOR s IN SELECT nspname FROM pg_namespace WHERE nspname LIKE "
      "'reslab\\_load\\_%' LOOP EXECUTE 'DROP SCHEMA ' || quote_ident(s) || ' CASCADE'; END LOOP; END$$");
}

// [SECTION] counting
void count_in_schema(const LoadSchema& schema, bool cancelled, LoadResult& result) {
  auto db = live_postgres_connection(schema.conninfo());
  result.oversold = db->integer(kLoadCountOversold);
  result.held_seats = db->integer(kLoadCountHeldSeats);
  result.live_orders = db->integer(kLoadCountLiveOrders);
  result.order_rows = db->integer(kLoadCountOrders);
  result.expired_orders = db->integer(kLoadCountExpiredOrders);
  db->run(dialect_sql(Backend::postgres, kLoadSetMark),
          {std::string("status"), std::string(cancelled ? "cancelled" : "done")});
  result.db_bytes = db->integer(
      "SELECT pg_total_relation_size('seats') + pg_total_relation_size('orders') + "
      "pg_total_relation_size('reslab_load')");
}

}  // namespace

// [SECTION] run_load_lab_postgres
LoadResult run_load_lab_postgres(const LoadOptions& options, LoadControl* control) {
  validate_load_options(options);
  report_progress(control, LoadProgress{LoadPhase::setting_up});
  const LoadWorkload workload = make_load_workload(options);
  LoadResult result = new_load_result(options, workload);

  const LoadServer server = open_load_server(options, result);
  result.server_version = server.version;
  result.server_where = server.where;
  drop_leftover_schemas(server);
  const std::string name = kPgLoadSchemaPrefix + random_name_suffix(10);
  result.schema = name;
  result.db_path = name;
  LoadSchema schema(server, name, options, workload.hash);
  schema.keep(options.keep);

  EngineRun run(workload, options, schema.conninfo(), control, LoadPhase::running, &result.throughput);
  if (options.engine == LoadEngine::queue) {
    run_pg_queue_engine(run);
  } else {
    run_pg_race_engine(run);
  }
  take_figures(run, result);

  // One session, one intent per transaction, back to back, in a fresh schema of the same kind;
  // bounded, since durable commits one at a time are slow.
  if (options.baseline && !result.cancelled) {
    const LoadOptions baseline = baseline_options(options);
    LoadSchema beside(server, name + "_baseline", baseline, workload.hash);
    beside.keep(options.keep);
    EngineRun baseline_run(workload, baseline, beside.conninfo(), control, LoadPhase::baseline, nullptr);
    baseline_run.intent_limit = kPgBaselineIntents;
    baseline_run.seconds_limit = kPgBaselineSeconds;
    run_pg_race_engine(baseline_run);
    take_baseline_figures(baseline_run, result);
  }

  LoadProgress counting;
  counting.phase = LoadPhase::counting;
  report_progress(control, counting);
  count_in_schema(schema, result.cancelled, result);
  report_done(control, result);
  return result;
}

}  // namespace reslab
