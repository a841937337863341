// Explanations true for any scenario file, H8: 2-3 requests whose stays of 2-3 nights share rooms,
// listed in random orders, over nights with 0-2 rooms or no inventory row, read in deferred or
// immediate transactions and taken with 0-3 retries, in random lane-respecting orders under both
// models; and every preset of the bundled case. Every message of every step is held against that
// step's state (tests/claims/claim_support.hpp) or declared claim-free.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "core/sim/message.hpp"
#include "tests/claims/claim_support.hpp"
#include "tests/claims/hotel_cases.hpp"
#include "tests/claims/scenario_variants.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::claims;

namespace {

// [SECTION] variants
using hotel_cases::add_room_night;
using hotel_cases::integer;

// Nights N1-N3 with 0-2 rooms each (N3 now and then without a row); `requests` stays of 2-3 of them
// in a random order, each read, then taken one event per night (now and then one event short).
Scenario stays(int requests, std::mt19937& random) {
  Scenario scenario = emptied("h8_night_order.toml", "stays_" + std::to_string(requests));
  std::vector<std::string> nights = {"N1", "N2", "N3"};
  for (int i = 0; i < 3; ++i) {
    if (i == 2 && pick(random, 0, 4) == 0) continue;
    const int rooms = pick(random, 0, 4) == 0 ? 0 : pick(random, 1, 2);
    add_room_night(scenario, nights[static_cast<std::size_t>(i)], "2026-12-0" + std::to_string(i + 1), rooms,
                   rooms);
  }
  for (int r = 1; r <= requests; ++r) {
    const std::string actor = "R" + std::to_string(r);
    add_actor(scenario, actor);
    std::vector<std::string> stay = nights;
    std::shuffle(stay.begin(), stay.end(), random);
    stay.resize(static_cast<std::size_t>(pick(random, 2, 3)));
    std::string listed;
    for (const auto& night : stay) listed += (listed.empty() ? "" : ",") + night;
    add_event(scenario, actor + "_read", actor, "stay_read", 0,
              {{"nights", listed},
               {"request_key", "stay-" + actor},
               {"begin", std::string(pick(random, 0, 3) ? "deferred" : "immediate")}});
    const int takes = static_cast<int>(stay.size()) - (pick(random, 0, 7) == 0 ? 1 : 0);
    for (int t = 1; t <= takes; ++t)
      add_event(scenario, actor + "_take" + std::to_string(t), actor, "stay_take", 0,
                {{"retries", integer(pick(random, 0, 3))}});
  }
  return scenario;
}

// [SECTION] reading the state
const Trace* g_trace = nullptr;

const std::vector<ActorStatus>& statuses_before(const StepView& view) {
  return view.step.index > 1 ? g_trace->steps[static_cast<std::size_t>(view.step.index) - 2].actors
                             : g_trace->initial_actors;
}

const ActorStatus* status_before(const StepView& view, const std::string& actor) {
  for (const auto& status : statuses_before(view))
    if (status.actor == actor) return &status;
  return nullptr;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> items;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, separator)) {
    const auto first = item.find_first_not_of(' ');
    if (first != std::string::npos) items.push_back(item.substr(first));
  }
  return items;
}

std::string listed(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : ", ") + item;
  return text.empty() ? "-" : text;
}

// A night's available as a read shows it ("∅" without a row).
std::string available_of(const CommittedState& state, const std::string& night) {
  const std::string value = cell(state, "room_inventory", night, "available");
  return value.empty() ? "∅" : value;
}

// "N1 = 2, N2 = 1": every value read is committed before the step or after it (a read woken by a commit).
std::string reads_agree(const StepView& v, const std::string& reads) {
  for (const auto& read : split(reads, ',')) {
    const auto equals = read.find(" = ");
    if (equals == std::string::npos) return "unreadable read " + read;
    const std::string night = read.substr(0, equals);
    const std::string value = read.substr(equals + 3);
    if (value != available_of(v.before, night) && value != available_of(v.after, night))
      return night + " read " + value + ", committed " + available_of(v.before, night) + " then " +
             available_of(v.after, night);
  }
  return {};
}

std::string all_of(std::initializer_list<std::string> problems) {
  for (const auto& problem : problems)
    if (!problem.empty()) return problem;
  return {};
}

std::int64_t number(const std::string& text) {
  try {
    return std::stoll(text);
  } catch (...) {
    return -1;
  }
}

std::string retries_of(const StepView& v, const Message& m) {
  const std::string retries = event_arg(v, m, "retries");
  return retries.empty() ? "3" : retries;
}

std::vector<std::string> stay_of(const StepView& v, const std::string& actor) {
  return split(memory_item(v.memory_before, actor, "night_order_stay"), ',');
}

std::vector<std::string> taken_of(const StepView& v, const std::string& actor) {
  return split(memory_item(v.memory_before, actor, "night_order_taken"), ',');
}

std::vector<std::string> sorted(std::vector<std::string> items) {
  std::sort(items.begin(), items.end());
  return items;
}

// [SECTION] rules
ClaimRules night_order_rules() {
  ClaimRules rules;
  add_engine_rules(rules);
  add_process_rules(rules);
  auto& c = rules.checks;
  const auto status = [](const StepView& v, const Message& m) { return status_of(v.step, arg(m, "actor")); };
  // stay_read
  c["h8.read.summary"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string begin = event_arg(v, m, "begin") == "immediate" ? "BEGIN IMMEDIATE" : "BEGIN";
    return all_of({expect("begin", arg(m, "begin"), begin), reads_agree(v, arg(m, "reads"))});
  };
  c["h8.read.deferred"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {expect("begin", "deferred", event_arg(v, m, "begin") == "immediate" ? "immediate" : "deferred"),
         reads_agree(v, arg(m, "reads"))});
  };
  c["h8.read.immediate"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("begin", "immediate", event_arg(v, m, "begin")), reads_agree(v, arg(m, "reads"))});
  };
  const ClaimCheck open = [](const StepView& v, const Message& m) -> std::string {
    return stay_of(v, arg(m, "actor")).empty() ? "no stay was open" : "";
  };
  c["h8.read.open"] = open;
  c["h8.read.open.summary"] = open;
  const ClaimCheck no_read = [](const StepView& v, const Message& m) -> std::string {
    return stay_of(v, arg(m, "actor")).empty() ? "" : "a stay was open";
  };
  c["h8.no_read"] = no_read;
  c["h8.no_read.summary"] = no_read;
  // stay_take: the night is the next one in the model's order, counted from what was taken before.
  const ClaimCheck take = [](const StepView& v, const Message& m) -> std::string {
    const auto stay = stay_of(v, arg(m, "actor"));
    const auto order = v.model == Model::atomic ? sorted(stay) : stay;
    const auto taken = taken_of(v, arg(m, "actor"));
    const auto n = static_cast<std::size_t>(number(arg(m, "n")));
    if (m.key != "h8.take.summary" && m.key != "h8.book.summary") {
      if (const auto wrong = all_of({expect("order", arg(m, "order"), listed(order)),
                                     expect("count", arg(m, "count"), std::to_string(stay.size())),
                                     expect("n", arg(m, "n"), std::to_string(taken.size() + 1))});
          !wrong.empty())
        return wrong;
    }
    if (n == 0 || n > order.size()) return "night out of range";
    return expect("night", arg(m, "night"), order[n - 1]);
  };
  // What is left: in the actor's own view while its transaction is open; once committed, no more than
  // it left (others may take more in the same step); nothing to hold against once rolled back.
  const ClaimCheck left = [status, take](const StepView& v, const Message& m) -> std::string {
    if (const auto wrong = take(v, m); !wrong.empty()) return wrong;
    if (const auto own = open_view(v, arg(m, "actor")))
      return expect("left in its transaction", arg(m, "available"), available_of(*own, arg(m, "night")));
    const ActorStatus* actor = status(v, m);
    if (actor && actor->resolved == "accepted")
      return number(arg(m, "available")) >= number(available_of(v.after, arg(m, "night")))
                 ? ""
                 : "more left than committed";
    return actor && !actor->in_transaction ? "" : "the transaction is nowhere";
  };
  for (const char* key : {"h8.take.summary", "h8.take.naive", "h8.take.atomic"}) c[key] = left;
  c["h8.take.naive"] = [left](const StepView& v, const Message& m) -> std::string {
    return v.model == Model::naive ? left(v, m) : "a naive text in the atomic model";
  };
  c["h8.take.atomic"] = [left](const StepView& v, const Message& m) -> std::string {
    return v.model == Model::atomic ? left(v, m) : "an atomic text in the naive model";
  };
  c["h8.sqlite.write_lock"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    if (!actor) return "no actor";
    if (actor->holds_write_lock || actor->resolved_step == v.step.index) return {};
    return "it holds no write lock";
  };
  const ClaimCheck none_left = [](const StepView& v, const Message& m) -> std::string {
    const auto taken = taken_of(v, arg(m, "actor"));
    return all_of({expect("taken", arg(m, "taken"), listed(taken)),
                   sorted(taken) == sorted(stay_of(v, arg(m, "actor"))) ? "" : "a night is left"});
  };
  c["h8.take.none_left"] = none_left;
  c["h8.take.none_left.summary"] = none_left;
  const ClaimCheck rejected = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    if (!actor || actor->resolved != "rejected" || actor->in_transaction)
      return "not rejected and rolled back";
    const std::string night = arg(m, "night");
    const bool found = !cell(v.before, "room_inventory", night, "available").empty();
    if (m.key == "h8.take.rejected") {
      const std::string reason = found ? "@h3.reason.sold_out" : "@h3.reason.missing";
      if (const auto wrong = expect("reason", arg(m, "reason"), reason); !wrong.empty()) return wrong;
      const auto before = taken_of(v, arg(m, "actor"));
      for (const auto& item : split(arg(m, "taken"), ','))
        if (item != "-" && std::find(before.begin(), before.end(), item) == before.end())
          return item + " was not taken before";
    }
    if (found && available_of(v.before, night) != "0" && available_of(v.after, night) != "0")
      return night + " had rooms";
    return {};
  };
  c["h8.take.rejected"] = rejected;
  c["h8.take.rejected.summary"] = rejected;
  // A deadlock: the actor was in its transaction without the write lock, and someone else held it
  // (before the step, or taken in it by an actor woken first).
  c["h8.sqlite.deadlock"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string name = arg(m, "actor");
    const ActorStatus* actor = status_before(v, name);
    if (!actor || !actor->in_transaction || actor->holds_write_lock) return "the actor held no read lock";
    for (const auto& other : statuses_before(v))
      if (other.actor != name && other.holds_write_lock) return {};
    for (const auto& wake : v.step.wakes)
      if (wake.actor != name) return {};
    return "nobody else held the write lock";
  };
  const ClaimCheck gives_up = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    const std::string retries = retries_of(v, m);
    return all_of({m.key == "h8.naive.gives_up" ? expect("retries", arg(m, "retries"), retries) : "",
                   expect("tries", arg(m, "tries"), std::to_string(number(retries) + 1)),
                   m.key == "h8.naive.gives_up" ? expect("code", arg(m, "code"), "SQLITE_BUSY") : "",
                   actor && actor->in_transaction && actor->resolved == "deadlocked"
                       ? ""
                       : "it let go of its transaction"});
  };
  c["h8.naive.gives_up"] = gives_up;
  c["h8.naive.gives_up.summary"] = gives_up;
  c["h8.sqlite.gives_up"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return actor && actor->in_transaction && actor->resolved == "deadlocked" ? ""
                                                                             : "it let go of its transaction";
  };
  const ClaimCheck retry = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("max", arg(m, "max"), retries_of(v, m)),
                   number(arg(m, "n")) >= 1 && number(arg(m, "n")) <= number(arg(m, "max"))
                       ? ""
                       : "retry out of range"});
  };
  c["h8.atomic.retry"] = retry;
  c["h8.atomic.retry.summary"] = retry;
  c["h8.atomic.after_retry"] = [retry](const StepView& v, const Message& m) -> std::string {
    return all_of({retry(v, m), reads_agree(v, arg(m, "reads"))});
  };
  const ClaimCheck exhausted = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of({expect("max", arg(m, "max"), retries_of(v, m)),
                   expect("deadlocks", arg(m, "n"), std::to_string(number(arg(m, "max")) + 1)),
                   actor && !actor->in_transaction && actor->resolved == "deadlocked"
                       ? ""
                       : "it still holds something"});
  };
  c["h8.atomic.exhausted"] = exhausted;
  c["h8.atomic.exhausted.summary"] = exhausted;
  // The booking: its hold is RESERVED in the actor's open transaction (COMMIT waiting) or committed.
  const ClaimCheck booked = [status, take](const StepView& v, const Message& m) -> std::string {
    const std::string nights = listed(stay_of(v, arg(m, "actor")));
    if (const auto wrong = expect("nights", arg(m, "nights"), nights); !wrong.empty()) return wrong;
    if (m.key == "h8.book.summary")
      if (const auto wrong = take(v, m); !wrong.empty()) return wrong;
    const std::string hold = arg(m, "hold");
    const ActorStatus* actor = status(v, m);
    if (m.key == "h8.book.progress")
      if (const auto own = open_view(v, arg(m, "actor")))
        return expect("hold in its transaction", "RESERVED", cell(*own, "holds", hold, "state"));
    return all_of({expect("hold", "RESERVED", cell(v.after, "holds", hold, "state")),
                   expect("request key", arg(m, "key"), cell(v.after, "holds", hold, "request_key")),
                   actor && actor->resolved == "accepted" && !actor->in_transaction
                       ? ""
                       : "not accepted and committed"});
  };
  for (const char* key : {"h8.book.progress", "h8.book.summary", "h8.book", "h8.book.committed"})
    c[key] = booked;
  const ClaimCheck duplicate = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of(
        {records_where(v.before, "holds", "request_key", arg(m, "key")).empty() ? "the key had no booking"
                                                                                : "",
         actor && actor->resolved == "rejected" && !actor->in_transaction ? "" : "not rolled back"});
  };
  c["h8.book.duplicate"] = duplicate;
  c["h8.book.duplicate.summary"] = duplicate;
  rules.claim_free.insert(
      {"h8.sqlite.read_lock", "h8.sqlite.immediate", "h8.rows.row_lock", "h8.sqlite.locks", "h8.rows.locks"});
  return rules;
}

std::vector<std::string> checked(const Scenario& scenario, const Trace& trace, const ClaimRules& rules,
                                 std::set<std::string>* seen = nullptr) {
  g_trace = &trace;
  auto problems = check_steps(scenario, trace, rules, seen);
  g_trace = nullptr;
  return problems;
}

}  // namespace

TEST_CASE("every H8-like explanation agrees with its step: 2-3 stays of 2-3 nights in random orders") {
  const ClaimRules rules = night_order_rules();
  std::mt19937 random(20261208u);
  std::set<std::string> seen;
  int traces = 0;
  for (int requests = 2; requests <= 3; ++requests)
    for (int variant = 0; variant < 40; ++variant) {
      const Scenario scenario = stays(requests, random);
      for (int round = 0; round < 3; ++round) {
        const auto order = random_order(scenario, random);
        for (Model model : {Model::naive, Model::atomic}) {
          INFO(scenario.id << " " << model_name(model) << " variant " << variant << " round " << round);
          const Trace trace = run_as_far_as_possible(scenario, model, order);
          for (const auto& problem : checked(scenario, trace, rules, &seen)) FAIL_CHECK(problem);
          ++traces;
        }
      }
    }
  CHECK(traces == 2 * 40 * 3 * 2);
  for (const char* key : {"h8.sqlite.deadlock", "h8.naive.gives_up", "h8.atomic.retry",
                          "h8.atomic.after_retry", "h8.atomic.exhausted", "h8.take.rejected", "h8.take.naive",
                          "h8.take.atomic", "h8.book", "h8.book.progress", "h8.book.committed",
                          "h8.read.immediate", "h8.sqlite.write_lock", "engine.waiting", "engine.wake"})
    CHECK_MESSAGE(seen.count(key), key << " never appeared: the variants do not reach it");
}

TEST_CASE("every preset of the bundled H8 agrees with the claim rules, in both models") {
  const ClaimRules rules = night_order_rules();
  const Scenario bundled = test::bundled("h8_night_order.toml");
  int traces = 0;
  for (const auto& preset : bundled.presets) {
    Scenario scenario = bundled;
    for (auto& event : scenario.events)
      if (auto args = preset.args.find(event.id); args != preset.args.end())
        for (const auto& [name, value] : args->second) event.args[name] = value;
    scenario.presets.clear();
    for (Model model : {Model::naive, Model::atomic}) {
      INFO(preset.name << " " << model_name(model));
      const Trace trace = run_as_far_as_possible(scenario, model, preset.order);
      CHECK(trace.steps.size() == preset.order.size());
      for (const auto& problem : checked(scenario, trace, rules)) FAIL_CHECK(problem);
      ++traces;
    }
  }
  CHECK(traces == 8);
}

TEST_CASE("the H8 claim rules catch a wrong night, a wrong count of tries and a wrong read") {
  const ClaimRules rules = night_order_rules();
  const Scenario bundled = test::bundled("h8_night_order.toml");
  const Trace naive = run_as_far_as_possible(bundled, Model::naive, bundled.presets.front().order);
  REQUIRE(checked(bundled, naive, rules).empty());
  const auto tampered = [&](int step, const std::string& key, const std::string& name,
                            const std::string& value) {
    Trace copy = naive;
    for (auto& message : copy.steps[static_cast<std::size_t>(step)].explanation)
      if (message.key == key)
        for (auto& [arg_name, arg_value] : message.args)
          if (arg_name == name) arg_value = value;
    return copy;
  };
  CHECK_FALSE(checked(bundled, tampered(2, "h8.take.naive", "night", "N2"), rules).empty());
  CHECK_FALSE(checked(bundled, tampered(3, "h8.naive.gives_up", "tries", "3"), rules).empty());
  CHECK_FALSE(checked(bundled, tampered(0, "h8.read.deferred", "reads", "N1 = 1, N2 = 2"), rules).empty());
}
