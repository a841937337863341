#pragma once
// SQLite's lab database: one in-memory database (memdb VFS) shared by several named connections,
// so that locking between actors is SQLite's own: a second BEGIN IMMEDIATE really gets SQLITE_BUSY.
// Rewind is replay, so the same scenario opens its database over and over: a released database
// goes to a small pool and the next lab with the same schema, model and connections reuses it
// (every row deleted, the initial rows inserted again), keeping its connections and their
// prepared statements.
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
  // Reads again only the tables some connection wrote (SQLite's pre-update hook) since the last read that
  // succeeded; the others are shared with `previous`.
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
  void mark_every_table_changed();
  // Table `index` of the family as `session` sees it; nullopt when the read met a lock.
  std::optional<TableData> read_table(Session& session, std::size_t index);

  const CaseFamily& m_family;
  std::string m_reuse_key;
  // Tables any connection wrote since the last committed read (rolled-back writes too); every table
  // after the initial rows are inserted.
  std::set<std::string> m_changed;
  std::unique_ptr<Connection> m_observer;  // also keeps the memdb alive
  std::map<std::string, std::unique_ptr<Connection>> m_connections;
  std::vector<std::string> m_select_all;  // one SELECT per table, in the family's order
};

// open_lab_database() for Backend::sqlite.
LabDatabaseHandle open_sqlite_lab_database(const Scenario& scenario, const CaseFamily& family,
                                           const std::vector<std::string>& session_names, Model model);

}  // namespace reslab
