// [SECTION] index: sessions of a run · driving a session · waking waiters · the anomaly · expectations
#include "core/sim/sql_run.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>

#include "core/sim/message.hpp"
#include "core/sim/sql_split.hpp"
#include "core/sim/step_markers.hpp"

namespace reslab {

const SqlStepRun* SqlRunResult::find_step(const std::string& step) const {
  const SqlStepRun* found = nullptr;
  for (const auto& run : steps) {
    if (run.step == step) found = &run;
    for (const auto& wake : run.wakes)
      for (const auto& woken : wake.steps)
        if (woken == step) found = &run;
  }
  return found;
}

const SqlStatementRun* SqlRunResult::last_statement_of(const std::string& step) const {
  const SqlStatementRun* found = nullptr;
  for (const auto& run : steps)
    for (const auto& statement : run.statements)
      if (statement.step == step) found = &statement;
  return found;
}

std::string SqlRunResult::outcome_of(const std::string& step) const {
  std::string outcome = "not run";
  for (const auto& run : steps) {
    if (run.step == step) outcome = run.outcome;
    for (const auto& wake : run.wakes)
      for (const auto& woken : wake.steps)
        if (woken == step) {
          outcome = "done";
          for (const auto& statement : run.statements)
            if (statement.step == step && statement.failed) outcome = "failed";
        }
  }
  return outcome;
}

// The runner and its sessions are SqlStepper's own (named, not anonymous: its Impl holds one).
namespace sql_run_detail {

// [SECTION] sessions of a run
struct QueuedStep {
  const SqlStep* step = nullptr;
  int entry = 0;  // its place in the permutation (SqlStepRun::index): a step listed twice is two entries
  StepMarkers markers;
  std::size_t next_statement = 0;
  bool failed = false;
  int sent_in = 0;            // the entry in whose step its first statement was sent; 0: not yet
  bool announced = false;     // a marked step: what stands for it while unreported is in the log
  std::size_t looked_at = 0;  // how many of `held` announce() has looked at for waits
  // A marked step's records, kept back until its completion is reported (as isolationtester prints a
  // step's results only with its completion).
  std::vector<SqlStatementRun> held;
};

// A step a session finished: which, and at which entry of the permutation.
struct FinishedStep {
  std::string name;
  int entry = 0;
};

struct SessionRun {
  std::string id;
  std::vector<SqlStatement> begin;   // what opens its transaction, one statement or several
  std::size_t begun = 0;             // how many of them ran
  std::deque<QueuedStep> queue;      // the front one runs; the others wait their turn behind it
  bool blocked = false;              // its current statement waits for another session
  bool held = false;                 // its front step ran, and a marker holds back the report of it
  std::vector<std::string> notices;  // sent while a wait went on: the statement's record carries them

  bool waiting() const { return blocked || held; }
};

// How a trace names a statement's result: as the backend's facts say its errors are best known.
std::string failure_code(const StatementResult& result, Backend backend) {
  switch (backend_facts(backend).error_name) {
    case BackendFacts::ErrorName::sqlstate:
      if (!result.sqlstate.empty()) return result.sqlstate;
      break;
    case BackendFacts::ErrorName::error_number:
      if (!result.ok() && result.native_code != 0) return std::to_string(result.native_code);
      break;
    case BackendFacts::ErrorName::result_code:
      break;
  }
  return result.code;
}

bool finished_entry(const std::vector<FinishedStep>& finished, int entry) {
  for (const auto& step : finished)
    if (step.entry == entry) return true;
  return false;
}

bool entry_failed(const std::vector<SqlStatementRun>& statements, int entry) {
  for (const auto& statement : statements)
    if (statement.entry == entry && statement.failed) return true;
  return false;
}

SqlWake wake_of(const std::string& session, const std::vector<FinishedStep>& finished) {
  SqlWake wake;
  wake.session = session;
  for (const auto& step : finished) {
    wake.steps.push_back(step.name);
    wake.entries.push_back(step.entry);
  }
  return wake;
}

class SqlRunner {
 public:
  SqlRunner(const SqlScenario& scenario, const SqlVariant& variant, SqlLab& lab)
      : m_scenario(scenario), m_variant(variant), m_lab(lab) {
    for (const auto& session : scenario.sessions) {
      SessionRun run;
      run.id = session.id;
      run.begin = split_sql(variant.begin_of(session.id), variant.pos);
      m_sessions.push_back(std::move(run));
    }
  }

  SqlStepRun run_step(int index, const SqlStep& step, const std::vector<SqlBlocker>& markers) {
    SqlStepRun out;
    out.index = index;
    out.step = step.name;
    out.session = step.session;
    m_entry = index;
    SessionRun& session = session_of(step.session);
    // isolationtester waits for a session's earlier step before it sends the next: one whose report only
    // a marker held back may complete now. A statement waiting for a lock stays: the step queues.
    if (session.held && !session.blocked) {
      std::vector<FinishedStep> finished;
      drive(session, out.statements, finished);
      if (!finished.empty()) out.wakes.push_back(wake_of(session.id, finished));
      if (!session.waiting()) m_waiters.erase(std::find(m_waiters.begin(), m_waiters.end(), &session));
    }
    const bool was_waiting = session.waiting();
    QueuedStep queued;
    queued.step = &step;
    queued.entry = index;
    queued.markers = StepMarkers(m_scenario, markers);
    session.queue.push_back(std::move(queued));
    if (was_waiting) {
      out.outcome = "queued";
    } else {
      std::vector<FinishedStep> finished;
      drive(session, out.statements, finished);
      out.outcome = session.waiting() && !finished_entry(finished, index) ? "waiting"
                    : entry_failed(out.statements, index)                 ? "failed"
                                                                          : "done";
      if (session.waiting()) m_waiters.push_back(&session);
    }
    wake_waiters(out);
    for (const SessionRun* waiter : m_waiters) {
      out.waiting.push_back(waiter->id);
      out.waiting_for[waiter->id] =
          waiter->blocked ? m_lab.waits_for(waiter->id) : std::vector<std::string>{};
      if (waiter->held) {
        const QueuedStep& step = waiter->queue.front();
        out.held[waiter->id] = {step.step->name, step.entry, step.markers.text()};
      }
    }
    return out;
  }

  bool any_waiting() const { return !m_waiters.empty(); }

  // The session's own setup, before any step: it must finish (isolationtester stops at one that fails).
  void set_up(const SqlSession& session, std::vector<SqlStatementRun>& log) {
    if (!session.setup) return;
    SessionRun& run = session_of(session.id);
    for (const auto& statement : session.setup->statements) {
      bool failed = false;
      if (!execute(run, "", statement, log, failed))
        throw ScenarioError(statement.pos, "the setup of session " + session.id + " waits for a lock: \"" +
                                               first_line(statement.sql) +
                                               "\" cannot finish before a step runs");
      if (failed)
        throw ScenarioError(statement.pos, "the setup of session " + session.id +
                                               " failed: " + log.back().code + ": " + log.back().message);
    }
  }

 private:
  SessionRun& session_of(const std::string& id) {
    for (auto& session : m_sessions)
      if (session.id == id) return session;
    throw UsageError("no session named '" + id + "'");
  }

  // Runs one statement; false when it waits. A statement the sandbox refuses is an error of the file.
  // `entry`: the permutation's entry it runs for (0: the session's setup).
  bool execute(SessionRun& session, const std::string& step, const SqlStatement& statement,
               std::vector<SqlStatementRun>& log, bool& failed, int entry = 0) {
    const StatementResult result = m_lab.run(session.id, statement.sql);
    if (m_lab.refused(result))
      throw ScenarioError(statement.pos, "step " + step + " (session " + session.id +
                                             "): the lab refused \"" + first_line(statement.sql) +
                                             "\": " + result.message);
    SqlStatementRun record;
    record.session = session.id;
    record.step = step;
    record.entry = entry;
    record.sql = statement.sql;
    record.pos = statement.pos;
    record.waiting = result.busy() && !result.deadlock_victim;
    record.failed = !result.ok() && !record.waiting;
    record.code = failure_code(result, m_variant.backend);
    if (!result.ok()) record.message = result.message;
    record.columns = result.columns;
    record.rows = result.rows;
    record.changes = result.changes;
    record.notices = std::move(session.notices);
    session.notices.clear();
    record.notices.insert(record.notices.end(), result.notices.begin(), result.notices.end());
    // A statement still waiting is logged once, where it began to wait; what the server said while it
    // went on waiting comes with its completion.
    if (!record.waiting || !session.blocked) {
      log.push_back(std::move(record));
    } else {
      session.notices = std::move(record.notices);
    }
    session.blocked = result.busy() && !result.deadlock_victim;
    if (!result.ok() && !session.blocked) failed = true;
    return !session.blocked;
  }

  static std::string first_line(const std::string& sql) {
    const std::string line = sql.substr(0, sql.find('\n'));
    return line.size() > 80 ? line.substr(0, 77) + "..." : line;
  }

  // [SECTION] markers
  std::function<int(const std::string&)> notices_of() const {
    return [this](const std::string& session) { return m_lab.notices(session); };
  }

  // Whether the markers of a step whose statements have all run hold back the report of it now: `(*)`
  // for the rest of the step it was sent in, the others as isolationtester judges them.
  bool held_back(const QueuedStep& step) {
    if (step.markers.waits_at_once() && step.sent_in == m_entry) return true;
    return step.markers.hold(
        [this](const std::string& id) {
          const SessionRun& other = session_of(id);
          return other.queue.empty() ? std::string() : other.queue.front().step->name;
        },
        notices_of());
  }

  // A marked step not yet reported stands in the log as waiting: at each statement that began to wait for
  // a lock (as any step's wait is logged), or, held back by its markers alone, as the step's SQL.
  void announce(SessionRun& session, QueuedStep& current, std::vector<SqlStatementRun>& log) {
    for (; current.looked_at < current.held.size(); ++current.looked_at)
      if (current.held[current.looked_at].waiting) {
        log.push_back(current.held[current.looked_at]);
        current.announced = true;
      }
    if (current.announced || session.blocked) return;
    current.announced = true;
    SqlStatementRun standing;
    standing.session = session.id;
    standing.step = current.step->name;
    standing.entry = current.entry;
    standing.sql = current.step->text;
    standing.pos = current.step->pos;
    standing.waiting = true;
    standing.markers = current.markers.text();
    log.push_back(std::move(standing));
  }

  // [SECTION] driving a session
  // Runs the session's queue as far as it goes: its BEGIN before its first step, then each step's
  // statements; a step whose statement fails stops there (as a multi-statement query does). A marked
  // step's completion is reported once its markers let it.
  void drive(SessionRun& session, std::vector<SqlStatementRun>& log, std::vector<FinishedStep>& finished) {
    while (!session.queue.empty()) {
      QueuedStep& current = session.queue.front();
      const bool marked = !current.markers.empty();
      std::vector<SqlStatementRun>& records = marked ? current.held : log;
      if (current.sent_in == 0) {
        current.sent_in = m_entry;
        current.markers.sent(notices_of());
      }
      // No begin statements: the steps (or the session's setup) begin the transaction for themselves.
      while (session.begun < session.begin.size()) {
        bool failed = false;
        // The BEGIN is logged with the step it opens the transaction for.
        if (!execute(session, current.step->name, session.begin[session.begun], records, failed,
                     current.entry)) {
          if (marked) announce(session, current, log);
          return;
        }
        ++session.begun;
      }
      const auto& statements = current.step->statements;
      while (current.next_statement < statements.size() && !current.failed) {
        if (!execute(session, current.step->name, statements[current.next_statement], records, current.failed,
                     current.entry)) {
          if (marked) announce(session, current, log);
          return;
        }
        ++current.next_statement;
      }
      session.held = marked && held_back(current);
      if (session.held) {
        announce(session, current, log);
        return;
      }
      // Reported complete: its results with it (the wait it stood as was logged already).
      for (auto& record : current.held)
        if (!record.waiting) log.push_back(std::move(record));
      finished.push_back({current.step->name, current.entry});
      session.queue.pop_front();
    }
  }

  // [SECTION] waking waiters
  // After a step, the waiting sessions are driven again in the order they began waiting; one that goes on
  // starts the pass over, until a pass changes nothing.
  void wake_waiters(SqlStepRun& out) {
    bool woke = true;
    while (woke) {
      woke = false;
      for (auto it = m_waiters.begin(); it != m_waiters.end(); ++it) {
        SessionRun& waiter = **it;
        const std::size_t before = out.statements.size();
        std::vector<FinishedStep> finished;
        drive(waiter, out.statements, finished);
        const bool progressed = !waiter.waiting() || out.statements.size() > before || !finished.empty();
        if (!progressed) continue;
        if (!finished.empty()) out.wakes.push_back(wake_of(waiter.id, finished));
        m_waiters.erase(it);
        // One that went on and waits again waits now behind the others.
        if (waiter.waiting()) m_waiters.push_back(&waiter);
        woke = true;
        break;
      }
    }
  }

  const SqlScenario& m_scenario;
  const SqlVariant& m_variant;
  SqlLab& m_lab;
  std::vector<SessionRun> m_sessions;
  std::vector<SessionRun*> m_waiters;
  int m_entry = 0;  // the entry whose step runs now
};

}  // namespace sql_run_detail

namespace {

using sql_run_detail::SqlRunner;

std::string rows_text(const std::vector<Row>& rows) {
  std::string out;
  for (const auto& row : rows) {
    out += out.empty() ? "[" : ", [";
    for (std::size_t c = 0; c < row.size(); ++c) out += (c ? ", " : "") + to_display(row[c]);
    out += "]";
  }
  return "[" + out + "]";
}

std::string rows_text(const SqlRows& rows) {
  std::string out;
  for (const auto& row : rows) {
    out += out.empty() ? "[" : ", [";
    for (std::size_t c = 0; c < row.size(); ++c) out += (c ? ", " : "") + row[c];
    out += "]";
  }
  return "[" + out + "]";
}

// [SECTION] the anomaly
bool anomaly_holds(const SqlAnomalyRule& rule, const SqlRunResult& run) {
  for (const auto& [step, rows] : rule.reads) {
    const SqlStatementRun* last = run.last_statement_of(step);
    if (!last || last->waiting || last->failed || !rows_match(last->rows, rows)) return false;
  }
  for (const auto& step : rule.succeed)
    if (run.outcome_of(step) != "done") return false;
  for (const auto& step : rule.at_once) {
    bool own_turn = false;
    for (const auto& item : run.steps) own_turn = own_turn || (item.step == step && item.outcome == "done");
    if (!own_turn) return false;
  }
  if (!rule.table.empty()) {
    if (run.steps.empty() || run.steps.back().tables_are_previous) return false;
    const TableData* table = nullptr;
    for (const auto& candidate : run.steps.back().tables)
      if (candidate.name == rule.table) table = &candidate;
    if (!table || !rows_match(table->rows, rule.table_rows)) return false;
  }
  return true;
}

std::string how_it_went(const SqlRunResult& run) {
  std::vector<std::string> seen;
  const auto note = [&](const std::string& what) {
    for (const auto& known : seen)
      if (known == what) return;
    seen.push_back(what);
  };
  for (const auto& step : run.steps)
    for (const auto& statement : step.statements) {
      if (statement.waits_for_lock()) note("wait");
      // 25P02 only follows an earlier failure (the transaction is aborted): not a way of its own.
      if (statement.failed && statement.code != "25P02") note(statement.code);
    }
  std::string out;
  for (const auto& item : seen) out += (out.empty() ? "" : ", ") + item;
  return out;
}

}  // namespace

// [SECTION] one step at a time
struct SqlStepper::Impl {
  const SqlScenario& scenario;
  const SqlVariant& variant;
  std::unique_ptr<SqlLab> lab;
  std::unique_ptr<SqlRunner> runner;
  SqlRunResult result;
  std::vector<TableData> shown;  // the committed tables last read

  Impl(const SqlScenario& sql, const SqlVariant& chosen) : scenario(sql), variant(chosen) {}

  bool issued(const std::string& step) const {
    for (const auto& run : result.steps)
      if (run.step == step) return true;
    return false;
  }
};

SqlStepper::SqlStepper(const SqlScenario& scenario, const SqlVariant& variant, const SqlRunOptions& options)
    : m(std::make_unique<Impl>(scenario, variant)) {
  SqlLabOptions lab_options;
  lab_options.backend = variant.backend;
  lab_options.journal = variant.journal;
  lab_options.budget = options.budget;
  lab_options.dsn = options.dsn;
  for (const auto& session : scenario.sessions) lab_options.sessions.push_back(session.id);
  m->lab = open_sql_lab(lab_options, scenario.setup);
  m->runner = std::make_unique<SqlRunner>(scenario, variant, *m->lab);
  SqlRunResult& result = m->result;
  for (const auto& session : scenario.sessions) m->runner->set_up(session, result.setup);
  result.scenario = scenario.id;
  result.variant = variant.id;
  result.level = variant.level;
  result.backend = variant.backend;
  result.server_version = m->lab->server_version();
  m->lab->read_tables(scenario.tables, result.initial);
  m->shown = result.initial;
  if (scenario.anomaly) result.anomaly = anomaly_holds(*scenario.anomaly, result);
}

SqlStepper::~SqlStepper() = default;

std::string SqlStepper::why_not(const std::string& step) const {
  const SqlStep* wanted = m->scenario.find_step(step);
  if (!wanted) return "no step named '" + step + "' in " + m->scenario.id;
  // Its permutations choose each session's order, and may run a step again.
  if (m->scenario.isolationtester_rules) return {};
  if (m->issued(step)) return step + " has run already";
  const SqlSession* session = m->scenario.find_session(wanted->session);
  for (const auto& earlier : session->steps) {
    if (earlier == step) break;
    if (!m->issued(earlier))
      return "session " + session->id + " runs its steps in order: " + earlier + " comes before " + step;
  }
  return {};
}

const SqlStepRun& SqlStepper::run(const std::string& step, const std::vector<SqlBlocker>& markers) {
  if (const std::string reason = why_not(step); !reason.empty()) throw UsageError(reason);
  SqlRunResult& result = m->result;
  SqlStepRun run =
      m->runner->run_step(static_cast<int>(result.steps.size()) + 1, *m->scenario.find_step(step), markers);
  std::vector<TableData> tables;
  if (m->lab->read_tables(m->scenario.tables, tables)) {
    m->shown = std::move(tables);
  } else {
    run.tables_are_previous = true;
  }
  run.tables = m->shown;
  result.permutation.push_back(step);
  result.steps.push_back(std::move(run));
  result.stuck = m->runner->any_waiting();
  if (m->scenario.anomaly) result.anomaly = anomaly_holds(*m->scenario.anomaly, result);
  result.how = how_it_went(result);
  return result.steps.back();
}

const SqlRunResult& SqlStepper::result() const {
  return m->result;
}

SqlRunResult run_sql_scenario(const SqlScenario& scenario, const SqlVariant& variant,
                              const std::vector<std::string>& permutation, const SqlRunOptions& options) {
  for (const auto& name : permutation)
    if (!scenario.find_step(name)) throw UsageError("no step named '" + name + "' in " + scenario.id);
  SqlStepper stepper(scenario, variant, options);
  for (const auto& step : permutation) stepper.run(step);
  return stepper.result();
}

SqlRunResult run_sql_permutation(const SqlScenario& scenario, const SqlVariant& variant, std::size_t number,
                                 const SqlRunOptions& options) {
  const std::vector<std::string> order = sql_permutation(scenario, number);
  if (order.empty())
    throw UsageError("permutation " + std::to_string(number) + ": " + scenario.id +
                     " has no such permutation");
  const SqlPermutation* listed =
      number <= scenario.permutations.size() ? &scenario.permutations[number - 1] : nullptr;
  SqlStepper stepper(scenario, variant, options);
  for (std::size_t i = 0; i < order.size(); ++i)
    stepper.run(order[i], listed ? listed->blockers_at(i) : std::vector<SqlBlocker>{});
  return stepper.result();
}

bool rows_match(const std::vector<Row>& rows, const SqlRows& expected) {
  if (rows.size() != expected.size()) return false;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != expected[r].size()) return false;
    for (std::size_t c = 0; c < rows[r].size(); ++c)
      if (to_display(rows[r][c]) != expected[r][c]) return false;
  }
  return true;
}

std::string how_in_words(const std::string& how, Lang lang) {
  std::string out;
  std::string rest = how;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(", ");
    const std::string item = rest.substr(0, comma);
    out += (out.empty()        ? ""
            : lang == Lang::zh ? "、"
                               : ", ") +
           (item == "wait" ? render(Message{"iso.how.wait"}, lang) : item);
    rest = comma == std::string::npos ? "" : rest.substr(comma + 2);
  }
  return out;
}

// [SECTION] expectations
std::vector<std::string> unmet_expectations(const SqlScenario& scenario, const SqlRunResult& run) {
  std::vector<std::string> unmet;
  const SqlExpectation* expectation = scenario.expectation_for(run.variant);
  if (!expectation) return unmet;
  if (expectation->anomaly && *expectation->anomaly != run.anomaly)
    unmet.push_back(std::string("expected ") + (*expectation->anomaly ? "the anomaly" : "no anomaly") +
                    ", the run " + (run.anomaly ? "shows it" : "does not show it"));
  if (expectation->how && *expectation->how != run.how)
    unmet.push_back("expected how = \"" + *expectation->how + "\", the run gives \"" + run.how + "\"");
  for (const auto& [step, rows] : expectation->reads) {
    const SqlStatementRun* last = run.last_statement_of(step);
    if (!last || last->waiting || last->failed) {
      unmet.push_back("expected step " + step + " to read " + rows_text(rows) + ", it " +
                      run.outcome_of(step));
    } else if (!rows_match(last->rows, rows)) {
      unmet.push_back("expected step " + step + " to read " + rows_text(rows) + ", it reads " +
                      rows_text(last->rows));
    }
  }
  for (const auto& [step, code] : expectation->fails) {
    const SqlStatementRun* last = run.last_statement_of(step);
    if (!last || !last->failed || last->code != code)
      unmet.push_back("expected step " + step + " to fail with " + code + ", it " +
                      (last && last->failed ? "fails with " + last->code : run.outcome_of(step)));
  }
  for (const auto& step : expectation->waits) {
    bool waited = false;
    for (const auto& item : run.steps)
      for (const auto& statement : item.statements)
        waited = waited || (statement.step == step && statement.waits_for_lock());
    if (!waited) unmet.push_back("expected step " + step + " to wait, it does not");
  }
  return unmet;
}

}  // namespace reslab
