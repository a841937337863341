#pragma once
// An SQL scenario (`kind = "sql"`): the one kind of scenario file that carries SQL. Setup SQL, sessions
// with named steps of SQL, permutations of those steps, and variants (a backend and each session's BEGIN)
// in place of the naive and atomic models; what counts as the anomaly, and what each variant is expected
// to do. Data only: core/sim/sql_run.hpp runs it.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/text.hpp"
#include "core/sim/value.hpp"

namespace reslab {

// One statement of a step or of the setup, with where it starts in the file.
struct SqlStatement {
  std::string sql;
  SourcePos pos;
};

// SQL as the file writes it (a setup or teardown block), where it starts, and its statements.
struct SqlText {
  std::string text;
  SourcePos pos;
  std::vector<SqlStatement> statements;
};

// A named step of one session: one or more statements, run exactly as written.
struct SqlStep {
  std::string name;
  std::string session;
  std::string text;  // as written
  std::vector<SqlStatement> statements;
  SourcePos pos;
};

struct SqlSession {
  std::string id;
  LocalizedText name;
  std::vector<std::string> steps;  // step names, in the session's order
  // Run on the session's connection before the first step and after the last (an isolationtester
  // session's setup and teardown); the setup typically holds the session's BEGIN.
  std::optional<SqlText> setup;
  std::optional<SqlText> teardown;
  SourcePos pos;
};

// How the SQLite file keeps its journal in a variant.
enum class SqliteJournal { rollback, wal };

// What takes the place of naive/atomic: a backend, the level in words, each session's BEGIN.
struct SqlVariant {
  std::string id;
  Backend backend = Backend::sqlite;
  std::string level;  // "read committed"; SQLite: "deferred, rollback journal"
  SqliteJournal journal = SqliteJournal::rollback;
  std::string begin;  // every session's BEGIN unless overridden; empty: none (the steps say it themselves)
  std::map<std::string, std::string> session_begins;  // by session id
  LocalizedText explanation;                          // why this variant gives what it gives
  SourcePos pos;

  const std::string& begin_of(const std::string& session) const;
};

// An isolationtester marker on a step of a permutation: when its completion may be reported.
struct SqlBlocker {
  enum class Kind {
    once,     // (*): report the step waiting as soon as it is sent
    step,     // (other): not complete while that step runs in its session
    notices,  // (other notices N): not complete before N more notices from that step's session
  };
  Kind kind = Kind::once;
  std::string step;  // the other step (step, notices)
  int notices = 0;   // notices
};

struct SqlPermutation {
  std::string name;
  LocalizedText title;  // as the preset picker shows it; empty: the name
  std::vector<std::string> steps;
  std::vector<std::vector<SqlBlocker>> blockers;  // per entry of `steps`; empty when the file marks none
  SourcePos pos;

  const std::vector<SqlBlocker>& blockers_at(std::size_t index) const;
  // The markers of entry `index` of `order`, an order that may leave this permutation: the entry's own
  // where the order follows the permutation up to it, none past the point where it leaves it.
  std::vector<SqlBlocker> blockers_along(const std::vector<std::string>& order, std::size_t index) const;
};

// Rows as the file writes them: display text of each cell ("NULL" for null).
using SqlRows = std::vector<std::vector<std::string>>;

// When the run shows the anomaly: every condition given holds.
struct SqlAnomalyRule {
  std::map<std::string, SqlRows> reads;  // step -> exactly these rows (its last statement's)
  std::string table;                     // this table after the last step...
  SqlRows table_rows;                    // ...holds exactly these rows
  std::vector<std::string> succeed;      // these steps finished without an error
  std::vector<std::string> at_once;      // these steps finished in their own turn, without waiting
  SourcePos pos;
};

// What the file expects one variant to do; `reslab check` holds every run of it to this.
struct SqlExpectation {
  std::string variant;
  std::optional<bool> anomaly;
  std::optional<std::string> how;            // "wait", "40001, wait"...: see SqlRunResult::how
  std::map<std::string, SqlRows> reads;      // step -> rows its last statement returned
  std::map<std::string, std::string> fails;  // step -> the code it fails with ("40001", "SQLITE_BUSY")
  std::vector<std::string> waits;            // steps that wait
  SourcePos pos;
};

struct SqlScenario {
  std::string id;
  std::string file;
  std::string test;  // the Hermitage test this file reproduces ("g1a"); empty for an instructor's own
  LocalizedText title;
  LocalizedText summary;
  std::vector<SqlStatement> setup;  // every statement of `setup_blocks`, in order
  std::vector<SqlText>
      setup_blocks;                 // the setup as written: one block each (isolationtester runs each alone)
  std::optional<SqlText> teardown;  // run after a permutation by isolationtester's schedule
  std::vector<std::string> tables;  // shown after every step; empty: every table the setup made
  std::vector<SqlSession> sessions;
  std::vector<SqlStep> steps;
  std::vector<SqlPermutation> permutations;
  std::vector<SqlVariant> variants;
  std::optional<SqlAnomalyRule> anomaly;
  std::vector<SqlExpectation> expectations;
  // isolationtester's rules (a .spec file, or `isolationtester = true`): a permutation runs the steps it
  // lists in its own order, whatever the sessions' order, may leave steps out, repeat them and mark
  // them with blockers, and a step may be empty. Otherwise a permutation keeps each session's order.
  bool isolationtester_rules = false;
  // The backend its runs use when none is named (a .spec file: PostgreSQL).
  Backend backend = Backend::sqlite;
  // Why the file has no variant on a backend (a .spec whose SQL SQLite cannot run): "file:line:col: ..."
  // naming the statement that stops it, in both languages.
  std::map<Backend, LocalizedText> not_on;

  const SqlStep* find_step(const std::string& name) const;
  const SqlSession* find_session(const std::string& id) const;
  const SqlVariant* find_variant(const std::string& id) const;
  const SqlExpectation* expectation_for(const std::string& variant) const;
  std::vector<const SqlVariant*> variants_on(Backend backend) const;
  // Where the variant stands in the file (variants.size() for an unknown id): two side by side keep it.
  std::size_t variant_index(const std::string& id) const;
};

// The permutations a scenario runs: its own, or (none listed) the interleavings of its sessions' steps in
// lexicographic order. `number` is 1-based; an empty order when there is no such permutation.
std::vector<std::string> sql_permutation(const SqlScenario& scenario, std::size_t number);
// The `number`th interleaving of the sessions' steps (1-based), whatever permutations the file lists; empty
// past the last.
std::vector<std::string> sql_interleaving(const SqlScenario& scenario, std::size_t number);
// Each interleaving of the sessions' steps in that order (isolationtester's, for a spec without
// permutations), until `visit` returns false.
void for_each_sql_interleaving(const SqlScenario& scenario,
                               const std::function<bool(const std::vector<std::string>&)>& visit);
// A variant's level in the reader's language: the levels the bundled tests name are translated, a file's
// own words stay as written.
std::string level_text(const std::string& level, Lang lang);

// How many permutations `reslab trace` lists by default: the file's, or the first 100 interleavings.
std::size_t default_permutation_count(const SqlScenario& scenario);
constexpr std::size_t kDefaultInterleavings = 100;

}  // namespace reslab
