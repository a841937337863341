// [SECTION] index: actor state · construction · lanes and checks · running one
// event · waking waiters · committed snapshots · run_plan
#include "core/sim/simulator.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "core/sim/action_context.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/lab_database.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/timed_text.hpp"

namespace reslab {
// Named, not anonymous: Simulator::Impl, which has external linkage, holds these types.
namespace simulator_detail {

const char* const kProviderConnection = "provider";
// A worker's process dying and coming back (H5): the simulator itself rolls back and forgets.
const char* const kCrashAction = "crash";
const char* const kRestartAction = "restart";

struct ActorState {
  const Actor* actor = nullptr;
  ActorMemory memory;
  std::set<std::string> done;
  std::string waiting_event;  // non-empty while waiting on a lock
  int waiting_step = 0;       // the step that ran it
  EventJournal journal;       // statements of the waiting event that already ran
  std::string resolved;
  int resolved_step = 0;
  std::string transaction_event;  // the event that opened the actor's current transaction
  int down_since = 0;             // the step at which it crashed; 0 while running
  Session* session = nullptr;     // its connection, for the lab's life (looked up once)
  mutable const std::vector<std::string>* lane = nullptr;  // its events in lane order, once asked for
  // How many of the lane's first events are done. An event runs only when it is next in its lane, so
  // `done` is always the lane's first events: the next one is found without looking at the others.
  mutable std::size_t lane_done = 0;
};

struct EventResult {
  bool blocked = false;
  std::string blocked_statement;
  std::string waiting_outcome;  // the outcome shown instead of "waiting", if the action named one
  std::string outcome;
  Message summary;
  std::vector<Message> explanation;
  std::string resolution;
};

const CaseFamily& family_of(const Scenario& scenario) {
  const CaseFamily* family = find_family(scenario.schema);
  if (!family) throw ScenarioError({scenario.file, 0, 0}, "unknown schema '" + scenario.schema + "'");
  return *family;
}

bool starts_with_select(const std::string& sql) {
  return sql.rfind("SELECT", 0) == 0;
}

}  // namespace simulator_detail
using namespace simulator_detail;

// [SECTION] construction
struct Simulator::Impl {
  const Scenario& scenario;
  const CaseFamily& family;
  Plan plan;
  LabDatabaseHandle db;
  std::vector<ActorState> actors;
  std::deque<std::size_t> waiters;  // actor indices, in the order they began waiting
  std::int64_t clock = 0;
  std::vector<Step> steps;
  std::shared_ptr<const CommittedState> initial;
  std::vector<ActorStatus> initial_actors;
  std::vector<ProcessMemory> initial_memory;
  // What the steps show: the committed tables with every invariant, SQL and state ones.
  std::shared_ptr<const CommittedState> committed;
  // The committed tables with their table invariants and figures only, as last read; `committed` is built on
  // it.
  std::shared_ptr<const CommittedState> table_state;
  std::shared_ptr<const CommittedState> initial_table_state;
  std::shared_ptr<const CommittedState> last_capture;
  std::shared_ptr<const CommittedState> committed_base;  // the table state `committed` was built on
  std::int64_t last_data_version = -1;
  const bool bundled;  // texts may point at the other bundled cases
  mutable std::map<std::string, std::vector<std::string>> lanes;  // lane(), by actor
  std::shared_ptr<const MessageNames> text_names;                 // what the step texts call the actors

  Impl(const Scenario& s, Plan p)
      : scenario(s), family(family_of(s)), plan(std::move(p)), bundled(is_bundled_scenario(s.file)) {
    auto named = std::make_shared<MessageNames>();
    named->family = scenario.schema;
    for (const auto& actor : scenario.actors) named->actors.emplace(actor.id, actor.name);
    text_names = std::move(named);
    std::vector<std::string> names;
    for (const auto& actor : scenario.actors) {
      names.push_back(actor.id);
      actors.push_back(ActorState{&actor, {}, {}, {}, 0, {}, {}, 0, {}, 0, nullptr, nullptr, 0});
    }
    names.push_back(kProviderConnection);
    db = open_lab_database(scenario, family, names, plan.model, plan.backend);
    for (auto& actor : actors) actor.session = &db->session(actor.actor->id);
    table_state = initial_table_state = capture();
    if (!table_state) throw std::logic_error("the initial state could not be read");
    initial_actors = statuses();
    initial_memory = memory_view();
    initial = committed = with_state_invariants(table_state, initial_actors, initial_memory);
  }

  Session& connection_of(const ActorState& actor) { return *actor.session; }
  const Session& connection_of(const ActorState& actor) const { return *actor.session; }

  const ActorState* find_actor(const std::string& actor_id) const {
    for (const auto& actor : actors)
      if (actor.actor->id == actor_id) return &actor;
    return nullptr;
  }

  ActorState& state_of(const std::string& actor_id) {
    return actors.at(static_cast<std::size_t>(scenario.actor_index(actor_id)));
  }
  const ActorState& state_of(const std::string& actor_id) const {
    return actors.at(static_cast<std::size_t>(scenario.actor_index(actor_id)));
  }

  // [SECTION] lanes and checks
  // An actor's events in lane order. The plan's times never change in a run, so each lane is sorted once:
  // every step asks for every actor's next event.
  const std::vector<std::string>& lane(const std::string& actor_id) const {
    if (const auto known = lanes.find(actor_id); known != lanes.end()) return known->second;
    std::vector<std::pair<std::int64_t, std::string>> events;
    for (const auto& event : scenario.events)
      if (event.actor == actor_id) events.emplace_back(plan.time_of(event.id), event.id);
    std::stable_sort(events.begin(), events.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> ids;
    for (auto& event : events) ids.push_back(std::move(event.second));
    return lanes.emplace(actor_id, std::move(ids)).first->second;
  }

  std::optional<std::string> next_event(const std::string& actor_id) const {
    if (const std::string* next = next_of(state_of(actor_id))) return *next;
    return std::nullopt;
  }
  const std::string* next_of(const ActorState& actor) const {
    if (!actor.lane) actor.lane = &lane(actor.actor->id);
    const auto& ids = *actor.lane;
    while (actor.lane_done < ids.size() && actor.done.count(ids[actor.lane_done])) ++actor.lane_done;
    return actor.lane_done < ids.size() ? &ids[actor.lane_done] : nullptr;
  }

  std::string lock_holders(const ActorState& except) const {
    std::string holders;
    if (db->facts().row_locks()) {
      // The server names the sessions the waiter is queued behind.
      for (const auto& name : db->waits_for(db->session(except.actor->id))) {
        holders += (holders.empty() ? "" : ", ") + name;
        const ActorState* holder = find_actor(name);
        if (holder && !holder->transaction_event.empty()) holders += " (" + holder->transaction_event + ")";
      }
      return holders.empty() ? "another connection" : holders;
    }
    for (const auto& actor : actors) {
      if (&actor == &except || !connection_of(actor).in_write_transaction()) continue;
      holders += (holders.empty() ? "" : ", ") + actor.actor->id;
      if (!actor.transaction_event.empty()) holders += " (" + actor.transaction_event + ")";
    }
    if (!holders.empty()) return holders;
    for (const auto& actor : actors)
      if (&actor != &except && connection_of(actor).in_transaction())
        holders += (holders.empty() ? "" : ", ") + actor.actor->id;
    return holders.empty() ? "another connection" : holders;
  }

  // [SECTION] actors by name
  // A text a user reads names an actor as the scenario does ("Expiry job", "过期任务"), not by its id: a
  // step's messages keep actor ids in their arguments (data) and carry the names to say them by.
  void name_actors(Message& message) const { message.names = text_names; }

  std::string why_not(const std::string& event_id) const {
    const Event* event = scenario.find_event(event_id);
    if (!event) return "unknown event '" + event_id + "'";
    const ActorState& actor = state_of(event->actor);
    if (actor.done.count(event_id)) return event_id + " has already run";
    if (!actor.waiting_event.empty())
      return event_id + " cannot run: " + event->actor + " is waiting at " + actor.waiting_event +
             " for the lock held by " + lock_holders(actor);
    if (actor.down_since > 0 && event->action != kRestartAction)
      return event_id + " cannot run: " + event->actor + " crashed at step " +
             std::to_string(actor.down_since) + " and is down until it restarts";
    const auto next = next_event(event->actor);
    if (next && *next != event_id) {
      std::string order;
      for (const auto& id : lane(event->actor)) order += (order.empty() ? "" : ", ") + id;
      return event_id + " cannot run before " + *next + " (" + event->actor + " runs " + order +
             " in this order)";
    }
    return {};
  }

  // The actors whose locks keep `index` from going on: the write-lock holder if another actor has
  // it, otherwise every other actor holding a read lock (what a COMMIT has to wait for).
  std::vector<std::size_t> blockers(std::size_t index) const {
    std::vector<std::size_t> writers;
    std::vector<std::size_t> readers;
    for (std::size_t i = 0; i < actors.size(); ++i) {
      if (i == index) continue;
      const Session& other = connection_of(actors[i]);
      if (other.in_write_transaction()) {
        writers.push_back(i);
      } else if (other.holds_lock()) {
        readers.push_back(i);
      }
    }
    return writers.empty() ? readers : writers;
  }

  // Whether `index` waiting now would wait for an actor that (through other waiters) waits for
  // it: a deadlock, which no commit can end because everyone in the cycle is waiting. A transaction
  // that already reads and asks for the write lock another transaction holds is one too, before the
  // writer even asks to commit: that writer can commit only once every read lock is gone, so SQLite
  // answers SQLITE_BUSY at once without calling the busy handler.
  bool waiting_closes_cycle(std::size_t index) const {
    const Session& own = connection_of(actors[index]);
    if (own.holds_lock() && !own.in_write_transaction())
      for (std::size_t i = 0; i < actors.size(); ++i)
        if (i != index && connection_of(actors[i]).in_write_transaction()) return true;
    std::vector<std::size_t> pending = blockers(index);
    std::set<std::size_t> seen;
    while (!pending.empty()) {
      const std::size_t next = pending.back();
      pending.pop_back();
      if (next == index) return true;
      if (!seen.insert(next).second || actors[next].waiting_event.empty()) continue;
      for (std::size_t further : blockers(next)) pending.push_back(further);
    }
    return false;
  }

  // Whether the observer can read the committed state now: SQLite's memdb makes readers wait while a
  // write transaction is open; PostgreSQL's readers never wait.
  bool committed_readable() const { return !db->facts().readers_wait || !any_write_transaction(); }

  // Who `actor` waited for just before the server failed its statement: the actors whose transactions
  // are still open (the victim's own has been rolled back by the server).
  std::string last_blockers(const ActorState& actor) const {
    std::string holders;
    for (const auto& other : actors) {
      if (&other == &actor || !connection_of(other).in_transaction()) continue;
      holders += (holders.empty() ? "" : ", ") + other.actor->id;
      if (!other.transaction_event.empty()) holders += " (" + other.transaction_event + ")";
    }
    return holders.empty() ? "another connection" : holders;
  }

  bool any_write_transaction() const {
    return std::any_of(actors.begin(), actors.end(),
                       [&](const ActorState& a) { return connection_of(a).in_write_transaction(); });
  }

  // [SECTION] running one event
  EventResult execute(ActorState& actor, const Event& event, std::vector<SqlRecord>& log, bool resuming) {
    const ActionEntry* action = find_action(family, event.action);
    if (!action || !action->code(plan.model))
      throw UsageError("action '" + event.action + "' has no code in this build");
    const ActionFn& code = action->code(plan.model);
    Session& own = connection_of(actor);
    const bool had_transaction = own.in_transaction();
    const auto index = static_cast<std::size_t>(&actor - actors.data());
    std::function<bool()> would_deadlock;
    if (!db->facts().finds_deadlocks) would_deadlock = [this, index] { return waiting_closes_cycle(index); };
    ActionContext ctx({plan.model, plan.backend, clock, &event, actor.actor, &plan.args.at(event.id),
                       &actor.memory, committed.get(), &own, &db->session(kProviderConnection),
                       &actor.journal, &log, resuming, bundled, std::move(would_deadlock)});
    EventResult result;
    try {
      result.outcome = code(ctx);
    } catch (const ActorBlocked& blocked) {
      result.blocked = true;
      result.blocked_statement = blocked.statement;
      result.waiting_outcome = ctx.waiting_outcome();
    } catch (const ActorDeadlocked& deadlocked) {
      result.outcome = "deadlocked";
      ctx.summarize({"engine.deadlocked.summary", {{"actor", actor.actor->id}}});
      if (db->facts().finds_deadlocks) {
        // The server already rolled the victim's transaction back; ROLLBACK ends the failed block.
        const std::string holder = last_blockers(actor);
        const bool lighter = db->facts().victim == BackendFacts::Victim::lighter;
        MessageArgs victim_args = {
            {"actor", actor.actor->id}, {"statement", deadlocked.statement}, {"holder", holder}};
        if (lighter) victim_args.emplace_back("code", "ER_LOCK_DEADLOCK (1213)");
        ctx.say({lighter ? "engine.deadlocked.victim.lighter" : "engine.deadlocked.victim",
                 std::move(victim_args)});
        if (own.in_transaction()) {
          const StatementResult rollback = own.run("ROLLBACK");
          log.push_back({own.name(),
                         "ROLLBACK",
                         {},
                         rollback.code_name(),
                         rollback.changes,
                         0,
                         rollback.sqlstate,
                         rollback.ok()});
        }
      } else {
        // SQLite does not roll back on BUSY: the transaction stays as it was, and so do its locks.
        ctx.say({"engine.deadlocked",
                 {{"actor", actor.actor->id},
                  {"statement", deadlocked.statement},
                  {"holder", lock_holders(actor)}}});
      }
      ctx.resolve("deadlocked");
    } catch (...) {
      // An unexpected failure must not leave the lock held for the rest of the class.
      if (own.in_transaction()) own.run("ROLLBACK");
      actor.journal.results.clear();
      throw;
    }
    if (!result.blocked) actor.journal.results.clear();
    if (!had_transaction && own.in_transaction()) actor.transaction_event = event.id;
    if (!own.in_transaction()) actor.transaction_event.clear();
    result.summary = ctx.summary();
    result.explanation = std::move(ctx.explanation());
    result.resolution = ctx.resolution();
    return result;
  }

  void finish(ActorState& actor, const Event& event, const EventResult& result, int step_index) {
    actor.done.insert(event.id);
    if (!result.resolution.empty()) {
      actor.resolved = result.resolution;
      actor.resolved_step = step_index;
    }
  }

  // The database rolls back a dead connection's open transaction (its waiters wake in this step) and
  // the process's memory is gone; until its restart event the actor runs nothing.
  void crash(ActorState& actor, Step& step) {
    Session& own = connection_of(actor);
    if (own.in_transaction()) {
      const StatementResult rollback = own.run("ROLLBACK");
      step.sql.push_back({own.name(),
                          "ROLLBACK",
                          {},
                          rollback.code_name(),
                          rollback.changes,
                          0,
                          rollback.sqlstate,
                          rollback.ok()});
      step.explanation.push_back({"recovery.crash.rolled_back", {{"event", actor.transaction_event}}});
      actor.transaction_event.clear();
    }
    actor.memory.clear();
    actor.journal.results.clear();
    actor.down_since = step.index;
  }

  Message waiting_message(const ActorState& actor, const Event& event, const std::string& statement) const {
    // An actor that already holds the write lock is waiting for readers (its COMMIT), not for a writer;
    // on a row-locking server readers never hold anyone up, and a waiter waits for a row.
    const bool rows = db->facts().row_locks();
    Message message{rows                                          ? "engine.waiting.row"
                    : connection_of(actor).in_write_transaction() ? "engine.waiting.readers"
                                                                  : "engine.waiting",
                    {{"actor", actor.actor->id},
                     {"event", event.id},
                     {"statement", statement},
                     {"holder", lock_holders(actor)}}};
    if (rows) message.args.emplace_back("server", std::string(backend_display(plan.backend)));
    return message;
  }

  const Step& run(const std::string& event_id) {
    const int index = static_cast<int>(steps.size()) + 1;
    if (const std::string reason = why_not(event_id); !reason.empty())
      throw UsageError("step " + std::to_string(index) + ": " + reason);
    const Event& event = *scenario.find_event(event_id);
    ActorState& actor = state_of(event.actor);

    Step step;
    step.index = index;
    step.scheduled_time = plan.time_of(event.id);
    clock = std::max(clock, step.scheduled_time);
    step.time = clock;
    step.actor = event.actor;
    step.event = event.id;

    std::shared_ptr<const CommittedState> snapshot;
    const bool lifecycle = event.action == kCrashAction || event.action == kRestartAction;
    if (!actor.resolved.empty() && !lifecycle) {
      step.outcome = "noop";
      const std::vector<std::pair<std::string, std::string>> args = {
          {"actor", actor.actor->id},
          {"outcome", "@outcome." + actor.resolved},
          {"step", std::to_string(actor.resolved_step)}};
      step.summary = {"engine.resolved.summary", args};
      step.explanation = {{"engine.resolved", args}};
      actor.done.insert(event.id);
    } else {
      EventResult result = execute(actor, event, step.sql, false);
      step.explanation = std::move(result.explanation);
      if (result.blocked) {
        step.outcome = result.waiting_outcome.empty() ? "waiting" : result.waiting_outcome;
        actor.waiting_event = event.id;
        actor.waiting_step = step.index;
        waiters.push_back(static_cast<std::size_t>(scenario.actor_index(event.actor)));
        step.summary = result.waiting_outcome.empty() || result.summary.key.empty()
                           ? Message{"engine.waiting.summary", {{"actor", actor.actor->id}}}
                           : result.summary;
        step.explanation.push_back(waiting_message(actor, event, result.blocked_statement));
        if (starts_with_select(result.blocked_statement) && db->facts().readers_wait)
          step.explanation.push_back({"engine.memdb_readers"});
      } else {
        step.outcome = result.outcome;
        step.summary = result.summary;
        finish(actor, event, result, index);
        if (event.action == kCrashAction) crash(actor, step);
        if (event.action == kRestartAction) actor.down_since = 0;
      }
    }
    if (committed_readable()) snapshot = capture();
    wake_waiters(step, snapshot);

    step.committed_is_previous = snapshot == nullptr;
    if (snapshot) table_state = snapshot;
    step.actors = statuses();
    step.memory = memory_view();
    auto shown = with_state_invariants(table_state, step.actors, step.memory);
    if (snapshot) step.diff = diff_states(*committed, *shown, scenario.schema);
    say_invariant_changes(*committed, *shown, step.explanation);
    // A note may quote event times ({at:EVENT}): it says them as this run schedules them.
    if (event.note.en.size() || event.note.zh.size())
      step.explanation.push_back(
          {"engine.note",
           {{"en", with_times(event.note.en, plan.times)}, {"zh", with_times(event.note.zh, plan.times)}}});
    committed = shown;
    step.committed = committed;
    step.open_transactions = open_transaction_views();
    name_actors(step.summary);
    for (auto& message : step.explanation) name_actors(message);
    for (auto& wake : step.wakes)
      for (auto& message : wake.explanation) name_actors(message);
    steps.push_back(std::move(step));
    return steps.back();
  }

  // What the explanation says about the invariants is read off the states, never assumed by an action:
  // each invariant that breaks or holds again in this step.
  static void say_invariant_changes(const CommittedState& before, const CommittedState& after,
                                    std::vector<Message>& explanation) {
    for (const auto& invariant : after.invariants) {
      for (const auto& earlier : before.invariants) {
        if (earlier.name != invariant.name || earlier.holds == invariant.holds) continue;
        explanation.push_back({invariant.holds ? "engine.invariant.restored" : "engine.invariant.broke",
                               {{"invariant", "@invariant." + invariant.name}}});
      }
    }
  }

  // [SECTION] waking waiters
  // When a lock holder commits or rolls back, waiters finish their events in
  // the same step, in the order they began waiting, as a busy timeout would.
  void wake_waiters(Step& step, std::shared_ptr<const CommittedState>& snapshot) {
    bool woke = true;
    while (woke && !waiters.empty()) {
      woke = false;
      for (auto it = waiters.begin(); it != waiters.end(); ++it) {
        ActorState& waiter = actors[*it];
        const Event& event = *scenario.find_event(waiter.waiting_event);
        EventResult result = execute(waiter, event, step.sql, true);
        if (result.blocked) continue;
        waiters.erase(it);
        waiter.waiting_event.clear();
        finish(waiter, event, result, step.index);
        Wake wake{waiter.actor->id, event.id, result.outcome, {}};
        wake.explanation.push_back({"engine.wake", {{"actor", waiter.actor->id}, {"event", event.id}}});
        for (auto& message : result.explanation) wake.explanation.push_back(std::move(message));
        step.wakes.push_back(std::move(wake));
        if (committed_readable()) snapshot = capture();
        woke = true;
        break;
      }
    }
  }

  // [SECTION] committed snapshots
  std::shared_ptr<const CommittedState> capture() {
    // data_version changes whenever another connection commits: an unchanged
    // database keeps its snapshot, figures and invariants.
    const std::int64_t data_version = db->data_version();
    if (last_capture && data_version >= 0 && data_version == last_data_version) return last_capture;
    auto state = std::make_shared<CommittedState>();
    const CommittedRead read(*db);
    if (!db->read_committed_tables(state->tables, last_capture ? &last_capture->tables : nullptr))
      return nullptr;
    state->figures = family.read_figures(*state, scenario.figures);
    state->invariants = family.check_invariants({*state, scenario.invariants});
    last_capture = state;
    last_data_version = data_version;
    return state;
  }

  // The committed tables with the state invariants and state figures evaluated for where the actors
  // stand now and the clock, in the scenario's order. Reuses what the last step showed when nothing changed.
  std::shared_ptr<const CommittedState> with_state_invariants(
      const std::shared_ptr<const CommittedState>& tables, const std::vector<ActorStatus>& statuses,
      const std::vector<ProcessMemory>& memory) {
    std::vector<InvariantResult> state_results;
    std::vector<Figure> state_figures;
    if (family.check_state_invariants)
      state_results = family.check_state_invariants(
          {clock, *tables, *initial_table_state, statuses, memory, scenario.invariants});
    for (auto& result : state_results) name_actors(result.detail);
    if (family.read_state_figures)
      state_figures = family.read_state_figures(
          {clock, *tables, *initial_table_state, statuses, memory, scenario.figures});
    if (state_results.empty() && state_figures.empty()) return tables;
    const auto in_scenario_order = [](const std::vector<std::string>& names, const auto& from_tables,
                                      const auto& from_state) {
      std::remove_cvref_t<decltype(from_tables)> merged;
      for (const auto& name : names) {
        for (const auto& item : from_tables)
          if (item.name == name) merged.push_back(item);
        for (const auto& item : from_state)
          if (item.name == name) merged.push_back(item);
      }
      return merged;
    };
    auto invariants = in_scenario_order(scenario.invariants, tables->invariants, state_results);
    auto figures = in_scenario_order(scenario.figures, tables->figures, state_figures);
    if (committed && committed_base == tables && same_invariants(committed->invariants, invariants) &&
        committed->figures == figures)
      return committed;
    auto state = std::make_shared<CommittedState>(*tables);
    state->invariants = std::move(invariants);
    state->figures = std::move(figures);
    committed_base = tables;
    return state;
  }

  static bool same_invariants(const std::vector<InvariantResult>& a, const std::vector<InvariantResult>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const InvariantResult& x, const InvariantResult& y) {
                        return x.name == y.name && x.holds == y.holds && x.detail.key == y.detail.key &&
                               x.detail.args == y.detail.args;
                      });
  }

  // Every actor's memory: what its process holds that the database cannot see.
  std::vector<ProcessMemory> memory_view() const {
    std::vector<ProcessMemory> view;
    view.reserve(actors.size());
    for (const auto& actor : actors) {
      ProcessMemory process{actor.actor->id, actor.down_since > 0, {}};
      for (const auto& [key, value] : actor.memory) process.items.emplace_back(key, value);
      view.push_back(std::move(process));
    }
    return view;
  }

  std::vector<OpenTransaction> open_transaction_views() {
    std::vector<OpenTransaction> views;
    for (auto& actor : actors) {
      Session& own = connection_of(actor);
      if (!own.in_write_transaction()) continue;
      if (!db->readable(own)) {
        // A statement of it is in flight (waiting for a lock): it cannot be asked for its view.
        views.push_back({actor.actor->id, {}, false});
        continue;
      }
      std::vector<TableData> tables;
      if (!db->read_tables(own, tables, own.tables_written())) continue;
      OpenTransaction view{actor.actor->id, {}, true};
      for (auto& table : tables) {
        const TableData* before = committed->table(table.name);
        if (!before || !(*before == table)) view.tables.push_back(std::move(table));
      }
      views.push_back(std::move(view));
    }
    return views;
  }

  std::vector<ActorStatus> statuses() const {
    std::vector<ActorStatus> result;
    result.reserve(actors.size());
    for (const auto& actor : actors) {
      const Session& own = connection_of(actor);
      ActorStatus status;
      status.actor = actor.actor->id;
      if (const std::string* next = next_of(actor)) {
        status.next_event = *next;
        // An actor's next event is next in its lane: only a wait or a crash can hold it back.
        if (!actor.waiting_event.empty() || actor.down_since > 0) status.blocked_reason = why_not(*next);
      }
      status.in_transaction = own.in_transaction();
      status.holds_write_lock = own.in_write_transaction();
      status.transaction_failed = own.transaction_failed();
      status.waiting_event = actor.waiting_event;
      if (!actor.waiting_event.empty()) {
        status.waiting_step = actor.waiting_step;
        status.waiting_for = lock_holders(actor);
      }
      status.resolved = actor.resolved;
      status.resolved_step = actor.resolved_step;
      result.push_back(std::move(status));
    }
    return result;
  }
};

Simulator::Simulator(const Scenario& scenario, Plan plan)
    : m(std::make_unique<Impl>(scenario, std::move(plan))) {}
Simulator::~Simulator() = default;

const Scenario& Simulator::scenario() const {
  return m->scenario;
}
const Plan& Simulator::plan() const {
  return m->plan;
}
std::shared_ptr<const CommittedState> Simulator::initial() const {
  return m->initial;
}
const std::vector<Step>& Simulator::steps() const {
  return m->steps;
}
std::int64_t Simulator::clock() const {
  return m->clock;
}
std::vector<std::string> Simulator::lane(const std::string& actor_id) const {
  return m->lane(actor_id);
}
std::optional<std::string> Simulator::next_event(const std::string& actor_id) const {
  return m->next_event(actor_id);
}
std::string Simulator::why_not(const std::string& event_id) const {
  return m->why_not(event_id);
}
const Step& Simulator::run(const std::string& event_id) {
  return m->run(event_id);
}
std::vector<ActorStatus> Simulator::actor_statuses() const {
  return m->statuses();
}

Trace Simulator::trace() const {
  Trace trace = trace_without_steps();
  trace.steps = m->steps;
  trace.hash = trace_hash(trace);
  return trace;
}

Trace Simulator::take_trace() {
  Trace trace = trace_without_steps();
  trace.steps = std::move(m->steps);
  m->steps.clear();
  trace.hash = trace_hash(trace);
  return trace;
}

Trace Simulator::trace_without_steps() const {
  Trace trace;
  trace.scenario = m->scenario.id;
  trace.model = m->plan.model;
  trace.backend = m->db->backend();
  trace.server_version = m->db->server_version();
  trace.preset = m->plan.preset;
  trace.times = m->plan.times;
  for (const auto& step : m->steps) trace.order.push_back(step.event);
  trace.initial = m->initial;
  trace.initial_actors = m->initial_actors;
  trace.initial_memory = m->initial_memory;
  return trace;
}

// [SECTION] run_plan
Trace run_plan(const Scenario& scenario, const Plan& plan) {
  Simulator simulator(scenario, plan);
  for (const auto& id : plan.order) simulator.run(id);
  return simulator.take_trace();
}

PartialReplay replay_as_far_as_possible(const Scenario& scenario, const Plan& plan) {
  Simulator simulator(scenario, plan);
  PartialReplay replay;
  for (const auto& id : plan.order) {
    if (std::string reason = simulator.why_not(id); !reason.empty()) {
      replay.stopped = "step " + std::to_string(simulator.steps().size() + 1) + ": " + reason;
      break;
    }
    simulator.run(id);
  }
  replay.trace = simulator.take_trace();
  return replay;
}

}  // namespace reslab
