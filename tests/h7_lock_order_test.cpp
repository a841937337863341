// H7: two deferred transactions that read, then write: SQLite's lock-upgrade deadlock, detected by the
// simulator as a cycle of waiters, and what each model does about it.
#include <doctest/doctest.h>

#include "core/sim/scenario_loader.hpp"
#include "tests/step_trail.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

Scenario h7() {
  return bundled("h7_lock_order.toml");
}

Scenario with_rooms(Scenario scenario, std::int64_t rooms) {
  for (auto& row : scenario.initial)
    for (auto& [column, value] : row.cells)
      if (column == "capacity" || column == "available") value = rooms;
  return scenario;
}

}  // namespace

TEST_CASE(
    "h7 SQLite's answer: the second writer's UPDATE and the first writer's COMMIT both get SQLITE_BUSY") {
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    const Trace trace = run_preset(h7(), model, "article");
    CHECK(sql_trail(trace.steps[0]) ==
          std::vector<std::string>{"A BEGIN SQLITE_DONE", "A SELECT SQLITE_DONE"});
    CHECK(sql_trail(trace.steps[2]) ==
          std::vector<std::string>{"A UPDATE SQLITE_DONE", "A INSERT holds SQLITE_DONE",
                                   "A INSERT hold_nights SQLITE_DONE", "A INSERT inventory_log SQLITE_DONE",
                                   "A COMMIT SQLITE_BUSY"});
    CHECK(trace.steps[2].outcome == "waiting");
    CHECK(status_of(trace.steps[2], "A").holds_write_lock);
    CHECK(status_of(trace.steps[2], "A").waiting_for == "B");
    CHECK(render(trace.steps[2].explanation, Lang::en).find("because Request B still holds a read lock") !=
          std::string::npos);
    CHECK(sql_trail(trace.steps[3]).at(0) == "B UPDATE SQLITE_BUSY");
  }
}

TEST_CASE("h7 naive: B retries its UPDATE in the same transaction, gives up deadlocked, and A stays stuck") {
  const Trace trace = run_preset(h7(), Model::naive, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"read", "read", "waiting", "deadlocked"});
  const Step& last = trace.steps[3];
  CHECK(sql_trail(last) == std::vector<std::string>(4, "B UPDATE SQLITE_BUSY"));  // the try and 3 retries
  CHECK(render(last.summary, Lang::en) == "Request B tries 4 times, gives up, keeps its lock");
  CHECK(last.wakes.empty());
  CHECK(status_of(last, "A").waiting_event == "A2");
  CHECK(status_of(last, "B").in_transaction);  // never rolled back: its read lock stays
  CHECK(status_of(last, "B").resolved == "deadlocked");
  CHECK(last.committed_is_previous);
  const CommittedState& end = *last.committed;
  CHECK(figure(end, "available") == "2");
  CHECK(figure(end, "active_holds") == "0");
}

TEST_CASE("h7 naive: the retry limit is an argument of the write") {
  Scenario scenario = h7();
  scenario.params["retries"] = std::int64_t{1};
  const Trace trace = run_preset(scenario, Model::naive, "article");
  CHECK(sql_trail(trace.steps[3]) == std::vector<std::string>(2, "B UPDATE SQLITE_BUSY"));
  CHECK(render(trace.steps[3].summary, Lang::en) == "Request B tries 2 times, gives up, keeps its lock");
}

TEST_CASE("h7 atomic: B rolls the whole transaction back, A commits, and B's retry books the second room") {
  const Trace trace = run_preset(h7(), Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"read", "read", "waiting", "retried"});
  const Step& last = trace.steps[3];
  CHECK(render(last.summary, Lang::en) == "Request B: deadlock, rolls back, retries (1 of 3)");
  CHECK(wake_list(last) == std::vector<std::string>{"A A2 accepted", "B B2 accepted"});
  CHECK(sql_trail(last) ==
        std::vector<std::string>{"B UPDATE SQLITE_BUSY", "B ROLLBACK SQLITE_DONE", "B BEGIN SQLITE_DONE",
                                 "B SELECT SQLITE_BUSY", "A COMMIT SQLITE_DONE", "B SELECT SQLITE_DONE",
                                 "B UPDATE SQLITE_DONE", "B INSERT holds SQLITE_DONE",
                                 "B INSERT hold_nights SQLITE_DONE", "B INSERT inventory_log SQLITE_DONE",
                                 "B COMMIT SQLITE_DONE"});
  const CommittedState& end = *last.committed;
  CHECK(figure(end, "available") == "0");
  CHECK(figure(end, "active_holds") == "2");
  CHECK(end.all_invariants_hold());
  for (const auto& status : last.actors) {
    CHECK(status.waiting_event.empty());
    CHECK(status.resolved == "accepted");
  }
}

TEST_CASE("h7 atomic: the woken retry reports the fresh read, not the deadlock again") {
  const Trace trace = run_preset(h7(), Model::atomic, "article");
  const std::string woken = render(trace.steps[3].wakes.at(1).explanation, Lang::en);
  CHECK(woken.find("The retried transaction reads available = 1") != std::string::npos);
  CHECK(woken.find("a deadlock") == std::string::npos);
  const std::string step = render(trace.steps[3].explanation, Lang::en);
  CHECK(step.find("a deadlock") != std::string::npos);
  CHECK(step.find("retry 1 of at most 3") != std::string::npos);
}

TEST_CASE("h7 atomic with one room left: the retry re-reads 0 and is rejected by stock") {
  const Trace trace = run_preset(with_rooms(h7(), 1), Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"read", "read", "waiting", "retried"});
  CHECK(wake_list(trace.steps[3]) == std::vector<std::string>{"A A2 accepted", "B B2 rejected"});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(figure(end, "available") == "0");
  CHECK(figure(end, "active_holds") == "1");
  CHECK(end.all_invariants_hold());
}

TEST_CASE("h7 atomic is symmetric: when A writes second, A is the one that rolls back and retries") {
  const Trace trace = run_order(h7(), Model::atomic, {"A1", "B1", "B2", "A2"});
  CHECK(outcomes(trace) == std::vector<std::string>{"read", "read", "waiting", "retried"});
  CHECK(wake_list(trace.steps[3]) == std::vector<std::string>{"B B2 accepted", "A A2 accepted"});
}

TEST_CASE("h7 write-lock-first: BEGIN IMMEDIATE makes B wait at its BEGIN, so no deadlock in either model") {
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    const Trace trace = run_preset(h7(), model, "write-lock-first");
    CHECK(outcomes(trace) == std::vector<std::string>{"read", "waiting", "accepted", "accepted"});
    CHECK(sql_trail(trace.steps[1]) == std::vector<std::string>{"B BEGIN IMMEDIATE SQLITE_BUSY"});
    CHECK(wake_list(trace.steps[2]) == std::vector<std::string>{"B B1 read"});
    CHECK(render(trace.steps[3].summary, Lang::en) == "Request B commits hold #2, accepts");
    const CommittedState& end = *trace.steps.back().committed;
    CHECK(figure(end, "available") == "0");
    CHECK(end.all_invariants_hold());
  }
}

TEST_CASE("h7 serial control: A commits before B reads, and nothing waits") {
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    const Trace trace = run_preset(h7(), model, "serial");
    CHECK(outcomes(trace) == std::vector<std::string>{"read", "accepted", "read", "accepted"});
    CHECK(render(trace.steps[2].summary, Lang::en) == "Request B BEGIN, reads 1");
  }
}

TEST_CASE("h7 explanation is honest about WAL and PostgreSQL") {
  const Trace trace = run_preset(h7(), Model::atomic, "article");
  const std::string text = render(trace.steps[3].explanation, Lang::en);
  CHECK(text.find("in WAL mode the first commit goes through") != std::string::npos);
  CHECK(text.find("SQLITE_BUSY_SNAPSHOT") != std::string::npos);
  CHECK(text.find("PostgreSQL locks rows, not the database") != std::string::npos);
  CHECK(text.find("deadlock_detected") != std::string::npos);
  CHECK(render(trace.steps[3].explanation, Lang::zh).find("死锁") != std::string::npos);
}

TEST_CASE("an action with no plan for a deadlock ends its step deadlocked instead of waiting forever") {
  // B holds a read lock from txn_read, then runs create_booking, whose UPDATE goes through must().
  Scenario scenario = h7();
  for (auto& event : scenario.events)
    if (event.id == "B2") event.action = "create_booking";
  const Trace trace = run_preset(scenario, Model::naive, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"read", "read", "waiting", "deadlocked"});
  CHECK(render(trace.steps[3].summary, Lang::en) == "Request B: deadlock");
  CHECK(render(trace.steps[3].explanation, Lang::en)
            .find("Request A (A1) cannot commit before Request B's transaction ends") != std::string::npos);
  CHECK(status_of(trace.steps[3], "B").resolved == "deadlocked");
  CHECK(status_of(trace.steps[3], "A").waiting_event == "A2");
}

TEST_CASE("h7 traces hash the same on every run") {
  for (Model model : {Model::naive, Model::atomic})
    CHECK(run_preset(h7(), model, "article").hash == run_preset(h7(), model, "article").hash);
}
