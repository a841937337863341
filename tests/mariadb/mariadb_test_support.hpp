#pragma once
// What the MariaDB tests share: the process's private server (or a skip when mariadb-server is not
// installed and RESLAB_REQUIRE_MARIADB is not 1).
#include <doctest/doctest.h>

#include <string>

#include "core/backends/mariadb/server.hpp"

namespace reslab::mariatest {

// The private server, one per test process; nullptr after a MESSAGE when mariadbd is missing (a FAIL
// under RESLAB_REQUIRE_MARIADB=1).
const maria::ServerInfo* server_or_skip();

}  // namespace reslab::mariatest
