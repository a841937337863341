#pragma once
// The tests every server backend runs alike (tests/server_backend/): each backend's test program
// (tests/postgres/, tests/mariadb/) compiles them once more, names its server in RESLAB_SERVER_NAME
// ("PostgreSQL", "MariaDB") and defines the functions below; every test in the process shares its one
// private server.
#include <string>

#include "core/sim/backend.hpp"

namespace reslab::servertest {

// The backend this test program runs on.
Backend backend_under_test();
// True once the process's private server runs; false after a MESSAGE when the server is not
// installed (a FAIL instead under RESLAB_REQUIRE_<BACKEND>=1, or when it does not start).
bool server_ready();
// The version the running server reports, as a trace records it.
std::string server_version();
// Whether the same run gives the same trace hash on this server; false after a MESSAGE saying why not.
bool promises_trace_hashes();

}  // namespace reslab::servertest
