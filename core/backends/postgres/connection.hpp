#pragma once
// One libpq connection: opened with the server's conninfo, closed with the object. exec() runs a
// statement to its end (for set-up, the observer's reads and lock questions, which never wait for a
// lock); the stepping sessions send theirs asynchronously through handle().
#include <memory>
#include <string>
#include <vector>

#include "core/sim/value.hpp"

struct pg_conn;
struct pg_result;

namespace reslab::pg {

struct ResultDeleter {
  void operator()(pg_result* result) const;
};
using ResultHandle = std::unique_ptr<pg_result, ResultDeleter>;

// libpq's error text without the line break it ends with.
std::string trimmed_message(std::string text);

class PgConnection {
 public:
  // Throws BackendUnavailableError with the server's reason (any password removed).
  explicit PgConnection(const std::string& conninfo);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  pg_conn* handle() const { return m_conn; }
  int backend_pid() const;
  // Runs `sql` with `params` ($1, $2...: integers as int8) to its end; the last result.
  ResultHandle exec(const std::string& sql, const std::vector<Value>& params = {});
  // Like exec(), throwing BackendUnavailableError unless the statement succeeded.
  ResultHandle must(const std::string& sql, const std::vector<Value>& params = {});
  std::string error_message() const;

 private:
  pg_conn* m_conn = nullptr;
};

// Parameters as libpq takes them: text values with their types (int8 for integers, float8 for reals,
// unknown for text and NULL so the server infers them from the statement).
struct BoundParams {
  explicit BoundParams(const std::vector<Value>& params);
  std::vector<std::string> text;
  std::vector<const char*> values;
  std::vector<unsigned int> types;
};

// A result's rows as engine values: integers (and integral numerics) as int64, reals as double,
// booleans as 0/1, NULL as monostate, anything else as text.
std::vector<Row> rows_of(const pg_result* result);
std::vector<std::string> columns_of(const pg_result* result);

}  // namespace reslab::pg
