// Who blocks whom, read from SHOW ENGINE INNODB STATUS at once instead of from INNODB_LOCK_WAITS's cache
// (≥ 100 ms): InnoDB's rule of conflicting record locks, and on the private server the status's answer
// held to the cache's in each shape of wait (a row written, a row read with a shared lock, a gap an insert
// waits for), with the shapes it leaves to the cache (two holders, a waiter queued behind another).
#include "core/backends/mariadb/lock_status.hpp"

#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "core/backends/mariadb/lock_monitor.hpp"
#include "core/backends/mariadb/session.hpp"
#include "tests/mariadb/mariadb_test_support.hpp"

using namespace reslab;
using namespace reslab::maria;

// A failed comparison of whom a session waits for prints the names ("A, C").
template <>
struct doctest::StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
    return ("{" + text + "}").c_str();
  }
};

namespace {

// A status as MariaDB 10.11 prints it with innodb_status_output_locks = ON: thread 16 waits for the
// row thread 15 updated.
const char* const kStatus = R"(
=====================================
2026-01-01 00:00:00 0x7f INNODB MONITOR OUTPUT
=====================================
------------
TRANSACTIONS
------------
Trx id counter 31
LIST OF TRANSACTIONS FOR EACH SESSION:
---TRANSACTION 30, ACTIVE 1 sec starting index read
mysql tables in use 1, locked 1
LOCK WAIT 2 lock struct(s), heap size 1128, 1 row lock(s)
MariaDB thread id 16, OS thread handle 140291887298240, query id 43 localhost root Updating
update t set v=v+1 where id=1
------- TRX HAS BEEN WAITING 1003845 us FOR THIS LOCK TO BE GRANTED:
RECORD LOCKS space id 6 page no 3 n bits 320 index PRIMARY of table `lk`.`t` trx id 30 lock_mode X locks rec but not gap waiting
Record lock, heap no 2 PHYSICAL RECORD: n_fields 4; compact format; info bits 0
 0: len 4; hex 80000001; asc     ;;

------------------
TABLE LOCK table `lk`.`t` trx id 30 lock mode IX
RECORD LOCKS space id 6 page no 3 n bits 320 index PRIMARY of table `lk`.`t` trx id 30 lock_mode X locks rec but not gap waiting
Record lock, heap no 2 PHYSICAL RECORD: n_fields 4; compact format; info bits 0
 0: len 4; hex 80000001; asc     ;;

---TRANSACTION 29, ACTIVE 1 sec
2 lock struct(s), heap size 1128, 1 row lock(s), undo log entries 1
MariaDB thread id 15, OS thread handle 140291886991040, query id 41 localhost root User sleep
select 'RECORD LOCKS space id 6 page no 3 n bits 320 index PRIMARY of table t trx id 30 lock_mode X'
TABLE LOCK table `lk`.`t` trx id 29 lock mode IX
RECORD LOCKS space id 6 page no 3 n bits 320 index PRIMARY of table `lk`.`t` trx id 29 lock_mode X locks rec but not gap
Record lock, heap no 2 PHYSICAL RECORD: n_fields 4; compact format; info bits 0
 0: len 4; hex 80000001; asc     ;;

--------
FILE I/O
--------
----------------------------
END OF INNODB MONITOR OUTPUT
============================
)";

StatusLock lock(bool exclusive, const char* kind) {
  StatusLock out;
  out.record = true;
  out.page = "space id 6 page no 3";
  out.exclusive = exclusive;
  const std::string shape = kind;
  out.gap = shape == "gap" || shape == "insert";
  out.rec_not_gap = shape == "record";
  out.insert_intention = shape == "insert";
  out.heap_nos = {2};
  return out;
}

}  // namespace

TEST_CASE("the status's lock lists name the one transaction a waiting row lock waits for") {
  const InnodbStatus status = parse_innodb_status(kStatus);
  REQUIRE(status.whole);
  REQUIRE(status.transactions.size() == 2);
  CHECK(status.transactions[0].thread == 16);
  CHECK(status.transactions[0].lock_wait);
  CHECK_FALSE(status.transactions[1].lock_wait);
  // A statement's text that looks like a lock line is no lock of anyone's.
  CHECK(status.transactions[1].locks.size() == 2);
  CHECK(plain_blocker(status, 16) == 15ul);
  CHECK_FALSE(plain_blocker(status, 15));
  // A status cut short (a long one is) says nothing for sure.
  const std::string text = kStatus;
  CHECK_FALSE(plain_blocker(parse_innodb_status(text.substr(0, text.find("--------\nFILE I/O"))), 16));
}

TEST_CASE("record locks conflict as InnoDB decides: modes, gaps and insert intentions") {
  CHECK_FALSE(record_lock_waits_for(lock(false, "next-key"), lock(false, "record"), 2));  // S and S
  CHECK(record_lock_waits_for(lock(true, "record"), lock(false, "next-key"), 2));         // X waits for S
  CHECK(record_lock_waits_for(lock(false, "next-key"), lock(true, "record"), 2));         // S waits for X
  CHECK_FALSE(record_lock_waits_for(lock(true, "gap"), lock(true, "next-key"), 2));  // a gap lock never waits
  CHECK(record_lock_waits_for(lock(true, "insert"), lock(true, "gap"), 2));  // an insert waits for a gap
  CHECK(record_lock_waits_for(lock(true, "insert"), lock(false, "next-key"), 2));
  CHECK_FALSE(
      record_lock_waits_for(lock(true, "insert"), lock(true, "record"), 2));  // ...not for the record alone
  CHECK_FALSE(
      record_lock_waits_for(lock(true, "record"), lock(true, "gap"), 2));  // a gap holds up inserts only
  CHECK_FALSE(
      record_lock_waits_for(lock(true, "record"), lock(true, "insert"), 2));  // an insert holds up nobody
  CHECK_FALSE(
      record_lock_waits_for(lock(true, "next-key"), lock(true, "next-key"), 1));  // the supremum: a gap
  CHECK(record_lock_waits_for(lock(true, "insert"), lock(true, "next-key"), 1));
}

TEST_CASE("on the private server the status names the blocker the cache names, in every shape of wait") {
  const ServerInfo* server = mariatest::server_or_skip();
  if (!server) return;
  Endpoint endpoint = server->endpoint;
  endpoint.database = server->database_prefix + "_lock_shapes";  // dropped with the others of the prefix
  {
    Connection admin(server->endpoint);
    // Each subcase runs the test from the top: a fresh table every time.
    admin.must("CREATE DATABASE IF NOT EXISTS `" + endpoint.database + "`");
    admin.must("DROP TABLE IF EXISTS `" + endpoint.database + "`.t");
    admin.must("CREATE TABLE `" + endpoint.database + "`.t (id BIGINT PRIMARY KEY, v BIGINT) ENGINE=InnoDB");
    admin.must("INSERT INTO `" + endpoint.database + "`.t VALUES (1, 1), (2, 2), (5, 5), (9, 9)");
  }
  LockMonitor monitor(endpoint);
  const std::map<std::string, std::string> keys;
  MariaSession a(endpoint, "A", monitor, keys);
  MariaSession b(endpoint, "B", monitor, keys);
  MariaSession c(endpoint, "C", monitor, keys);
  const auto holders = [&](MariaSession& session) {
    std::vector<std::string> names;
    for (unsigned long thread : monitor.blocking_threads(session.thread_id()))
      names.push_back(thread == a.thread_id() ? "A" : thread == b.thread_id() ? "B" : "C");
    return names;
  };
  const auto cached = [&](MariaSession& session) {
    std::vector<std::string> names;
    for (unsigned long thread : monitor.blockers_from_cache(session.thread_id()))
      names.push_back(thread == a.thread_id() ? "A" : thread == b.thread_id() ? "B" : "C");
    return names;
  };
  const auto end_all = [&] {
    for (MariaSession* session : {&a, &b, &c}) REQUIRE(session->make_idle());
  };
  const auto waits = [](MariaSession& session, const std::string& sql) {
    const StatementResult result = session.run(sql);
    REQUIRE_MESSAGE(result.busy(), sql << ": " << result.code << " " << result.message);
  };
  const auto status_names = [&](MariaSession& session) {
    return plain_blocker(monitor.status(), session.thread_id()).has_value();
  };

  SUBCASE("a row another transaction wrote") {
    REQUIRE(a.run("BEGIN").ok());
    REQUIRE(a.run("UPDATE t SET v = 10 WHERE id = 1").ok());
    waits(b, "UPDATE t SET v = 20 WHERE id = 1");
    CHECK(status_names(b));
    CHECK(holders(b) == std::vector<std::string>{"A"});
    CHECK(cached(b) == holders(b));
    end_all();
  }
  SUBCASE("a row another transaction read with a shared lock") {
    REQUIRE(a.run("BEGIN").ok());
    REQUIRE(a.run("SELECT v FROM t WHERE id = 2 LOCK IN SHARE MODE").ok());
    waits(b, "DELETE FROM t WHERE id = 2");
    CHECK(status_names(b));
    CHECK(holders(b) == std::vector<std::string>{"A"});
    CHECK(cached(b) == holders(b));
    end_all();
  }
  SUBCASE("a gap another transaction's range read locked, which an insert waits for") {
    REQUIRE(a.run("BEGIN").ok());
    REQUIRE(a.run("SELECT id FROM t WHERE id > 5 FOR UPDATE").ok());
    waits(b, "INSERT INTO t VALUES (7, 7)");
    CHECK(status_names(b));
    CHECK(holders(b) == std::vector<std::string>{"A"});
    CHECK(cached(b) == holders(b));
    end_all();
  }
  SUBCASE("two holders of a shared lock: the order is the cache's") {
    REQUIRE(a.run("BEGIN").ok());
    REQUIRE(a.run("SELECT v FROM t WHERE id = 5 LOCK IN SHARE MODE").ok());
    REQUIRE(c.run("BEGIN").ok());
    REQUIRE(c.run("SELECT v FROM t WHERE id = 5 LOCK IN SHARE MODE").ok());
    waits(b, "UPDATE t SET v = 50 WHERE id = 5");
    CHECK_FALSE(status_names(b));
    CHECK(holders(b).size() == 2);
    CHECK(holders(b) == cached(b));
    end_all();
  }
  SUBCASE("a waiter queued behind another: the queue is the cache's") {
    REQUIRE(a.run("BEGIN").ok());
    REQUIRE(a.run("UPDATE t SET v = 90 WHERE id = 9").ok());
    waits(b, "UPDATE t SET v = 91 WHERE id = 9");
    waits(c, "UPDATE t SET v = 92 WHERE id = 9");
    CHECK_FALSE(status_names(c));
    CHECK(holders(c) == cached(c));
    end_all();
  }
}
