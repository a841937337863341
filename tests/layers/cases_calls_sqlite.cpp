// A case family (core/cases/) that opens an SQLite lab itself instead of through the engine: reslab_cases
// alone must not link it.
// undefined: reslab::open_sqlite_lab_database(
#include "core/backends/sqlite/lab_database.hpp"
#include "core/cases/families.hpp"

int main() {
  const reslab::Scenario scenario;
  return reslab::open_sqlite_lab_database(scenario, *reslab::bundled_case_families().front(), {},
                                          reslab::Model::atomic)
             ? 0
             : 1;
}
