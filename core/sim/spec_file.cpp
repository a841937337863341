// [SECTION] index: tokens · the grammar · checks · the scenario
#include "core/sim/spec_file.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/sim/scenario_limits.hpp"
#include "core/sim/sql_split.hpp"

namespace reslab {
namespace {

// [SECTION] tokens
// What isolationtester's scanner tells apart: keywords, names (plain or in double quotes), SQL blocks in
// braces, integers and the marks , ( ) *.
enum class SpecToken { end, name, sql, integer, mark, notices, permutation, session, setup, step, teardown };

struct Token {
  SpecToken kind = SpecToken::end;
  std::string text;  // a name as it means (quotes removed), an SQL block's content, a mark
  SourcePos pos;
};

std::string shown_token(const Token& token) {
  switch (token.kind) {
    case SpecToken::end:
      return "the end of the file";
    case SpecToken::sql:
      return "an SQL block";
    case SpecToken::name:
      return "the name \"" + token.text + "\"";
    default:
      return "'" + token.text + "'";
  }
}

bool starts_name(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c >= 0x80;
}

bool continues_name(unsigned char c) {
  return starts_name(c) || (c >= '0' && c <= '9') || c == '$';
}

// Blanks as isolationtester's scanner counts them: a line break is not one of them.
bool is_spec_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f';
}

class SpecScanner {
 public:
  SpecScanner(std::string_view text, std::string file) : m_text(text), m_file(std::move(file)) {}

  Token next() {
    skip_blanks_and_comments();
    Token token;
    token.pos = here();
    if (m_at >= m_text.size()) return token;
    const char c = m_text[m_at];
    if (c == '{') return sql_block(token);
    if (c == '"') return quoted_name(token);
    if (starts_name(static_cast<unsigned char>(c))) return plain_name(token);
    if (c >= '0' && c <= '9') {
      token.kind = SpecToken::integer;
      while (m_at < m_text.size() && m_text[m_at] >= '0' && m_text[m_at] <= '9') take(token.text);
      return token;
    }
    if (c == ',' || c == '(' || c == ')' || c == '*') {
      token.kind = SpecToken::mark;
      take(token.text);
      return token;
    }
    std::string shown(1, c);
    if (static_cast<unsigned char>(c) < 0x20) shown = "\\x" + std::to_string(static_cast<int>(c));
    throw ScenarioError(token.pos, "unexpected character '" + shown + "'");
  }

  // Where the scanner stands: past the last token.
  SourcePos here() const { return {m_file, m_line, m_column}; }

  // The comment lines before the first token, without their '#', one line each.
  const std::vector<std::string>& opening_comments() const { return m_opening_comments; }

 private:
  void take(std::string& into) {
    const char c = m_text[m_at++];
    into += c;
    if (c == '\n') {
      ++m_line;
      m_column = 1;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++m_column;
    }
  }

  void skip() {
    std::string ignored;
    take(ignored);
  }

  void skip_blanks_and_comments() {
    while (m_at < m_text.size()) {
      const char c = m_text[m_at];
      if (is_spec_blank(c) || c == '\n') {
        skip();
      } else if (c == '#') {
        std::string comment;
        while (m_at < m_text.size() && m_text[m_at] != '\n' && m_text[m_at] != '\r') take(comment);
        if (!m_seen_token) m_opening_comments.push_back(comment.substr(1));
      } else {
        break;
      }
    }
    m_seen_token = true;
  }

  Token& plain_name(Token& token) {
    while (m_at < m_text.size() && continues_name(static_cast<unsigned char>(m_text[m_at]))) take(token.text);
    static const std::pair<const char*, SpecToken> keywords[] = {
        {"notices", SpecToken::notices}, {"permutation", SpecToken::permutation},
        {"session", SpecToken::session}, {"setup", SpecToken::setup},
        {"step", SpecToken::step},       {"teardown", SpecToken::teardown}};
    token.kind = SpecToken::name;
    for (const auto& [word, kind] : keywords)
      if (token.text == word) token.kind = kind;
    return token;
  }

  Token& quoted_name(Token& token) {
    skip();  // the opening quote
    token.kind = SpecToken::name;
    while (true) {
      if (m_at >= m_text.size()) throw ScenarioError(token.pos, "a quoted name that never ends");
      const char c = m_text[m_at];
      if (c == '\n') throw ScenarioError(here(), "a line break inside a quoted name");
      if (c == '"') {
        skip();
        if (m_at < m_text.size() && m_text[m_at] == '"') {
          take(token.text);  // "" stands for one "
          continue;
        }
        return token;
      }
      take(token.text);
    }
  }

  // `{ SQL }`: the blanks after the brace and before the closing one are not part of it; line breaks
  // are. A block ends at the first closing brace (a spec has no way to write one inside).
  Token& sql_block(Token& token) {
    skip();  // {
    while (m_at < m_text.size() && is_spec_blank(m_text[m_at])) skip();
    token.kind = SpecToken::sql;
    token.pos = here();
    while (m_at < m_text.size() && m_text[m_at] != '}') take(token.text);
    if (m_at >= m_text.size()) throw ScenarioError(token.pos, "an SQL block with no closing '}'");
    skip();  // }
    while (!token.text.empty() && is_spec_blank(token.text.back())) token.text.pop_back();
    if (token.text.size() > ScenarioLimits::max_text_bytes)
      throw ScenarioError(
          token.pos, "an SQL block longer than " + std::to_string(ScenarioLimits::max_text_bytes) + " bytes");
    return token;
  }

  std::string_view m_text;
  std::string m_file;
  std::size_t m_at = 0;
  int m_line = 1;
  int m_column = 1;
  bool m_seen_token = false;
  std::vector<std::string> m_opening_comments;
};

// [SECTION] the grammar
struct SpecBlock {
  std::string text;
  SourcePos pos;
};

struct SpecStepRead {
  std::string name;
  SpecBlock sql;
  SourcePos pos;
};

struct SpecSessionRead {
  std::string name;
  std::optional<SpecBlock> setup;
  std::vector<SpecStepRead> steps;
  std::optional<SpecBlock> teardown;
  SourcePos pos;
};

struct SpecEntryRead {
  std::string step;
  std::vector<SqlBlocker> blockers;
  std::vector<SourcePos> blocker_pos;
  SourcePos pos;
};

struct SpecPermutationRead {
  std::vector<SpecEntryRead> entries;
  SourcePos pos;
};

struct SpecRead {
  std::vector<SpecBlock> setups;
  std::optional<SpecBlock> teardown;
  std::vector<SpecSessionRead> sessions;
  std::vector<SpecPermutationRead> permutations;
};

// setup* teardown? session+ permutation*, each session `session NAME (setup SQL)? (step NAME SQL)+
// (teardown SQL)?`, each permutation `permutation STEP+`, a step `NAME ( '(' marker (',' marker)* ')' )?`,
// a marker `*`, `NAME` or `NAME notices N`.
class SpecParser {
 public:
  explicit SpecParser(SpecScanner& scanner) : m_scanner(scanner) { advance(); }

  // A permutation's entry alone and nothing after it ("s1a(s2b)").
  SpecEntryRead one_entry() {
    SpecEntryRead out = entry();
    if (m_token.kind != SpecToken::end) fail("unexpected " + shown_token(m_token));
    return out;
  }

  SpecRead read() {
    SpecRead spec;
    while (m_token.kind == SpecToken::setup) {
      advance();
      spec.setups.push_back(block("setup"));
    }
    if (m_token.kind == SpecToken::teardown) {
      advance();
      spec.teardown = block("teardown");
    }
    if (m_token.kind == SpecToken::setup) fail("the file's setup blocks come before its teardown");
    if (m_token.kind != SpecToken::session)
      fail(spec.setups.empty() && !spec.teardown
               ? "expected 'setup', 'teardown' or 'session', found " + shown_token(m_token)
               : "expected 'session' (a spec needs at least one), found " + shown_token(m_token));
    while (m_token.kind == SpecToken::session) spec.sessions.push_back(session());
    while (m_token.kind == SpecToken::permutation) spec.permutations.push_back(permutation());
    if (m_token.kind != SpecToken::end)
      fail(spec.permutations.empty()
               ? "expected 'session', 'permutation' or the end of the file, found " + shown_token(m_token)
               : "expected 'permutation' or the end of the file, found " + shown_token(m_token));
    return spec;
  }

 private:
  void advance() { m_token = m_scanner.next(); }

  [[noreturn]] void fail(const std::string& message) const { throw ScenarioError(m_token.pos, message); }

  SpecBlock block(const std::string& what) {
    if (m_token.kind != SpecToken::sql)
      fail("expected the " + what + "'s SQL in braces, { ... }, found " + shown_token(m_token));
    SpecBlock out{m_token.text, m_token.pos};
    advance();
    return out;
  }

  std::string name(const std::string& what) {
    if (m_token.kind != SpecToken::name)
      fail(
          "expected " + what + ", found " + shown_token(m_token) +
          (m_token.kind == SpecToken::end || m_token.kind == SpecToken::sql || m_token.kind == SpecToken::mark
               ? ""
               : " (a keyword is a name only in double quotes)"));
    if (m_token.text.empty() || m_token.text.size() > ScenarioLimits::max_id_chars)
      fail("a name must be 1 to " + std::to_string(ScenarioLimits::max_id_chars) + " bytes long");
    std::string out = m_token.text;
    advance();
    return out;
  }

  SpecSessionRead session() {
    SpecSessionRead out;
    out.pos = m_token.pos;
    advance();
    out.name = name("the session's name");
    if (m_token.kind == SpecToken::setup) {
      advance();
      out.setup = block("session's setup");
    }
    while (m_token.kind == SpecToken::step) {
      SpecStepRead step;
      step.pos = m_token.pos;
      advance();
      step.name = name("the step's name");
      step.sql = block("step's");
      out.steps.push_back(std::move(step));
    }
    if (out.steps.empty())
      fail("session \"" + out.name + "\" needs at least one step ('step NAME { SQL }'), found " +
           shown_token(m_token));
    if (m_token.kind == SpecToken::teardown) {
      advance();
      out.teardown = block("session's teardown");
    }
    if (m_token.kind == SpecToken::setup || m_token.kind == SpecToken::step)
      fail("session \"" + out.name + "\" has ended with its teardown: its setup comes first, then its steps");
    return out;
  }

  SpecPermutationRead permutation() {
    SpecPermutationRead out;
    out.pos = m_token.pos;
    advance();
    while (m_token.kind == SpecToken::name) out.entries.push_back(entry());
    if (out.entries.empty()) fail("a permutation lists at least one step, found " + shown_token(m_token));
    return out;
  }

  bool at_mark(char mark) const { return m_token.kind == SpecToken::mark && m_token.text[0] == mark; }

  SpecEntryRead entry() {
    SpecEntryRead out;
    out.pos = m_token.pos;
    out.step = name("a step's name");
    if (!at_mark('(')) return out;
    advance();
    while (true) {
      out.blocker_pos.push_back(m_token.pos);
      SqlBlocker blocker;
      if (at_mark('*')) {
        advance();
      } else {
        blocker.step = name("a marker: *, another step's name, or STEP notices N");
        blocker.kind = SqlBlocker::Kind::step;
        if (m_token.kind == SpecToken::notices) {
          advance();
          if (m_token.kind != SpecToken::integer)
            fail("expected a number of notices, found " + shown_token(m_token));
          if (m_token.text.size() > 9) fail("too many notices: " + m_token.text);
          blocker.kind = SqlBlocker::Kind::notices;
          blocker.notices = std::stoi(m_token.text);
          advance();
        }
      }
      out.blockers.push_back(std::move(blocker));
      if (at_mark(')')) break;
      if (!at_mark(',')) fail("expected ',' or ')' after a marker, found " + shown_token(m_token));
      advance();
    }
    advance();
    return out;
  }

  SpecScanner& m_scanner;
  Token m_token;
};

// [SECTION] checks
void check_limits(const SpecRead& spec) {
  if (spec.sessions.size() > ScenarioLimits::max_actors)
    throw ScenarioError(spec.sessions[ScenarioLimits::max_actors].pos,
                        "more than " + std::to_string(ScenarioLimits::max_actors) + " sessions");
  std::size_t steps = 0;
  for (const auto& session : spec.sessions) steps += session.steps.size();
  if (steps > ScenarioLimits::max_events)
    throw ScenarioError(spec.sessions.back().pos,
                        "more than " + std::to_string(ScenarioLimits::max_events) + " steps");
  if (spec.permutations.size() > ScenarioLimits::max_presets)
    throw ScenarioError(spec.permutations[ScenarioLimits::max_presets].pos,
                        "more than " + std::to_string(ScenarioLimits::max_presets) + " permutations");
  for (const auto& permutation : spec.permutations)
    if (permutation.entries.size() > ScenarioLimits::max_events)
      throw ScenarioError(permutation.pos, "a permutation of more than " +
                                               std::to_string(ScenarioLimits::max_events) + " steps");
}

// A permutation's steps and markers, as isolationtester's check of the spec holds them: every step
// exists, and a marker names a step of the same permutation from another session.
void check_permutation(const SqlScenario& scenario, const SpecPermutationRead& permutation) {
  for (const auto& entry : permutation.entries) {
    const SqlStep* step = scenario.find_step(entry.step);
    if (!step) {
      std::vector<std::string> names;
      for (const auto& known : scenario.steps) names.push_back("\"" + known.name + "\"");
      std::string list;
      for (const auto& known : names) list += (list.empty() ? "" : ", ") + known;
      throw ScenarioError(
          entry.pos, "the permutation names no step \"" + entry.step + "\" (the steps are " + list + ")");
    }
    for (std::size_t b = 0; b < entry.blockers.size(); ++b) {
      const SqlBlocker& blocker = entry.blockers[b];
      if (blocker.kind == SqlBlocker::Kind::once) continue;
      const bool listed = std::any_of(permutation.entries.begin(), permutation.entries.end(),
                                      [&](const SpecEntryRead& other) { return other.step == blocker.step; });
      if (!listed)
        throw ScenarioError(entry.blocker_pos[b], "step \"" + entry.step + "\" waits for \"" + blocker.step +
                                                      "\", which this permutation does not run");
      if (scenario.find_step(blocker.step)->session == step->session)
        throw ScenarioError(entry.blocker_pos[b], "step \"" + entry.step + "\" cannot wait for \"" +
                                                      blocker.step + "\" of its own session");
    }
  }
}

// [SECTION] the scenario
SqlText sql_text_of(const SpecBlock& block) {
  return {block.text, block.pos, split_sql(block.text, block.pos)};
}

// An id from the file's name: A-Z a-z 0-9 _ - kept, anything else as '_'.
std::string id_from_file(const std::string& source_name) {
  std::string stem = std::filesystem::path(source_name).stem().string();
  if (stem.empty()) stem = "spec";
  for (char& c : stem)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
      c = '_';
  return stem.substr(0, ScenarioLimits::max_id_chars);
}

std::string summary_of(const std::vector<std::string>& comments) {
  std::string out;
  for (std::string line : comments) {
    const std::size_t first = line.find_first_not_of(" \t");
    line = first == std::string::npos ? "" : line.substr(first);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
    if (line.empty()) {
      if (!out.empty()) break;  // the first paragraph
      continue;
    }
    out += (out.empty() ? "" : " ") + line;
  }
  return out.substr(0, ScenarioLimits::max_text_bytes);
}

std::string permutation_title(const SqlPermutation& permutation) {
  std::string out = permutation.name + ":";
  for (std::size_t i = 0; i < permutation.steps.size(); ++i)
    out += " " + permutation.steps[i] + blockers_text(permutation.blockers_at(i));
  return out;
}

}  // namespace

bool is_spec_path(const std::string& path) {
  return std::filesystem::path(path).extension() == ".spec";
}

std::string spec_variant_id(Backend backend) {
  return backend == Backend::postgres ? "pg" : std::string(backend_name(backend));
}

SqlVariant spec_variant(Backend backend) {
  SqlVariant variant;
  variant.id = spec_variant_id(backend);
  variant.backend = backend;
  variant.level = "as written";
  return variant;
}

SqlScenario parse_spec(std::string_view text, const std::string& source_name) {
  if (text.size() > ScenarioLimits::max_file_bytes)
    throw ScenarioError({source_name, 1, 1}, "the file is larger than the limit of " +
                                                 std::to_string(ScenarioLimits::max_file_bytes) + " bytes");
  SpecScanner scanner(text, source_name);
  SpecParser parser(scanner);
  const SpecRead spec = parser.read();
  check_limits(spec);

  SqlScenario scenario;
  scenario.file = source_name;
  scenario.id = id_from_file(source_name);
  scenario.title = {scenario.id, scenario.id};
  const std::string summary = summary_of(scanner.opening_comments());
  if (!summary.empty()) scenario.summary = {summary, summary};
  scenario.isolationtester_rules = true;
  scenario.backend = Backend::postgres;
  for (const auto& block : spec.setups) {
    scenario.setup_blocks.push_back(sql_text_of(block));
    for (const auto& statement : scenario.setup_blocks.back().statements) scenario.setup.push_back(statement);
  }
  if (spec.teardown) scenario.teardown = sql_text_of(*spec.teardown);
  for (const auto& read : spec.sessions) {
    if (scenario.find_session(read.name))
      throw ScenarioError(
          read.pos, "a second session named \"" + read.name + "\" (each session needs a name of its own)");
    SqlSession session;
    session.id = read.name;
    session.name = {read.name, read.name};
    session.pos = read.pos;
    if (read.setup) session.setup = sql_text_of(*read.setup);
    if (read.teardown) session.teardown = sql_text_of(*read.teardown);
    for (const auto& step_read : read.steps) {
      if (scenario.find_step(step_read.name))
        throw ScenarioError(step_read.pos, "a second step named \"" + step_read.name +
                                               "\" (step names are unique in a spec)");
      SqlStep step;
      step.name = step_read.name;
      step.session = read.name;
      step.text = step_read.sql.text;
      step.statements = split_sql(step.text, step_read.sql.pos);
      step.pos = step_read.pos;
      session.steps.push_back(step.name);
      scenario.steps.push_back(std::move(step));
    }
    scenario.sessions.push_back(std::move(session));
  }
  for (const auto& read : spec.permutations) {
    check_permutation(scenario, read);
    SqlPermutation permutation;
    permutation.name = std::to_string(scenario.permutations.size() + 1);
    permutation.pos = read.pos;
    bool marked = false;
    for (const auto& entry : read.entries) {
      permutation.steps.push_back(entry.step);
      permutation.blockers.push_back(entry.blockers);
      marked = marked || !entry.blockers.empty();
    }
    if (!marked) permutation.blockers.clear();
    const std::string title = permutation_title(permutation);
    permutation.title = {title, title};
    scenario.permutations.push_back(std::move(permutation));
  }
  scenario.variants.push_back(spec_variant(Backend::postgres));
  return scenario;
}

std::string blockers_text(const std::vector<SqlBlocker>& blockers) {
  if (blockers.empty()) return "";
  std::string out = "(";
  for (std::size_t b = 0; b < blockers.size(); ++b) {
    const SqlBlocker& blocker = blockers[b];
    out += b ? ", " : "";
    out += blocker.kind == SqlBlocker::Kind::once ? "*" : blocker.step;
    if (blocker.kind == SqlBlocker::Kind::notices) out += " notices " + std::to_string(blocker.notices);
  }
  return out + ")";
}

std::string parse_marked_step(const std::string& text, const SourcePos& pos,
                              std::vector<SqlBlocker>& blockers) {
  try {
    SpecScanner scanner(text, pos.file);
    SpecParser parser(scanner);
    SpecEntryRead entry = parser.one_entry();
    blockers = entry.blockers;
    return entry.step;
  } catch (const ScenarioError& e) {
    throw ScenarioError(
        pos, "\"" + text +
                 "\" is not a step with markers (s1a, s1a(*), s1a(s2b), s1a(s2b notices 1)): " + e.message());
  }
}

std::vector<std::string> unused_steps(const SqlScenario& scenario) {
  std::vector<std::string> unused;
  if (scenario.permutations.empty()) return unused;
  std::set<std::string> used;
  for (const auto& permutation : scenario.permutations)
    used.insert(permutation.steps.begin(), permutation.steps.end());
  for (const auto& step : scenario.steps)
    if (!used.count(step.name)) unused.push_back(step.name);
  std::sort(unused.begin(), unused.end());
  return unused;
}

}  // namespace reslab
