// SQL scenario loader: TOML text -> SqlScenario. [SECTION] index: small readers · positions of SQL ·
// sessions and steps · permutations · variants · the anomaly rule and expectations · the whole file
#include "core/sim/sql_scenario_loader.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <set>

#include "core/sim/scenario_limits.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/spec_file.hpp"
#include "core/sim/sql_lab.hpp"
#include "core/sim/sql_split.hpp"
#include "core/sim/toml_read.hpp"

namespace reslab {

using namespace toml_read;

namespace {

// [SECTION] small readers
std::vector<std::string> read_string_list(const toml::node& node, std::string_view name) {
  std::vector<std::string> out;
  for (const auto& item : expect_array(node, name)) out.push_back(expect_string(item, name));
  return out;
}

std::string cell_text(const toml::node& node) {
  if (const auto* i = node.as_integer()) return std::to_string(i->get());
  if (const auto* s = node.as_string()) return s->get();
  if (const auto* d = node.as_floating_point()) return to_display(Value(d->get()));
  if (const auto* b = node.as_boolean()) return b->get() ? "1" : "0";
  fail_at(node.source(), "a cell must be an integer, a real or a string (\"NULL\" for null), not " +
                             std::string(type_name(node)));
}

SqlRows read_rows(const toml::node& node, std::string_view name) {
  SqlRows rows;
  for (const auto& row : expect_array(node, name)) {
    std::vector<std::string> cells;
    for (const auto& cell : expect_array(row, "a row")) cells.push_back(cell_text(cell));
    rows.push_back(std::move(cells));
  }
  return rows;
}

// [SECTION] positions of SQL
// Where a string's first character stands: after its opening quotes, and after the line break that may
// follow a multi-line string's opening.
SourcePos content_start(std::string_view text, const toml::node& node, const std::string& file) {
  const auto begin = node.source().begin;
  SourcePos pos{file, static_cast<int>(begin.line), static_cast<int>(begin.column)};
  std::size_t offset = 0;
  for (int line = 1; line < pos.line && offset < text.size(); ++line) {
    const std::size_t next = text.find('\n', offset);
    offset = next == std::string_view::npos ? text.size() : next + 1;
  }
  for (int column = 1; column < pos.column && offset < text.size(); ++column) {
    ++offset;
    while (offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80) ++offset;
  }
  const std::string_view rest = text.substr(std::min(offset, text.size()));
  if (rest.rfind("\"\"\"", 0) == 0 || rest.rfind("'''", 0) == 0) {
    pos.column += 3;
    if (rest.size() > 3 && (rest[3] == '\n' || (rest[3] == '\r' && rest.size() > 4 && rest[4] == '\n'))) {
      ++pos.line;
      pos.column = 1;
    }
  } else {
    pos.column += 1;
  }
  return pos;
}

std::vector<SqlStatement> read_statements(std::string_view text, const toml::node& node,
                                          const std::string& file, std::string_view name,
                                          std::string& as_written, bool may_be_empty = false) {
  as_written = expect_string(node, name);
  std::vector<SqlStatement> statements = split_sql(as_written, content_start(text, node, file));
  if (statements.empty() && !may_be_empty)
    fail_at(node.source(), "'" + std::string(name) + "' holds no SQL statement");
  return statements;
}

SqlText read_sql_text(std::string_view text, const toml::node& node, const std::string& file,
                      std::string_view name, bool may_be_empty = false) {
  SqlText out;
  out.pos = content_start(text, node, file);
  out.statements = read_statements(text, node, file, name, out.text, may_be_empty);
  return out;
}

// A session's or step's name: an id, or under isolationtester's rules any name a spec may give (quoted
// names hold spaces and other marks).
std::string read_name(const toml::node& node, std::string_view name, const SqlScenario& scenario) {
  if (!scenario.isolationtester_rules) return read_id(node, name);
  std::string text = expect_string(node, name);
  const bool good =
      !text.empty() && text.size() <= ScenarioLimits::max_id_chars &&
      std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
  if (!good)
    fail_at(node.source(), "'" + std::string(name) + "' must be 1 to " +
                               std::to_string(ScenarioLimits::max_id_chars) +
                               " bytes without line breaks, not " + in_quotes(text));
  return text;
}

// [SECTION] sessions and steps
void read_sessions(std::string_view text, const TableView& top, SqlScenario& scenario) {
  const toml::array& sessions = top.require_array("sessions");
  if (sessions.empty() || sessions.size() > ScenarioLimits::max_actors)
    fail_at(sessions.source(),
            "'sessions' must list 1 to " + std::to_string(ScenarioLimits::max_actors) + " sessions");
  std::set<std::string> step_names;
  for (const auto& node : sessions) {
    TableView session(expect_table(node, "sessions"), "session");
    session.allow_only({"id", "name", "setup", "steps", "teardown"});
    SqlSession out;
    out.pos = position_of(node.source());
    out.id = read_name(session.require("id"), "id", scenario);
    if (scenario.find_session(out.id)) fail_at(node.source(), "a second session " + in_quotes(out.id));
    out.name =
        session.find("name") ? read_localized(*session.find("name"), "name") : LocalizedText{out.id, out.id};
    if (const toml::node* setup = session.find("setup"))
      out.setup = read_sql_text(text, *setup, scenario.file, "setup");
    if (const toml::node* teardown = session.find("teardown"))
      out.teardown = read_sql_text(text, *teardown, scenario.file, "teardown");
    const toml::array& steps = session.require_array("steps");
    if (steps.empty()) fail_at(steps.source(), "session " + in_quotes(out.id) + " has no steps");
    for (const auto& step_node : steps) {
      TableView step(expect_table(step_node, "steps"), "step");
      step.allow_only({"name", "sql"});
      SqlStep read;
      read.pos = position_of(step_node.source());
      read.session = out.id;
      read.name = read_name(step.require("name"), "name", scenario);
      if (!step_names.insert(read.name).second)
        fail_at(step_node.source(),
                "a second step named " + in_quotes(read.name) + " (step names are unique)");
      // isolationtester's empty steps wait for the steps before them, and do nothing else.
      read.statements = read_statements(text, step.require("sql"), scenario.file, "sql", read.text,
                                        scenario.isolationtester_rules);
      out.steps.push_back(read.name);
      scenario.steps.push_back(std::move(read));
    }
    scenario.sessions.push_back(std::move(out));
  }
  if (scenario.steps.size() > ScenarioLimits::max_events)
    top.fail("more than " + std::to_string(ScenarioLimits::max_events) + " steps");
}

const SqlStep& known_step(const SqlScenario& scenario, const toml::node& node, const std::string& name) {
  const SqlStep* step = scenario.find_step(name);
  if (!step) {
    std::vector<std::string> names;
    for (const auto& known : scenario.steps) names.push_back(known.name);
    fail_at(node.source(), "no step named " + in_quotes(name) + " (the steps are " + joined(names) + ")");
  }
  return *step;
}

// [SECTION] permutations
// A marker names a step the same permutation runs, of another session (isolationtester's rule); a
// permutation without markers keeps no empty lists.
void check_blockers(const SqlScenario& scenario, SqlPermutation& permutation, const toml::array& nodes) {
  bool marked = false;
  for (std::size_t i = 0; i < permutation.steps.size(); ++i) {
    for (const auto& blocker : permutation.blockers[i]) {
      marked = true;
      if (blocker.kind == SqlBlocker::Kind::once) continue;
      const auto& steps = permutation.steps;
      if (std::find(steps.begin(), steps.end(), blocker.step) == steps.end())
        fail_at(nodes.get(i)->source(), "step " + in_quotes(steps[i]) + " waits for " +
                                            in_quotes(blocker.step) +
                                            ", which this permutation does not run");
      if (scenario.find_step(blocker.step)->session == scenario.find_step(steps[i])->session)
        fail_at(nodes.get(i)->source(), "step " + in_quotes(steps[i]) + " cannot wait for " +
                                            in_quotes(blocker.step) + " of its own session");
    }
  }
  if (!marked) permutation.blockers.clear();
}

void read_permutations(const toml::node& node, SqlScenario& scenario) {
  const toml::array& list = expect_array(node, "permutations");
  if (list.size() > ScenarioLimits::max_presets)
    fail_at(list.source(), "more than " + std::to_string(ScenarioLimits::max_presets) + " permutations");
  for (const auto& item : list) {
    TableView permutation(expect_table(item, "permutations"), "permutation");
    permutation.allow_only({"name", "title", "steps"});
    SqlPermutation out;
    out.pos = position_of(item.source());
    out.name = read_id(permutation.require("name"), "name");
    if (const toml::node* title = permutation.find("title")) out.title = read_localized(*title, "title");
    std::map<std::string, std::size_t> next_of_session;
    const toml::array& steps = permutation.require_array("steps");
    for (const auto& step_node : steps) {
      std::string name = expect_string(step_node, "steps");
      std::vector<SqlBlocker> blockers;
      if (scenario.isolationtester_rules)
        name = parse_marked_step(name, position_of(step_node.source()), blockers);
      const SqlStep& step = known_step(scenario, step_node, name);
      const SqlSession& session = *scenario.find_session(step.session);
      std::size_t& next = next_of_session[session.id];
      if (!scenario.isolationtester_rules && (next >= session.steps.size() || session.steps[next] != name))
        fail_at(step_node.source(), "step " + in_quotes(name) + " comes out of session " +
                                        in_quotes(session.id) + "'s order (" + joined(session.steps) + ")");
      ++next;
      out.steps.push_back(name);
      out.blockers.push_back(std::move(blockers));
    }
    if (out.steps.empty()) fail_at(item.source(), "permutation " + in_quotes(out.name) + " has no steps");
    check_blockers(scenario, out, steps);
    scenario.permutations.push_back(std::move(out));
  }
}

// [SECTION] variants
void read_variants(const toml::node& node, SqlScenario& scenario) {
  const toml::array& list = expect_array(node, "variants");
  if (list.empty()) fail_at(list.source(), "'variants' must list at least one variant");
  for (const auto& item : list) {
    TableView variant(expect_table(item, "variants"), "variant");
    variant.allow_only({"id", "backend", "level", "begin", "begins", "journal", "explanation"});
    SqlVariant out;
    out.pos = position_of(item.source());
    out.id = read_id(variant.require("id"), "id");
    if (scenario.find_variant(out.id)) fail_at(item.source(), "a second variant " + in_quotes(out.id));
    const toml::node& backend = variant.require("backend");
    if (!parse_backend(expect_string(backend, "backend"), out.backend))
      fail_at(backend.source(), "'backend' must be \"sqlite\", \"postgres\" or \"mariadb\"");
    out.level = variant.require_string("level");
    out.begin = variant.require_string("begin");
    // Empty: no BEGIN of the variant's own (the sessions' setup or steps begin their transactions).
    // Several statements where MariaDB sets a transaction's level before it begins:
    // "SET TRANSACTION ISOLATION LEVEL ...; BEGIN".
    if (!out.begin.empty() && split_sql(out.begin, {}).empty())
      fail_at(variant.require("begin").source(), "'begin' holds no SQL statement (leave it empty for none)");
    if (const toml::node* begins = variant.find("begins")) {
      for (const auto& entry : entries_in_file_order(expect_table(*begins, "begins"))) {
        const std::string session(entry.key->str());
        if (!scenario.find_session(session))
          fail_at(entry.key->source(), "no session named " + in_quotes(session));
        out.session_begins[session] = expect_string(*entry.node, session);
      }
    }
    if (const toml::node* journal = variant.find("journal")) {
      const std::string mode = expect_string(*journal, "journal");
      if (out.backend != Backend::sqlite) fail_at(journal->source(), "'journal' is for SQLite variants only");
      if (mode == "wal") {
        out.journal = SqliteJournal::wal;
      } else if (mode != "rollback") {
        fail_at(journal->source(), "'journal' must be \"rollback\" or \"wal\"");
      }
    }
    if (const toml::node* explanation = variant.find("explanation"))
      out.explanation = read_localized(*explanation, "explanation");
    scenario.variants.push_back(std::move(out));
  }
}

// [SECTION] the anomaly rule and expectations
std::map<std::string, SqlRows> read_step_rows(const SqlScenario& scenario, const toml::node& node) {
  std::map<std::string, SqlRows> out;
  for (const auto& entry : entries_in_file_order(expect_table(node, "reads"))) {
    const std::string step(entry.key->str());
    known_step(scenario, *entry.node, step);
    out[step] = read_rows(*entry.node, step);
  }
  return out;
}

std::vector<std::string> read_step_list(const SqlScenario& scenario, const toml::node& node,
                                        std::string_view name) {
  std::vector<std::string> steps = read_string_list(node, name);
  for (std::size_t i = 0; i < steps.size(); ++i) known_step(scenario, *node.as_array()->get(i), steps[i]);
  return steps;
}

SqlAnomalyRule read_anomaly(const toml::node& node, const SqlScenario& scenario) {
  TableView rule(expect_table(node, "anomaly"), "anomaly");
  rule.allow_only({"reads", "table", "rows", "succeed", "at_once"});
  SqlAnomalyRule out;
  out.pos = position_of(node.source());
  if (const toml::node* reads = rule.find("reads")) out.reads = read_step_rows(scenario, *reads);
  if (const toml::node* table = rule.find("table")) {
    out.table = expect_string(*table, "table");
    out.table_rows = read_rows(rule.require("rows"), "rows");
  } else if (rule.find("rows")) {
    fail_at(rule.find("rows")->source(), "'rows' needs 'table': the table they are found in");
  }
  if (const toml::node* succeed = rule.find("succeed"))
    out.succeed = read_step_list(scenario, *succeed, "succeed");
  if (const toml::node* at_once = rule.find("at_once"))
    out.at_once = read_step_list(scenario, *at_once, "at_once");
  if (out.reads.empty() && out.table.empty() && out.succeed.empty() && out.at_once.empty())
    rule.fail("the anomaly needs at least one of 'reads', 'table', 'succeed' and 'at_once'");
  return out;
}

void read_expectations(const toml::node& node, SqlScenario& scenario) {
  for (const auto& item : expect_array(node, "expect")) {
    TableView expectation(expect_table(item, "expect"), "expectation");
    expectation.allow_only({"variant", "anomaly", "how", "reads", "fails", "waits"});
    SqlExpectation out;
    out.pos = position_of(item.source());
    const toml::node& variant = expectation.require("variant");
    out.variant = expect_string(variant, "variant");
    if (!scenario.find_variant(out.variant))
      fail_at(variant.source(), "no variant named " + in_quotes(out.variant));
    if (scenario.expectation_for(out.variant))
      fail_at(item.source(), "a second expectation for variant " + in_quotes(out.variant));
    if (const toml::node* anomaly = expectation.find("anomaly")) {
      if (!scenario.anomaly) fail_at(anomaly->source(), "'anomaly' needs the file's [anomaly] rule");
      out.anomaly = expect_boolean(*anomaly, "anomaly");
    }
    if (const toml::node* how = expectation.find("how")) out.how = expect_string(*how, "how");
    if (const toml::node* reads = expectation.find("reads")) out.reads = read_step_rows(scenario, *reads);
    if (const toml::node* fails = expectation.find("fails"))
      for (const auto& entry : entries_in_file_order(expect_table(*fails, "fails"))) {
        const std::string step(entry.key->str());
        known_step(scenario, *entry.node, step);
        out.fails[step] = expect_string(*entry.node, step);
      }
    if (const toml::node* waits = expectation.find("waits"))
      out.waits = read_step_list(scenario, *waits, "waits");
    scenario.expectations.push_back(std::move(out));
  }
}

// [SECTION] the whole file
SqlScenario read_sql_scenario(std::string_view text, const toml::table& root, const std::string& file) {
  TableView top(root, "");
  top.allow_only({"kind", "id", "test", "title", "summary", "isolationtester", "backend", "setup", "teardown",
                  "tables", "sessions", "permutations", "variants", "anomaly", "expect"});
  SqlScenario scenario;
  scenario.file = file;
  if (top.require_string("kind") != "sql")
    fail_at(top.require("kind").source(), "'kind' must be \"sql\" here");
  scenario.id = read_id(top.require("id"), "id");
  if (const toml::node* test = top.find("test")) scenario.test = read_id(*test, "test");
  scenario.title = read_localized(top.require("title"), "title");
  if (const toml::node* summary = top.find("summary")) scenario.summary = read_localized(*summary, "summary");
  if (const toml::node* rules = top.find("isolationtester"))
    scenario.isolationtester_rules = expect_boolean(*rules, "isolationtester");
  if (const toml::node* backend = top.find("backend"))
    if (!parse_backend(expect_string(*backend, "backend"), scenario.backend))
      fail_at(backend->source(), "'backend' must be \"sqlite\" or \"postgres\"");
  if (const toml::node* setup = top.find("setup")) {
    // One block, or several run one after the other (isolationtester's several setup blocks).
    if (const toml::array* blocks = setup->as_array()) {
      if (blocks->empty()) fail_at(setup->source(), "'setup' lists no SQL");
      for (const auto& block : *blocks)
        scenario.setup_blocks.push_back(read_sql_text(text, block, file, "setup"));
    } else {
      scenario.setup_blocks.push_back(read_sql_text(text, *setup, file, "setup"));
    }
    for (const auto& block : scenario.setup_blocks)
      scenario.setup.insert(scenario.setup.end(), block.statements.begin(), block.statements.end());
  }
  if (const toml::node* teardown = top.find("teardown"))
    scenario.teardown = read_sql_text(text, *teardown, file, "teardown");
  if (const toml::node* tables = top.find("tables")) scenario.tables = read_string_list(*tables, "tables");
  read_sessions(text, top, scenario);
  if (const toml::node* permutations = top.find("permutations")) read_permutations(*permutations, scenario);
  read_variants(top.require("variants"), scenario);
  if (const toml::node* anomaly = top.find("anomaly")) scenario.anomaly = read_anomaly(*anomaly, scenario);
  if (const toml::node* expect = top.find("expect")) read_expectations(*expect, scenario);
  return scenario;
}

std::optional<toml::table> parsed_quietly(std::string_view text) {
  try {
    return toml::parse(text);
  } catch (const toml::parse_error&) {
    return std::nullopt;
  }
}

}  // namespace

bool is_sql_scenario_text(std::string_view text) {
  if (text.find("kind") == std::string_view::npos) return false;
  const auto root = parsed_quietly(text);
  if (!root) return false;
  const auto* kind = root->get("kind");
  return kind && kind->is_string() && kind->as_string()->get() == "sql";
}

bool is_sql_scenario_file(const std::string& path) {
  if (is_spec_path(path)) return true;
  try {
    return is_sql_scenario_text(read_scenario_text(path));
  } catch (const ScenarioError&) {
    return false;
  }
}

SqlScenario parse_sql_scenario(std::string_view text, const std::string& source_name) {
  return read_sql_scenario(text, parse_scenario_text(text, source_name), source_name);
}

SqlScenario load_sql_scenario_file(const std::string& path) {
  if (!is_spec_path(path)) return parse_sql_scenario(read_scenario_text(path), path);
  SqlScenario scenario = parse_spec(read_scenario_text(path), path);
  // A spec is PostgreSQL's; SQLite steps it too where SQLite runs its SQL.
  const LocalizedText refusal = sql_refused_on(scenario, Backend::sqlite);
  if (refusal.empty())
    scenario.variants.push_back(spec_variant(Backend::sqlite));
  else
    scenario.not_on[Backend::sqlite] = refusal;
  return scenario;
}

}  // namespace reslab
