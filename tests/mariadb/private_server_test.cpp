// The private MariaDB server: a socket in a 0700 dir and no TCP, a template data dir kept in the cache
// folder, and a stale dir of an owner that is gone swept at the next start.
#include "core/backends/mariadb/private_server.hpp"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "core/backends/mariadb/connection.hpp"
#include "tests/mariadb/mariadb_test_support.hpp"

using namespace reslab;

TEST_CASE("the private MariaDB server listens on a socket in a 0700 dir and on no TCP port") {
  const maria::ServerInfo* server = mariatest::server_or_skip();
  if (!server) return;
  CHECK(server->ours);
  struct stat dir {};
  REQUIRE(stat(server->server_dir.c_str(), &dir) == 0);
  CHECK((dir.st_mode & 0777) == 0700);
  CHECK(server->endpoint.socket.rfind(server->server_dir + "/", 0) == 0);
  maria::Connection connection(server->endpoint);
  const StatementResult networking = connection.exec("SELECT @@skip_networking, @@port");
  REQUIRE(networking.ok());
  CHECK(as_int(networking.rows[0][0]) == 1);
}

TEST_CASE("the private MariaDB server starts from a template data dir kept in the cache folder") {
  if (!mariatest::server_or_skip()) return;
  CHECK(std::filesystem::is_directory(maria::template_dir()));
  const maria::ServerInfo& server = maria::server(maria::ServerOptions{});
  const std::string how = server.from_template ? "copied" : "made";
  MESSAGE("MariaDB's private server answered in " << server.start_seconds << " s (template " << how << ")");
}

TEST_CASE("a stale MariaDB server dir whose owner is gone is swept") {
  if (!mariatest::server_or_skip()) return;
  ServerDir stale = make_private_dir(maria::kServerDirPrefix);
  const std::string path = stale.path;
  stale.owner.release();  // its owner is gone
  const auto removed = sweep_stale_private_dirs(maria::kServerDirPrefix);
  CHECK(std::find(removed.begin(), removed.end(), path) != removed.end());
  CHECK_FALSE(std::filesystem::exists(path));
  // The running server's own dir is held by this process and stays.
  CHECK(std::filesystem::exists(maria::server(maria::ServerOptions{}).server_dir));
}
