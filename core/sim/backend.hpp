#pragma once
// The database a lab runs on: SQLite (the default: embedded, in memory, one write lock for the whole
// database) or PostgreSQL (a server with row locks, reached through core/backends/postgres/).
#include <string_view>

namespace reslab {

enum class Backend { sqlite, postgres };
std::string_view backend_name(Backend backend);
bool parse_backend(std::string_view text, Backend& out);

}  // namespace reslab
