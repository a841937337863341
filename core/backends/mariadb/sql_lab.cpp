// [SECTION] index: names and refusals · the user and its database · the lab
#include "core/backends/mariadb/sql_lab.hpp"

#include <atomic>
#include <cctype>
#include <map>

#include "core/backends/mariadb/lock_monitor.hpp"
#include "core/backends/mariadb/server.hpp"
#include "core/backends/mariadb/session.hpp"
#include "core/backends/server_process/random_name.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// [SECTION] names and refusals
// What the lab's user may do in its database: tables, views, indexes, triggers, table locks. Not FILE (a
// server-wide privilege it never gets), not routines (a CALL may return several results, and a routine
// outlives its statement), not events (they run later, on their own), not GRANT.
constexpr const char* kLabPrivileges =
    "SELECT, INSERT, UPDATE, DELETE, CREATE, DROP, INDEX, ALTER, CREATE TEMPORARY TABLES, LOCK TABLES, "
    "CREATE VIEW, SHOW VIEW, TRIGGER, REFERENCES";

// The server's refusals of what the user may not do, and the budget's cancel.
bool refused_error(int number) {
  switch (number) {
    case 1044:  // ER_DBACCESS_DENIED_ERROR: another database
    case 1045:  // ER_ACCESS_DENIED_ERROR: LOAD DATA INFILE without FILE
    case 1142:  // ER_TABLEACCESS_DENIED_ERROR
    case 1143:  // ER_COLUMNACCESS_DENIED_ERROR
    case 1227:  // ER_SPECIFIC_ACCESS_DENIED_ERROR: FILE, SUPER (SELECT ... INTO OUTFILE, SET GLOBAL)
    case 1370:  // ER_PROCACCESS_DENIED_ERROR
    case 1148:  // ER_NOT_ALLOWED_COMMAND: LOAD DATA LOCAL, which this client never allows
    case 4166:  // ER_LOAD_INFILE_CAPABILITY_DISABLED: the same, in 10.4's words
    case 1317:  // ER_QUERY_INTERRUPTED: cancelled at the statement budget
    case 1931:  // ER_QUERY_RESULT_INCOMPLETE: a recursive query cut at max_recursive_iterations
      return true;
    default:
      return false;
  }
}

constexpr const char* kRefusedCode = "refused";

std::string identifier(const std::string& name) {
  std::string out = "`";
  for (char c : name) out += c == '`' ? std::string("``") : std::string(1, c);
  return out + "`";
}

std::string literal_text(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') out += c;
    out += c;
  }
  return out + "'";
}

// GRANT reads `_` and `%` in a database name as wildcards: a grant on reslab_x_sql_1 would also cover
// reslabAxBsqlC1.
std::string grant_pattern(const std::string& database) {
  std::string out;
  for (char c : database) {
    if (c == '_' || c == '%') out += '\\';
    out += c;
  }
  return identifier(out);
}

// The statement's text outside its string literals and quoted names (comments stay: MariaDB runs what
// is inside /*! ... */), upper case.
std::string code_outside_literals(const std::string& sql) {
  std::string out;
  char quote = 0;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote) {
      if (c == '\\' && quote != '`') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '\'' || c == '"' || c == '`') {
      quote = c;
      out += ' ';
      continue;
    }
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

bool calls(const std::string& code, const std::string& function) {
  for (std::size_t at = code.find(function); at != std::string::npos; at = code.find(function, at + 1)) {
    const bool starts_word =
        at == 0 || !(std::isalnum(static_cast<unsigned char>(code[at - 1])) || code[at - 1] == '_');
    std::size_t next = at + function.size();
    while (next < code.size() && std::isspace(static_cast<unsigned char>(code[next]))) ++next;
    if (starts_word && next < code.size() && code[next] == '(') return true;
  }
  return false;
}

// What the lab refuses before the server sees it; empty when it goes to the server. The user's missing
// FILE privilege already makes LOAD_FILE() read nothing, but silently (NULL): here it is an error.
std::string lab_refusal(const std::string& sql) {
  const std::string code = code_outside_literals(sql);
  if (calls(code, "LOAD_FILE"))
    return "LOAD_FILE() is refused: an SQL scenario reads no file of the server's";
  std::size_t first = code.find_first_not_of(" \t\r\n(");
  if (first != std::string::npos && code.compare(first, 4, "KILL") == 0 &&
      (first + 4 == code.size() || !std::isalnum(static_cast<unsigned char>(code[first + 4]))))
    return "KILL is refused: a session of the lab does not end another";
  return {};
}

StatementResult refusal(const std::string& why) {
  StatementResult result;
  result.kind = StatementResult::Kind::error;
  result.code = kRefusedCode;
  result.message = why;
  return result;
}

// [SECTION] the user and its database
class MariaSqlLab : public SqlLab {
 public:
  MariaSqlLab(const maria::ServerInfo& server, const SqlLabOptions& options,
              const std::vector<SqlStatement>& setup)
      : m_monitor(server.endpoint), m_server_version(server.server_version) {
    try {
      make(server, options, setup);
    } catch (...) {
      drop();  // a setup that fails leaves no user or database behind
      throw;
    }
  }

  ~MariaSqlLab() override { drop(); }

 private:
  void make(const maria::ServerInfo& server, const SqlLabOptions& options,
            const std::vector<SqlStatement>& setup) {
    static std::atomic<unsigned long> counter{0};
    m_name = server.database_prefix + "_sql_" + std::to_string(++counter);
    const std::string password = random_name_suffix(24);
    // The host part the server gives this client: the lab's user connects from where the admin does.
    const StatementResult who = m_monitor.control().exec("SELECT SUBSTRING_INDEX(USER(), '@', -1)");
    m_host = who.ok() && !who.rows.empty() ? to_display(who.rows[0][0]) : "localhost";
    m_account = literal_text(m_name) + "@" + literal_text(m_host);
    const StatementResult made =
        m_monitor.control().exec("CREATE USER " + m_account + " IDENTIFIED BY " + literal_text(password));
    if (!made.ok()) {
      if (made.native_code == 1227 || made.native_code == 1045 || made.native_code == 1044)
        throw BackendUnavailableError(
            "SQL scenarios run on MariaDB as a user of their own, with privileges on its own database only; "
            "the user of this server's DSN cannot create users (it needs CREATE USER and GRANT OPTION), so "
            "they are refused here");
      throw BackendUnavailableError("MariaDB refused to make the SQL scenario's user: " + made.message);
    }
    m_user_made = true;
    must_admin("CREATE DATABASE " + identifier(m_name) + " CHARACTER SET utf8mb4");
    m_database_made = true;
    must_admin(std::string("GRANT ") + kLabPrivileges + " ON " + grant_pattern(m_name) + ".* TO " +
               m_account);
    maria::Endpoint endpoint = server.endpoint;
    endpoint.user = m_name;
    endpoint.password = password;
    endpoint.database = m_name;
    m_observer = std::make_unique<maria::MariaSession>(endpoint, "setup", m_monitor, m_no_keys);
    m_observer->set_verbatim(true);
    m_observer->set_statement_budget(options.budget);
    for (const auto& statement : setup) {
      const StatementResult result = run_on(*m_observer, statement.sql);
      if (!result.ok()) throw ScenarioError(statement.pos, "the setup failed: " + result.message);
    }
    // From here the observer only reads, and never waits for a session's table lock (DDL, LOCK TABLES).
    m_observer->connection().must("SET SESSION lock_wait_timeout = 0");
    for (const auto& name : options.sessions) {
      auto session = std::make_unique<maria::MariaSession>(endpoint, name, m_monitor, m_no_keys);
      session->set_verbatim(true);
      session->set_statement_budget(options.budget);
      m_sessions.emplace(name, std::move(session));
    }
  }

  void drop() {
    try {
      m_sessions.clear();
      m_observer.reset();
      if (m_database_made) m_monitor.control().exec("DROP DATABASE IF EXISTS " + identifier(m_name));
      if (m_user_made) m_monitor.control().exec("DROP USER IF EXISTS " + m_account);
    } catch (...) {
      // The server went away: its databases and users went with it.
    }
    m_database_made = m_user_made = false;
  }

  void must_admin(const std::string& sql) {
    const StatementResult result = m_monitor.control().exec(sql);
    if (!result.ok())
      throw BackendUnavailableError("MariaDB refused to prepare the SQL scenario's database: " +
                                    result.message);
  }

  // One statement on `session`, refused by the lab or run, with its notes and warnings; a query that ended
  // with the warning that its recursion was cut short is an error of its own.
  static StatementResult run_on(maria::MariaSession& session, const std::string& sql) {
    if (const std::string why = lab_refusal(sql); !why.empty()) return refusal(why);
    StatementResult result = session.run(sql);
    // A lock wait that timed out, or NOWAIT's refusal to wait, failed the statement: it waits no more.
    if (result.native_code == 1205) result.kind = StatementResult::Kind::error;
    if (result.native_code == 1045)  // the server's words name a login, not the privilege missing
      result.message +=
          " (reading or writing a server file needs the FILE privilege, which an SQL scenario's "
          "user never has)";
    if (!result.ok() || session.connection().warning_count() == 0) return result;
    // The statement's notes and warnings are what the server said to the session, as the mysql client
    // prints them: "Note (Code 1051): Unknown table 'lab.t'".
    const StatementResult warnings = session.connection().exec("SHOW WARNINGS");
    for (const auto& row : warnings.rows) {
      if (row.size() < 3) continue;
      if (as_int(row[1]) != 1931) {
        result.notices.push_back(to_display(row[0]) + " (Code " + to_display(row[1]) +
                                 "): " + to_display(row[2]));
        continue;
      }
      result.kind = StatementResult::Kind::error;
      result.native_code = 1931;
      result.code = "ER_QUERY_RESULT_INCOMPLETE";
      result.message = to_display(row[2]) + " (a query of an SQL scenario must end by itself)";
      result.columns.clear();
      result.rows.clear();
    }
    return result;
  }

 public:
  // [SECTION] the lab
  StatementResult run(const std::string& session, const std::string& sql) override {
    const auto found = m_sessions.find(session);
    if (found == m_sessions.end()) throw UsageError("no session named '" + session + "'");
    return run_on(*found->second, sql);
  }

  bool read_tables(const std::vector<std::string>& tables, std::vector<TableData>& out) override {
    maria::Connection& reader = m_observer->connection();
    std::vector<std::string> names = tables;
    if (names.empty()) {
      const StatementResult list = reader.exec(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY 1");
      if (!list.ok()) return false;
      for (const auto& row : list.rows) names.push_back(to_display(row.at(0)));
    }
    std::vector<TableData> read;
    reader.exec("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
    for (const auto& name : names) {
      StatementResult rows = reader.exec("SELECT * FROM " + identifier(name) + " ORDER BY 1");
      if (!rows.ok()) {
        reader.exec("ROLLBACK");
        return false;
      }
      read.push_back({name, std::move(rows.columns), std::move(rows.rows)});
    }
    reader.exec("COMMIT");
    out = std::move(read);
    return true;
  }

  bool refused(const StatementResult& result) const override {
    return result.code == kRefusedCode || refused_error(result.native_code);
  }

  std::string server_version() const override { return m_server_version; }

  // Whom InnoDB names as holding the row locks the session's statement waits for (nobody it can name for a
  // metadata-lock wait).
  std::vector<std::string> waits_for(const std::string& session) override {
    const auto found = m_sessions.find(session);
    if (found == m_sessions.end() || !found->second->waiting()) return {};
    return maria::blocking_sessions(m_monitor, *found->second, m_sessions);
  }

 private:
  maria::LockMonitor m_monitor;  // its control connection is the admin's
  std::string m_server_version;
  std::string m_name;  // the database's and the user's
  std::string m_host;
  std::string m_account;  // 'name'@'host'
  bool m_user_made = false;
  bool m_database_made = false;
  const std::map<std::string, std::string> m_no_keys;
  std::unique_ptr<maria::MariaSession> m_observer;  // runs the setup, then reads the committed tables
  std::map<std::string, std::unique_ptr<maria::MariaSession>> m_sessions;
};

}  // namespace

std::unique_ptr<SqlLab> open_mariadb_sql_lab(const SqlLabOptions& options,
                                             const std::vector<SqlStatement>& setup) {
  try {
    return std::make_unique<MariaSqlLab>(maria::server(maria::server_options(options.dsn, false)), options,
                                         setup);
  } catch (const maria::BackendUnavailable& e) {
    throw BackendUnavailableError(e.what());
  }
}

}  // namespace reslab
