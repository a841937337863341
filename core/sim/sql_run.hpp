#pragma once
// Runs one permutation of an SQL scenario under one variant, step by step, as PostgreSQL's isolationtester
// steps sessions: a statement that waits for another session leaves its session waiting (its later steps
// queue behind it), and after every step the waiting sessions are driven again in the order they began
// waiting until none can go on. Nothing reads an open transaction's own view: the extra read would change
// what is tested (an early snapshot, SIREAD locks, a SHARED lock); a step's own results are its view.
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/snapshot.hpp"
#include "core/sim/sql_lab.hpp"
#include "core/sim/sql_scenario.hpp"
#include "core/sim/text.hpp"

namespace reslab {

// One statement a session ran (or began to run) in a step.
struct SqlStatementRun {
  std::string session;
  std::string step;  // empty for the session's setup
  int entry = 0;     // the permutation's entry it ran for (SqlStepRun::index); 0 for the session's setup
  std::string sql;
  std::string code;      // SQLITE_DONE, SQLITE_BUSY_SNAPSHOT...; PostgreSQL's SQLSTATE (40001)
  std::string message;   // the database's error text; empty on success
  bool waiting = false;  // the statement waits for another session
  bool failed = false;
  std::vector<std::string> columns;
  std::vector<Row> rows;
  int changes = 0;
  // What the server said to the session while the statement ran ("NOTICE:  text"), as it said it.
  std::vector<std::string> notices;
  SourcePos pos;
  // Not empty when this stands for a step the permutation marks, reported waiting because its markers
  // hold back the report of its completion: they, as written ("(s1c)", "(*)"). `sql` is the step's SQL;
  // its statements' records come with its completion.
  std::string markers;

  // It waits for another session's lock (not only for its markers).
  bool waits_for_lock() const { return waiting && markers.empty(); }
};

struct SqlWake {
  std::string session;
  std::vector<std::string> steps;  // the steps it finished now (its waiting one and any queued behind it)
  std::vector<int> entries;        // their entries in the permutation, as `steps`
};

// One step of the permutation.
struct SqlStepRun {
  int index = 0;  // from 1
  std::string step;
  std::string session;
  // done, failed (a statement of it failed), waiting (it waits for another session), queued (its session
  // is still waiting at an earlier step: it runs when that one finishes)
  std::string outcome;
  std::vector<SqlStatementRun> statements;  // what ran in this step, the woken sessions' statements included
  std::vector<SqlWake> wakes;
  std::vector<TableData> tables;     // the committed tables after the step
  bool tables_are_previous = false;  // they could not be read now: the previous ones stand
  std::vector<std::string> waiting;  // sessions waiting after the step, in the order they began
  // Whom each waiting session waits for after the step, as the database tells it (empty when it cannot).
  std::map<std::string, std::vector<std::string>> waiting_for;
  // The waiting sessions whose step has run to its end (its lock granted, if it waited for one) while the
  // permutation's markers hold back the report of its completion.
  struct Held {
    std::string step;
    int entry = 0;
    std::string markers;  // as written: "(s3wait)"
  };
  std::map<std::string, Held> held;
};

struct SqlRunResult {
  std::string scenario;
  std::string variant;
  std::string level;
  Backend backend = Backend::sqlite;
  std::string server_version;
  std::vector<std::string> permutation;
  std::vector<TableData> initial;
  std::vector<SqlStatementRun> setup;  // what the sessions' own setup ran before the first step
  std::vector<SqlStepRun> steps;
  bool stuck = false;  // sessions were still waiting after the last step
  // The scenario's anomaly rule held (false without a rule).
  bool anomaly = false;
  // What stood in the way, in the order it happened: "wait", failure codes ("40001", "SQLITE_BUSY"),
  // comma-separated; empty when nothing waited or failed.
  std::string how;

  const SqlStepRun* find_step(const std::string& step) const;  // where the step finished (or last stood)
  std::string outcome_of(const std::string& step) const;       // done, failed, waiting, queued, not run
  const SqlStatementRun* last_statement_of(const std::string& step) const;
};

struct SqlRunOptions {
  std::chrono::milliseconds budget{5000};
  std::string dsn;  // the variant's server (--pg DSN, --mariadb DSN); empty: reslab's own
};

// Runs the steps of one variant one at a time on a fresh lab, as a window steps them: the whole run of
// run_sql_scenario(), a step whenever asked. The scenario and the variant must outlive it.
class SqlStepper {
 public:
  // Throws as run_sql_scenario() does when the lab cannot be made.
  SqlStepper(const SqlScenario& scenario, const SqlVariant& variant, const SqlRunOptions& options = {});
  ~SqlStepper();
  SqlStepper(const SqlStepper&) = delete;
  SqlStepper& operator=(const SqlStepper&) = delete;

  // Why `step` cannot be run next (English); empty when it can: a session's steps run in its order, each
  // once; under isolationtester's rules in any order, and again. A step of a session that waits can run:
  // it queues behind the wait.
  std::string why_not(const std::string& step) const;
  // Runs one step, with the permutation's markers on it (core/sim/step_markers.hpp). Throws UsageError
  // when why_not() says no, ScenarioError at a statement the sandbox refuses.
  const SqlStepRun& run(const std::string& step, const std::vector<SqlBlocker>& markers = {});
  // The steps run so far, with the anomaly and how judged on them.
  const SqlRunResult& result() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m;
};

// Throws ScenarioError at a statement's position when the sandbox refuses it, UsageError for an unknown
// step or variant, BackendUnavailableError when the variant's backend cannot be used.
SqlRunResult run_sql_scenario(const SqlScenario& scenario, const SqlVariant& variant,
                              const std::vector<std::string>& permutation, const SqlRunOptions& options = {});
// The `number`th permutation (1-based, as sql_permutation() counts them) with the file's markers on its
// steps. Throws as run_sql_scenario() does, UsageError when there is no such permutation.
SqlRunResult run_sql_permutation(const SqlScenario& scenario, const SqlVariant& variant, std::size_t number,
                                 const SqlRunOptions& options = {});

// Whether `rows` are exactly `expected` (cells by their display text, "NULL" for null).
bool rows_match(const std::vector<Row>& rows, const SqlRows& expected);

// `how` ("wait, 40001") in the reader's language: the codes stay as the database gives them.
std::string how_in_words(const std::string& how, Lang lang);

// The expectation of the run's variant held against the run: empty when it holds, otherwise what differs
// (English), one line each.
std::vector<std::string> unmet_expectations(const SqlScenario& scenario, const SqlRunResult& run);

}  // namespace reslab
