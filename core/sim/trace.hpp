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
  std::string waiting_for;          // the actor holding the lock it waits for
  std::string resolved;             // the request's decision, e.g. "accepted"; empty while undecided
  int resolved_step = 0;
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
};

struct Trace {
  std::string scenario;
  Model model = Model::atomic;
  Backend backend = Backend::sqlite;
  std::string server_version;  // PostgreSQL's "15.18"; empty on SQLite
  std::string preset;          // empty when the order was given explicitly
  std::vector<std::string> order;
  std::map<std::string, std::int64_t> times;  // every event's scheduled time in this run (the plan's)
  std::shared_ptr<const CommittedState> initial;
  std::vector<ActorStatus> initial_actors;  // where the actors stand before the first step
  std::vector<ProcessMemory> initial_memory;
  std::vector<Step> steps;
  std::string hash;  // over committed tables, figures, outcomes and wakes
};

// A hash over the committed tables, figures, outcomes and wakes of every step
// (not the explanation text, so it is the same in every language).
std::string trace_hash(const Trace& trace);
// The same digest of one committed state alone (tables, figures, invariant verdicts): two runs that end
// in the same state have the same one.
std::string committed_state_hash(const CommittedState& state);

}  // namespace reslab
