#include "core/backends/postgres/redact.hpp"

#include <doctest/doctest.h>

#include "core/backends/postgres/conninfo.hpp"
#include "core/backends/postgres/server.hpp"

using reslab::pg::redact;

TEST_CASE("redact masks a password in a key=value connection string") {
  CHECK(redact("host=db.example.com password=hunter2 user=lab") ==
        "host=db.example.com password=*** user=lab");
  CHECK(redact("password = hunter2") == "password = ***");
  CHECK(redact("host=db password='two words\\' here' dbname=lab") == "host=db password=*** dbname=lab");
  CHECK(redact("sslpassword=keysecret") == "sslpassword=***");
}

TEST_CASE("redact masks the password of a postgresql URI and of its query") {
  CHECK(redact("postgresql://lab:hunter2@db.example.com:5432/rooms") ==
        "postgresql://lab:***@db.example.com:5432/rooms");
  CHECK(redact("cannot reach postgres://lab:hunter2@db/rooms?sslmode=require now") ==
        "cannot reach postgres://lab:***@db/rooms?sslmode=require now");
  CHECK(redact("postgresql://lab@db/rooms?password=hunter2&sslmode=require") ==
        "postgresql://lab@db/rooms?password=***&sslmode=require");
  CHECK(redact("postgresql://db.example.com/rooms") == "postgresql://db.example.com/rooms");
}

TEST_CASE("redact leaves text without a password as it was") {
  std::string message = "FATAL:  password authentication failed for user \"lab\"";
  CHECK(redact(message) == message);
  CHECK(redact("host=/tmp/reslab-pg.abc123 user=postgres") == "host=/tmp/reslab-pg.abc123 user=postgres");
}

TEST_CASE("a DSN becomes one key=value conninfo with a connect timeout and the run's application name") {
  std::string conninfo =
      reslab::pg::normalized_conninfo("postgresql://lab:hunter2@db.example.com/rooms", "reslab_abc");
  CHECK(conninfo.find("host='db.example.com'") != std::string::npos);
  CHECK(conninfo.find("password='hunter2'") != std::string::npos);
  CHECK(conninfo.find("connect_timeout='5'") == std::string::npos);
  CHECK(conninfo.find("connect_timeout=5") != std::string::npos);
  CHECK(conninfo.find("application_name='reslab_abc'") != std::string::npos);
  CHECK(reslab::pg::normalized_conninfo("host=db connect_timeout=9", "x").find("connect_timeout='9'") !=
        std::string::npos);
}

TEST_CASE("a DSN libpq cannot parse is refused without echoing its password") {
  for (std::string dsn : {"host=db password='hunter2", "host=db password=hunter2 nonsense",
                          "postgresql://lab:hunter2@db/rooms?nosuchoption=1"}) {
    CAPTURE(dsn);
    try {
      reslab::pg::normalized_conninfo(dsn, "x");
      FAIL("a broken DSN was accepted");
    } catch (const reslab::pg::BackendUnavailable& error) {
      std::string message = error.what();
      CHECK(message.find("DSN is not valid") != std::string::npos);
      CHECK(message.find("hunter2") == std::string::npos);
    }
  }
}
