// Explanations true for any scenario file, hotel family: variants of the last-room case with
// capacities 1-4 and 2-6 requests, random lane-respecting orders, both models; every message of every
// step is held against that step's state (tests/claims/claim_support.hpp).
#include <doctest/doctest.h>

#include "core/sim/message.hpp"
#include "tests/claims/claim_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::claims;

namespace {

// The last-room case with its own capacity and number of requests, each request an actor that checks,
// then records.
Scenario last_room(int capacity, int requests) {
  Scenario scenario = test::h1();
  scenario.id = "last_room_" + std::to_string(capacity) + "_" + std::to_string(requests);
  scenario.file = "/nonexistent/instructor/last_room.toml";  // an instructor's file, not a bundled one
  for (auto& row : scenario.initial)
    for (auto& [column, value] : row.cells)
      if (column == "capacity" || column == "available") value = std::int64_t{capacity};
  const Event check = *scenario.find_event("A1");
  const Event record = *scenario.find_event("A2");
  scenario.actors.clear();
  scenario.events.clear();
  scenario.presets.clear();
  for (int i = 1; i <= requests; ++i) {
    const std::string actor = "R" + std::to_string(i);
    scenario.actors.push_back({actor, {actor, actor}, {}});
    for (Event event : {check, record}) {
      event.id = actor + (event.action == "reserve_check" ? "_check" : "_record");
      event.actor = actor;
      event.args["request_key"] = "booking-" + actor;
      scenario.events.push_back(event);
    }
  }
  return scenario;
}

std::int64_t number(const std::string& text) {
  return text.empty() ? -1 : std::stoll(text);
}

// The night's counters and live holds, counted here from the tables, not with the engine's helper.
struct Night {
  std::string available, capacity;
  int live = 0;
};
Night night_of(const CommittedState& state, const std::string& night) {
  Night counts{cell(state, "room_inventory", night, "available"),
               cell(state, "room_inventory", night, "capacity"), 0};
  const TableData* links = state.table("hold_nights");
  for (const auto& link : links->rows) {
    if (to_display(link[1]) != night) continue;
    const std::string held = cell(state, "holds", to_display(link[0]), "state");
    if (held == "RESERVED" || held == "CONFIRMED") ++counts.live;
  }
  return counts;
}

// The actor's own view of its open transaction, if it has one after the step.
std::string open_available(const StepView& view, const std::string& actor, const std::string& night) {
  for (const auto& open : view.step.open_transactions) {
    if (open.actor != actor) continue;
    CommittedState own;
    own.tables = open.tables;
    return cell(own, "room_inventory", night, "available");
  }
  return "(no open transaction)";
}

ClaimRules hotel_rules() {
  ClaimRules rules;
  add_engine_rules(rules);
  auto& c = rules.checks;
  // What was read is what the row held: naive reads the committed state.
  c["hotel.read.naive"] = [](const StepView& v, const Message& m) {
    return expect("available read", arg(m, "available"), night_of(v.before, arg(m, "night")).available);
  };
  c["hotel.read.summary"] = c["hotel.read.naive"];
  c["hotel.write.rejected.naive"] = [](const StepView&, const Message& m) {
    return number(arg(m, "available")) <= 0 ? "" : "rejects although it remembered " + arg(m, "available");
  };
  c["hotel.write.rejected.summary"] = c["hotel.write.rejected.naive"];
  // The write: remembered minus one, now in the table, with the hold it inserted.
  c["hotel.write.naive"] = [](const StepView& v, const Message& m) {
    if (number(arg(m, "available")) != number(arg(m, "remembered")) - 1)
      return "writes " + arg(m, "available") + ", not the " + arg(m, "remembered") + " it read minus one";
    if (const auto wrong = expect("available after the write", arg(m, "available"),
                                  night_of(v.after, arg(m, "night")).available);
        !wrong.empty())
      return wrong;
    return expect("hold", "RESERVED", cell(v.after, "holds", arg(m, "hold"), "state"));
  };
  // "over a row that already says ..." only when the row differed from what was read, with both numbers;
  // and whenever it did differ, the sentence is there (checked in the test below).
  c["hotel.write.over"] = [](const StepView& v, const Message& m) {
    const std::string row = night_of(v.before, arg(m, "night")).available;
    if (const auto wrong = expect("the row before the write", arg(m, "row"), row); !wrong.empty())
      return wrong;
    return row != arg(m, "remembered") ? ""
                                       : "says the row differed, but it held the " + row + " that was read";
  };
  const ClaimCheck count = [](const StepView& v, const Message& m) {
    const Night night = night_of(v.after, arg(m, "night"));
    const std::string live = m.key == "hotel.write.count.one" ? "1" : arg(m, "live");
    if (const auto wrong = expect("live holds", live, std::to_string(night.live)); !wrong.empty())
      return wrong;
    return expect("capacity", arg(m, "capacity"), night.capacity);
  };
  c["hotel.write.count"] = count;
  c["hotel.write.count.one"] = count;
  // "also accepts" only when another hold was already live.
  c["hotel.write.also.summary"] = [](const StepView& v, const Message& m) {
    return night_of(v.before, arg(m, "night")).live > 0 ? "" : "says 'also' with no other live hold";
  };
  c["hotel.write.accepted.summary"] = [](const StepView& v, const Message& m) {
    return night_of(v.before, arg(m, "night")).live == 0 ? "" : "says nothing of the other live holds";
  };
  // Atomic: the decrement is in the actor's open transaction, not yet committed.
  c["hotel.decrement.done"] = [](const StepView& v, const Message& m) {
    return expect("available in its transaction", arg(m, "available"),
                  open_available(v, arg(m, "actor"), arg(m, "night")));
  };
  c["hotel.decrement.summary"] = c["hotel.decrement.done"];
  c["hotel.decrement.rejected"] = [](const StepView& v, const Message& m) {
    return expect("available when the update found no room", "0",
                  night_of(v.after, arg(m, "night")).available);
  };
  c["hotel.record.done"] = [](const StepView& v, const Message& m) {
    return expect("hold after the commit", "RESERVED", cell(v.after, "holds", arg(m, "hold"), "state"));
  };
  c["hotel.record.summary"] = c["hotel.record.done"];
  rules.claim_free.insert(
      {"hotel.decrement.why_safe", "hotel.decrement.locks", "hotel.decrement.rejected.summary"});
  return rules;
}

// Whenever a naive write lands on a row that no longer holds what was read, the explanation says so.
std::string missing_overwrite(const Trace& trace) {
  const CommittedState* before = trace.initial.get();
  for (const auto& step : trace.steps) {
    for (const auto& message : step.explanation) {
      if (message.key != "hotel.write.naive") continue;
      const bool over = std::any_of(step.explanation.begin(), step.explanation.end(),
                                    [](const Message& m) { return m.key == "hotel.write.over"; });
      const std::string row = night_of(*before, arg(message, "night")).available;
      if (row != arg(message, "remembered") && !over)
        return "step " + std::to_string(step.index) + " overwrites " + row + " and does not say so";
    }
    before = step.committed.get();
  }
  return {};
}

}  // namespace

TEST_CASE(
    "every hotel explanation agrees with its step: capacities 1-4, 2-6 requests, random orders, both models") {
  const ClaimRules rules = hotel_rules();
  std::mt19937 random(20261201u);
  std::set<std::string> seen;
  int traces = 0;
  for (int capacity = 1; capacity <= 4; ++capacity) {
    for (int requests = 2; requests <= 6; ++requests) {
      const Scenario scenario = last_room(capacity, requests);
      for (int round = 0; round < 12; ++round) {
        const auto order = random_order(scenario, random);
        for (Model model : {Model::naive, Model::atomic}) {
          INFO(scenario.id << " " << model_name(model) << " " << round);
          const Trace trace = run_as_far_as_possible(scenario, model, order);
          for (const auto& problem : check_steps(scenario, trace, rules, &seen)) FAIL_CHECK(problem);
          if (model == Model::naive) CHECK(missing_overwrite(trace).empty());
          ++traces;
        }
      }
    }
  }
  CHECK(traces == 4 * 5 * 12 * 2);
  for (const char* key : {"hotel.write.over", "hotel.write.count", "engine.invariant.broke", "engine.wake"})
    CHECK_MESSAGE(seen.count(key), key << " never appeared: the variants do not reach it");
}

TEST_CASE("the property test fails a deliberately wrong message") {
  const ClaimRules rules = hotel_rules();
  const Scenario scenario = last_room(2, 3);
  Trace trace = run_as_far_as_possible(
      scenario, Model::naive, {"R1_check", "R2_check", "R3_check", "R1_record", "R2_record", "R3_record"});
  REQUIRE(check_steps(scenario, trace, rules).empty());
  // The old text's claim: the third writer "writes over a row that already says" what it wrote.
  Trace wrong = trace;
  for (auto& message : wrong.steps[5].explanation)
    if (message.key == "hotel.write.over")
      for (auto& [name, value] : message.args)
        if (name == "row") value = "0";
  CHECK_FALSE(check_steps(scenario, wrong, rules).empty());
  // A count that calls the third hold the second.
  wrong = trace;
  for (auto& message : wrong.steps[5].explanation)
    if (message.key == "hotel.write.count")
      for (auto& [name, value] : message.args)
        if (name == "live") value = "2";
  CHECK_FALSE(check_steps(scenario, wrong, rules).empty());
  // A message nobody vouches for.
  wrong = trace;
  wrong.steps[0].explanation.push_back({"hotel.unvetted", {}});
  CHECK_FALSE(check_steps(scenario, wrong, rules).empty());
}

TEST_CASE("capacity 2, three requests, serial order: nothing is overwritten and no invariant breaks") {
  const Scenario scenario = last_room(2, 3);
  const Trace trace = run_as_far_as_possible(
      scenario, Model::naive, {"R1_check", "R1_record", "R2_check", "R2_record", "R3_check", "R3_record"});
  const std::string second_write = render(trace.steps[3].explanation, Lang::en);
  CHECK(second_write.find("writes available = 0 (the 1 it read, minus one)") != std::string::npos);
  CHECK(second_write.find("already said") == std::string::npos);
  CHECK(second_write.find("no longer holds") == std::string::npos);
  CHECK(second_write.find("2 live holds and bookings for night N1, whose capacity is 2") !=
        std::string::npos);
  const std::string zh = render(trace.steps[3].explanation, Lang::zh);
  CHECK(zh.find("覆盖") == std::string::npos);
  CHECK(zh.find("不再成立") == std::string::npos);
  CHECK(trace.steps[3].committed->all_invariants_hold());
}

TEST_CASE("capacity 2, three requests, all read first: the third hold is the third, for a capacity of 2") {
  const Scenario scenario = last_room(2, 3);
  const Trace trace = run_as_far_as_possible(
      scenario, Model::naive, {"R1_check", "R2_check", "R3_check", "R1_record", "R2_record", "R3_record"});
  const std::string second = render(trace.steps[4].explanation, Lang::en);
  CHECK(second.find("the row already said 1, not the 2 it had read") != std::string::npos);
  CHECK(second.find("2 live holds and bookings for night N1, whose capacity is 2") != std::string::npos);
  const std::string third = render(trace.steps[5].explanation, Lang::en);
  CHECK(third.find("3 live holds and bookings for night N1, whose capacity is 2") != std::string::npos);
  CHECK(third.find("second hold") == std::string::npos);
  CHECK(render(trace.steps[5].explanation, Lang::zh).find("达到 3 个，而这一晚的总容量是 2") !=
        std::string::npos);
  // Capacity balance broke at the second write (1 + 2 + 0 != 2), not at the third.
  CHECK(second.find("From this step, available + active holds + sold = capacity no longer holds") !=
        std::string::npos);
  CHECK(third.find("no longer holds") == std::string::npos);
}
