#pragma once
// Every order of an SQL scenario: each interleaving of its sessions' steps run on a fresh lab under a
// variant, counted by what it gave (the anomaly or not, what stood in the way, sessions left waiting).
// explore_sql_variant() runs them at once (reslab explore, handouts); SqlExplorer a few at a time under
// every variant of one backend, as the window's All orders runs them between frames.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario.hpp"

namespace reslab {

// The orders of one variant, grouped by what they gave.
struct SqlExploredVariant {
  const SqlVariant* variant = nullptr;
  std::size_t orders = 0;
  struct Outcome {
    bool anomaly = false;
    std::string how;
    bool stuck = false;
    std::size_t orders = 0;
    std::vector<std::string> example;  // the first interleaving that gave it
    std::size_t example_number = 0;    // its number among the interleavings (0: not one of them)
    std::vector<std::size_t> numbers;  // every interleaving that gave it, by number
  };
  std::vector<Outcome> outcomes;  // in the order they first appeared
  // Why the variant cannot run here (a journal this build of SQLite lacks: the browser's has no WAL);
  // empty when it runs. Its orders are not run then.
  std::string refused = {};
  void add(const SqlRunResult& run, std::size_t interleaving = 0);
  // The orders that gave the anomaly.
  std::size_t anomalies() const;
};

// The first `limit` interleavings (at most kDefaultInterleavings) of the sessions' steps under `variant`,
// each on a fresh lab, counted by what they gave.
SqlExploredVariant explore_sql_variant(const SqlScenario& scenario, const SqlVariant& variant,
                                       std::size_t limit, const SqlRunOptions& options = {});

// Every interleaving (the first kDefaultInterleavings) under every variant of one backend, one run at a
// time: the counts so far are whole for the runs done. A SQLite variant this build cannot run is refused
// with its reason and skipped; any other run that cannot be made (the server went away, the sandbox refused
// a statement) ends the exploration with its reason.
class SqlExplorer {
 public:
  // Keeps its own copy of the scenario. Throws UsageError when it has no variant on `backend`.
  SqlExplorer(SqlScenario scenario, Backend backend, SqlRunOptions options = {});
  ~SqlExplorer();
  SqlExplorer(const SqlExplorer&) = delete;
  SqlExplorer& operator=(const SqlExplorer&) = delete;

  // Runs up to `count` more orders; returns whether any are left.
  bool run(std::size_t count);
  // Stops for good: the counts cover the runs done.
  void cancel();
  bool finished() const;
  bool cancelled() const;
  // Why a run could not be made (English); empty unless the exploration ended on it.
  const std::string& error() const;
  std::size_t runs_done() const;
  std::size_t total_runs() const;
  // How many interleavings the sessions' steps have (saturating), and how many of them are run.
  std::uint64_t interleavings() const;
  std::size_t explored() const;
  // The interleaving with that number (from 1), as the explorer runs it.
  const std::vector<std::string>& order(std::size_t number) const;

  const SqlScenario& scenario() const;
  Backend backend() const;
  // One per variant of the backend, in the file's order.
  const std::vector<SqlExploredVariant>& variants() const;

 private:
  struct State;
  std::unique_ptr<State> m;
};

}  // namespace reslab
