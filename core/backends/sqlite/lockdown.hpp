#pragma once
// What every SQLite connection reslab opens may do: its statements reach its own database only.
struct sqlite3;

namespace reslab {

// Extended result codes on; ATTACH and DETACH refused and no database attachable; no extension loading.
void lock_down_connection(sqlite3* db);

}  // namespace reslab
