#pragma once
// A trace: the steps of one order under one model, each with its committed
// snapshot, the SQL its actors ran, and why it happened.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/message.hpp"
#include "core/sim/model.hpp"
#include "core/sim/snapshot.hpp"

namespace reslab {

struct SqlRecord {
  std::string connection;
  std::string sql;
  std::vector<Value> params;
  std::string result;  // SQLite's result code name; PostgreSQL's condition name, or "waiting"
  int changes = 0;
  int rows = 0;          // rows the statement returned (a SELECT's answer, an UPDATE's RETURNING)
  std::string sqlstate;  // PostgreSQL's SQLSTATE ("40P01"); empty on SQLite
  bool ok = true;        // the statement succeeded, whatever the backend calls its success
  bool waiting = false;  // it waits for another session's lock (an SQL scenario's; a case's say "waiting")
  // A spec's step reported waiting by the permutation's markers that hold back its report ("(*)"), not
  // by a lock: empty otherwise.
  std::string held_by_markers = {};
  // What it returned, kept where the rows are the lesson (an SQL scenario's statements); a case's actions
  // say what they read in their explanations instead.
  std::vector<std::string> returned_columns = {};
  std::vector<Row> returned_rows = {};
  // What the server said to the session while it ran ("NOTICE:  text"): PostgreSQL's notices.
  std::vector<std::string> notices = {};
};

// A question predict mode asks before a step's result is revealed (what the scenario file expects of the
// step), and how the run answered it.
struct Prediction {
  enum class Verdict { met, unmet, open };
  Message question;  // "Will t2_write wait?"
  Message expected;  // what the file expects: "it waits"
  Message answer;    // what the run did: "it waits"; "it has not finished yet" while open
  Verdict verdict = Verdict::open;
  // Asked before the reveal. A step woken by this one answers a question asked where it began, and is
  // not asked again: asking would give the wake-up away.
  bool asked = true;
};

// An actor that was waiting and finished its event because the lock holder committed or rolled back.
struct Wake {
  std::string actor;
  std::string event;
  std::string outcome;
  std::vector<Message> explanation;
};

// An open transaction's own view of the tables it changed, read through its connection.
// On PostgreSQL a session with a statement in flight (waiting for a lock) cannot be asked anything:
// its view is then not readable.
struct OpenTransaction {
  std::string actor;
  std::vector<TableData> tables;
  bool readable = true;
};

// Where an actor stands after a step, and what the controls need: its next event and whether it
// can run now.
struct ActorStatus {
  std::string actor;
  std::string next_event;      // empty when its lane is finished
  std::string blocked_reason;  // why next_event cannot run now (English, from the engine); empty when it can
  bool in_transaction = false;
  bool holds_write_lock = false;
  bool transaction_failed = false;  // its open transaction was aborted by an error (PostgreSQL)
  std::string waiting_event;        // empty unless waiting
  int waiting_step = 0;             // the step (from 1) that ran the waiting event: an event may run twice
  std::string waiting_for;          // the actor holding the lock it waits for
  std::string resolved;             // the request's decision, e.g. "accepted"; empty while undecided
  int resolved_step = 0;
  // An SQL spec's step that ran but is reported waiting: the permutation's markers that hold it ("(*)").
  std::string waiting_markers;
};

// What a live process holds in memory after a step (a remembered read, a message not yet sent...):
// the database cannot see it, a crash loses it.
struct ProcessMemory {
  std::string actor;
  bool down = false;  // crashed and not restarted: it holds nothing
  std::vector<std::pair<std::string, Value>> items;
};

struct Step {
  int index = 0;  // from 1
  std::int64_t time = 0;
  std::int64_t scheduled_time = 0;
  std::string actor;
  std::string event;
  std::string outcome;
  Message summary;                   // one line for the step table ("A reads 1")
  std::vector<Message> explanation;  // why, with the numbers
  std::vector<Wake> wakes;
  std::shared_ptr<const CommittedState> committed;
  bool committed_is_previous = false;  // a write transaction stayed open through the step
  std::vector<TableDiff> diff;         // committed against the previous step's committed
  std::vector<OpenTransaction> open_transactions;
  std::vector<SqlRecord> sql;
  std::vector<ActorStatus> actors;
  std::vector<ProcessMemory> memory;  // every actor, in lane order
  std::vector<Prediction> predictions;
};

// An SQL scenario's verdict on its run: whether the anomaly rule holds and what stood in the way, and what
// the scenario file expects of the variant.
struct AnomalyVerdict {
  bool complete = false;  // every step of every session has run: the rule is judged on the whole run
  bool anomaly = false;
  std::string how;     // "wait, 40001"; empty when nothing waited or failed
  bool stuck = false;  // sessions still wait after the last step
  std::optional<bool> expected_anomaly;
  std::optional<std::string> expected_how;
};

struct Trace {
  std::string scenario;
  Model model = Model::atomic;
  Backend backend = Backend::sqlite;
  std::string server_version;  // PostgreSQL's "15.18"; empty on SQLite
  std::string preset;          // empty when the order was given explicitly
  std::string variant;         // an SQL scenario's variant (its id); empty for a case's models
  std::vector<std::string> order;
  std::map<std::string, std::int64_t> times;  // every event's scheduled time in this run (the plan's)
  std::shared_ptr<const CommittedState> initial;
  std::vector<ActorStatus> initial_actors;  // where the actors stand before the first step
  std::vector<ProcessMemory> initial_memory;
  std::vector<Step> steps;
  std::string hash;                       // over committed tables, figures, outcomes and wakes
  std::optional<AnomalyVerdict> verdict;  // an SQL scenario with an anomaly rule
};

// A hash over the committed tables, figures, outcomes and wakes of every step
// (not the explanation text, so it is the same in every language).
std::string trace_hash(const Trace& trace);
// The same digest of one committed state alone (tables, figures, invariant verdicts): two runs that end
// in the same state have the same one.
std::string committed_state_hash(const CommittedState& state);

}  // namespace reslab
