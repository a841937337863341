#pragma once
// A live lab's connection to either backend, for what is not a hot path: set-up, the seat race's
// rounds, counting afterwards. The labs' SQL is written once, in SQLite's spelling with numbered ?N
// placeholders; dialect_sql() turns it into PostgreSQL's. The load lab's per-intent statements stay
// on each backend's own connection class (LabConnection, PgLabConnection): nothing allocated there.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/value.hpp"

namespace reslab {

class LabConnection;

// The one statement whose spelling differs: SQLite's write transaction takes its lock up front.
inline constexpr const char* kLiveBeginWrite = "BEGIN IMMEDIATE";

// `sql` for `backend`: for PostgreSQL ?N becomes $N, BEGIN IMMEDIATE becomes BEGIN, and the type
// INTEGER becomes BIGINT (SQLite's integers are 64-bit, PostgreSQL's INTEGER is 32): the cases'
// translation, reached through core/backends/live_servers.hpp (sql_for_server).
std::string dialect_sql(Backend backend, const std::string& sql);

class LiveConnection {
 public:
  virtual ~LiveConnection() = default;
  // Statements without parameters; throws SqlError.
  virtual void script(const std::string& sql) = 0;
  // A statement in this backend's dialect, prepared on first use and kept by its text; rows changed.
  // Throws SqlError.
  virtual std::int64_t run(const std::string& sql, const std::vector<Value>& values = {}) = 0;
  // The first column of the first row; throws SqlError when there is none.
  virtual std::int64_t integer(const std::string& sql, const std::vector<Value>& values = {}) = 0;
  virtual std::string text(const std::string& sql, const std::vector<Value>& values = {}) = 0;
  virtual void roll_back_if_open() = 0;
};

std::unique_ptr<LiveConnection> live_sqlite_connection(std::unique_ptr<LabConnection> db);
// Throws BackendUnavailableError when the server cannot be reached.
std::unique_ptr<LiveConnection> live_postgres_connection(const std::string& conninfo);

// A conninfo whose sessions work in `schema` (search_path set at connection).
std::string conninfo_in_schema(const std::string& conninfo, const std::string& schema);

}  // namespace reslab
