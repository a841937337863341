#pragma once
// SQLite's lab database: one in-memory database (memdb VFS) shared by several named connections,
// so that locking between actors is SQLite's own: a second BEGIN IMMEDIATE really gets SQLITE_BUSY.
// Rewind is replay, so the same scenario opens its database over and over: a released database
// goes to a small pool and the next lab with the same schema, model and connections reuses it
// (every row deleted, the initial rows inserted again), keeping its connections and their
// prepared statements.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/backends/sqlite/connection.hpp"
#include "core/sim/lab_database.hpp"

namespace reslab {

class SqliteLabDatabase : public LabDatabase {
 public:
  // Throws ScenarioError (at the row's position) when an initial row is rejected by the schema.
  SqliteLabDatabase(const Scenario& scenario, const CaseFamily& family,
                    const std::vector<std::string>& connection_names, Model model);

  Connection& session(const std::string& name) override;
  Connection& observer() override { return *m_observer; }
  bool read_tables(Session& session, std::vector<TableData>& out,
                   const std::set<std::string>* only = nullptr) override;
  // Reads again only the rows some connection wrote (SQLite's pre-update hook names their rowids) since
  // the last read that succeeded, and merges them in key order into what that read gave; a table nobody
  // wrote is shared with it. A table with many written rows, or one without rowids, is read whole.
  bool read_committed_tables(Tables& out, const Tables* previous) override;
  // One deferred transaction of the observer: its read lock is taken once, not once per query.
  void begin_committed_read() override;
  void end_committed_read() override;
  std::int64_t data_version() override;
  void release() override;

  // Back to the scenario's initial rows: every table emptied, the initial rows inserted. Needs no
  // open transaction on any connection. Throws like the constructor.
  void reset(const Scenario& scenario);
  // Rolls back what any connection left open; false when a connection cannot be made idle.
  bool make_idle();
  const std::string& reuse_key() const { return m_reuse_key; }

 private:
  // A committed read of one table, with the rowid of each of its rows.
  struct TableRead {
    Tables::Shared table;
    std::vector<std::int64_t> rowids;
  };
  // The next committed read reads every table whole.
  void forget_reads();
  // Table `index` of the family as `session` sees it; nullopt when the read met a lock.
  std::optional<TableData> read_table(Session& session, std::size_t index);
  // The committed rows of table `index`, with their rowids, read whole; nullopt when the read met a lock.
  std::optional<TableRead> read_whole(std::size_t index);
  // The last read of table `index` with the rows `rowids` read again; nullopt when the read met a lock,
  // or (`whole` set) when the table has to be read whole instead.
  std::optional<TableRead> read_rows(std::size_t index, const std::set<std::int64_t>& rowids, bool& whole);

  const CaseFamily& m_family;
  std::string m_reuse_key;
  // Rows any connection wrote since the last committed read (rolled-back writes too).
  Connection::ChangedRows m_changed;
  std::vector<TableRead> m_last;   // the last committed read, per family table; empty until there is one
  std::vector<bool> m_has_rowids;  // per family table: not WITHOUT ROWID, so its rows can be read again alone
  std::unique_ptr<Connection> m_observer;  // also keeps the memdb alive
  std::map<std::string, std::unique_ptr<Connection>> m_connections;
  std::vector<std::string> m_select_all;             // one SELECT per table, in the family's order
  std::vector<std::string> m_select_all_with_rowid;  // the same with each row's rowid first
  std::vector<std::string> m_select_row;             // one row by its rowid, rowid first
};

// open_lab_database() for Backend::sqlite.
LabDatabaseHandle open_sqlite_lab_database(const Scenario& scenario, const CaseFamily& family,
                                           const std::vector<std::string>& session_names, Model model);

}  // namespace reslab
