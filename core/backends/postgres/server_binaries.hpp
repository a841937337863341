#pragma once
// Where initdb and postgres are: `pg_config --bindir` first, else the newest
// /usr/lib/postgresql/<major>/bin that has both; never whatever happens to be on PATH.
#include <optional>
#include <string>

namespace reslab::pg {

// The directory holding both initdb and postgres, or nothing when the server is not installed.
// (Tests point `pg_config` and `versions_root` elsewhere.)
std::optional<std::string> find_server_bindir(const std::string& pg_config = "pg_config",
                                              const std::string& versions_root = "/usr/lib/postgresql");

}  // namespace reslab::pg
