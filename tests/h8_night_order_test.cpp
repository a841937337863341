// H8: two stays that take their nights in opposite orders, one night per event, in deferred
// transactions that read first. On SQLite the reader that asks for the write lock another
// transaction holds is deadlocked at once; naive retries its UPDATE and stays open, atomic takes
// nights in night order and retries the whole transaction.
#include <doctest/doctest.h>

#include "core/sim/scenario_loader.hpp"
#include "tests/step_trail.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

// The SQL of a step, each UPDATE naming its night.
std::vector<std::string> night_trail(const Step& step) {
  return sql_trail(step, true);
}

Scenario h8() {
  return bundled("h8_night_order.toml");
}

// The committed night figure as "N1 capacity/available/sold, N2 ...".
std::string nights(const CommittedState& state) {
  std::string text;
  for (const auto& figure : state.figures)
    for (const auto& night : figure.nights)
      text += (text.empty() ? "" : ", ") + night.night + " " + std::to_string(night.capacity) + "/" +
              std::to_string(night.available) + "/" + std::to_string(night.sold);
  return text;
}

Scenario with_rooms(Scenario scenario, const std::string& night, std::int64_t rooms) {
  for (auto& row : scenario.initial) {
    bool match = false;
    for (const auto& [column, value] : row.cells)
      match = match || (column == "room_night_id" && to_display(value) == night);
    if (!match) continue;
    for (auto& [column, value] : row.cells)
      if (column == "capacity" || column == "available") value = rooms;
  }
  return scenario;
}

}  // namespace

TEST_CASE("h8 loads with its four presets, and every preset runs to the end in both models") {
  const Scenario scenario = h8();
  std::vector<std::string> names;
  for (const auto& preset : scenario.presets) names.push_back(preset.name);
  CHECK(names == std::vector<std::string>{"article", "same-order", "write-lock-first", "serial"});
  for (const auto& preset : scenario.presets)
    for (Model model : {Model::naive, Model::atomic}) {
      CAPTURE(preset.name);
      CAPTURE(model_name(model));
      CHECK(run_preset(scenario, model, preset.name).steps.size() == 6);
    }
}

TEST_CASE("h8 naive on SQLite: B's first UPDATE meets A's write lock while B reads, a deadlock at once") {
  const Trace trace = run_preset(h8(), Model::naive, "article");
  CHECK(outcomes(trace) ==
        std::vector<std::string>{"read", "read", "decremented", "deadlocked", "waiting", "noop"});
  // A takes N1, the first night of its own order; B's first is N2.
  CHECK(night_trail(trace.steps[2]) == std::vector<std::string>{"A UPDATE N1 SQLITE_DONE"});
  CHECK(status_of(trace.steps[2], "A").holds_write_lock);
  const Step& deadlock = trace.steps[3];
  CHECK(night_trail(deadlock) ==
        std::vector<std::string>(4, "B UPDATE N2 SQLITE_BUSY"));  // the try and 3 retries
  CHECK(render(deadlock.summary, Lang::en) ==
        "Request B tries 4 times, gives up, keeps its transaction open");
  CHECK(status_of(deadlock, "B").in_transaction);  // never rolled back: its read lock stays
  CHECK(status_of(deadlock, "B").resolved == "deadlocked");
  CHECK_FALSE(invariant(*deadlock.committed, "no_transaction_left_open")->holds);
  // A takes N2 and books, but its COMMIT waits for B's read lock, which nobody will release.
  const Step& stuck = trace.steps[4];
  CHECK(night_trail(stuck).front() == "A UPDATE N2 SQLITE_DONE");
  CHECK(night_trail(stuck).back() == "A COMMIT SQLITE_BUSY");
  CHECK(status_of(stuck, "A").waiting_for == "B");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(nights(end) == "2026-12-01 2/2/0, 2026-12-02 2/2/0");  // nothing booked although both fit
  CHECK(figure(end, "active_holds") == "0");
  CHECK_FALSE(invariant(end, "no_transaction_left_open")->holds);
}

TEST_CASE("h8 naive on SQLite: the same night order does not help, the lock covers the whole database") {
  const Trace trace = run_preset(h8(), Model::naive, "same-order");
  CHECK(night_trail(trace.steps[3]) == std::vector<std::string>(4, "B UPDATE N1 SQLITE_BUSY"));
  CHECK(trace.steps[3].outcome == "deadlocked");
  CHECK_FALSE(invariant(*trace.steps.back().committed, "no_transaction_left_open")->holds);
}

TEST_CASE(
    "h8 atomic: B takes N1 first (night order), rolls back on the deadlock, and both stays are booked") {
  const Trace trace = run_preset(h8(), Model::atomic, "article");
  CHECK(outcomes(trace) ==
        std::vector<std::string>{"read", "read", "decremented", "retried", "accepted", "accepted"});
  const Step& retry = trace.steps[3];
  CHECK(render(retry.summary, Lang::en) == "Request B: deadlock, rolls back, retries (1 of 3)");
  CHECK(night_trail(retry) == std::vector<std::string>{"B UPDATE N1 SQLITE_BUSY", "B ROLLBACK SQLITE_DONE",
                                                       "B BEGIN SQLITE_DONE", "B SELECT SQLITE_BUSY"});
  CHECK(status_of(retry, "B").waiting_event == "B2");
  CHECK_FALSE(status_of(retry, "B").holds_write_lock);
  // A's commit frees the lock; B's retry reads afresh and takes N1 in the same step.
  const Step& commit = trace.steps[4];
  CHECK(wake_list(commit) == std::vector<std::string>{"B B2 decremented"});
  const std::string woken = render(commit.wakes.at(0).explanation, Lang::en);
  CHECK(woken.find("The retried transaction reads afresh: N2 = 1, N1 = 1.") != std::string::npos);
  CHECK(woken.find("a deadlock") == std::string::npos);
  CHECK(night_trail(trace.steps[5]).front() == "B UPDATE N2 SQLITE_DONE");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(nights(end) == "2026-12-01 2/0/0, 2026-12-02 2/0/0");
  CHECK(figure(end, "active_holds") == "2");
  for (const auto& step : trace.steps) CHECK(step.committed->all_invariants_hold());
}

TEST_CASE("h8 atomic with one room on N1: the retry is rejected by stock and rolls its nights back") {
  const Trace trace = run_preset(with_rooms(h8(), "N1", 1), Model::atomic, "article");
  CHECK(wake_list(trace.steps[4]) == std::vector<std::string>{"B B2 rejected"});
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(nights(end) == "2026-12-01 1/0/0, 2026-12-02 2/1/0");
  CHECK(figure(end, "active_holds") == "1");
  CHECK(end.all_invariants_hold());
  CHECK_FALSE(status_of(trace.steps.back(), "B").in_transaction);
}

TEST_CASE("h8 atomic out of retries: B gives up holding nothing and A commits without waiting") {
  Scenario scenario = h8();
  scenario.params["retries"] = std::int64_t{0};
  const Trace trace = run_preset(scenario, Model::atomic, "article");
  CHECK(trace.steps[3].outcome == "deadlocked");
  CHECK(render(trace.steps[3].summary, Lang::en) == "Request B: deadlock 1 times, gives up, nothing held");
  CHECK_FALSE(status_of(trace.steps[3], "B").in_transaction);
  CHECK(trace.steps[4].outcome == "accepted");
  const CommittedState& end = *trace.steps.back().committed;
  CHECK(figure(end, "active_holds") == "1");
  CHECK(end.all_invariants_hold());
}

TEST_CASE("h8 write-lock-first: B waits at BEGIN IMMEDIATE until A commits, in both models") {
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    const Trace trace = run_preset(h8(), model, "write-lock-first");
    CHECK(night_trail(trace.steps[1]) == std::vector<std::string>{"B BEGIN IMMEDIATE SQLITE_BUSY"});
    CHECK(trace.steps[1].outcome == "waiting");
    CHECK(wake_list(trace.steps[3]) == std::vector<std::string>{"B B1 read"});
    const CommittedState& end = *trace.steps.back().committed;
    CHECK(figure(end, "active_holds") == "2");
    for (const auto& step : trace.steps) CHECK(step.committed->all_invariants_hold());
  }
}

TEST_CASE(
    "h8 serial: both stays are booked in both models, naive in the listed order, atomic in night order") {
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    const Trace trace = run_preset(h8(), model, "serial");
    CHECK(outcomes(trace) ==
          std::vector<std::string>{"read", "decremented", "accepted", "read", "decremented", "accepted"});
    CHECK(figure(*trace.steps.back().committed, "active_holds") == "2");
    CHECK(night_trail(trace.steps[4]) == std::vector<std::string>{model == Model::naive
                                                                      ? "B UPDATE N2 SQLITE_DONE"
                                                                      : "B UPDATE N1 SQLITE_DONE"});
  }
  const Trace atomic = run_preset(h8(), Model::atomic, "serial");
  CHECK(render(atomic.steps[4].explanation, Lang::en).find("night 1 of 2 in night order (N1, N2)") !=
        std::string::npos);
}

TEST_CASE("h8 a lane that takes fewer nights than its stay lists leaves the transaction open, and says so") {
  Scenario scenario = h8();
  for (auto& event : scenario.events)
    if (event.id == "B1") event.args["nights"] = std::string("N2,N1,N3");
  const Trace trace = run_preset(scenario, Model::atomic, "serial");
  CHECK(trace.steps[5].outcome == "decremented");
  CHECK(status_of(trace.steps[5], "B").in_transaction);
  CHECK_FALSE(invariant(*trace.steps.back().committed, "no_transaction_left_open")->holds);
}
