// Explanations true for any scenario file, seat family: variants of the bundled seat cases with 1-4
// seats and 2-6 buyers (T3-like queue tickets, T4-like lease locks, T2-like holds, payments, late and
// repeated callbacks, hand-over and reconciliation), random lane-respecting orders, both models; every
// message of every step, and every invariant's detail, is held against that step's state
// (tests/claims/claim_support.hpp). The variants, the counts and the rules are in
// tests/claims/seat_cases.hpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <initializer_list>

#include "core/cases/seat/family.hpp"
#include "core/sim/message.hpp"
#include "tests/claims/seat_cases.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::claims;
using namespace reslab::claims::seat_cases;

namespace {

// [SECTION] invariant details: their numbers against the rows

std::string count_of(const CommittedState& state, const std::string& table, const std::string& column,
                     const std::string& value) {
  return std::to_string(rows_where(state, table, column, value).size());
}

// "" when every invariant's detail agrees with the tables of its state, else what disagrees.
std::string invariant_problem(const CommittedState& state) {
  for (const auto& invariant : state.invariants) {
    const Message& m = invariant.detail;
    const std::string where = invariant.name + " (" + m.key + "): ";
    std::string problem;
    if (invariant.name == "capacity_balance") {
      const std::string free = count_of(state, "seats", "state", "free"),
                        held = count_of(state, "orders", "state", "held");
      const std::string sold = count_of(state, "seats", "state", "sold"),
                        seats = std::to_string(rows_where(state, "seats").size());
      const bool balanced = number(free) + number(held) + number(sold) == number(seats);
      problem =
          first({expect("detail", free + " + " + held + " + " + sold + (balanced ? " = " : " != ") + seats,
                        arg(m, "text")),
                 when(invariant.holds == balanced, "holds says " + std::to_string(invariant.holds))});
    } else if (invariant.name == "sold_matches_bookings") {
      const std::string sold = count_of(state, "seats", "state", "sold"),
                        paid = count_of(state, "orders", "state", "paid");
      problem =
          first({expect("sold seats", arg(m, "sold"), sold), expect("paid orders", arg(m, "paid"), paid),
                 when(invariant.holds == (sold == paid), "holds disagrees")});
    } else if (invariant.name == "one_owner_per_seat") {
      std::map<std::string, std::vector<std::string>> owners;
      for (const auto& order : rows_where(state, "orders"))
        if ((order.at("state") == "held" || order.at("state") == "paid") && order.at("seat_id") != "NULL")
          owners[order.at("seat_id")].push_back("o" + order.at("id") + " (" + order.at("state") + ")");
      std::string list;
      for (const auto& [seat, claims] : owners)
        if (claims.size() > 1) list += (list.empty() ? "" : "; ") + seat + ": " + joined(claims);
      problem = invariant.holds
                    ? first({when(list.empty(), "two orders claim a seat: " + list),
                             expect("seats claimed", arg(m, "count"), std::to_string(owners.size()))})
                    : expect("seats with more than one order", arg(m, "list"), list);
    } else if (invariant.name == "one_refund_per_payment" && invariant.holds) {
      int refunds = 0;
      for (const auto& entry : rows_where(state, "provider_ledger", "kind", "refund"))
        refunds += entry.at("state") == "SUCCEEDED";
      problem = expect("refunds made", arg(m, "count"), std::to_string(refunds));
    } else if (invariant.name == "confirmed_before_deadline") {
      std::string list;
      for (const auto& order : rows_where(state, "orders", "state", "paid"))
        if (order.at("paid_at") != "NULL" && order.at("expires_at") != "NULL" &&
            number(order.at("paid_at")) >= number(order.at("expires_at")))
          list += (list.empty() ? "" : ", ") + std::string("o") + order.at("id") + " at " +
                  order.at("paid_at") + " s ≥ " + order.at("expires_at") + " s";
      problem =
          invariant.holds
              ? first({when(list.empty(), "late payments: " + list),
                       expect("paid orders", arg(m, "count"), count_of(state, "orders", "state", "paid"))})
              : expect("paid late", arg_text(arg(m, "list"), Lang::en), list);
    }
    if (!problem.empty()) return where + problem;
  }
  return {};
}

std::vector<std::string> check_invariant_details(const Trace& trace) {
  std::vector<std::string> problems;
  if (const auto problem = invariant_problem(*trace.initial); !problem.empty())
    problems.push_back("initial " + problem);
  for (const auto& step : trace.steps)
    if (const auto problem = invariant_problem(*step.committed); !problem.empty())
      problems.push_back("step " + std::to_string(step.index) + " " + problem);
  return problems;
}

// The detail keys the invariant check above reads (and the outcome word T4 adds, and the seat cases'
// own labels of engine figures and invariants: words, no claim).
const std::set<std::string> kDetailKeys = {"seat.figure.active_holds",
                                           "seat.invariant.capacity_balance",
                                           "seat.invariant.confirmed_before_deadline",
                                           "seat.invariant.sold_matches.ok",
                                           "seat.invariant.sold_matches.broken",
                                           "seat.invariant.owner.ok",
                                           "seat.invariant.owner.broken",
                                           "seat.invariant.refund.ok",
                                           "seat.invariant.refund.broken",
                                           "seat.invariant.deadline.ok",
                                           "seat.invariant.deadline.broken",
                                           "outcome.paused"};

}  // namespace

TEST_CASE("every seat message has a claim check or is declared claim-free") {
  const ClaimRules rules = seat_rules();
  for (const auto& entry : seat::messages()) {
    const std::string key = entry.key;
    CHECK_MESSAGE((rules.checks.count(key) || rules.claim_free.count(key) || kDetailKeys.count(key)), key);
  }
}

TEST_CASE(
    "every seat explanation agrees with its step: 1-4 seats, 2-6 buyers, three kinds, random orders, both "
    "models") {
  const ClaimRules rules = seat_rules();
  std::mt19937 random(20261202u);
  std::set<std::string> seen;
  int traces = 0, steps = 0;
  const auto start = std::chrono::steady_clock::now();
  for (Kind kind : {Kind::queue, Kind::lease, Kind::handover}) {
    for (int seats = 1; seats <= 4; ++seats) {
      for (int buyers = 2; buyers <= 6; ++buyers) {
        for (int round = 0; round < 8; ++round) {
          const Scenario scenario = seat_variant(kind, seats, buyers, random);
          const auto order = random_order(scenario, random);
          for (Model model : {Model::naive, Model::atomic}) {
            INFO(scenario.id << " " << model_name(model) << " round " << round << " order " << joined(order));
            const Trace trace = run_as_far_as_possible(scenario, model, order);
            CHECK(trace.steps.size() == order.size());
            for (const auto& problem : check_steps(scenario, trace, rules, &seen)) FAIL_CHECK(problem);
            for (const auto& problem : check_invariant_details(trace)) FAIL_CHECK(problem);
            ++traces;
            steps += static_cast<int>(trace.steps.size());
          }
        }
      }
    }
  }
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE(traces << " traces, " << steps << " steps in " << seconds << " s");
  CHECK(traces == 3 * 4 * 5 * 8 * 2);
  // Reached elsewhere or only from a file's own initial rows: a second verified payment of an order already
  // refunded (the three-hand-overs run below), and a held order whose seat names another order, which no
  // atomic action leaves behind.
  const std::set<std::string> elsewhere = {"seat.reconcile.refunded.order_kept",
                                           "seat.callback.expired_now.lost"};
  // A ".rows" text is PostgreSQL's wording of one of these; these variants run on SQLite.
  const auto on_postgres = [](const std::string& key) { return key.size() > 5 && key.ends_with(".rows"); };
  for (const auto& entry : seat::messages())
    if (!kDetailKeys.count(entry.key) && !elsewhere.count(entry.key) && !on_postgres(entry.key))
      CHECK_MESSAGE(seen.count(entry.key), entry.key << " never appeared: the variants do not reach it");
}

TEST_CASE("changing any number, id or name a checked seat message shows makes its check fail") {
  const ClaimRules rules = seat_rules();
  std::mt19937 random(20261203u);
  std::map<std::string, int> tampered;
  int undetected = 0;
  for (Kind kind : {Kind::queue, Kind::lease, Kind::handover})
    for (int seats = 1; seats <= 3; ++seats)
      for (int buyers = 2; buyers <= 5; ++buyers) {
        const Scenario scenario = seat_variant(kind, seats, buyers, random);
        const auto order = random_order(scenario, random);
        for (Model model : {Model::naive, Model::atomic}) {
          const Trace trace = run_as_far_as_possible(scenario, model, order);
          const CommittedState* before = trace.initial.get();
          const std::vector<ProcessMemory>* memory = &trace.initial_memory;
          for (const auto& step : trace.steps) {
            const StepView view{scenario, model, step, *before, *step.committed, *memory};
            for (const Message* message : messages_of(step)) {
              const auto check = rules.checks.find(message->key);
              const MessageTemplate* text = nullptr;
              for (const auto& entry : seat::messages())
                if (entry.key == message->key) text = &entry;
              if (check == rules.checks.end() || !text) continue;
              for (std::size_t i = 0; i < message->args.size(); ++i) {
                const std::string placeholder = "{" + message->args[i].first + "}";
                if (std::string(text->en).find(placeholder) == std::string::npos) continue;  // not shown
                Message wrong = *message;
                std::string& value = wrong.args[i].second;
                value += number(value) >= 0 ? "1" : "x";  // 110 -> 1101, o2 -> o2x
                ++tampered[message->key];
                if (check->second(view, wrong).empty()) {
                  ++undetected;
                  FAIL_CHECK(message->key << " " << placeholder << " shown as " << value
                                          << " passes its check");
                }
              }
            }
            before = step.committed.get();
            memory = &step.memory;
          }
        }
      }
  MESSAGE(tampered.size() << " message keys tampered, " << undetected << " tamperings undetected");
  CHECK(tampered.size() > 80);
}

TEST_CASE("both languages of every seat message show the same placeholders") {
  const auto placeholders = [](std::string_view text) {
    std::multiset<std::string> names;
    for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1))
      if (const std::size_t close = text.find('}', open); close != std::string_view::npos)
        names.insert(std::string(text.substr(open + 1, close - open - 1)));
    return std::set<std::string>(names.begin(), names.end());
  };
  for (const auto& entry : seat::messages())
    CHECK_MESSAGE(placeholders(entry.en) == placeholders(entry.zh), entry.key);
}

namespace {

// Readable runs: one seat, A1, and three buyers who all want it.

// T3-like: the queue admits all three at 0 s; each then holds A1 with its ticket at 1 s.
Scenario three_tickets_one_seat() {
  Scenario scenario = test::bundled("t3_queue_ticket.toml");
  scenario.id = "three_tickets_one_seat";
  scenario.file = "/nonexistent/instructor/three_tickets.toml";
  scenario.params["admit_per_second"] = std::int64_t{3};
  scenario.actors.clear();
  scenario.events.clear();
  scenario.presets.clear();
  for (const std::string b : {"B1", "B2", "B3"}) {
    add_actor(scenario, b);
    add_event(scenario, b + "_enter", b, "queue_enter", 0,
              {{"ticket", "q_" + b}, {"request_key", "buy-" + b}});
    add_event(scenario, b + "_hold", b, "seat_hold_with_ticket", 1,
              {{"seat", std::string("A1")}, {"ticket", "q_" + b}, {"request_key", "buy-" + b}});
  }
  return scenario;
}

const std::vector<std::string> kThreeTicketsInTurn = {"B1_enter", "B2_enter", "B3_enter",
                                                      "B1_hold",  "B2_hold",  "B3_hold"};

// T2-like: holds of 10 s; B1 holds A1 at 100 s, B2 takes it over at 110 s, B3 at 120 s. At 121 s the
// provider reports three payments for o1 (the buyer paid three times), then pays o3.
Scenario three_handovers() {
  Scenario scenario = test::bundled("t2_seat_handover.toml");
  scenario.id = "three_handovers";
  scenario.file = "/nonexistent/instructor/three_handovers.toml";
  scenario.actors.clear();
  scenario.events.clear();
  scenario.presets.clear();
  for (int i = 1; i <= 3; ++i) {
    const std::string b = "B" + std::to_string(i);
    add_actor(scenario, b);
    add_event(scenario, b + "_hold", b, "seat_hold", 90 + 10 * i, {{"request_key", "buy-" + b}});
  }
  // B1 pays twice while its hold runs: the first answer is lost, so it tries again under a new payment id.
  add_event(scenario, "B1_pay", "B1", "seat_pay", 101,
            {{"order", std::int64_t{1}},
             {"provider_payment_id", std::string("pay_1")},
             {"answer", std::string("timeout")}});
  add_event(scenario, "B1_pay_again", "B1", "seat_pay", 102,
            {{"order", std::int64_t{1}},
             {"provider_payment_id", std::string("pay_1b")},
             {"answer", std::string("success")}});
  add_actor(scenario, "psp");
  int n = 0;
  for (const std::string payment : {"pay_1", "pay_1b", "pay_1c"})
    add_event(scenario, "cb" + std::to_string(++n), "psp", "seat_callback", 121,
              {{"event_id", "evt_" + payment}, {"order", std::int64_t{1}}, {"provider_payment_id", payment}});
  add_event(scenario, "cb4", "psp", "seat_callback", 122,
            {{"event_id", std::string("evt_pay_3")},
             {"order", std::int64_t{3}},
             {"provider_payment_id", std::string("pay_3")}});
  add_actor(scenario, "reconciler");
  add_event(scenario, "reconcile", "reconciler", "seat_reconcile", 130, {});
  return scenario;
}

const std::vector<std::string> kThreeHandovers = {
    "B1_hold", "B1_pay", "B1_pay_again", "B2_hold", "B3_hold", "cb1", "cb2", "cb3", "cb4", "reconcile"};

std::string en(const Step& step) {
  return render(step.explanation, Lang::en);
}

std::string zh(const Step& step) {
  return render(step.explanation, Lang::zh);
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the seat property test fails a deliberately wrong message") {
  const ClaimRules rules = seat_rules();
  const Scenario scenario = three_tickets_one_seat();
  const Trace trace = run_as_far_as_possible(scenario, Model::naive, kThreeTicketsInTurn);
  REQUIRE(check_steps(scenario, trace, rules).empty());
  REQUIRE(check_invariant_details(trace).empty());
  const auto tamper = [&](std::size_t step, const std::string& key, const std::string& name,
                          const std::string& value) {
    Trace wrong = trace;
    bool found = false;
    for (auto& message : wrong.steps[step].explanation)
      if (message.key == key)
        for (auto& [arg_name, arg_value] : message.args)
          if (arg_name == name) arg_value = value, found = true;
    REQUIRE(found);
    return wrong;
  };
  // The old text's claim: "two buyers" for the third order on the seat.
  CHECK_FALSE(check_steps(scenario, tamper(5, "seat.hold.naive.overwrite", "live", "2"), rules).empty());
  // An order the seat never named.
  CHECK_FALSE(check_steps(scenario, tamper(5, "seat.hold.naive.overwrite", "previous", "o1"), rules).empty());
  // A ticket valid for longer than the queue granted.
  CHECK_FALSE(check_steps(scenario, tamper(0, "seat.queue.admitted", "until", "60"), rules).empty());
  // A message nobody vouches for.
  Trace wrong = trace;
  wrong.steps[3].explanation.push_back({"seat.unvetted", {{"seat", "A1"}}});
  CHECK_FALSE(check_steps(scenario, wrong, rules).empty());
  // A wrong number in an invariant's detail.
  wrong = trace;
  auto copy = std::make_shared<CommittedState>(*trace.steps[5].committed);
  for (auto& invariant : copy->invariants)
    if (invariant.name == "one_owner_per_seat")
      for (auto& [name, value] : invariant.detail.args) value = "A1: o1 (held), o2 (held)";
  wrong.steps[5].committed = copy;
  CHECK_FALSE(check_invariant_details(wrong).empty());
}

TEST_CASE(
    "three tickets, one seat, in turn: the third blind write makes 3 live orders, the conditional update "
    "rejects two") {
  const Scenario scenario = three_tickets_one_seat();
  const Trace naive = run_as_far_as_possible(scenario, Model::naive, kThreeTicketsInTurn);
  REQUIRE(naive.steps.size() == 6);
  const Step& second = naive.steps[4];
  CHECK(has(en(second), "over a seat that o1 still had (held)"));
  CHECK(has(en(second), "2 live orders (o1, o2) now claim one seat"));
  CHECK(has(en(second), "From this step, at most one owner per seat no longer holds"));
  const Step& third = naive.steps[5];
  CHECK(has(en(third), "over a seat that o2 still had (held)"));
  CHECK(has(en(third), "3 live orders (o1, o2, o3) now claim one seat"));
  CHECK_FALSE(has(en(third), "two buyers"));
  CHECK_FALSE(has(en(third), "no longer holds"));  // it broke at the second write, not here
  CHECK(has(zh(third), "现在有 3 笔有效订单（o1, o2, o3）声称拥有同一个座位"));
  CHECK(render(third.summary, Lang::en) == "B3 also holds A1 as o3");

  const Trace atomic = run_as_far_as_possible(scenario, Model::atomic, kThreeTicketsInTurn);
  for (std::size_t i : {4u, 5u}) {
    CHECK(atomic.steps[i].outcome == "rejected");
    CHECK(has(en(atomic.steps[i]), "admission is not a seat: A1 already belongs to o1 (held)"));
    CHECK(has(en(atomic.steps[i]), "held by o1 until 601 s; now 1 s, so that hold still runs"));
    CHECK(has(zh(atomic.steps[i]), "准入不等于座位：A1 已属于 o1（held）"));
  }
  CHECK(atomic.steps.back().committed->all_invariants_hold());
}

TEST_CASE(
    "three hand-overs of one seat: late callbacks name the seat's current holder and count the payments") {
  const ClaimRules rules = seat_rules();
  const Scenario scenario = three_handovers();
  const Trace atomic = run_as_far_as_possible(scenario, Model::atomic, kThreeHandovers);
  REQUIRE(atomic.steps.size() == 10);
  for (const auto& problem : check_steps(scenario, atomic, rules)) FAIL_CHECK(problem);
  CHECK(has(en(atomic.steps[4]), "o2 held A1 until 120 s. Now = 120 s"));
  const Step& first_notice = atomic.steps[5];
  CHECK(first_notice.outcome == "refund_pending");
  CHECK(has(en(first_notice), "but o1 is expired: its hold on A1 is over. A1 is held by o3 now."));
  CHECK(has(zh(first_notice), "A1 现在由 o3 占座。"));
  CHECK(has(en(atomic.steps[6]), "payment pay_1b is new for it: one more payment to look into"));
  CHECK(has(en(atomic.steps[6]), "o1 now has 2 reconciliation items"));
  const Step& third_payment = atomic.steps[7];
  CHECK(has(en(third_payment), "o1 now has 3 reconciliation items"));
  CHECK_FALSE(has(en(third_payment), "second"));
  CHECK(has(zh(third_payment), "o1 现在共有 3 个对账事项"));
  CHECK(atomic.steps[8].outcome == "confirmed");
  // Two of the three payments reached the provider: both are refunded, and only the first refund changes o1.
  const Step& reconcile = atomic.steps[9];
  CHECK(render(reconcile.summary, Lang::en) ==
        "reconciler: 2 refunded, 0 failed, 1 unverified, 0 same payment");
  CHECK(has(en(reconcile), "the item becomes REFUNDED and o1 refunded."));
  CHECK(has(en(reconcile), "the item becomes REFUNDED, and o1 stays refunded."));
  CHECK(has(en(reconcile), "the provider has no successful charge for pay_1c"));
  CHECK(has(zh(reconcile), "事项改为 REFUNDED，o1 保持 refunded。"));

  const Trace naive = run_as_far_as_possible(scenario, Model::naive, kThreeHandovers);
  for (const auto& problem : check_steps(scenario, naive, rules)) FAIL_CHECK(problem);
  const Step& stolen = naive.steps[5];
  CHECK(has(
      en(stolen),
      "A1 belonged to o3. Now the seat row names o1, while o3 is still held: 2 live orders claim one seat."));
  CHECK(has(zh(stolen),
            "A1 原本属于 o3。现在座位行写着 o1，而 o3 仍为 held：2 笔有效订单同时声称拥有这一个座位。"));
  CHECK(has(
      en(naive.steps[8]),
      "A1 belonged to o1. Now the seat row names o3, while o1 is still paid: 2 live orders claim one seat."));
}
