#pragma once
// The isolation lab on the command line: `reslab isolation` (Hermitage's table, run live), and the SQL
// scenario paths of `reslab trace` and `reslab check`.
#include <string>
#include <vector>

#include "app/cli/backend_options.hpp"

namespace reslab {

struct IsolationOptions {
  std::string format = "markdown";  // markdown | json
  std::string lang;
  BackendOptions backend;
};

// Returns the exit code; throws UsageError for bad options, BackendUnavailableError when the backend
// cannot be used.
int run_isolation(const IsolationOptions& options);

struct SqlTraceOptions {
  std::string file;
  std::string variant;              // empty: the first variant on the chosen backend
  std::size_t permutation = 0;      // from 1; 0: the first (isolationtester's format: every one)
  std::vector<std::string> order;   // --order: the steps by hand, in place of a permutation
  std::string format = "markdown";  // markdown | json | isolationtester
  std::string lang;
  BackendOptions backend;
};
int run_sql_trace(const SqlTraceOptions& options);

// `reslab explore` for an SQL scenario file: the first `limit` interleavings of its sessions' steps (at most
// 100) under each variant on the backend, counted by what they gave.
int run_sql_explore(const std::string& file, const std::string& format, const std::string& lang,
                    const BackendOptions& backend, std::uint64_t limit);

// `reslab check` for an SQL scenario file: it loads, and every variant on the chosen backend runs and
// meets the file's expectations. Problems go to stderr as file:line:col; returns whether it is good.
bool check_sql_scenario(const std::string& file, const BackendOptions& backend);

}  // namespace reslab
