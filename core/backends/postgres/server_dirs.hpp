#pragma once
// PostgreSQL's private server dirs: /tmp/reslab-pg.XXXXXX, made and swept by core/backends/server_process.
#include <string>
#include <vector>

#include "core/backends/server_process/private_dirs.hpp"

namespace reslab::pg {

inline constexpr const char* kServerDirPrefix = "reslab-pg.";

using reslab::kill_server_of;
using reslab::OwnerLock;
using reslab::process_running;
using reslab::ServerDir;
using reslab::wait_until_process_gone;
using reslab::write_owner_file;

inline ServerDir make_server_dir(const std::string& parent = "/tmp") {
  return make_private_dir(kServerDirPrefix, parent);
}
inline std::vector<std::string> sweep_stale_server_dirs(const std::string& parent = "/tmp") {
  return sweep_stale_private_dirs(kServerDirPrefix, parent);
}

}  // namespace reslab::pg
