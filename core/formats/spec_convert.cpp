// [SECTION] index: TOML · spec
#include "core/formats/spec_convert.hpp"

#include <algorithm>

#include "core/sim/backend.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/spec_file.hpp"
#include "core/sim/toml_text.hpp"

namespace reslab {
namespace {

// [SECTION] TOML
// SQL over several lines as a multi-line literal string where TOML can hold it so, else a basic string.
std::string toml_sql(const std::string& sql) {
  const bool plain_lines = std::none_of(sql.begin(), sql.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t';
  });
  if (sql.find('\n') == std::string::npos || !plain_lines || sql.find("'''") != std::string::npos ||
      (!sql.empty() && sql.back() == '\''))
    return toml_quoted(sql);
  return "'''\n" + sql + "'''";
}

std::string toml_localized(const LocalizedText& text) {
  return "{ en = " + toml_quoted(text.en) + ", zh = " + toml_quoted(text.zh) + " }";
}

// A permutation's entry as the loader reads it under isolationtester's rules: a spec's own syntax.
std::string spec_name(const std::string& name);

std::string marked_step(const std::string& step, const std::vector<SqlBlocker>& blockers) {
  std::vector<SqlBlocker> named = blockers;
  for (auto& blocker : named)
    if (!blocker.step.empty()) blocker.step = spec_name(blocker.step);
  return spec_name(step) + blockers_text(named);
}

// [SECTION] spec
bool plain_spec_name(const std::string& name) {
  static const char* const keywords[] = {"notices", "permutation", "session", "setup", "step", "teardown"};
  if (name.empty() || std::find(std::begin(keywords), std::end(keywords), name) != std::end(keywords))
    return false;
  const auto letter = [](unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c >= 0x80;
  };
  if (!letter(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) {
    const auto u = static_cast<unsigned char>(c);
    return letter(u) || (u >= '0' && u <= '9') || u == '$';
  });
}

std::string spec_name(const std::string& name) {
  if (plain_spec_name(name)) return name;
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// `{ SQL }`: read back as the same text (blanks after '{' and before '}' are not part of it). SQL over
// several lines starts on a line of its own when `own_line` (a scenario's SQL, written for the TOML).
std::string spec_block(const std::string& sql, const std::string& where, bool own_line) {
  if (sql.find('}') != std::string::npos)
    throw UsageError(where + "'s SQL holds a '}', which a spec cannot write inside a block");
  if (sql.find('\n') == std::string::npos) return "{ " + sql + " }";
  const std::string opening = sql.front() == '\n' ? "{" : own_line ? "{\n" : "{ ";
  return opening + sql + (sql.back() == '\n' ? "" : "\n") + "}";
}

std::string comment_lines(const std::string& text) {
  std::string out;
  std::size_t at = 0;
  while (at <= text.size()) {
    // Lines of at most 100 characters, broken at spaces.
    std::size_t end = std::min(text.size(), at + 98);
    if (end < text.size()) {
      const std::size_t space = text.rfind(' ', end);
      if (space != std::string::npos && space > at) end = space;
    }
    out += "# " + text.substr(at, end - at) + "\n";
    at = end + 1;
  }
  return out;
}

}  // namespace

std::string sql_scenario_to_toml(const SqlScenario& scenario) {
  std::string out = "kind = \"sql\"\nid = " + toml_quoted(scenario.id) + "\n";
  out += "title = " + toml_localized(scenario.title) + "\n";
  if (!scenario.summary.en.empty() || !scenario.summary.zh.empty())
    out += "summary = " + toml_localized(scenario.summary) + "\n";
  out += "isolationtester = true\nbackend = " + toml_quoted(backend_name(scenario.backend)) + "\n";
  if (!scenario.tables.empty()) {
    out += "tables = [";
    for (std::size_t t = 0; t < scenario.tables.size(); ++t)
      out += (t ? ", " : "") + toml_quoted(scenario.tables[t]);
    out += "]\n";
  }
  if (scenario.setup_blocks.size() == 1) {
    out += "setup = " + toml_sql(scenario.setup_blocks.front().text) + "\n";
  } else if (!scenario.setup_blocks.empty()) {
    out += "setup = [\n";
    for (const auto& block : scenario.setup_blocks) out += "  " + toml_sql(block.text) + ",\n";
    out += "]\n";
  }
  if (scenario.teardown) out += "teardown = " + toml_sql(scenario.teardown->text) + "\n";
  for (const auto& session : scenario.sessions) {
    out += "\n[[sessions]]\nid = " + toml_quoted(session.id) + "\n";
    if (session.name.en != session.id || session.name.zh != session.id)
      out += "name = " + toml_localized(session.name) + "\n";
    if (session.setup) out += "setup = " + toml_sql(session.setup->text) + "\n";
    if (session.teardown) out += "teardown = " + toml_sql(session.teardown->text) + "\n";
    out += "steps = [\n";
    for (const auto& name : session.steps) {
      const SqlStep* step = scenario.find_step(name);
      out += "  { name = " + toml_quoted(name) + ", sql = " + toml_sql(step->text) + " },\n";
    }
    out += "]\n";
  }
  for (const auto& permutation : scenario.permutations) out += "\n" + permutation_toml(permutation, true);
  for (const auto& variant : scenario.variants) {
    out += "\n[[variants]]\nid = " + toml_quoted(variant.id) +
           "\nbackend = " + toml_quoted(backend_name(variant.backend)) +
           "\nlevel = " + toml_quoted(variant.level) + "\nbegin = " + toml_quoted(variant.begin) + "\n";
    for (const auto& [session, begin] : variant.session_begins)
      out += "begins." + toml_key(session) + " = " + toml_quoted(begin) + "\n";
    if (variant.backend == Backend::sqlite && variant.journal == SqliteJournal::wal)
      out += "journal = \"wal\"\n";
  }
  return out;
}

std::string sql_scenario_to_spec(const SqlScenario& scenario, const SqlVariant* variant) {
  // The opening comment's first paragraph is what a spec's reader takes for its summary.
  std::string out;
  if (scenario.title.en != scenario.id) out += comment_lines(scenario.id + ": " + scenario.title.en) + "#\n";
  if (!scenario.summary.en.empty()) out += comment_lines(scenario.summary.en);
  if (out.empty()) out = comment_lines(scenario.id);
  if (variant)
    out += "#\n" + comment_lines("Variant " + variant->id + " (" + variant->level + ", " +
                                 std::string(backend_display(variant->backend)) +
                                 "): each session's setup opens its transaction. The file's other variants, "
                                 "expectations and anomaly rule are not part of a spec.");
  const bool own_line = !scenario.isolationtester_rules;
  const auto block = [&](const std::string& sql, const std::string& where) {
    return spec_block(sql, where, own_line);
  };
  for (const auto& setup : scenario.setup_blocks) out += "\nsetup " + block(setup.text, "the setup") + "\n";
  if (scenario.teardown) out += "\nteardown " + block(scenario.teardown->text, "the teardown") + "\n";
  for (const auto& session : scenario.sessions) {
    out += "\nsession " + spec_name(session.id) + "\n";
    std::string setup = variant ? variant->begin_of(session.id) : "";
    if (!setup.empty() && setup.back() != ';') setup += ";";
    if (session.setup) setup += (setup.empty() ? "" : " ") + session.setup->text;
    if (!setup.empty()) out += "setup\t" + block(setup, "session " + session.id + "'s setup") + "\n";
    for (const auto& name : session.steps)
      out += "step " + spec_name(name) + "\t" + block(scenario.find_step(name)->text, "step " + name) + "\n";
    if (session.teardown)
      out += "teardown\t" + block(session.teardown->text, "session " + session.id + "'s teardown") + "\n";
  }
  if (!scenario.permutations.empty()) out += "\n";
  for (const auto& permutation : scenario.permutations) out += permutation_spec(permutation);
  return out;
}

std::string permutation_toml(const SqlPermutation& permutation, bool isolationtester_rules) {
  std::string out = "[[permutations]]\nname = " + toml_quoted(permutation.name) + "\n";
  if (!permutation.title.en.empty()) out += "title = " + toml_localized(permutation.title) + "\n";
  out += "steps = [";
  for (std::size_t i = 0; i < permutation.steps.size(); ++i)
    out += (i ? ", " : "") + toml_quoted(isolationtester_rules
                                             ? marked_step(permutation.steps[i], permutation.blockers_at(i))
                                             : permutation.steps[i]);
  return out + "]\n";
}

std::string permutation_spec(const SqlPermutation& permutation) {
  std::string out = "permutation";
  for (std::size_t i = 0; i < permutation.steps.size(); ++i)
    out += " " + marked_step(permutation.steps[i], permutation.blockers_at(i));
  return out + "\n";
}

}  // namespace reslab
