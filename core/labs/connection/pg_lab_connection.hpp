#pragma once
// One connection of a live lab to a PostgreSQL server, used by one thread at a time: its statements
// prepared once by text and kept, values sent as text, results with their SQLSTATE. The PostgreSQL
// counterpart of LabConnection; set-up puts it in the run's own schema.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct pg_conn;
struct pg_result;

namespace reslab {

// SQLSTATEs a live lab acts on.
inline constexpr const char* kPgSerializationFailure = "40001";
inline constexpr const char* kPgDeadlockDetected = "40P01";

class PgLabResult {
 public:
  PgLabResult() = default;
  explicit PgLabResult(pg_result* result);
  ~PgLabResult();
  PgLabResult(PgLabResult&& other) noexcept : m_result(std::exchange(other.m_result, nullptr)) {}
  PgLabResult& operator=(PgLabResult&& other) noexcept;
  PgLabResult(const PgLabResult&) = delete;
  PgLabResult& operator=(const PgLabResult&) = delete;

  bool ok() const;
  std::string sqlstate() const;  // empty when ok
  std::string message() const;
  std::int64_t rows_changed() const;  // INSERT/UPDATE/DELETE's count
  int rows() const;
  std::int64_t integer(int row, int column) const;
  std::string text(int row, int column) const;
  bool null(int row, int column) const;

 private:
  pg_result* m_result = nullptr;
};

class PgLabConnection {
 public:
  // Throws BackendUnavailableError with libpq's reason (any password removed).
  explicit PgLabConnection(const std::string& conninfo);
  ~PgLabConnection();
  PgLabConnection(const PgLabConnection&) = delete;
  PgLabConnection& operator=(const PgLabConnection&) = delete;

  // Statements without parameters (several may be given); throws SqlError unless all succeeded.
  void script(const std::string& sql);
  // `sql` is prepared on first use and kept; the same text finds it again. Values are text ($1, $2,
  // ... typed by the statement itself). The result may be an error: see must().
  PgLabResult run(const char* sql, const std::vector<std::string>& values = {});
  // run(), throwing SqlError (the SQL, the SQLSTATE and the server's message) unless it succeeded.
  PgLabResult must(const char* sql, const std::vector<std::string>& values = {});
  // Leaves no transaction open after a failure.
  void roll_back_if_open();

 private:
  pg_conn* m_conn = nullptr;
  std::vector<std::pair<std::string, std::string>> m_prepared;  // text -> statement name
};

// Throws SqlError for a failed `result` of `sql`.
[[noreturn]] void throw_pg_lab_error(const std::string& sql, const PgLabResult& result);

}  // namespace reslab
