#pragma once
// What an action sees while it runs: its arguments, the actor's memory, the
// clock, and two ways to reach the database (its own connection and the
// simulated payment provider's). Actions return an outcome word.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/case_family.hpp"
#include "core/sim/message.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/session.hpp"
#include "core/sim/snapshot.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

// Thrown by ActionContext::sql when a statement meets SQLITE_BUSY (on PostgreSQL: is blocked by another
// session of the lab and stays in flight): the actor waits.
struct ActorBlocked {
  std::string statement;
};

// Thrown by ActionContext::must when a statement meets SQLITE_BUSY that waiting cannot end:
// the lock holders are themselves waiting on this actor (a deadlock); on PostgreSQL, when the server
// chose this statement as a deadlock's victim (40P01).
struct ActorDeadlocked {
  std::string statement;
};

// An actor's in-process memory (a remembered read, an open hold id...). A crash clears it.
using ActorMemory = std::map<std::string, Value>;

// The statements an event already ran before it had to wait. When the actor
// wakes, the action runs again from the top and these results are served back
// instead of re-executing, so the event finishes "the rest" exactly once.
struct EventJournal {
  std::vector<StatementResult> results;
};

class ActionContext {
 public:
  struct Setup {
    Model model = Model::atomic;
    Backend backend = Backend::sqlite;
    std::int64_t now = 0;
    const Event* event = nullptr;
    const Actor* actor = nullptr;
    const Args* args = nullptr;
    ActorMemory* memory = nullptr;
    const CommittedState* committed = nullptr;  // the last committed state before this event
    Session* own = nullptr;
    Session* provider = nullptr;
    EventJournal* journal = nullptr;
    std::vector<SqlRecord>* sql_log = nullptr;
    bool resuming = false;  // a woken event: a repeated BUSY is silent, like a busy handler's retry
    bool bundled = false;   // the scenario is a bundled case, so texts may point at the other cases
    // Whether waiting now would close a cycle of waiters (a deadlock); empty means never.
    std::function<bool()> waiting_would_deadlock;
  };

  explicit ActionContext(Setup setup) : m(setup), m_woken(setup.resuming) {}

  Model model() const { return m.model; }
  // Where the statements run: the texts say what this backend does (its facts: row or database locks,
  // what an error does to the transaction), and an action may take the path those facts ask for.
  Backend backend() const { return m.backend; }
  const BackendFacts& facts() const { return backend_facts(m.backend); }
  bool row_locks() const { return facts().row_locks(); }
  // A message whose text differs on a row-locking server: `key` on SQLite, `key` + ".rows" there.
  std::string locking_text(const std::string& key) const { return row_locks() ? key + ".rows" : key; }
  std::int64_t now() const { return m.now; }
  const Event& event() const { return *m.event; }
  const Actor& actor() const { return *m.actor; }
  ActorMemory& memory() { return *m.memory; }
  const CommittedState& committed() const { return *m.committed; }

  // A pointer to another bundled case ("@ref.see_h3" renders ", see H3"), as a message argument; in an
  // instructor's own file, which sits beside no such case, it renders as nothing.
  std::string case_ref(const std::string& ref) const { return m.bundled ? "@ref." + ref : "@ref.none"; }

  std::string text(const std::string& name) const;
  std::int64_t integer(const std::string& name, std::int64_t fallback = 0) const;
  bool has(const std::string& name) const;
  // The argument as a value to bind: NULL when the event does not give it.
  Value integer_or_null(const std::string& name) const { return has(name) ? Value(integer(name)) : Value{}; }
  Value text_or_null(const std::string& name) const { return has(name) ? Value(text(name)) : Value{}; }

  // Runs a statement on the actor's own connection; throws ActorBlocked on BUSY. A BUSY that
  // waiting cannot end (a deadlock) is returned instead, so the action decides what to do.
  StatementResult sql(const std::string& statement, std::vector<Value> params = {});
  // Like sql(), for a statement the model does not expect to fail: a deadlock throws
  // ActorDeadlocked, any other result is an SqlError.
  StatementResult must(const std::string& statement, std::vector<Value> params = {});
  // Runs a statement on the simulated provider's connection (its own ledger); it must succeed.
  StatementResult provider(const std::string& statement, std::vector<Value> params = {});

  void say(Message message) { m_explanation.push_back(with_server(std::move(message))); }
  // True while a woken event is re-running statements it ran before it waited (served from the
  // journal): what it says now was already said in the step where it began waiting.
  bool replaying() const { return m_replayed < m.journal->results.size(); }
  // This run of the event was woken: it had waited for a lock another actor's commit or rollback released.
  bool woken() const { return m_woken; }
  void summarize(Message message) { m_summary = with_server(std::move(message)); }
  // A row-locking server's texts name it ({server}) and its isolation level ({isolation}).
  Message with_server(Message message) const {
    if (!row_locks()) return message;
    message.args.emplace_back("server", std::string(backend_display(m.backend)));
    message.args.emplace_back("isolation", facts().default_isolation);
    message.args.emplace_back("deadlock_error", facts().deadlock_error);
    return message;
  }
  // The request's decision is made here; its later events are noop.
  void resolve(const std::string& decision) { m_resolution = decision; }
  // The step's outcome if the event has to wait from here on (e.g. "retried"); default "waiting".
  void outcome_if_waiting(const std::string& outcome) { m_waiting_outcome = outcome; }
  const std::string& waiting_outcome() const { return m_waiting_outcome; }

  std::vector<Message>& explanation() { return m_explanation; }
  const Message& summary() const { return m_summary; }
  const std::string& resolution() const { return m_resolution; }

 private:
  StatementResult execute(Session& session, const std::string& statement, std::vector<Value> params);

  Setup m;
  bool m_woken = false;
  std::size_t m_replayed = 0;
  std::vector<Message> m_explanation;
  Message m_summary;
  std::string m_resolution;
  std::string m_waiting_outcome;
};

// Thrown by actions when a statement fails in a way the model does not handle.
[[noreturn]] void fail_statement(const std::string& statement, const StatementResult& result);

}  // namespace reslab
