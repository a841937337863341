#pragma once
// One SQLite connection with a name ("A", "provider", "observer"). Statements
// never throw for SQLite result codes: the caller sees the code and decides,
// because BUSY and constraint failures are what the lab is about.
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/sim/session.hpp"
#include "core/sim/value.hpp"

namespace SQLite {
class Database;
}  // namespace SQLite
struct sqlite3_stmt;

namespace reslab {

// "SQLITE_DONE", "SQLITE_BUSY", "SQLITE_CONSTRAINT_UNIQUE", ...
std::string result_code_name(int code);
// A column of the row `statement` stands on, as a Value (a BLOB as its bytes).
Value sqlite_column_value(sqlite3_stmt* statement, int column);

class Connection : public Session {
 public:
  // Opens `uri` (a file: URI; the memdb VFS in stepped cases) with defence in
  // depth: no ATTACH, no extension loading, a per-statement execution budget.
  Connection(const std::string& uri, std::string name);
  ~Connection() override;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  const std::string& name() const override { return m_name; }
  StatementResult run(const std::string& sql, const std::vector<Value>& params = {}) override;

  bool in_transaction() const override;
  bool in_write_transaction() const override;
  bool holds_lock() const override;
  const std::set<std::string>* tables_written() const override { return &m_written; }
  // Every row this connection writes from now on is also added to `changed` (which outlives it): its
  // rowid before and after the change, under its table's name, whether the transaction then commits or
  // rolls back.
  using ChangedRows = std::map<std::string, std::set<std::int64_t>, std::less<>>;
  void record_writes_in(ChangedRows* changed) { m_changed = changed; }

  static constexpr long kStatementBudget = 5'000'000;  // VM instructions before SQLITE_INTERRUPT

 private:
  struct Finalize {
    void operator()(sqlite3_stmt* statement) const;
  };
  struct Prepared {
    std::unique_ptr<sqlite3_stmt, Finalize> statement;
    std::vector<std::string> columns;
  };
  // The statement for `sql`, prepared on first use; nullptr (with `failure` filled in) when it does not
  // prepare.
  Prepared* prepared(const std::string& sql, StatementResult& failure);

  std::string m_name;
  std::unique_ptr<SQLite::Database> m_db;
  std::unordered_map<std::string, Prepared> m_statements;
  long m_budget_left = kStatementBudget;
  std::set<std::string>
      m_written;  // by the open transaction (SQLite's pre-update hook), cleared when it ends
  ChangedRows* m_changed = nullptr;
};

}  // namespace reslab
