#include "core/backends/sqlite/lockdown.hpp"

#include <sqlite3.h>

namespace reslab {

void lock_down_connection(sqlite3* db) {
  sqlite3_extended_result_codes(db, 1);
  sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  sqlite3_set_authorizer(
      db,
      [](void*, int action, const char*, const char*, const char*, const char*) {
        return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
      },
      nullptr);
}

}  // namespace reslab
