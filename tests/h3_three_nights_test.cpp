// H3: a three-night booking with N3 sold out (h3), and the variant where N2 has no inventory row (h3b).
#include <doctest/doctest.h>

#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

Scenario h3() {
  return bundled("h3_three_nights.toml");
}
Scenario h3b() {
  return bundled("h3b_missing_night.toml");
}

// Per night "date available/sold/capacity", as the nights figure lists them.
std::vector<std::string> nights(const CommittedState& state) {
  const Figure* found = state.figure("nights");
  REQUIRE(found);
  std::vector<std::string> result;
  for (const auto& night : found->nights)
    result.push_back(night.night + " " + std::to_string(night.available) + "/" + std::to_string(night.sold) +
                     "/" + std::to_string(night.capacity));
  return result;
}

std::vector<Row> rows(const CommittedState& state, const std::string& table) {
  const TableData* found = state.table(table);
  REQUIRE(found);
  return found->rows;
}

bool ran(const Step& step, const std::string& sql, const std::string& result) {
  for (const auto& record : step.sql)
    if (record.sql.rfind(sql, 0) == 0 && record.result == result) return true;
  return false;
}

const Value kN1{std::string("N1")};
const Value kN2{std::string("N2")};
const Value kN3{std::string("N3")};

}  // namespace

TEST_CASE("h3 naive: N1 and N2 are taken night by night, N3 fails, and nothing gives them back") {
  const Trace trace = run_preset(h3(), Model::naive, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "decremented", "noop", "rejected"});
  const std::vector<std::vector<std::string>> expected = {
      {"2026-12-01 0/0/1", "2026-12-02 1/0/1", "2026-12-03 0/1/1"},
      {"2026-12-01 0/0/1", "2026-12-02 0/0/1", "2026-12-03 0/1/1"},
      {"2026-12-01 0/0/1", "2026-12-02 0/0/1", "2026-12-03 0/1/1"},
      {"2026-12-01 0/0/1", "2026-12-02 0/0/1", "2026-12-03 0/1/1"}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    CHECK(nights(*trace.steps[i].committed) == expected[i]);
    CHECK(figure(*trace.steps[i].committed, "active_holds") == "0");
    CHECK_FALSE(trace.steps[i].committed_is_previous);
  }
  CHECK(render(trace.steps[3].summary, Lang::en) ==
        "Three-night request: last update failed, rejected; N1, N2 stay taken");
  CHECK(render(trace.steps[3].summary, Lang::zh) == "三晚预订请求：最后一次更新失败，拒绝；N1, N2 仍被扣减");
  CHECK(rows(*trace.steps.back().committed, "holds").size() == 1);  // only the earlier guest's booking
}

TEST_CASE("h3 naive: the per-night capacity_balance flags the leftover decrements of N1 and N2") {
  const Trace trace = run_preset(h3(), Model::naive, "article");
  CHECK(invariant(*trace.initial, "capacity_balance")->holds);
  const std::vector<std::string> details = {"N1: 0 + 0 + 0 != 1; N2: 1 + 0 + 0 = 1; N3: 0 + 0 + 1 = 1",
                                            "N1: 0 + 0 + 0 != 1; N2: 0 + 0 + 0 != 1; N3: 0 + 0 + 1 = 1",
                                            "N1: 0 + 0 + 0 != 1; N2: 0 + 0 + 0 != 1; N3: 0 + 0 + 1 = 1",
                                            "N1: 0 + 0 + 0 != 1; N2: 0 + 0 + 0 != 1; N3: 0 + 0 + 1 = 1"};
  for (std::size_t i = 0; i < details.size(); ++i) {
    CAPTURE(i);
    const InvariantResult* balance = invariant(*trace.steps[i].committed, "capacity_balance");
    REQUIRE(balance);
    CHECK_FALSE(balance->holds);
    CHECK(render(balance->detail, Lang::en) == details[i]);
  }
  CHECK(invariant(*trace.steps.back().committed, "sold_matches_bookings")->holds);
}

TEST_CASE("h3 naive: each night's decrement commits on its own statement") {
  const Trace trace = run_preset(h3(), Model::naive, "article");
  for (const auto& step : trace.steps) {
    CHECK_FALSE(ran(step, "BEGIN", "SQLITE_DONE"));
    CHECK_FALSE(ran(step, "COMMIT", "SQLITE_DONE"));
  }
  REQUIRE_FALSE(trace.steps[2].sql.empty());
  CHECK(trace.steps[2].sql[0].params == std::vector<Value>{kN3});
  CHECK(trace.steps[2].sql[0].changes == 0);
}

TEST_CASE("h3 atomic: the nights are taken inside one open transaction the committed state does not show") {
  const Trace trace = run_preset(h3(), Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "decremented", "rejected", "noop"});
  CHECK(ran(trace.steps[0], "BEGIN IMMEDIATE", "SQLITE_DONE"));
  CHECK_FALSE(ran(trace.steps[1], "BEGIN", "SQLITE_DONE"));
  for (std::size_t i = 0; i < 2; ++i) {
    CAPTURE(i);
    CHECK(trace.steps[i].committed_is_previous);
    CHECK(nights(*trace.steps[i].committed) ==
          std::vector<std::string>{"2026-12-01 1/0/1", "2026-12-02 1/0/1", "2026-12-03 0/1/1"});
    REQUIRE(trace.steps[i].open_transactions.size() == 1);
    const TableData& own = trace.steps[i].open_transactions[0].tables.at(0);
    CHECK(own.name == "room_inventory");
    CHECK(own.rows[0][3] == Value(std::int64_t{0}));               // N1 taken
    CHECK(own.rows[1][3] == Value(std::int64_t{i == 0 ? 1 : 0}));  // N2 taken at step 2
  }
}

TEST_CASE("h3 atomic: N3 sold out rolls every night back, so no night is lost and every invariant holds") {
  const Trace trace = run_preset(h3(), Model::atomic, "article");
  const Step& failure = trace.steps[2];
  CHECK(ran(failure, "UPDATE room_inventory", "SQLITE_DONE"));
  CHECK(failure.sql[0].changes == 0);
  CHECK(ran(failure, "ROLLBACK", "SQLITE_DONE"));
  CHECK(render(failure.summary, Lang::en) ==
        "Three-night request: a night failed, rolls back every night, rejected");
  CHECK(render(trace.steps[3].explanation, Lang::en) ==
        "Nothing to do: Three-night request was already rejected at step 3.");
  for (const auto& step : trace.steps) {
    CHECK(nights(*step.committed) ==
          std::vector<std::string>{"2026-12-01 1/0/1", "2026-12-02 1/0/1", "2026-12-03 0/1/1"});
    CHECK(step.committed->all_invariants_hold());
  }
  CHECK(trace.steps.back().open_transactions.empty());
}

TEST_CASE("h3 atomic explanation is honest about SQLite's one write lock and PostgreSQL's row locks") {
  const Trace trace = run_preset(h3(), Model::atomic, "article");
  const std::string text = render(trace.steps[2].explanation, Lang::en);
  CHECK(text.find("N3 is sold out") != std::string::npos);
  CHECK(text.find("one write lock of the whole database") != std::string::npos);
  CHECK(text.find("PostgreSQL locks each night's row") != std::string::npos);
  CHECK(text.find("fixed date order") != std::string::npos);
}

TEST_CASE("h3 atomic takes nights in date order: a night earlier than the one before fails the stay") {
  Scenario scenario = h3();
  for (auto& event : scenario.events) {
    if (event.id == "night1") event.args["room_night"] = std::string("N2");
    if (event.id == "night2") event.args["room_night"] = std::string("N1");
  }
  const Trace trace = run_preset(scenario, Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "rejected", "noop", "noop"});
  CHECK(render(trace.steps[1].explanation, Lang::en).find("does not come after the night taken before it") !=
        std::string::npos);
  CHECK(nights(*trace.steps.back().committed) ==
        std::vector<std::string>{"2026-12-01 1/0/1", "2026-12-02 1/0/1", "2026-12-03 0/1/1"});
}

TEST_CASE("h3b naive judges the stay by the last UPDATE and books N2, which has no inventory row") {
  const Trace trace = run_preset(h3b(), Model::naive, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "noop", "decremented", "accepted"});
  CHECK(trace.steps[1].sql[0].changes == 0);
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(nights(end) == std::vector<std::string>{"2026-12-01 0/0/1", "2026-12-03 0/0/1"});
  CHECK(figure(end, "active_holds") == "1");
  const Value hold{std::int64_t{1}};
  CHECK(rows(end, "hold_nights") == std::vector<Row>{{hold, kN1}, {hold, kN2}, {hold, kN3}});
  // Every inventory row balances: the night nobody counted has no row for the invariant to check.
  CHECK(end.all_invariants_hold());
  const std::string text = render(trace.steps[3].explanation, Lang::en);
  CHECK(text.find("although this request never decremented N2") != std::string::npos);
  CHECK(text.find("that night has no row to check") != std::string::npos);
}

TEST_CASE("h3b atomic treats the missing N2 as a failure although N3's update would succeed") {
  const Trace trace = run_preset(h3b(), Model::atomic, "article");
  CHECK(outcomes(trace) == std::vector<std::string>{"decremented", "rejected", "noop", "noop"});
  const Step& missing = trace.steps[1];
  CHECK(missing.sql[0].params == std::vector<Value>{kN2});
  CHECK(missing.sql[0].changes == 0);
  CHECK(ran(missing, "ROLLBACK", "SQLITE_DONE"));
  CHECK(render(missing.explanation, Lang::en).find("because N2 has no inventory row at all") !=
        std::string::npos);
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(nights(end) == std::vector<std::string>{"2026-12-01 1/0/1", "2026-12-03 1/0/1"});
  CHECK(rows(end, "holds").empty());
  CHECK(rows(end, "inventory_log").empty());
}

TEST_CASE("h3 traces hash the same on every run") {
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    CHECK(run_preset(h3(), model, "article").hash == run_preset(h3(), model, "article").hash);
    CHECK(run_preset(h3b(), model, "article").hash == run_preset(h3b(), model, "article").hash);
  }
}
