// [SECTION] index: words · one statement · the page
#include <sstream>

#include "core/formats/sql_trace.hpp"
#include "core/sim/message.hpp"

namespace reslab {
namespace {

// [SECTION] words
std::string sql_say(const std::string& key, Lang lang,
                    std::vector<std::pair<std::string, std::string>> args = {}) {
  Message message{key};
  message.args = std::move(args);
  return render(message, lang);
}

// A Markdown table cell: no pipes or line breaks.
std::string sql_cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

std::string rows_in_words(const std::vector<Row>& rows) {
  std::string out;
  for (const auto& row : rows) {
    std::string cells;
    for (const auto& value : row) cells += (cells.empty() ? "" : ", ") + to_display(value);
    out += (out.empty() ? "(" : " (") + cells + ")";
  }
  return out;
}

// [SECTION] one statement
std::string result_text(const SqlStatementRun& statement, Lang lang);

// The statement, what it did, and what the server said to its session meanwhile, a line each.
std::string statement_text(const SqlStatementRun& statement, Lang lang) {
  std::string out = result_text(statement, lang);
  for (const auto& notice : statement.notices)
    out += "<br>" + sql_say("sql.notice", lang, {{"notice", sql_cell(notice)}});
  return out;
}

std::string result_text(const SqlStatementRun& statement, Lang lang) {
  std::string out = "`" + sql_cell(statement.sql) + "` → ";
  if (!statement.markers.empty()) return out + sql_say("sql.held", lang, {{"markers", statement.markers}});
  if (statement.waiting) return out + sql_say("sql.waits", lang);
  out += statement.code;
  if (statement.failed) return out + ": " + sql_cell(statement.message);
  if (!statement.columns.empty())
    out += ", " + (statement.rows.empty() ? sql_say("sql.no_rows", lang)
                   : statement.rows.size() == 1
                       ? sql_say("sql.rows_one", lang, {{"rows", rows_in_words(statement.rows)}})
                       : sql_say("sql.rows", lang,
                                 {{"count", std::to_string(statement.rows.size())},
                                  {"rows", rows_in_words(statement.rows)}}));
  else if (statement.changes == 1)
    out += ", " + sql_say("sql.changed_one", lang);
  else if (statement.changes > 1)
    out += ", " + sql_say("sql.changed", lang, {{"count", std::to_string(statement.changes)}});
  return out;
}

std::string joined_names(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

std::string tables_text(const std::vector<TableData>& tables) {
  std::string out;
  for (const auto& table : tables)
    out += (out.empty() ? "" : "; ") + table.name + ": " + rows_in_words(table.rows);
  return out;
}

}  // namespace

// [SECTION] the page
std::string sql_run_to_markdown(const SqlRunResult& run, const SqlScenario& scenario, Lang lang) {
  std::ostringstream out;
  const std::string backend = std::string(backend_display(run.backend)) +
                              (run.server_version.empty() ? "" : " " + run.server_version);
  out << "# "
      << sql_say("sql.title", lang,
                 {{"title", scenario.title.in(lang)},
                  {"level", level_text(run.level, lang)},
                  {"backend", backend}})
      << "\n\n";
  if (!scenario.summary.empty()) out << scenario.summary.in(lang) << "\n\n";
  out << sql_say("sql.permutation", lang, {{"steps", "`" + joined_names(run.permutation) + "`"}}) << "\n\n";
  out << "| # | " << sql_say("sql.session", lang) << " | " << sql_say("sql.step", lang) << " | "
      << sql_say("sql.statements", lang) << " | " << sql_say("sql.after", lang)
      << " |\n|---|---|---|---|---|\n";
  for (const auto& step : run.steps) {
    // In the order they ran; those of other steps (a woken session's, an earlier step completing) with
    // their session. A step that queues says so in place of its own.
    std::string statements = step.outcome == "queued" ? sql_say("sql.outcome.queued", lang) : "";
    for (const auto& statement : step.statements) {
      const bool own = statement.entry == step.index;
      if (own && step.outcome == "queued") continue;
      statements += (statements.empty() ? "" : "<br>") + (own ? std::string() : statement.session + ": ") +
                    statement_text(statement, lang);
    }
    std::string after;
    for (const auto& wake : step.wakes)
      after += (after.empty() ? "" : "<br>") +
               sql_say("sql.woke", lang, {{"session", wake.session}, {"steps", joined_names(wake.steps)}});
    if (!step.waiting.empty())
      after += (after.empty() ? "" : "<br>") +
               sql_say("sql.still_waiting", lang, {{"sessions", joined_names(step.waiting)}});
    for (const auto& [session, held] : step.held)
      if (held.entry != step.index)
        after += "<br>" + sql_say("sql.still_held", lang,
                                  {{"session", session}, {"step", held.step}, {"markers", held.markers}});
    after += (after.empty() ? "" : "<br>") + (step.tables_are_previous ? sql_say("sql.tables_previous", lang)
                                                                       : sql_cell(tables_text(step.tables)));
    out << "| " << step.index << " | " << step.session << " | " << step.step << " ("
        << sql_say("sql.outcome." + step.outcome, lang) << ") | " << statements << " | " << after << " |\n";
  }
  out << "\n";
  if (run.stuck) out << sql_say("sql.stuck", lang) << "\n\n";
  if (scenario.anomaly) {
    out << "**" << sql_say(run.anomaly ? "sql.verdict.anomaly" : "sql.verdict.prevented", lang) << "**";
    if (!run.how.empty())
      out << " — "
          << sql_say(run.anomaly ? "sql.verdict.along" : "sql.verdict.how", lang,
                     {{"how", how_in_words(run.how, lang)}});
    out << "\n\n";
  }
  if (const SqlVariant* variant = scenario.find_variant(run.variant);
      variant && !variant->explanation.empty())
    out << variant->explanation.in(lang) << "\n";
  return out.str();
}

std::string isolation_cell_text(const SqlRunResult& run, Lang lang) {
  const std::string how = how_in_words(run.how, lang);
  const std::string word = sql_say(run.anomaly ? "iso.anomaly" : "iso.prevented", lang);
  if (how.empty()) return word;
  return lang == Lang::zh ? word + "（" + how + "）" : word + " (" + how + ")";
}

std::string isolation_table_to_markdown(const IsolationTable& table, Lang lang) {
  std::ostringstream out;
  const std::string backend(backend_display(table.backend));
  out << "# " << sql_say("iso.title", lang, {{"backend", backend}, {"version", table.server_version}})
      << "\n\n";
  out << sql_say("iso.note", lang) << "\n\n| " << sql_say("iso.test", lang);
  std::vector<std::string> levels;
  for (const auto& column : table.columns) {
    std::string level = column;
    for (const auto& result : table.results)
      if (result.variant == column) level = level_text(result.level, lang);
    levels.push_back(level);
    out << " | " << level;
  }
  out << " |\n|---";
  for (std::size_t i = 0; i < table.columns.size(); ++i) out << "|---";
  out << "|\n";
  for (const auto& test : table.tests) {
    out << "| " << (test.test.empty() ? test.id : test.test);
    for (const auto& column : table.columns) {
      const SqlRunResult* cell = table.cell(test.test.empty() ? test.id : test.test, column);
      out << " | " << (cell ? isolation_cell_text(*cell, lang) : "");
    }
    out << " |\n";
  }
  // SQLite's table is new ground: each variant's result is explained with its test.
  out << "\n## " << sql_say("iso.variants", lang) << "\n\n";
  for (const auto& test : table.tests)
    for (const auto& column : table.columns)
      if (const SqlVariant* variant = test.find_variant(column); variant && !variant->explanation.empty())
        out << "- **" << (test.test.empty() ? test.id : test.test) << ", " << level_text(variant->level, lang)
            << "**: " << variant->explanation.in(lang) << "\n";
  return out.str();
}

}  // namespace reslab
