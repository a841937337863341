// [SECTION] index: the case view · words · one statement · who stands where · predictions · one step · the
// run
#include "core/sim/sql_scenario_steps.hpp"

#include <algorithm>
#include <cctype>

#include "core/sim/errors.hpp"

namespace reslab {

// [SECTION] the case view
namespace {

// The step's SQL on one line, as a button or a timeline label shows it.
std::string sql_on_one_line(const std::string& text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace

Scenario sql_case_view(const SqlScenario& scenario) {
  Scenario view;
  view.id = scenario.id;
  view.file = scenario.file;
  view.schema = kSqlCaseSchema;
  view.title = scenario.title;
  view.summary = scenario.summary;
  for (const auto& session : scenario.sessions)
    view.actors.push_back({session.id, session.name, session.pos});
  for (const auto& step : scenario.steps) {
    Event event;
    event.id = step.name;
    event.actor = step.session;
    event.action = step.name;
    const SqlSession* session = scenario.find_session(step.session);
    const std::string sql = sql_on_one_line(step.text);
    const auto said = [&](Lang lang) {
      const std::string who = session && !session->name.empty() ? session->name.in(lang) : step.session;
      return who + " " + step.name + ": " + sql;
    };
    event.label = {said(Lang::en), said(Lang::zh)};
    event.pos = step.pos;
    view.events.push_back(std::move(event));
  }
  for (const auto& permutation : scenario.permutations) {
    Preset preset;
    preset.name = permutation.name;
    // A spec's permutations are numbered; their title lists the steps and markers.
    preset.title =
        permutation.title.en.empty() ? LocalizedText{permutation.name, permutation.name} : permutation.title;
    preset.order = permutation.steps;
    preset.pos = permutation.pos;
    view.presets.push_back(std::move(preset));
  }
  if (scenario.permutations.empty()) {
    for (std::size_t number = 1; number <= kDefaultInterleavings; ++number) {
      std::vector<std::string> order = sql_interleaving(scenario, number);
      if (order.empty()) break;
      Preset preset;
      preset.name = std::to_string(number);
      preset.title = {"Interleaving " + preset.name, "交错顺序 " + preset.name};
      preset.order = std::move(order);
      view.presets.push_back(std::move(preset));
    }
  }
  return view;
}

namespace {

// [SECTION] words
// "SELECT", "UPDATE", "COMMIT": the statement's first word, as the explanations name it.
std::string sql_statement_verb(const std::string& sql) {
  std::size_t start = sql.find_first_not_of(" \t\r\n(");
  if (start == std::string::npos) return "SQL";
  std::size_t end = start;
  while (end < sql.size() && std::isalpha(static_cast<unsigned char>(sql[end]))) ++end;
  std::string verb = sql.substr(start, end - start);
  for (char& c : verb) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return verb.empty() ? "SQL" : verb;
}

std::string row_in_parens(const Row& row) {
  std::string cells;
  for (const auto& value : row) cells += (cells.empty() ? "" : ", ") + to_display(value);
  return "(" + cells + ")";
}

// "1 row: (1, 10)" / "1 行：(1, 10)", as the same words of the Markdown trace.
std::string returned_rows_arg(const std::vector<Row>& rows) {
  std::string listed;
  for (const auto& row : rows) listed += (listed.empty() ? "" : " ") + row_in_parens(row);
  const auto said = [&](Lang lang) {
    if (rows.empty()) return render(Message{"sql.no_rows"}, lang);
    if (rows.size() == 1) return render(Message{"sql.rows_one", {{"rows", listed}}}, lang);
    return render(Message{"sql.rows", {{"count", std::to_string(rows.size())}, {"rows", listed}}}, lang);
  };
  return bilingual_arg({said(Lang::en), said(Lang::zh)});
}

std::string returned_rows_arg(const SqlRows& rows) {
  std::vector<Row> values;
  for (const auto& row : rows) {
    Row cells;
    for (const auto& cell : row) cells.emplace_back(cell);
    values.push_back(std::move(cells));
  }
  return returned_rows_arg(values);
}

std::string changed_rows_arg(int changes) {
  const auto said = [&](Lang lang) {
    return changes == 1 ? render(Message{"sql.changed_one"}, lang)
                        : render(Message{"sql.changed", {{"count", std::to_string(changes)}}}, lang);
  };
  return bilingual_arg({said(Lang::en), said(Lang::zh)});
}

std::string joined_sessions(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

Message named_message(std::string key, MessageArgs args, const std::shared_ptr<const MessageNames>& names) {
  Message message(std::move(key), std::move(args));
  message.names = names;
  return message;
}

// [SECTION] one statement
// What a statement did, in a sentence: the rows it returned, the rows it changed, that it waits (and for
// whom), or the code it failed with and the database's own words.
Message sql_statement_message(const SqlStatementRun& statement, const std::vector<std::string>& holders,
                              const std::shared_ptr<const MessageNames>& names) {
  const std::string verb = sql_statement_verb(statement.sql);
  if (!statement.markers.empty())
    return named_message(
        "sql.why.held",
        {{"actor", statement.session}, {"step", statement.step}, {"markers", statement.markers}}, names);
  if (statement.waiting) {
    if (holders.empty())
      return named_message("sql.why.waits_unknown", {{"actor", statement.session}, {"verb", verb}}, names);
    return named_message("sql.why.waits",
                         {{"actor", statement.session}, {"verb", verb}, {"holder", joined_sessions(holders)}},
                         names);
  }
  if (statement.failed)
    return named_message("sql.why.fails",
                         {{"actor", statement.session},
                          {"verb", verb},
                          {"code", statement.code},
                          {"message", statement.message}},
                         names);
  if (!statement.columns.empty())
    return named_message(
        "sql.why.returns",
        {{"actor", statement.session}, {"verb", verb}, {"rows", returned_rows_arg(statement.rows)}}, names);
  if (statement.changes > 0)
    return named_message(
        "sql.why.changes",
        {{"actor", statement.session}, {"verb", verb}, {"changes", changed_rows_arg(statement.changes)}},
        names);
  return named_message("sql.why.done", {{"actor", statement.session}, {"verb", verb}}, names);
}

// The statement's message, then what the server said to its session while it ran, a message each.
void explain_statement(const SqlStatementRun& statement, const std::vector<std::string>& holders,
                       const std::shared_ptr<const MessageNames>& names, std::vector<Message>& out) {
  out.push_back(sql_statement_message(statement, holders, names));
  for (const auto& notice : statement.notices)
    out.push_back(named_message("sql.why.notice", {{"actor", statement.session}, {"notice", notice}}, names));
}

SqlRecord sql_statement_record(const SqlStatementRun& statement) {
  SqlRecord record;
  record.connection = statement.session;
  record.sql = statement.sql;
  record.result = statement.code;
  record.changes = statement.changes;
  record.rows = static_cast<int>(statement.rows.size());
  record.ok = !statement.waiting && !statement.failed;
  record.waiting = statement.waiting;
  record.held_by_markers = statement.markers;
  record.returned_columns = statement.columns;
  record.returned_rows = statement.rows;
  record.notices = statement.notices;
  return record;
}

// "(1, 10)" of a step's last statement: what the step table says it gave.
std::string sql_step_result_arg(const SqlStepRun& run) {
  const SqlStatementRun* last = nullptr;
  for (const auto& statement : run.statements)
    if (statement.entry == run.index) last = &statement;
  if (!last) return "";
  if (last->failed) return last->code;
  if (!last->columns.empty()) return returned_rows_arg(last->rows);
  if (last->changes > 0) return changed_rows_arg(last->changes);
  return bilingual_arg(
      {render(Message{"outcome.done"}, Lang::en), render(Message{"outcome.done"}, Lang::zh)});
}

// [SECTION] who stands where
// Each session after step `upto` (1-based; 0: before the first): its next step, what it waits at and for.
std::vector<ActorStatus> sql_statuses_after(const SqlScenario& scenario, const SqlRunResult& run,
                                            std::size_t upto) {
  std::vector<ActorStatus> statuses;
  const auto issued = [&](const std::string& step) {
    for (std::size_t i = 0; i < upto; ++i)
      if (run.steps[i].step == step) return true;
    return false;
  };
  const SqlStepRun* last = upto == 0 ? nullptr : &run.steps[upto - 1];
  for (const auto& session : scenario.sessions) {
    ActorStatus status;
    status.actor = session.id;
    for (const auto& step : session.steps)
      if (!issued(step)) {
        status.next_event = step;
        break;
      }
    const bool waiting =
        last && std::find(last->waiting.begin(), last->waiting.end(), session.id) != last->waiting.end();
    if (waiting) {
      for (std::size_t i = 0; i < upto; ++i)
        for (const auto& statement : run.steps[i].statements)
          if (statement.session == session.id && statement.waiting) {
            status.waiting_event = statement.step;
            status.waiting_step = statement.entry;
            status.waiting_markers = statement.markers;
          }
      // A step that waited for a lock and has run since is held back by its markers alone now.
      if (const auto held = last->held.find(session.id); held != last->held.end()) {
        status.waiting_event = held->second.step;
        status.waiting_step = held->second.entry;
        status.waiting_markers = held->second.markers;
      }
      const auto holders = last->waiting_for.find(session.id);
      if (holders != last->waiting_for.end()) status.waiting_for = joined_sessions(holders->second);
      status.blocked_reason =
          !status.waiting_markers.empty()
              ? session.id + "'s " + status.waiting_event +
                    " is reported waiting: the permutation marks it " + status.waiting_markers
              : session.id + " waits" +
                    (status.waiting_for.empty() ? " for a lock" : " for " + status.waiting_for) + " at " +
                    status.waiting_event;
    }
    statuses.push_back(std::move(status));
  }
  return statuses;
}

// [SECTION] predictions
// The last statement of `step` in steps 1..upto, or null; `finished`: it did not still wait.
const SqlStatementRun* last_statement_upto(const SqlRunResult& run, std::size_t upto,
                                           const std::string& step) {
  const SqlStatementRun* found = nullptr;
  for (std::size_t i = 0; i < upto; ++i)
    for (const auto& statement : run.steps[i].statements)
      if (statement.step == step) found = &statement;
  return found;
}

// How `step` ended by step `upto`: its last statement, and whether it finished (a statement still waiting
// is logged where it began to wait, and again where it finished; a failure ends the step).
struct SqlStepEnd {
  const SqlStatementRun* last = nullptr;
  bool finished = false;
};

SqlStepEnd step_end_upto(const SqlRunResult& run, std::size_t upto, const std::string& step) {
  SqlStepEnd end;
  end.last = last_statement_upto(run, upto, step);
  end.finished = end.last && !end.last->waiting;
  return end;
}

Message open_prediction_answer() {
  return Message{"sql.answer.open"};
}

void ask_about_step(const SqlExpectation& expectation, const SqlRunResult& run, std::size_t upto,
                    const std::string& step, bool asked, std::vector<Prediction>& out) {
  const SqlStepEnd end = step_end_upto(run, upto, step);
  const bool waits_expected =
      std::find(expectation.waits.begin(), expectation.waits.end(), step) != expectation.waits.end();
  if (waits_expected && asked) {
    Prediction p;
    p.question = Message{"sql.ask.waits", {{"step", step}}};
    p.expected = Message{"sql.expect.waits"};
    bool waited = false;
    for (std::size_t i = 0; i < upto; ++i)
      for (const auto& statement : run.steps[i].statements)
        waited = waited || (statement.step == step && statement.waits_for_lock());
    const bool queued = run.steps[upto - 1].step == step && run.steps[upto - 1].outcome == "queued";
    p.verdict = waited   ? Prediction::Verdict::met
                : queued ? Prediction::Verdict::open
                         : Prediction::Verdict::unmet;
    p.answer = waited   ? Message{"sql.answer.waits"}
               : queued ? open_prediction_answer()
                        : Message{"sql.answer.no_wait"};
    out.push_back(std::move(p));
  }
  if (const auto fails = expectation.fails.find(step); fails != expectation.fails.end()) {
    Prediction p;
    p.asked = asked;
    p.question = Message{"sql.ask.fails", {{"step", step}}};
    p.expected = Message{"sql.expect.fails", {{"code", fails->second}}};
    if (!end.finished) {
      p.answer = open_prediction_answer();
    } else {
      p.answer = end.last->failed ? Message{"sql.answer.fails", {{"code", end.last->code}}}
                                  : Message{"sql.answer.succeeds"};
      p.verdict = end.last->failed && end.last->code == fails->second ? Prediction::Verdict::met
                                                                      : Prediction::Verdict::unmet;
    }
    out.push_back(std::move(p));
  }
  if (const auto reads = expectation.reads.find(step); reads != expectation.reads.end()) {
    Prediction p;
    p.asked = asked;
    p.question = Message{"sql.ask.reads", {{"step", step}}};
    p.expected = Message{"sql.expect.reads", {{"rows", returned_rows_arg(reads->second)}}};
    if (!end.finished) {
      p.answer = open_prediction_answer();
    } else if (end.last->failed) {
      p.answer = Message{"sql.answer.fails", {{"code", end.last->code}}};
      p.verdict = Prediction::Verdict::unmet;
    } else {
      p.answer = Message{"sql.answer.reads", {{"rows", returned_rows_arg(end.last->rows)}}};
      p.verdict =
          rows_match(end.last->rows, reads->second) ? Prediction::Verdict::met : Prediction::Verdict::unmet;
    }
    out.push_back(std::move(p));
  }
}

// "prevented (wait, 40001)" / "anomaly" in both languages, as `how` words it.
Message prediction_verdict_message(bool anomaly, const std::string& how) {
  if (anomaly) return Message{"sql.answer.anomaly"};
  if (how.empty()) return Message{"sql.answer.prevented"};
  return Message{"sql.answer.prevented_how",
                 {{"how", bilingual_arg({how_in_words(how, Lang::en), how_in_words(how, Lang::zh)})}}};
}

std::vector<Prediction> sql_predictions_at(const SqlScenario& scenario, const SqlRunResult& run,
                                           std::size_t upto) {
  std::vector<Prediction> out;
  const SqlExpectation* expectation = scenario.expectation_for(run.variant);
  const SqlStepRun& at = run.steps[upto - 1];
  if (expectation) {
    ask_about_step(*expectation, run, upto, at.step, true, out);
    for (const auto& wake : at.wakes)
      for (const auto& step : wake.steps)
        if (step != at.step) ask_about_step(*expectation, run, upto, step, false, out);
  }
  // After the last step of every session: the anomaly itself.
  if (scenario.anomaly && upto == scenario.steps.size() && upto == run.steps.size()) {
    Prediction p;
    p.question = Message{"sql.ask.anomaly"};
    if (expectation && expectation->anomaly)
      p.expected = prediction_verdict_message(*expectation->anomaly, expectation->how.value_or(""));
    p.answer = prediction_verdict_message(run.anomaly, run.how);
    const bool anomaly_met = !expectation || !expectation->anomaly || *expectation->anomaly == run.anomaly;
    const bool how_met = !expectation || !expectation->how || *expectation->how == run.how;
    p.verdict = anomaly_met && how_met ? Prediction::Verdict::met : Prediction::Verdict::unmet;
    out.push_back(std::move(p));
  }
  return out;
}

// [SECTION] one step
// `waiting_at`: where the step's session waits, for a step queued behind that wait.
std::vector<Message> own_sql_explanation(const SqlStepRun& run, const std::string& waiting_at,
                                         const std::shared_ptr<const MessageNames>& names) {
  std::vector<Message> messages;
  if (run.outcome == "queued") {
    messages.push_back(named_message(
        "sql.why.queued", {{"actor", run.session}, {"step", run.step}, {"waiting", waiting_at}}, names));
    return messages;
  }
  for (const auto& statement : run.statements) {
    if (statement.entry != run.index) continue;
    const auto holders = run.waiting_for.find(statement.session);
    explain_statement(statement,
                      holders == run.waiting_for.end() ? std::vector<std::string>{} : holders->second, names,
                      messages);
  }
  return messages;
}

// Everyone whose statements ran in the step for another step: the sessions a commit or rollback woke, and
// the step's own session finishing an earlier step whose report a marker held back.
std::vector<Wake> sql_wakes_of(const SqlStepRun& run, const std::shared_ptr<const MessageNames>& names) {
  std::vector<Wake> wakes;
  std::vector<std::string> sessions;
  for (const auto& statement : run.statements)
    if (statement.entry != run.index &&
        std::find(sessions.begin(), sessions.end(), statement.session) == sessions.end())
      sessions.push_back(statement.session);
  for (const auto& session : sessions) {
    Wake wake;
    wake.actor = session;
    const SqlWake* finished = nullptr;
    for (const auto& candidate : run.wakes)
      if (candidate.session == session && !candidate.steps.empty()) finished = &candidate;
    const bool still_waiting =
        std::find(run.waiting.begin(), run.waiting.end(), session) != run.waiting.end();
    bool failed = false;
    for (const auto& statement : run.statements) {
      if (statement.session != session || statement.entry == run.index) continue;
      if (wake.event.empty()) wake.event = statement.step;
      failed = failed || statement.failed;
      const auto holders = run.waiting_for.find(session);
      explain_statement(statement,
                        holders == run.waiting_for.end() ? std::vector<std::string>{} : holders->second,
                        names, wake.explanation);
    }
    if (finished) wake.event = finished->steps.front();
    // The step's own session goes on at this step: what it finished is done (or failed).
    wake.outcome = still_waiting && session != run.session ? "waiting" : failed ? "failed" : "done";
    wakes.push_back(std::move(wake));
  }
  return wakes;
}

Step sql_case_step(const SqlScenario& scenario, const SqlRunResult& run, std::size_t upto,
                   const std::shared_ptr<const CommittedState>& before,
                   const std::shared_ptr<const MessageNames>& names) {
  const SqlStepRun& at = run.steps[upto - 1];
  Step step;
  step.index = at.index;
  step.actor = at.session;
  step.event = at.step;
  // Reported waiting by its markers alone, not for a lock: the window says so.
  bool held = false;
  for (const auto& statement : at.statements)
    held = held || (statement.entry == at.index && !statement.markers.empty());
  step.outcome = held && at.outcome == "waiting" ? "held" : at.outcome;
  step.summary =
      named_message("sql.summary." + step.outcome,
                    {{"actor", at.session}, {"step", at.step}, {"result", sql_step_result_arg(at)}}, names);
  step.actors = sql_statuses_after(scenario, run, upto);
  std::string waiting_at;
  for (const auto& status : step.actors)
    if (status.actor == at.session) waiting_at = status.waiting_event;
  step.explanation = own_sql_explanation(at, waiting_at, names);
  // A session whose step ran to its end in this step (a lock granted, a queue moved) while its markers
  // hold back the report: nothing of it is shown yet, but its changes may be committed already.
  for (const auto& [session, held_step] : at.held)
    if (held_step.entry != at.index && (upto == 1 || !run.steps[upto - 2].held.contains(session)))
      step.explanation.push_back(named_message(
          "sql.why.held_now", {{"actor", session}, {"step", held_step.step}, {"markers", held_step.markers}},
          names));
  step.wakes = sql_wakes_of(at, names);
  auto committed = std::make_shared<CommittedState>();
  committed->tables = Tables(at.tables);
  step.committed = committed;
  step.committed_is_previous = at.tables_are_previous;
  step.diff = diff_states(*before, *committed, kSqlCaseSchema);
  for (const auto& statement : at.statements) step.sql.push_back(sql_statement_record(statement));
  step.predictions = sql_predictions_at(scenario, run, upto);
  return step;
}

std::shared_ptr<const MessageNames> sql_session_names(const SqlScenario& scenario) {
  auto names = std::make_shared<MessageNames>();
  names->family = kSqlCaseSchema;
  for (const auto& session : scenario.sessions)
    if (!session.name.empty()) names->actors.emplace(session.id, session.name);
  return names;
}

void set_sql_verdict(const SqlScenario& scenario, const SqlRunResult& run, Trace& trace) {
  if (!scenario.anomaly) return;
  AnomalyVerdict verdict;
  verdict.complete = run.steps.size() == scenario.steps.size();
  verdict.anomaly = run.anomaly;
  verdict.how = run.how;
  verdict.stuck = run.stuck;
  if (const SqlExpectation* expectation = scenario.expectation_for(run.variant)) {
    verdict.expected_anomaly = expectation->anomaly;
    verdict.expected_how = expectation->how;
  }
  trace.verdict = std::move(verdict);
}

Trace empty_sql_trace(const SqlScenario& scenario, const SqlRunResult& run) {
  Trace trace;
  trace.scenario = scenario.id;
  trace.backend = run.backend;
  trace.server_version = run.server_version;
  trace.variant = run.variant;
  auto initial = std::make_shared<CommittedState>();
  initial->tables = Tables(run.initial);
  trace.initial = initial;
  trace.initial_actors = sql_statuses_after(scenario, run, 0);
  set_sql_verdict(scenario, run, trace);
  return trace;
}

void append_sql_step(const SqlScenario& scenario, const SqlRunResult& run,
                     const std::shared_ptr<const MessageNames>& names, Trace& trace) {
  const std::size_t upto = trace.steps.size() + 1;
  const auto before = trace.steps.empty() ? trace.initial : trace.steps.back().committed;
  trace.steps.push_back(sql_case_step(scenario, run, upto, before, names));
  trace.order.push_back(run.steps[upto - 1].step);
  trace.times[run.steps[upto - 1].step] = 0;
  trace.hash = trace_hash(trace);
  set_sql_verdict(scenario, run, trace);
}

}  // namespace

// [SECTION] the run
struct SqlCaseRun::Impl {
  const SqlScenario& scenario;
  SqlStepper stepper;
  std::shared_ptr<const MessageNames> names;
  Trace trace;

  Impl(const SqlScenario& sql, const SqlVariant& variant, const SqlRunOptions& options)
      : scenario(sql), stepper(sql, variant, options), names(sql_session_names(sql)) {}
};

SqlCaseRun::SqlCaseRun(const SqlScenario& scenario, const SqlVariant& variant, const SqlRunOptions& options)
    : m(std::make_unique<Impl>(scenario, variant, options)) {
  m->trace = empty_sql_trace(scenario, m->stepper.result());
  m->trace.hash = trace_hash(m->trace);
}

SqlCaseRun::~SqlCaseRun() = default;

std::string SqlCaseRun::why_not(const std::string& step) const {
  return m->stepper.why_not(step);
}

const Step& SqlCaseRun::run(const std::string& step, const std::vector<SqlBlocker>& markers) {
  m->stepper.run(step, markers);
  append_sql_step(m->scenario, m->stepper.result(), m->names, m->trace);
  return m->trace.steps.back();
}

const Trace& SqlCaseRun::trace() const {
  return m->trace;
}

const SqlRunResult& SqlCaseRun::result() const {
  return m->stepper.result();
}

Trace sql_run_trace(const SqlScenario& scenario, const SqlRunResult& run) {
  const auto names = sql_session_names(scenario);
  Trace trace = empty_sql_trace(scenario, run);
  while (trace.steps.size() < run.steps.size()) append_sql_step(scenario, run, names, trace);
  trace.hash = trace_hash(trace);
  return trace;
}

}  // namespace reslab
