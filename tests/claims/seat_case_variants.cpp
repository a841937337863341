// Variants of the bundled seat cases for their claim tests: 1-4 seats, 2-6 buyers, queue tickets, lease
// locks and hand-overs with payments, callbacks and reconciliation.
#include <algorithm>
#include <charconv>

#include "core/cases/seat/family.hpp"
#include "tests/claims/seat_cases.hpp"
#include "tests/test_support.hpp"

namespace reslab::claims::seat_cases {

const char* kind_name(Kind kind) {
  return kind == Kind::queue ? "queue" : kind == Kind::lease ? "lease" : "handover";
}

bool chance(std::mt19937& random, int one_in) {
  return pick(random, 1, one_in) == 1;
}

// A bundled seat case with its own seats A1..An and buyers, each buyer an actor aimed at a seat drawn at
// random (so that some compete), with the case's events drawn afresh; the bundled case's texts that name
// its own actors (notes, presets) are dropped.
Scenario seat_variant(Kind kind, int seats, int buyers, std::mt19937& random) {
  Scenario scenario = test::bundled(kind == Kind::queue   ? "t3_queue_ticket.toml"
                                    : kind == Kind::lease ? "t4_lease_lock.toml"
                                                          : "t2_seat_handover.toml");
  const Scenario t2 = test::bundled("t2_seat_handover.toml");
  scenario.id = std::string(kind_name(kind)) + "_" + std::to_string(seats) + "_" + std::to_string(buyers);
  scenario.file = "/nonexistent/instructor/seats.toml";  // an instructor's file, not a bundled one
  scenario.figures = t2.figures;
  scenario.invariants = t2.invariants;  // all seven, whatever the case
  scenario.actors.clear();
  scenario.events.clear();
  scenario.presets.clear();
  scenario.initial.clear();
  for (int s = 1; s <= seats; ++s)
    scenario.initial.push_back({"seats", {{"seat_id", "A" + std::to_string(s)}, {"state", "free"}}, {}});
  // Now and then a seat the file never created.
  const auto seat = [&] {
    return Value("A" + std::to_string(chance(random, 15) ? seats + 1 : pick(random, 1, seats)));
  };
  const auto actor = [&](const std::string& id) { add_actor(scenario, id); };

  if (kind == Kind::queue) {
    scenario.params = {{"hold_seconds", std::int64_t{600}},
                       {"ticket_seconds", std::int64_t{30}},
                       {"admit_per_second", std::int64_t{pick(random, 1, buyers)}}};
    for (int i = 1; i <= buyers; ++i) {
      const std::string b = "B" + std::to_string(i), ticket = "q_" + b, key = "buy-" + b;
      actor(b);
      const std::int64_t enter = chance(random, 4) ? 1 : 0;
      const std::int64_t hold = enter + std::vector<int>{1, 1, 2, 40}[pick(random, 0, 3)];
      add_event(scenario, b + "_enter", b, "queue_enter", enter, {{"ticket", ticket}, {"request_key", key}});
      add_event(scenario, b + "_hold", b, "seat_hold_with_ticket", hold,
                {{"seat", seat()},
                 {"request_key", key},
                 {"ticket", chance(random, 8) ? std::string("q_never_issued") : ticket}});
      if (chance(random, 5))  // the same ticket again, for another seat
        add_event(scenario, b + "_again", b, "seat_hold_with_ticket", hold + 1,
                  {{"seat", seat()}, {"request_key", key + "-again"}, {"ticket", ticket}});
    }
  } else if (kind == Kind::lease) {
    scenario.params = {{"hold_seconds", std::int64_t{chance(random, 2) ? 600 : 5}},
                       {"lease_seconds", std::int64_t{10}}};
    for (int i = 1; i <= buyers; ++i) {
      const std::string b = "B" + std::to_string(i);
      actor(b);
      const Value aim = seat();
      const std::int64_t lock = pick(random, 0, 14);
      const bool pauses = chance(random, 2);
      const std::int64_t hold =
          lock + std::max(pauses ? 1 : 0, std::vector<int>{0, 3, 12, 13}[pick(random, 0, 3)]);
      // Now and then the same business request from two processes: the key of the buyer before.
      const std::string key = "buy-B" + std::to_string(i > 1 && chance(random, 8) ? i - 1 : i);
      if (chance(random, 6))  // a pause before it ever takes a lock
        add_event(scenario, b + "_early_pause", b, "pause", lock, {});
      add_event(scenario, b + "_lock", b, "lock_seat", lock, {{"seat", aim}});
      if (pauses) add_event(scenario, b + "_pause", b, "pause", lock + 1, {});
      add_event(scenario, b + "_hold", b, "seat_hold_with_lock", hold, {{"seat", aim}, {"request_key", key}});
    }
  } else {
    scenario.params = {{"hold_seconds", std::int64_t{10}}, {"amount", std::int64_t{300}}};
    struct Callback {
      std::string event_id;
      std::string payment;
      std::int64_t order;
      std::string result;
    };
    std::vector<Callback> callbacks;
    for (int i = 1; i <= buyers; ++i) {
      const std::string b = "B" + std::to_string(i), key = "buy-" + b, payment = "pay_" + std::to_string(i);
      actor(b);
      const Value aim = seat();
      const std::int64_t hold = 100 + pick(random, 0, 12);
      add_event(scenario, b + "_hold", b, "seat_hold", hold, {{"seat", aim}, {"request_key", key}});
      // Order ids are given up front, as in the bundled case; in a random order they may name another
      // buyer's order, or none.
      const std::int64_t order = chance(random, 6) ? pick(random, 1, buyers + 1) : i;
      add_event(scenario, b + "_pay", b, "seat_pay", hold + 1,
                {{"order", order},
                 {"provider_payment_id", payment},
                 {"answer", std::string(chance(random, 3) ? "timeout" : "success")}});
      if (chance(random, 6))  // the same request sent again
        add_event(scenario, b + "_retry", b, "seat_hold", hold + pick(random, 2, 12),
                  {{"seat", aim}, {"request_key", key}});
      const std::string e = "evt_" + std::to_string(i);
      callbacks.push_back({e, payment, order, chance(random, 6) ? "failure" : "success"});
      if (chance(random, 3)) callbacks.push_back({e, payment, order, "success"});  // delivered again
      if (chance(random, 3))
        callbacks.push_back({e + "b", payment, order, "success"});  // a new id, same payment
      if (chance(random, 4)) callbacks.push_back({e + "c", payment, order, "success"});  // and another
      if (chance(random, 4)) {  // the buyer pays twice, under a second payment id
        add_event(
            scenario, b + "_pay_again", b, "seat_pay", hold + 2,
            {{"order", order}, {"provider_payment_id", payment + "x"}, {"answer", std::string("success")}});
        callbacks.push_back({e + "x", payment + "x", order, "success"});
      }
    }
    if (chance(random, 3)) {  // a payment already waiting for reconciliation when the lab begins
      scenario.initial.push_back({"orders",
                                  {{"id", std::int64_t{0}},
                                   {"request_key", std::string("buy-earlier")},
                                   {"state", std::string("refund_pending")}},
                                  {}});
      scenario.initial.push_back({"provider_ledger",
                                  {{"op_key", std::string("charge:pay_0")},
                                   {"payment_id", std::string("pay_0")},
                                   {"kind", std::string("charge")},
                                   {"amount", std::int64_t{300}},
                                   {"state", std::string("SUCCEEDED")}},
                                  {}});
      scenario.initial.push_back({"reconciliations",
                                  {{"order_id", std::int64_t{0}},
                                   {"provider_payment_id", std::string("pay_0")},
                                   {"event_id", std::string("evt_0")},
                                   {"reason", std::string("paid_after_expiry")},
                                   {"state", std::string("PENDING")}},
                                  {}});
    }
    actor("psp");
    std::shuffle(callbacks.begin(), callbacks.end(), random);
    std::int64_t time = 101;
    int n = 0;
    for (const auto& callback : callbacks) {
      time += pick(random, 0, 3);
      add_event(scenario, "cb" + std::to_string(++n), "psp", "seat_callback", time,
                {{"event_id", callback.event_id},
                 {"order", callback.order},
                 {"provider_payment_id", callback.payment},
                 {"result", callback.result}});
    }
    actor("reconciler");
    const int runs = pick(random, 1, 2);
    for (int run = 1; run <= runs; ++run)
      add_event(scenario, "reconcile" + std::to_string(run), "reconciler", "seat_reconcile", 110 + 10 * run,
                {{"provider_refund", std::string(chance(random, 3) ? "fail" : "succeed")}});
  }
  return scenario;
}

}  // namespace reslab::claims::seat_cases
