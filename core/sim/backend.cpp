#include "core/sim/backend.hpp"

namespace reslab {
namespace {

struct BackendEntry {
  Backend backend;
  std::string_view name;
  std::string_view display;
  BackendFacts facts;
};

// One entry per backend: a new backend is a folder in core/backends/ and a line here.
const std::vector<BackendEntry>& backend_entries() {
  using F = BackendFacts;
  static const std::vector<BackendEntry> entries = {
      {Backend::sqlite,
       "sqlite",
       "SQLite",
       {F::Locks::database, false, false, false, F::Victim::engine, true, F::LockWait::busy_at_once, true,
        true, "SERIALIZABLE", "SQLITE_BUSY", F::ErrorName::result_code, false}},
      {Backend::postgres,
       "postgres",
       "PostgreSQL",
       {F::Locks::rows, true, true, true, F::Victim::closer, false, F::LockWait::until_released, true, true,
        "READ COMMITTED", "deadlock_detected, SQLSTATE 40P01", F::ErrorName::sqlstate, false}},
      {Backend::mariadb,
       "mariadb",
       "MariaDB",
       {F::Locks::rows, false, true, true, F::Victim::lighter, false, F::LockWait::until_released, false,
        false, "REPEATABLE READ", "ER_LOCK_DEADLOCK, error 1213", F::ErrorName::error_number, true}},
  };
  return entries;
}

const BackendEntry& entry_of(Backend backend) {
  for (const auto& entry : backend_entries())
    if (entry.backend == backend) return entry;
  return backend_entries().front();
}

}  // namespace

std::string_view backend_name(Backend backend) {
  return entry_of(backend).name;
}

std::string_view backend_display(Backend backend) {
  return entry_of(backend).display;
}

bool parse_backend(std::string_view text, Backend& out) {
  for (const auto& entry : backend_entries())
    if (entry.name == text) {
      out = entry.backend;
      return true;
    }
  return false;
}

const std::vector<Backend>& all_backends() {
  static const std::vector<Backend> backends = [] {
    std::vector<Backend> out;
    for (const auto& entry : backend_entries()) out.push_back(entry.backend);
    return out;
  }();
  return backends;
}

const BackendFacts& backend_facts(Backend backend) {
  return entry_of(backend).facts;
}

}  // namespace reslab
