#include "tests/mariadb/mariadb_test_support.hpp"

#include <unistd.h>

#include <cstdlib>

#include "tests/server_backend/server_under_test.hpp"

namespace reslab::mariatest {

const maria::ServerInfo* server_or_skip() {
  static const bool installed = access("/usr/sbin/mariadbd", X_OK) == 0;
  if (!installed) {
    const char* require = std::getenv("RESLAB_REQUIRE_MARIADB");
    if (require && std::string(require) == "1")
      FAIL("RESLAB_REQUIRE_MARIADB=1 but no /usr/sbin/mariadbd: scripts/setup --mariadb-server installs it");
    MESSAGE("mariadbd not found: skipped (scripts/setup --mariadb-server to run this test)");
    return nullptr;
  }
  try {
    return &maria::server(maria::ServerOptions{});
  } catch (const maria::BackendUnavailable& error) {
    FAIL("the private MariaDB server did not start: " << error.what());
  }
  return nullptr;
}

}  // namespace reslab::mariatest

namespace reslab::servertest {

Backend backend_under_test() {
  return Backend::mariadb;
}

bool server_ready() {
  return mariatest::server_or_skip() != nullptr;
}

std::string server_version() {
  return mariatest::server_or_skip()->server_version;
}

bool promises_trace_hashes() {
  return true;
}

}  // namespace reslab::servertest
