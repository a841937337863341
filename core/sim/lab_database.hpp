#pragma once
// What the simulator needs from a database backend: one database per lab, created with the
// family's schema for the model and the scenario's initial rows, with one named session per actor
// plus the provider's and the observer's (which reads the committed state). Backends live in
// core/backends/ and define open_lab_database().
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/case_family.hpp"
#include "core/sim/model.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/session.hpp"
#include "core/sim/snapshot.hpp"

namespace reslab {

class LabDatabase {
 public:
  virtual ~LabDatabase() = default;

  virtual Session& session(const std::string& name) = 0;
  virtual Session& observer() = 0;
  // Every table of the family as `session` sees it (the committed state through the observer), or only
  // those named in `only` when it is given. Returns false when the read had to wait for a lock.
  virtual bool read_tables(Session& session, std::vector<TableData>& out,
                           const std::set<std::string>* only = nullptr) = 0;
  // The reads of one committed snapshot (its tables, figures and invariants) go between these two: a
  // backend may run them in one read transaction of the observer, which takes its read lock once.
  virtual void begin_committed_read() {}
  virtual void end_committed_read() {}
  // The committed state's tables, as read_tables(observer(), out) reads them. `previous` is this lab's
  // last committed read (or null): a backend that knows which tables nobody has written since may share
  // those with it instead of reading them again.
  virtual bool read_committed_tables(Tables& out, const Tables* previous) {
    (void)previous;
    std::vector<TableData> tables;
    if (!read_tables(observer(), tables)) return false;
    out = Tables(std::move(tables));
    return true;
  }
  // A number that changes whenever any session commits; -1 when the backend cannot tell.
  virtual std::int64_t data_version() = 0;
  virtual Backend backend() const { return Backend::sqlite; }
  // The server's version ("15.18"); empty for an embedded database.
  virtual std::string server_version() const { return {}; }
  // What the backend can do (locks, deadlocks, what an error does to a transaction, its dialect).
  const BackendFacts& facts() const { return backend_facts(backend()); }
  // The sessions `session` waits for as the server reports them, in its order; empty when the backend
  // cannot tell (the engine infers the holder from who holds the write lock).
  virtual std::vector<std::string> waits_for(Session& session) {
    (void)session;
    return {};
  }
  // Whether `session` can be asked for its own view now (no statement of it is in flight).
  virtual bool readable(Session& session) {
    (void)session;
    return true;
  }
  // Called instead of deleting: a backend may keep the database for the next lab of its kind.
  virtual void release() { delete this; }
};

// begin_committed_read() for the life of a scope.
class CommittedRead {
 public:
  explicit CommittedRead(LabDatabase& database) : m_database(database) { m_database.begin_committed_read(); }
  ~CommittedRead() { m_database.end_committed_read(); }
  CommittedRead(const CommittedRead&) = delete;
  CommittedRead& operator=(const CommittedRead&) = delete;

 private:
  LabDatabase& m_database;
};

struct LabDatabaseRelease {
  void operator()(LabDatabase* database) const {
    if (database) database->release();
  }
};
using LabDatabaseHandle = std::unique_ptr<LabDatabase, LabDatabaseRelease>;

// A lab database for `scenario` at its initial rows on `backend`. Throws ScenarioError (at the row's
// position) when an initial row is rejected by the schema, BackendUnavailableError when the backend's server
// cannot be reached. Goes to the backends the program handed in (core/sim/lab_backends.hpp).
LabDatabaseHandle open_lab_database(const Scenario& scenario, const CaseFamily& family,
                                    const std::vector<std::string>& session_names, Model model,
                                    Backend backend);

// [SECTION] what every backend's lab database shares
// "SELECT every column FROM table ORDER BY its key": how a backend reads one table of a lab.
std::string select_all_rows(const TableInfo& table);
// Inserts one of the scenario's initial rows through `session`, the values bound; throws ScenarioError
// at the row's position for an unknown table or column, or when the schema rejects the row.
void insert_initial_row(Session& session, const CaseFamily& family, const InitialRow& row);
// Which idle labs can serve a new one: the same family, model and session names (and `prefix`, where
// the backend has more than one place to keep them).
std::string lab_reuse_key(const std::string& prefix, const CaseFamily& family, Model model,
                          const std::vector<std::string>& session_names);

// Idle lab databases of one backend kept for the next lab with the same key (Database::reuse_key());
// the longest idle goes first when more than `capacity` wait.
template <class Database>
class IdleLabs {
 public:
  explicit IdleLabs(std::size_t capacity) : m_capacity(capacity) {}
  std::unique_ptr<Database> take(const std::string& key) {
    std::lock_guard lock(m_mutex);
    for (auto it = m_idle.begin(); it != m_idle.end(); ++it) {
      if ((*it)->reuse_key() != key) continue;
      auto database = std::move(*it);
      m_idle.erase(it);
      return database;
    }
    return nullptr;
  }
  void give(std::unique_ptr<Database> database) {
    std::lock_guard lock(m_mutex);
    if (m_idle.size() == m_capacity) m_idle.erase(m_idle.begin());
    m_idle.push_back(std::move(database));
  }

 private:
  std::size_t m_capacity;
  std::mutex m_mutex;
  std::vector<std::unique_ptr<Database>> m_idle;
};

}  // namespace reslab
