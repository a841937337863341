// A server that is not ours, played by the private server: reslab reaches it by DSN as any other.
#include <doctest/doctest.h>

#include "core/backends/postgres/conninfo.hpp"
#include "core/backends/postgres/redact.hpp"
#include "core/backends/postgres/server_probe.hpp"
#include "postgres/postgres_test_support.hpp"

using namespace reslab::pg;
using namespace reslab::pg::test;
using namespace std::chrono_literals;

namespace {

int count_schemas(const ServerInfo& info, const std::string& prefix) {
  TestConnection connection(info.conninfo);
  return std::stoi(
      connection.value("SELECT count(*) FROM pg_namespace WHERE nspname LIKE '" + prefix + "%'"));
}

// The private server's DSN without the application name this process gave it.
std::string foreign_dsn(const ServerInfo& info) {
  return "host='" + info.server_dir + "' port=5432 user=postgres dbname=postgres";
}

}  // namespace

TEST_CASE("a DSN that does not connect fails with what failed and never its password") {
  for (std::string dsn : {"host=127.0.0.1 port=1 user=lab password=hunter2 dbname=rooms",
                          "postgresql://lab:hunter2@127.0.0.1:1/rooms"}) {
    CAPTURE(dsn);
    try {
      probe_server(normalized_conninfo(dsn, "reslab_test"), redact(dsn));
      FAIL("a server on port 1 answered");
    } catch (const BackendUnavailable& error) {
      std::string message = error.what();
      CHECK(message.find("cannot connect to PostgreSQL at") != std::string::npos);
      CHECK(message.find("127.0.0.1") != std::string::npos);
      CHECK(message.find("***") != std::string::npos);
      CHECK(message.find("hunter2") == std::string::npos);
    }
  }
}

TEST_CASE("reslab given a wrong --pg DSN exits 1 with a clear message and no password") {
  if (!private_server_or_skip()) return;
  ChildProcess holder({RESLAB_SERVER_HOLDER, "--pg", "postgresql://lab:hunter2@127.0.0.1:1/rooms", "--exit"});
  CHECK(holder.wait(60s) == 1);
  std::string message = holder.read_stderr();
  CHECK(message.find("cannot connect to PostgreSQL at postgresql://lab:***@127.0.0.1:1/rooms") !=
        std::string::npos);
  CHECK(message.find("hunter2") == std::string::npos);
}

TEST_CASE("on a server that is not ours the run's schemas are dropped at exit") {
  const ServerInfo* info = private_server_or_skip();
  if (!info) return;
  ChildProcess holder({RESLAB_SERVER_HOLDER, "--pg", foreign_dsn(*info), "--make-schema", "--exit"});
  HolderOutput output = read_holder_output(holder);
  REQUIRE(output.ready);
  CHECK(output.pid == 0);
  CHECK(output.dir.empty());
  CHECK(output.deterministic);  // the DSN's user is a superuser
  REQUIRE(output.prefix.rfind("reslab_", 0) == 0);
  CHECK(holder.wait(60s) == 0);
  CHECK(count_schemas(*info, output.prefix) == 0);
}

TEST_CASE("on a server that is not ours --keep leaves the run's schemas") {
  const ServerInfo* info = private_server_or_skip();
  if (!info) return;
  ChildProcess holder(
      {RESLAB_SERVER_HOLDER, "--pg", foreign_dsn(*info), "--keep", "--make-schema", "--exit"});
  HolderOutput output = read_holder_output(holder);
  REQUIRE(output.ready);
  CHECK(holder.wait(60s) == 0);
  CHECK(count_schemas(*info, output.prefix) == 1);
  drop_schemas(info->conninfo, output.prefix);
  CHECK(count_schemas(*info, output.prefix) == 0);
}

TEST_CASE("a session that holds a lock on the schema does not stop it being dropped at exit") {
  const ServerInfo* info = private_server_or_skip();
  if (!info) return;
  std::string prefix = "reslab_" + random_name_suffix(10);
  std::string conninfo = normalized_conninfo(foreign_dsn(*info), prefix);
  TestConnection lab(conninfo);
  lab.query("CREATE SCHEMA " + prefix + "_lab");
  lab.query("CREATE TABLE " + prefix + "_lab.rooms (id int)");
  lab.query("BEGIN");
  lab.query("LOCK TABLE " + prefix + "_lab.rooms");
  drop_schemas(conninfo, prefix);
  CHECK(count_schemas(*info, prefix) == 0);
}

TEST_CASE("a user who may not set the deadlock settings gets a server that is not deterministic") {
  const ServerInfo* info = private_server_or_skip();
  if (!info) return;
  TestConnection admin(info->conninfo);
  admin.query("DROP ROLE IF EXISTS reslab_plain_user");
  admin.query("CREATE ROLE reslab_plain_user LOGIN");
  ServerFacts facts = probe_server(
      normalized_conninfo(foreign_dsn(*info) + " user=reslab_plain_user", "reslab_test"), "test");
  CHECK_FALSE(facts.deterministic);
  CHECK(facts.server_version == info->server_version);
  CHECK(facts.where.rfind("reslab_plain_user@", 0) == 0);
  admin.query("DROP ROLE reslab_plain_user");
}

TEST_CASE("a window given a wrong DSN shows the failure, without the password") {
  if (!private_server_or_skip()) return;
  ChildProcess holder({RESLAB_SERVER_HOLDER, "--async", "--pg", "host=127.0.0.1 port=1 password=hunter2"});
  CHECK(holder.read_line(30s).rfind("first ", 0) == 0);
  std::string outcome = holder.read_line(60s);
  CAPTURE(outcome);
  CHECK(outcome.rfind("failed cannot connect to PostgreSQL at host=127.0.0.1 port=1 password=***", 0) == 0);
  CHECK(outcome.find("hunter2") == std::string::npos);
  CHECK(holder.wait(60s) == 0);
}
