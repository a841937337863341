// [SECTION] index: the sandbox · one connection · the lab
#include "core/backends/sqlite/sql_lab.hpp"

#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <map>

#include "core/backends/sqlite/connection.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/message.hpp"

namespace reslab {
namespace {

constexpr int kSqlLabProgressInterval = 1000;        // VM instructions between progress callbacks
constexpr long kSqlLabStatementBudget = 20'000'000;  // VM instructions before a statement is stopped
const char* const kRefusedCode = "refused";

// [SECTION] the sandbox
// Pragmas that touch no file and change no journal: everything else is refused.
bool harmless_pragma(const char* name) {
  static const char* const kAllowed[] = {
      "table_info",          "table_xinfo",        "table_list",       "index_list",   "index_info",
      "index_xinfo",         "foreign_keys",       "foreign_key_list", "data_version", "recursive_triggers",
      "case_sensitive_like", "defer_foreign_keys", "integrity_check",  "quick_check"};
  if (!name) return false;
  for (const char* allowed : kAllowed)
    if (sqlite3_stricmp(name, allowed) == 0) return true;
  return false;
}

struct SandboxedConnection {
  sqlite3* db = nullptr;
  bool wal = false;  // the lab keeps a WAL journal: a writer never waits for readers
  bool busy_handler_called = false;
  long budget_left = kSqlLabStatementBudget;
  std::string refusal;  // why the authorizer refused the last statement

  ~SandboxedConnection() {
    if (db) sqlite3_close_v2(db);
  }

  static int on_busy(void* self, int) {
    static_cast<SandboxedConnection*>(self)->busy_handler_called = true;
    return 0;  // never wait in SQLite: the stepper decides who goes on
  }

  static int on_progress(void* self) {
    auto* connection = static_cast<SandboxedConnection*>(self);
    connection->budget_left -= kSqlLabProgressInterval;
    return connection->budget_left <= 0 ? 1 : 0;
  }

  static int authorize(void* self, int action, const char* first, const char* second, const char*,
                       const char*) {
    auto* connection = static_cast<SandboxedConnection*>(self);
    switch (action) {
      case SQLITE_ATTACH:
      case SQLITE_DETACH:
        connection->refusal =
            "ATTACH and DETACH are refused: an SQL scenario runs on the lab's own database only";
        return SQLITE_DENY;
      case SQLITE_PRAGMA:
        if (harmless_pragma(first)) return SQLITE_OK;
        connection->refusal = std::string("PRAGMA ") + (first ? first : "") +
                              " is refused: an SQL scenario may not touch files or the journal";
        return SQLITE_DENY;
      case SQLITE_FUNCTION:
        if (second && sqlite3_stricmp(second, "load_extension") == 0) {
          connection->refusal = "load_extension() is refused: an SQL scenario loads no code";
          return SQLITE_DENY;
        }
        return SQLITE_OK;
      default:
        return SQLITE_OK;
    }
  }

  void open(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK)
      throw BackendUnavailableError("SQLite could not open the lab's file: " +
                                    std::string(db ? sqlite3_errmsg(db) : "out of memory"));
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_handler(db, &SandboxedConnection::on_busy, this);
  }

  // After the lab set its journal mode: from here on the sandbox holds.
  void seal() {
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 24);
    sqlite3_set_authorizer(db, &SandboxedConnection::authorize, this);
    sqlite3_progress_handler(db, kSqlLabProgressInterval, &SandboxedConnection::on_progress, this);
  }

  // [SECTION] one connection
  StatementResult run(const std::string& sql) {
    StatementResult result;
    if (first_word_is(sql, "VACUUM")) {
      result.kind = StatementResult::Kind::error;
      result.code = kRefusedCode;
      result.message = "VACUUM is refused: it can write a file (VACUUM INTO)";
      return result;
    }
    busy_handler_called = false;
    budget_left = kSqlLabStatementBudget;
    refusal.clear();
    sqlite3_stmt* statement = nullptr;
    const char* tail = nullptr;
    int rc = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &statement, &tail);
    if (rc == SQLITE_OK && tail && std::string(tail).find_first_not_of(" \t\r\n;") != std::string::npos) {
      sqlite3_finalize(statement);
      result.kind = StatementResult::Kind::error;
      result.code = "SQLITE_ERROR";
      result.message = "one statement at a time: the step's text is cut at its semicolons";
      return result;
    }
    const sqlite3_int64 changes_before = sqlite3_total_changes64(db);
    if (rc == SQLITE_OK && statement) {
      result.columns.reserve(static_cast<std::size_t>(sqlite3_column_count(statement)));
      for (int c = 0; c < sqlite3_column_count(statement); ++c)
        result.columns.emplace_back(sqlite3_column_name(statement, c));
      while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        Row row;
        for (int c = 0; c < sqlite3_column_count(statement); ++c)
          row.push_back(sqlite_column_value(statement, c));
        result.rows.push_back(std::move(row));
      }
      if (rc == SQLITE_DONE) result.changes = static_cast<int>(sqlite3_total_changes64(db) - changes_before);
    }
    if (rc != SQLITE_DONE && rc != SQLITE_OK) rc = sqlite3_extended_errcode(db);
    const std::string message = rc == SQLITE_DONE || rc == SQLITE_OK ? "" : sqlite3_errmsg(db);
    sqlite3_finalize(statement);
    result.native_code = rc;
    result.code = result_code_name(rc);
    if (rc == SQLITE_DONE || rc == SQLITE_OK) {
      result.kind = StatementResult::Kind::ok;
    } else if ((rc & 0xff) == SQLITE_BUSY && rc != SQLITE_BUSY_SNAPSHOT && busy_handler_called) {
      result.kind = StatementResult::Kind::busy;
      result.message = "waits for a lock another session holds";
    } else if ((rc & 0xff) == SQLITE_BUSY) {
      // SQLite did not call the busy handler: waiting cannot end well, so the statement fails.
      result.kind = StatementResult::Kind::error;
      result.message =
          message + (rc == SQLITE_BUSY_SNAPSHOT
                         ? " (another session committed after this transaction's snapshot: its "
                           "write would overwrite a change it never saw, so SQLite fails it)"
                     : wal ? " (this transaction reads from its snapshot and wants the write lock another "
                             "transaction holds; once that one commits, the snapshot is out of date, so "
                             "waiting cannot end well)"
                           : " (this transaction holds a read lock and wants the write lock another "
                             "transaction holds, which needs this read lock gone: waiting cannot end it)");
    } else {
      result.kind =
          (rc & 0xff) == SQLITE_CONSTRAINT ? StatementResult::Kind::constraint : StatementResult::Kind::error;
      result.message = rc == SQLITE_INTERRUPT ? "the statement ran past its budget of " +
                                                    std::to_string(kSqlLabStatementBudget) +
                                                    " SQLite instructions and was stopped"
                                              : message;
      // The authorizer said no (SQLite then answers SQLITE_AUTH, or SQLITE_ERROR for a function).
      if (!refusal.empty()) {
        result.code = kRefusedCode;
        result.message = refusal;
      }
    }
    return result;
  }

  static bool first_word_is(const std::string& sql, const char* word) {
    const std::size_t start = sql.find_first_not_of(" \t\r\n(");
    if (start == std::string::npos) return false;
    const std::size_t length = std::char_traits<char>::length(word);
    return sqlite3_strnicmp(sql.c_str() + start, word, static_cast<int>(length)) == 0 &&
           (sql.size() == start + length || !std::isalnum(static_cast<unsigned char>(sql[start + length])));
  }
};

std::string quoted_sqlite_name(const std::string& name) {
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// [SECTION] the lab
// The lab's temporary folder, removed with everything in it when the lab goes (or fails to be made).
struct SqlLabFolder {
  std::string path;
  ~SqlLabFolder() {
    std::error_code ignored;
    if (!path.empty()) std::filesystem::remove_all(path, ignored);
  }
};

class SqliteSqlLab : public SqlLab {
 public:
  SqliteSqlLab(const SqlLabOptions& options, const std::vector<SqlStatement>& setup) {
    namespace fs = std::filesystem;
    std::error_code no_temp;
    const fs::path temp = fs::temp_directory_path(no_temp);
    std::string pattern = (temp / "reslab-sql.XXXXXX").string();
    if (no_temp || !::mkdtemp(pattern.data()))
      throw BackendUnavailableError("SQLite could not make a temporary folder for the lab" +
                                    (no_temp ? " (" + no_temp.message() + ")" : std::string()));
    m_folder.path = pattern;
    const std::string path = (fs::path(m_folder.path) / "lab.db").string();
    m_observer.open(path);
    const bool wal = options.journal == SqliteJournal::wal;
    const StatementResult mode =
        m_observer.run(wal ? "PRAGMA journal_mode=WAL" : "PRAGMA journal_mode=DELETE");
    const std::string answer = mode.ok() && !mode.rows.empty() ? to_display(mode.rows[0][0]) : "";
    // A build of SQLite without WAL (the browser's) answers with the mode it kept: a WAL variant cannot run.
    if (wal && answer != "wal")
      throw BackendUnavailableError(
          "this build of SQLite cannot keep a WAL journal (journal_mode=WAL answered '" + answer +
          "'): the WAL variants need the desktop app");
    m_observer.seal();
    for (const auto& statement : setup) {
      const StatementResult result = m_observer.run(statement.sql);
      if (!result.ok())
        throw ScenarioError(statement.pos, "the setup failed: " + result.code + ": " + result.message);
    }
    for (const auto& name : options.sessions) {
      auto& connection = m_sessions[name];
      connection = std::make_unique<SandboxedConnection>();
      connection->wal = wal;
      connection->open(path);
      connection->seal();
    }
  }

  StatementResult run(const std::string& session, const std::string& sql) override {
    const auto found = m_sessions.find(session);
    if (found == m_sessions.end()) throw UsageError("no session named '" + session + "'");
    return found->second->run(sql);
  }

  bool read_tables(const std::vector<std::string>& tables, std::vector<TableData>& out) override {
    std::vector<std::string> names = tables;
    if (names.empty()) {
      const StatementResult list = m_observer.run(
          "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
      if (!list.ok()) return false;
      for (const auto& row : list.rows) names.push_back(to_display(row.at(0)));
    }
    if (!m_observer.run("BEGIN").ok()) return false;
    std::vector<TableData> read;
    for (const auto& name : names) {
      const StatementResult rows =
          m_observer.run("SELECT * FROM " + quoted_sqlite_name(name) + " ORDER BY 1");
      if (!rows.ok()) {
        m_observer.run("ROLLBACK");
        return false;
      }
      read.push_back({name, rows.columns, rows.rows});
    }
    m_observer.run("COMMIT");
    out = std::move(read);
    return true;
  }

  std::string server_version() const override { return sqlite3_libversion(); }

  // SQLite locks the whole database. A writer that waits (its COMMIT wants the readers gone) waits for
  // the sessions that read; anyone else for the one that writes (it holds the lock a writer wants, or the
  // pending lock that keeps new readers out while it commits).
  std::vector<std::string> waits_for(const std::string& session) override {
    const auto found = m_sessions.find(session);
    if (found == m_sessions.end()) return {};
    std::vector<std::string> writers, readers;
    for (const auto& [name, connection] : m_sessions) {
      if (name == session) continue;
      const int state = sqlite3_txn_state(connection->db, "main");
      if (state == SQLITE_TXN_WRITE) writers.push_back(name);
      if (state == SQLITE_TXN_READ) readers.push_back(name);
    }
    if (sqlite3_txn_state(found->second->db, "main") == SQLITE_TXN_WRITE) return readers;
    return writers.empty() ? readers : writers;
  }

  std::string compile_error(const std::string& sql) override {
    m_observer.refusal.clear();
    sqlite3_stmt* statement = nullptr;
    const int rc =
        sqlite3_prepare_v2(m_observer.db, sql.c_str(), static_cast<int>(sql.size()), &statement, nullptr);
    sqlite3_finalize(statement);
    if (rc == SQLITE_OK) return {};
    return m_observer.refusal.empty() ? sqlite3_errmsg(m_observer.db) : m_observer.refusal;
  }

  bool refused(const StatementResult& result) const override {
    return result.code == kRefusedCode || result.native_code == SQLITE_AUTH ||
           result.native_code == SQLITE_INTERRUPT;
  }

 private:
  SqlLabFolder m_folder;  // first: it goes after the connections are closed
  SandboxedConnection m_observer;
  std::map<std::string, std::unique_ptr<SandboxedConnection>> m_sessions;
};

}  // namespace

std::unique_ptr<SqlLab> open_sqlite_sql_lab(const SqlLabOptions& options,
                                            const std::vector<SqlStatement>& setup) {
  return std::make_unique<SqliteSqlLab>(options, setup);
}

LocalizedText sqlite_refuses(const SqlScenario& scenario) {
  const auto located = [](const SourcePos& pos, const std::string& key, MessageArgs args) {
    const std::string where =
        pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": ";
    return LocalizedText{where + render(Message{key, args}, Lang::en),
                         where + render(Message{key, args}, Lang::zh)};
  };
  try {
    SqliteSqlLab lab(SqlLabOptions{}, scenario.setup);
    const auto compiles = [&](const std::vector<SqlStatement>& statements, const std::string& key,
                              const std::string& name) {
      for (const auto& statement : statements)
        if (const std::string error = lab.compile_error(statement.sql); !error.empty())
          return located(statement.pos, key, {{"name", name}, {"error", error}});
      return LocalizedText{};
    };
    for (const auto& session : scenario.sessions)
      if (session.setup)
        if (LocalizedText error =
                compiles(session.setup->statements, "sql.refused.session_setup", session.id);
            !error.empty())
          return error;
    for (const auto& step : scenario.steps)
      if (LocalizedText error = compiles(step.statements, "sql.refused.step", step.name); !error.empty())
        return error;
  } catch (const ScenarioError& e) {
    return located(e.pos(), "sql.refused.setup",
                   {{"error", bilingual_arg({e.localized().in(Lang::en), e.localized().in(Lang::zh)})}});
  } catch (const BackendUnavailableError& e) {
    return {e.what(), ""};
  }
  return {};
}

}  // namespace reslab
