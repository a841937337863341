// H4: the same booking request (business request key) sent twice.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/sim/case_family.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

Scenario h4() {
  return bundled("h4_duplicate_request.toml");
}

// The step table of the night: available, active holds, outcome, summary.
void check_rows(const Trace& trace, const StepTable& expected) {
  check_steps(trace, {"available", "active_holds", "outcome", "summary"}, expected);
}

std::vector<std::string> request_keys(const CommittedState& state) {
  std::vector<std::string> keys;
  for (const auto& row : state.table("holds")->rows) keys.push_back(to_display(row[1]));
  return keys;
}

bool touched_inventory(const Step& step) {
  return std::any_of(step.sql.begin(), step.sql.end(), [](const SqlRecord& r) {
    return r.sql.find("UPDATE room_inventory") != std::string::npos;
  });
}

std::string holds_ddl(Model model) {
  for (const auto& ddl : find_family("hotel")->ddl(model))
    if (ddl.rfind("CREATE TABLE holds(", 0) == 0) return ddl;
  return {};
}

}  // namespace

TEST_CASE("h4 naive: one request sent twice books two rooms and decrements twice") {
  const Trace trace = run_preset(h4(), Model::naive, "article");
  check_rows(trace,
             {{"1", "1", "accepted", "Request, first attempt books hold #1, 1 left"},
              {"0", "2", "accepted", "Same request, retried books hold #2 again for one request, 0 left"}});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(request_keys(end) == std::vector<std::string>{"booking-A", "booking-A"});
  CHECK(touched_inventory(trace.steps[1]));
  // The counters balance, so capacity_balance cannot see the duplicate: the request key can.
  CHECK(invariant(end, "capacity_balance")->holds);
  const InvariantResult* one_hold = invariant(end, "one_hold_per_request");
  REQUIRE(one_hold);
  CHECK_FALSE(one_hold->holds);
  CHECK(render(one_hold->detail, Lang::en) == "request key booking-A owns 2 live holds or bookings: #1, #2");
  CHECK(trace.steps[0].committed->all_invariants_hold());
  CHECK(render(trace.steps[1].summary, Lang::zh) == "同一请求（重试）为同一个请求再次预订预留 #2，剩余 0");
}

TEST_CASE("h4 atomic: the retry hits the UNIQUE request key, returns booking #1 and decrements nothing") {
  const Trace trace = run_preset(h4(), Model::atomic, "article");
  check_rows(trace,
             {{"1", "1", "accepted", "Request, first attempt claims key booking-A, books hold #1, commits"},
              {"1", "1", "accepted",
               "Same request, retried: key booking-A already booked, returns hold #1, decrements nothing"}});
  const Step& retry = trace.steps[1];
  std::vector<std::string> results;
  for (const auto& record : retry.sql) results.push_back(record.result);
  CHECK(results ==
        std::vector<std::string>{"SQLITE_DONE", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_DONE", "SQLITE_DONE"});
  CHECK(retry.sql[2].sql == "ROLLBACK");
  CHECK_FALSE(touched_inventory(retry));
  CHECK(request_keys(*retry.committed) == std::vector<std::string>{"booking-A"});
  CHECK(retry.committed->all_invariants_hold());
  CHECK(render(retry.summary, Lang::zh) ==
        "同一请求（重试）：请求键 booking-A 已预订，返回预留 #1，不再扣减");
}

TEST_CASE("h4 atomic explanation says why the answer is the first booking and is honest about PostgreSQL") {
  const Trace trace = run_preset(h4(), Model::atomic, "article");
  const std::string text = render(trace.steps[1].explanation, Lang::en);
  CHECK(text.find("fails with SQLITE_CONSTRAINT_UNIQUE") != std::string::npos);
  CHECK(text.find("hold #1, RESERVED") != std::string::npos);
  CHECK(text.find("as an idempotent API answers a repeated request") != std::string::npos);
  CHECK(
      text.find("In SQLite the write lock already serialises the calls, so a lookup by key would have found "
                "hold #1 too") != std::string::npos);
  CHECK(text.find("in PostgreSQL two concurrent attempts can both miss a lookup") != std::string::npos);
}

TEST_CASE("h4 control: a different request key is a different booking in both models") {
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    const Trace trace = run_preset(h4(), model, "two-guests");
    CHECK(outcomes(trace) == std::vector<std::string>{"accepted", "accepted"});
    const CommittedState& end = *trace.steps.back().committed;
    CHECK(figure(end, "available") == "0");
    CHECK(request_keys(end) == std::vector<std::string>{"booking-A", "booking-B"});
  }
}

TEST_CASE("h4's fix is a constraint: only the atomic schema makes holds.request_key unique") {
  CHECK(holds_ddl(Model::atomic).find("request_key TEXT UNIQUE") != std::string::npos);
  CHECK(holds_ddl(Model::naive).find("UNIQUE") == std::string::npos);
  CHECK(holds_ddl(Model::naive).find("request_key TEXT") != std::string::npos);
  const auto& naive = find_family("hotel")->ddl(Model::naive);
  const auto& atomic = find_family("hotel")->ddl(Model::atomic);
  REQUIRE(naive.size() == atomic.size());
  int differing = 0;
  for (std::size_t i = 0; i < naive.size(); ++i) differing += naive[i] == atomic[i] ? 0 : 1;
  CHECK(differing == 1);
}

TEST_CASE("h4 traces hash the same on every run") {
  for (Model model : {Model::naive, Model::atomic})
    CHECK(run_preset(h4(), model, "article").hash == run_preset(h4(), model, "article").hash);
}
