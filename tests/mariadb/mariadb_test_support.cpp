#include "tests/mariadb/mariadb_test_support.hpp"

#include <unistd.h>

#include <cstdlib>

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
