// Explanations true for any scenario file, the hotel cases beyond the last room: variants of H4 (attempts
// under one or several request keys), H3 (stays of 1-4 nights, some sold out or missing), H2/H5-1 (holds
// with deadlines, payments before, at or after them, duplicate and late callbacks, expiry runs, crashes,
// pruned callback records, the refund worker) and H7 (requests that read, then write), in random
// lane-respecting orders under both models. Every message of every step is held against that step's
// state (tests/claims/claim_support.hpp) or declared claim-free.
// [SECTION] index: variants · reading the state · rules per case · the property test · controls · readable
// runs
#include <doctest/doctest.h>

#include "core/sim/message.hpp"
#include "tests/claims/claim_support.hpp"
#include "tests/claims/scenario_variants.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::claims;

namespace {

// [SECTION] variants (built with tests/claims/scenario_variants.hpp)
Value integer(std::int64_t value) {
  return Value{value};
}

int pick(std::mt19937& random, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(random);
}

std::string night_id(int night) {
  return "N" + std::to_string(night);
}

// H4: `attempts` create requests for one night of `capacity` rooms, each under one of `keys` request keys.
Scenario duplicate_requests(int capacity, int attempts, int keys, std::mt19937& random) {
  Scenario scenario =
      emptied("h4_duplicate_request.toml", "requests_" + std::to_string(capacity) + "_" +
                                               std::to_string(attempts) + "_" + std::to_string(keys));
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(capacity)},
           {"available", integer(capacity)},
           {"sold", integer(0)}});
  for (int i = 1; i <= attempts; ++i) {
    const std::string actor = "attempt" + std::to_string(i);
    add_actor(scenario, actor);
    const std::string key = std::string("booking-") + static_cast<char>('A' + pick(random, 0, keys - 1));
    add_event(scenario, "create" + std::to_string(i), actor, "create_booking", i, {{"request_key", key}});
  }
  return scenario;
}

// H3: stays over nights N1..Nn, each night free (1-2 rooms), sold out to an earlier guest or without an
// inventory row; guest A stays every night, a second guest (sometimes under A's key) some of them, and
// now and then takes its nights against date order or books one night more than it took.
enum class NightKind { free, sold_out, missing };

struct StayShape {
  bool second_guest = false;
  bool same_key = false;       // the second guest books under A's request key
  bool against_order = false;  // the second guest takes its nights latest first
  bool one_more = false;       // the last guest books a night after the ones it took
};

Scenario stays(const std::vector<NightKind>& nights, const StayShape& shape, std::mt19937& random) {
  std::string id = "stay";
  for (NightKind kind : nights)
    id += kind == NightKind::free ? "_f" : kind == NightKind::sold_out ? "_s" : "_m";
  Scenario scenario = emptied("h3_three_nights.toml", id + (shape.second_guest ? "_two" : "_one"));
  int earlier_hold = 100;
  for (std::size_t i = 0; i < nights.size(); ++i) {
    const std::string night = night_id(static_cast<int>(i) + 1);
    const std::string date = "2026-12-0" + std::to_string(i + 1);
    if (nights[i] == NightKind::missing) continue;
    const int capacity = nights[i] == NightKind::free ? pick(random, 1, 2) : 1;
    const bool sold = nights[i] == NightKind::sold_out;
    add_row(scenario, "room_inventory",
            {{"room_night_id", night},
             {"night", date},
             {"capacity", integer(capacity)},
             {"available", integer(sold ? 0 : capacity)},
             {"sold", integer(sold ? 1 : 0)}});
    if (!sold) continue;
    add_row(
        scenario, "holds",
        {{"id", integer(++earlier_hold)}, {"request_key", "earlier-guest-" + night}, {"state", "CONFIRMED"}});
    add_row(scenario, "hold_nights", {{"hold_id", integer(earlier_hold)}, {"room_night_id", night}});
  }
  auto add_guest = [&](const std::string& guest, const std::string& key, std::size_t first, std::size_t last,
                       bool against_order, bool extra_night) {
    add_actor(scenario, guest);
    std::string list;
    for (std::size_t n = first; n <= last; ++n) {
      const std::size_t i = against_order ? first + last - n : n;
      const std::string night = night_id(static_cast<int>(i) + 1);
      add_event(scenario, guest + "_" + night, guest, "reserve_night", 0, {{"room_night", night}});
      list += (list.empty() ? "" : ",") + night;
    }
    if (extra_night) list += "," + night_id(static_cast<int>(nights.size()) + 1);
    add_event(scenario, guest + "_book", guest, "book_nights", 0, {{"nights", list}, {"request_key", key}});
  };
  add_guest("A", "stay-A", 0, nights.size() - 1, false, shape.one_more && !shape.second_guest);
  if (shape.second_guest) {
    const auto first = static_cast<std::size_t>(pick(random, 0, static_cast<int>(nights.size()) - 1));
    const auto last =
        static_cast<std::size_t>(pick(random, static_cast<int>(first), static_cast<int>(nights.size()) - 1));
    add_guest("B", shape.same_key ? "stay-A" : "stay-B", first, last, shape.against_order, shape.one_more);
  }
  return scenario;
}

// H2/H5-1: 1-4 RESERVED holds on one night, each with a deadline and a charge the provider holds (or,
// now and then, none); callbacks for each hold before, at or after its deadline, some failed, some
// repeated under the same or a new event id, handled by one or two lanes; an expiry job that may crash
// and restart; sometimes a retention job pruning callback records; the refund worker at the end, which
// sometimes also finds an earlier expired hold's refund PENDING (as in H5-4), charged or not, perhaps
// already refunded under the task's key.
Scenario late_payments(int holds, std::mt19937& random) {
  Scenario scenario = emptied("h2_hold_expiry.toml", "payments_" + std::to_string(holds));
  const bool earlier_refund = pick(random, 0, 2) == 0;
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(holds + earlier_refund)},
           {"available", integer(earlier_refund)},
           {"sold", integer(0)}});
  if (earlier_refund) {
    const int hold = holds + 1;
    add_row(scenario, "holds",
            {{"id", integer(hold)},
             {"request_key", "booking-" + std::to_string(hold)},
             {"state", "HOLD_EXPIRED"},
             {"deadline", integer(3)}});
    add_row(scenario, "hold_nights", {{"hold_id", integer(hold)}, {"room_night_id", "N1"}});
    for (const auto& [change, reason] : {std::pair{-1, "reserve"}, std::pair{1, "release"}})
      add_row(scenario, "inventory_log",
              {{"room_night_id", "N1"},
               {"hold_id", integer(hold)},
               {"change", integer(change)},
               {"counter", "available"},
               {"reason", reason},
               {"at", integer(3)}});
    add_row(scenario, "payments",
            {{"id", integer(1)},
             {"hold_id", integer(hold)},
             {"provider_payment_id", "pay_early"},
             {"amount", integer(480)},
             {"currency", "CNY"},
             {"state", "SUCCEEDED"}});
    add_row(scenario, "refund_tasks",
            {{"id", integer(1)},
             {"payment_id", integer(1)},
             {"op_key", "refund:pay_early"},
             {"state", "PENDING"},
             {"created_at", integer(4)}});
    const int ledger = pick(random, 0, 2);
    if (ledger > 0)
      add_row(scenario, "provider_ledger",
              {{"op_key", "charge:pay_early"},
               {"payment_id", "pay_early"},
               {"kind", "charge"},
               {"amount", integer(480)},
               {"state", "SUCCEEDED"}});
    if (ledger > 1)
      add_row(scenario, "provider_ledger",
              {{"op_key", "refund:pay_early"},
               {"payment_id", "pay_early"},
               {"kind", "refund"},
               {"amount", integer(480)},
               {"state", "SUCCEEDED"}});
  }
  std::vector<int> deadlines;
  for (int hold = 1; hold <= holds; ++hold) {
    deadlines.push_back(pick(random, 5, 20));
    add_row(scenario, "holds",
            {{"id", integer(hold)},
             {"request_key", "booking-" + std::to_string(hold)},
             {"state", "RESERVED"},
             {"deadline", integer(deadlines.back())}});
    add_row(scenario, "hold_nights", {{"hold_id", integer(hold)}, {"room_night_id", "N1"}});
    add_row(scenario, "inventory_log",
            {{"room_night_id", "N1"},
             {"hold_id", integer(hold)},
             {"change", integer(-1)},
             {"counter", "available"},
             {"reason", "reserve"},
             {"at", integer(0)}});
    if (pick(random, 0, 5) > 0)
      add_row(scenario, "provider_ledger",
              {{"op_key", "charge:pay_" + std::to_string(hold)},
               {"payment_id", "pay_" + std::to_string(hold)},
               {"kind", "charge"},
               {"amount", integer(480)},
               {"state", "SUCCEEDED"}});
  }
  add_actor(scenario, "expiry_worker");
  const bool crashes = pick(random, 0, 2) == 0;
  if (crashes) add_event(scenario, "expiry_down", "expiry_worker", "crash", pick(random, 1, 8));
  if (crashes) add_event(scenario, "expiry_up", "expiry_worker", "restart", pick(random, 9, 22));
  add_event(scenario, "expiry", "expiry_worker", "expire_holds", pick(random, 5, 22));
  if (pick(random, 0, 1))
    add_event(scenario, "expiry_again", "expiry_worker", "expire_holds", pick(random, 23, 30));

  const int lanes = pick(random, 1, 2);
  for (int lane = 1; lane <= lanes; ++lane) add_actor(scenario, "callbacks" + std::to_string(lane));
  auto lane_of = [&] { return "callbacks" + std::to_string(pick(random, 1, lanes)); };
  for (int hold = 1; hold <= holds; ++hold) {
    const int deadline = deadlines[static_cast<std::size_t>(hold) - 1];
    const std::string payment = "pay_" + std::to_string(hold);
    const std::string event = "evt_" + std::to_string(hold);
    Args args = {{"event_id", event},
                 {"hold", integer(hold)},
                 {"provider_payment_id", payment},
                 {"paid_at", integer(deadline - 1)}};
    if (pick(random, 0, 4) == 0) args["result"] = std::string("failure");
    add_event(scenario, "pay" + std::to_string(hold), lane_of(), "payment_callback",
              deadline + pick(random, -1, 2), args);
    if (pick(random, 0, 1)) {
      // The same notification again: under the same event id (a late duplicate) or a new one, now and
      // then for another payment (a second charge, or another hold's payment).
      if (pick(random, 0, 1)) args["event_id"] = event + "_again";
      const int payment_roll = pick(random, 0, 5);
      if (payment_roll == 0) args["provider_payment_id"] = payment + "_b";
      if (payment_roll == 1) args["provider_payment_id"] = "pay_" + std::to_string(pick(random, 1, holds));
      add_event(scenario, "pay" + std::to_string(hold) + "_dup", lane_of(), "payment_callback",
                deadline + pick(random, 3, 30), args);
    }
  }
  if (pick(random, 0, 5) == 0)
    add_event(scenario, "pay_nobody", lane_of(), "payment_callback", pick(random, 5, 25),
              {{"event_id", std::string("evt_nobody")},
               {"hold", integer(holds + 9)},
               {"provider_payment_id", std::string("pay_nobody")}});
  if (pick(random, 0, 2) == 0) {
    add_actor(scenario, "retention_job");
    add_event(scenario, "prune", "retention_job", "prune_callbacks", pick(random, 15, 30),
              {{"keep_seconds", integer(pick(random, 0, 10))}});
  }
  add_actor(scenario, "refund_worker");
  add_event(scenario, "refund", "refund_worker", "refund_worker", 40,
            {{"provider_refund", std::string(pick(random, 0, 3) ? "succeed" : "fail")}});
  if (pick(random, 0, 1)) add_event(scenario, "refund_again", "refund_worker", "refund_worker", 45);
  return scenario;
}

// H7: 2-4 requests for one night of `capacity` rooms, each reading in a deferred or immediate
// transaction, then writing with 0-3 retries.
Scenario read_then_write(int capacity, int requests, std::mt19937& random) {
  Scenario scenario = emptied("h7_lock_order.toml",
                              "lock_order_" + std::to_string(capacity) + "_" + std::to_string(requests));
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(capacity)},
           {"available", integer(capacity)},
           {"sold", integer(0)}});
  for (int i = 1; i <= requests; ++i) {
    const std::string actor = "R" + std::to_string(i);
    add_actor(scenario, actor);
    add_event(scenario, actor + "_read", actor, "txn_read", 0,
              {{"begin", std::string(pick(random, 0, 3) ? "deferred" : "immediate")}});
    add_event(scenario, actor + "_write", actor, "txn_write", 0,
              {{"request_key", "booking-" + actor}, {"retries", integer(pick(random, 0, 3))}});
  }
  return scenario;
}

// H5-2/H5-5: 1-3 RESERVED holds with a PENDING payment each (some already charged at the provider); a
// checkout that charges them with scripted replies (success, failure, a timeout after or before the
// charge), callbacks in both handlers' shapes (payment_callback, payment_event) that succeed or fail,
// some repeated; sometimes the expiry job and the refund worker.
Scenario charges(int holds, std::mt19937& random) {
  Scenario scenario = emptied("h5_2_charge_timeout.toml", "charges_" + std::to_string(holds));
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(holds)},
           {"available", integer(0)},
           {"sold", integer(0)}});
  for (int hold = 1; hold <= holds; ++hold) {
    const std::string payment = "pay_" + std::to_string(hold);
    add_row(scenario, "holds",
            {{"id", integer(hold)},
             {"request_key", "booking-" + std::to_string(hold)},
             {"state", "RESERVED"},
             {"deadline", integer(pick(random, 8, 40))}});
    add_row(scenario, "hold_nights", {{"hold_id", integer(hold)}, {"room_night_id", "N1"}});
    add_row(scenario, "inventory_log",
            {{"room_night_id", "N1"},
             {"hold_id", integer(hold)},
             {"change", integer(-1)},
             {"counter", "available"},
             {"reason", "reserve"},
             {"at", integer(0)}});
    add_row(scenario, "payments",
            {{"id", integer(hold)},
             {"hold_id", integer(hold)},
             {"provider_payment_id", payment},
             {"amount", integer(480)},
             {"currency", "CNY"},
             {"state", "PENDING"}});
    if (pick(random, 0, 3) == 0)
      add_row(scenario, "provider_ledger",
              {{"op_key", "charge:" + payment},
               {"payment_id", payment},
               {"kind", "charge"},
               {"amount", integer(480)},
               {"state", "SUCCEEDED"}});
  }
  const char* const replies[] = {"success", "failure", "timeout_after_charge", "timeout_before_charge"};
  add_actor(scenario, "checkout");
  const int attempts = pick(random, 1, 3);
  for (int attempt = 1; attempt <= attempts; ++attempt) {
    const int hold = pick(random, 1, holds);
    add_event(scenario, "charge" + std::to_string(attempt), "checkout", "charge_payment",
              attempt * pick(random, 3, 15),
              {{"hold", integer(hold)},
               {"provider_payment_id", "pay_" + std::to_string(hold)},
               {"provider_reply", std::string(replies[pick(random, 0, 3)])}});
  }
  const int lanes = pick(random, 1, 2);
  for (int lane = 1; lane <= lanes; ++lane) add_actor(scenario, "handler" + std::to_string(lane));
  const int callbacks = pick(random, 1, 4);
  for (int callback = 1; callback <= callbacks; ++callback) {
    const int hold = pick(random, 1, holds);
    const bool event_shape = pick(random, 0, 1) == 0;
    Args args = {{"event_id", "evt_" + std::to_string(pick(random, 1, 3))},
                 {"hold", integer(hold)},
                 {"provider_payment_id", "pay_" + std::to_string(hold)},
                 {"result", std::string(pick(random, 0, 2) ? "success" : "failure")}};
    if (event_shape) args["created_at"] = integer(pick(random, 1, 30));
    add_event(scenario, "callback" + std::to_string(callback),
              "handler" + std::to_string(pick(random, 1, lanes)),
              event_shape ? "payment_event" : "payment_callback", pick(random, 2, 45), args);
  }
  if (pick(random, 0, 2) == 0) {
    add_actor(scenario, "expiry_worker");
    add_event(scenario, "expiry", "expiry_worker", "expire_holds", pick(random, 10, 45));
  }
  if (pick(random, 0, 1) == 0) {
    add_actor(scenario, "refund_worker");
    add_event(scenario, "refund", "refund_worker", "refund_worker", 50);
  }
  return scenario;
}

// H5-3: 1-2 holds (one now and then already past its deadline) confirmed by a booking service that
// may crash before it sends, and an outbox relay that may crash between delivering and marking sent.
Scenario confirmations(int holds, std::mt19937& random) {
  Scenario scenario = emptied("h5_3_outbox.toml", "outbox_" + std::to_string(holds));
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(holds)},
           {"available", integer(0)},
           {"sold", integer(0)}});
  for (int hold = 1; hold <= holds; ++hold) {
    add_row(scenario, "holds",
            {{"id", integer(hold)},
             {"request_key", "booking-" + std::to_string(hold)},
             {"state", "RESERVED"},
             {"deadline", integer(pick(random, 0, 3) ? 600 : 2)}});
    add_row(scenario, "hold_nights", {{"hold_id", integer(hold)}, {"room_night_id", "N1"}});
    add_row(scenario, "inventory_log",
            {{"room_night_id", "N1"},
             {"hold_id", integer(hold)},
             {"change", integer(-1)},
             {"counter", "available"},
             {"reason", "reserve"},
             {"at", integer(0)}});
  }
  // Now and then a message an earlier run left unsent in the outbox (an instructor's initial row).
  if (pick(random, 0, 2) == 0)
    add_row(scenario, "outbox",
            {{"id", integer(1)},
             {"topic", "hold.expired"},
             {"payload", "{\"hold_id\":9}"},
             {"created_at", integer(0)}});
  add_actor(scenario, "booking_service");
  int time = 1;
  for (int hold = 1; hold <= holds; ++hold) {
    add_event(scenario, "confirm" + std::to_string(hold), "booking_service", "confirm_booking", time++,
              {{"hold", integer(hold)}});
    if (pick(random, 0, 2) == 0) {
      add_event(scenario, "service_crash" + std::to_string(hold), "booking_service", "crash", time++);
      add_event(scenario, "service_restart" + std::to_string(hold), "booking_service", "restart", time++);
    }
    add_event(scenario, "notify" + std::to_string(hold), "booking_service", "send_messages", time++);
  }
  if (pick(random, 0, 2) == 0)
    add_event(scenario, "notify_again", "booking_service", "send_messages", time++);
  const int relays = pick(random, 1, 2);
  for (int relay = 1; relay <= relays; ++relay) {
    const std::string actor = "relay" + std::to_string(relay);
    add_actor(scenario, actor);
    int at = pick(random, 1, 4);
    add_event(scenario, actor + "_send", actor, "relay_send", at++);
    if (pick(random, 0, 1) == 0) {
      add_event(scenario, actor + "_crash", actor, "crash", at++);
      add_event(scenario, actor + "_restart", actor, "restart", at++);
      add_event(scenario, actor + "_resend", actor, "relay_send", at++);
    }
    add_event(scenario, actor + "_ack", actor, "relay_ack", at++);
  }
  return scenario;
}

// H5-4/H5-6: 1-2 expired holds whose payments wait for a refund (the provider charged them, or not, and
// may have refunded one already under the task's key); a refund worker that calls the provider, may
// crash before recording, and runs again as the worker or the retry (the key maybe forgotten by then);
// sometimes a second instance.
Scenario pending_refunds(int tasks, std::mt19937& random) {
  Scenario scenario = emptied("h5_6_retention.toml", "refunds_" + std::to_string(tasks));
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(tasks)},
           {"available", integer(tasks)},
           {"sold", integer(0)}});
  for (int task = 1; task <= tasks; ++task) {
    const std::string payment = "pay_" + std::to_string(task);
    add_row(scenario, "holds",
            {{"id", integer(task)},
             {"request_key", "booking-" + std::to_string(task)},
             {"state", "HOLD_EXPIRED"},
             {"deadline", integer(10)}});
    add_row(scenario, "hold_nights", {{"hold_id", integer(task)}, {"room_night_id", "N1"}});
    for (const auto& [change, reason] : {std::pair{-1, "reserve"}, std::pair{1, "release"}})
      add_row(scenario, "inventory_log",
              {{"room_night_id", "N1"},
               {"hold_id", integer(task)},
               {"change", integer(change)},
               {"counter", "available"},
               {"reason", reason},
               {"at", integer(10)}});
    add_row(scenario, "payments",
            {{"id", integer(task)},
             {"hold_id", integer(task)},
             {"provider_payment_id", payment},
             {"amount", integer(480)},
             {"currency", "CNY"},
             {"state", "SUCCEEDED"}});
    add_row(scenario, "refund_tasks",
            {{"id", integer(task)},
             {"payment_id", integer(task)},
             {"op_key", "refund:" + payment},
             {"state", "PENDING"},
             {"created_at", integer(12)}});
    if (pick(random, 0, 4) > 0)
      add_row(scenario, "provider_ledger",
              {{"op_key", "charge:" + payment},
               {"payment_id", payment},
               {"kind", "charge"},
               {"amount", integer(480)},
               {"state", "SUCCEEDED"}});
    if (const int earlier = pick(random, 0, 3); earlier > 1)
      add_row(scenario, "provider_ledger",
              {{"op_key", "refund:" + payment},
               {"payment_id", payment},
               {"kind", "refund"},
               {"amount", integer(480)},
               {"state", std::string(earlier == 2 ? "SUCCEEDED" : "FAILED")}});
  }
  auto outcome = [&] { return std::string(pick(random, 0, 3) ? "succeed" : "fail"); };
  auto rerun = [&](const std::string& actor, const std::string& id, std::int64_t time) {
    if (pick(random, 0, 1))
      add_event(scenario, id, actor, "refund_worker", time, {{"provider_refund", outcome()}});
    else
      add_event(scenario, id, actor, "refund_retry", time,
                {{"provider_refund", outcome()}, {"provider_key_expired", integer(pick(random, 0, 1))}});
  };
  add_actor(scenario, "refund_worker");
  add_event(scenario, "refund", "refund_worker", "refund_call", 20, {{"provider_refund", outcome()}});
  if (pick(random, 0, 1)) {
    add_event(scenario, "worker_crash", "refund_worker", "crash", 21);
    add_event(scenario, "worker_restart", "refund_worker", "restart", 22);
  }
  rerun("refund_worker", "rerun", 23);
  if (pick(random, 0, 1)) {
    add_actor(scenario, "refund_worker_b");
    rerun("refund_worker_b", "second_worker", pick(random, 20, 26));
  }
  return scenario;
}

// H6: a night of 1-3 rooms; request A holds a room for 5-60 s and calls the provider, whose answer (paid,
// or a timeout) comes 2-40 s later; 1-2 other requests book the same night meanwhile.
Scenario payment_calls(int capacity, std::mt19937& random) {
  Scenario scenario = emptied("h6_payment_in_transaction.toml", "payment_calls_" + std::to_string(capacity));
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(capacity)},
           {"available", integer(capacity)},
           {"sold", integer(0)}});
  add_actor(scenario, "A");
  add_event(scenario, "A1", "A", "book_and_pay", 0,
            {{"request_key", std::string("booking-A")}, {"hold_seconds", integer(pick(random, 5, 60))}});
  add_event(scenario, "A2", "A", "provider_answer", pick(random, 2, 40),
            {{"answer", std::string(pick(random, 0, 1) ? "timeout" : "success")}});
  const int others = pick(random, 1, 2);
  for (int other = 1; other <= others; ++other) {
    const std::string actor = std::string(1, static_cast<char>('A' + other));
    add_actor(scenario, actor);
    add_event(scenario, actor + "1", actor, "create_booking", pick(random, 1, 45),
              {{"request_key", "booking-" + actor}});
  }
  return scenario;
}

// [SECTION] reading the state
std::int64_t number(const std::string& text) {
  if (text.empty() || text == "-") return -1;
  return std::stoll(text);
}

std::string available_of(const CommittedState& state, const std::string& night) {
  return cell(state, "room_inventory", night, "available");
}

bool has_night(const CommittedState& state, const std::string& night) {
  return !records_where(state, "room_inventory", "room_night_id", night).empty();
}

std::string hold_state(const CommittedState& state, const std::string& hold) {
  return cell(state, "holds", hold, "state");
}

bool live(const std::string& state) {
  return state == "RESERVED" || state == "HELD" || state == "CONFIRMED";
}

// "#1, #2" for the holds of a list of records, in table order.
std::string hold_list(const std::vector<Record>& holds) {
  std::string listed;
  for (const auto& hold : holds) listed += (listed.empty() ? "#" : ", #") + hold.at("id");
  return listed;
}

std::vector<std::string> split(const std::string& text, const std::string& separator) {
  std::vector<std::string> items;
  if (text.empty() || text == "-") return items;
  std::size_t start = 0;
  for (;;) {
    const auto end = text.find(separator, start);
    items.push_back(text.substr(start, end - start));
    if (end == std::string::npos) return items;
    start = end + separator.size();
  }
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : ", ") + item;
  return text.empty() ? "-" : text;
}

// A listed "a, b" in sorted order, for lists whose order the database chooses.
std::string sorted(const std::string& listed) {
  auto items = split(listed, ", ");
  std::sort(items.begin(), items.end());
  return joined(items);
}

std::vector<std::string> nights_of_hold(const CommittedState& state, const std::string& hold) {
  std::vector<std::string> nights;
  for (const auto& link : records_where(state, "hold_nights", "hold_id", hold))
    nights.push_back(link.at("room_night_id"));
  std::sort(nights.begin(), nights.end());
  return nights;
}

int releases_of(const CommittedState& state, const std::string& hold) {
  int count = 0;
  for (const auto& entry : records_where(state, "inventory_log", "hold_id", hold))
    count += entry.at("reason") == "release";
  return count;
}

// The refund task of a payment (its key is derived from the payment), or an empty record.
Record refund_task(const CommittedState& state, const std::string& payment) {
  const auto tasks = records_where(state, "refund_tasks", "op_key", "refund:" + payment);
  return tasks.empty() ? Record{} : tasks.front();
}

bool task_appeared(const StepView& view, const std::string& payment) {
  return refund_task(view.before, payment).empty() && !refund_task(view.after, payment).empty();
}

// Tasks that were PENDING before the step and are in `state` after it.
std::vector<Record> tasks_now(const StepView& view, const std::string& state) {
  std::vector<Record> moved;
  for (const auto& task : records_where(view.before, "refund_tasks", "state", "PENDING"))
    if (cell(view.after, "refund_tasks", task.at("id"), "state") == state) moved.push_back(task);
  return moved;
}

std::string payment_of_task(const CommittedState& state, const std::string& task) {
  return cell(state, "payments", cell(state, "refund_tasks", task, "payment_id"), "provider_payment_id");
}

bool ledger_has(const CommittedState& state, const std::string& key) {
  return !records_where(state, "provider_ledger", "op_key", key).empty();
}

bool charged(const CommittedState& state, const std::string& payment) {
  for (const auto& entry : records_where(state, "provider_ledger", "payment_id", payment))
    if (entry.at("kind") == "charge" && entry.at("state") == "SUCCEEDED") return true;
  return false;
}

// Holds past their deadline at `now`, in table order.
std::vector<Record> due_holds(const CommittedState& state, std::int64_t now) {
  std::vector<Record> due;
  for (const auto& hold : records(state, "holds"))
    if (number(hold.at("deadline")) >= 0 && number(hold.at("deadline")) <= now) due.push_back(hold);
  return due;
}

// The trace whose steps are being checked, for the checks that need the step before (who was waiting).
const Trace* g_trace = nullptr;

const std::vector<ActorStatus>& statuses_before(const StepView& view) {
  return view.step.index > 1 ? g_trace->steps[static_cast<std::size_t>(view.step.index) - 2].actors
                             : g_trace->initial_actors;
}

std::vector<std::string> checked(const Scenario& scenario, const Trace& trace, const ClaimRules& rules,
                                 std::set<std::string>* seen = nullptr) {
  g_trace = &trace;
  auto problems = check_steps(scenario, trace, rules, seen);
  g_trace = nullptr;
  return problems;
}

// Whether the explanation that holds `message` (the step's or a wake-up's) says one of `keys` after it.
bool said_after(const StepView& view, const Message& message, std::initializer_list<const char*> keys) {
  auto search = [&](const std::vector<Message>& said) {
    bool past = false;
    for (const auto& other : said) {
      if (past)
        for (const char* key : keys)
          if (other.key == key) return true;
      past = past || &other == &message;
    }
    return false;
  };
  if (search(view.step.explanation)) return true;
  for (const auto& wake : view.step.wakes)
    if (search(wake.explanation)) return true;
  return false;
}

std::string all_of(std::initializer_list<std::string> problems) {
  for (const auto& problem : problems)
    if (!problem.empty()) return problem;
  return {};
}

// A committed decrement of `night` leaving the message's `available`: one lower than before the step and
// what the step leaves, or, said by a wake-up after another commit, between the two.
std::string took_one(const StepView& v, const Message& m, const std::string& night) {
  const std::int64_t left = number(arg(m, "available"));
  const std::int64_t before = number(available_of(v.before, night));
  const std::int64_t after = number(available_of(v.after, night));
  if (wake_of(v, m))
    return after <= left && left < before ? "" : "the night never held " + arg(m, "available");
  return all_of({expect("available", arg(m, "available"), std::to_string(after)),
                 expect("available before", std::to_string(left + 1), std::to_string(before))});
}

// [SECTION] rules per case
// H4: one night, create_booking in both models.
void add_request_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  // The key's holds before this step, which the naive code never looks at.
  auto key_holds = [](const CommittedState& state, const Message& m) {
    return records_where(state, "holds", "request_key", arg(m, "key"));
  };
  c["h4.create.rejected"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("available when the update changed 0 rows", "0", available_of(v.after, arg(m, "night")));
  };
  c["h4.create.rejected.summary"] = [](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* status = status_of(v.step, arg(m, "actor"));
    return status && status->resolved == "rejected" ? "" : "the request is not rejected";
  };
  c["h4.create.atomic.rejected"] = [key_holds](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("available", "0", available_of(v.after, arg(m, "night"))),
                   key_holds(v.after, m).empty() ? "" : "the claimed key is still there"});
  };
  // A new hold under the key, the night one lower, and what the key held before.
  const ClaimCheck booked = [key_holds](const StepView& v, const Message& m) -> std::string {
    const auto before = key_holds(v.before, m);
    const bool again = m.key.find(".again") != std::string::npos;
    if (again != !before.empty())
      return std::string("says 'again' ") + (again ? "with no" : "without saying so of an") +
             " earlier hold under the key";
    std::int64_t live_after = 0;
    for (const auto& hold : key_holds(v.after, m)) live_after += live(hold.at("state"));
    return all_of({expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
                   took_one(v, m, arg(m, "night")),
                   again ? expect("earlier holds", arg(m, "earlier"), hold_list(before)) : "",
                   m.key == "h4.create.naive.again"
                       ? expect("live holds of the key", arg(m, "live"), std::to_string(live_after))
                       : ""});
  };
  for (const char* key : {"h4.create.naive", "h4.create.naive.summary", "h4.create.naive.again",
                          "h4.create.naive.again.summary", "h4.create.atomic", "h4.create.atomic.summary"})
    c[key] = booked;
  // The answer is the hold the key already had, and nothing is decremented.
  const ClaimCheck answered = [key_holds](const StepView& v, const Message& m) -> std::string {
    const auto before = key_holds(v.before, m);
    if (before.size() != 1) return std::string("the key has ") + std::to_string(before.size()) + " holds";
    return all_of(
        {expect("hold", arg(m, "hold"), before.front().at("id")),
         arg(m, "state").empty() ? "" : expect("state", arg(m, "state"), before.front().at("state")),
         expect("available", available_of(v.before, arg(m, "night")),
                available_of(v.after, arg(m, "night")))});
  };
  c["h4.create.atomic.again"] = answered;
  c["h4.create.atomic.again.summary"] = answered;
  c["h4.create.atomic.locks"] = answered;
}

// H3: reserve_night and book_nights in both models.
void add_stay_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto remembered = [](const StepView& v, const Message& m, const char* key) {
    return memory_item(v.memory_before, arg(m, "actor"), key);
  };
  auto taken = [remembered](const StepView& v, const Message& m) -> std::string {
    return joined(split(remembered(v, m, "multinight_taken"), ","));
  };
  // naive: one night, committed at once.
  const ClaimCheck night_taken = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("available", arg(m, "available"), available_of(v.after, arg(m, "night"))),
                   expect("available before", std::to_string(number(arg(m, "available")) + 1),
                          available_of(v.before, arg(m, "night")))});
  };
  c["h3.night.naive"] = night_taken;
  c["h3.night.naive.summary"] = night_taken;
  const ClaimCheck no_row_changed = [](const StepView& v, const Message& m) -> std::string {
    const std::string night = arg(m, "night");
    if (m.key == "h3.night.naive.none.summary") return std::string();
    if (arg(m, "reason") == "@h3.reason.missing")
      return has_night(v.before, night) ? night + " has a row" : "";
    return all_of({expect("reason", arg(m, "reason"), "@h3.reason.sold_out"),
                   expect("available", "0", available_of(v.before, night))});
  };
  c["h3.night.naive.none"] = no_row_changed;
  c["h3.night.naive.none.summary"] = no_row_changed;
  c["h3.night.naive.kept"] = [taken](const StepView& v, const Message& m) -> std::string {
    const std::string was = taken(v, m);
    return was == "-" ? "says nights are kept when none was taken"
                      : expect("nights taken", arg(m, "taken"), was);
  };
  // The naive booking judges by the last UPDATE it ran, as its memory shows it.
  const ClaimCheck judged = [remembered, taken](const StepView& v, const Message& m) -> std::string {
    const std::string last = remembered(v, m, "multinight_last_night");
    const std::string changes = remembered(v, m, "multinight_last_changes");
    const bool rejected = m.key.find("rejected") != std::string::npos;
    const bool none = m.key.find(".none") != std::string::npos;
    return all_of(
        {expect("last night", arg(m, "last"), last.empty() ? "-" : last),
         expect("rows changed", arg(m, "changes"), changes.empty() ? "0" : changes),
         rejected ? expect("rows changed", "0", changes.empty() ? "0" : changes) : "",
         expect("nights taken", arg(m, "taken"), taken(v, m)),
         rejected && none != (taken(v, m) == "-") ? "says the wrong thing of the nights taken" : ""});
  };
  for (const char* key : {"h3.book.naive.rejected", "h3.book.naive.rejected.summary",
                          "h3.book.naive.rejected.none", "h3.book.naive.rejected.none.summary"})
    c[key] = judged;
  // A booked stay: the hold is there, on exactly the stay's nights.
  const ClaimCheck booked = [judged](const StepView& v, const Message& m) -> std::string {
    std::vector<std::string> nights = split(arg(m, "nights"), ", ");
    std::sort(nights.begin(), nights.end());
    return all_of(
        {expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
         nights_of_hold(v.after, arg(m, "hold")) == nights ? "" : "the hold is not on " + arg(m, "nights"),
         m.key.rfind("h3.book.naive", 0) == 0 ? judged(v, m) : ""});
  };
  for (const char* key : {"h3.book.naive.accepted", "h3.book.naive.accepted.summary", "h3.book.atomic",
                          "h3.book.atomic.summary"})
    c[key] = booked;
  c["h3.book.naive.accepted"] = [booked, taken](const StepView& v, const Message& m) -> std::string {
    std::vector<std::string> nights = split(arg(m, "nights"), ", ");
    std::vector<std::string> got = split(taken(v, m), ", ");
    std::sort(nights.begin(), nights.end());
    std::sort(got.begin(), got.end());
    return all_of(
        {booked(v, m), got == nights ? "" : "says every night was taken, but only " + taken(v, m) + " was"});
  };
  c["h3.book.naive.wrongly"] = [booked, taken](const StepView& v, const Message& m) -> std::string {
    std::vector<std::string> skipped;
    const auto got = split(taken(v, m), ", ");
    for (const auto& night : split(arg(m, "nights"), ", "))
      if (std::find(got.begin(), got.end(), night) == got.end()) skipped.push_back(night);
    return all_of({booked(v, m), expect("nights never decremented", arg(m, "skipped"), joined(skipped))});
  };
  c["h3.book.naive.skipped.missing"] = [](const StepView& v, const Message& m) -> std::string {
    return has_night(v.after, arg(m, "night")) ? arg(m, "night") + " has an inventory row" : "";
  };
  c["h3.book.naive.skipped.untaken"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("available", arg(m, "available"), available_of(v.after, arg(m, "night")));
  };
  c["h3.book.duplicate"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string key = event_arg(v, m, "request_key");
    return records_where(v.before, "holds", "request_key", key).empty() ? "no hold has key " + key : "";
  };
  c["h3.book.duplicate.summary"] = c["h3.book.duplicate"];
  // atomic: the night is decremented in the actor's open transaction, the first one opening it.
  const ClaimCheck in_transaction = [remembered](const StepView& v, const Message& m) -> std::string {
    const auto own = open_view(v, arg(m, "actor"));
    if (!own) return std::string("no open transaction");
    const bool opened_before = !remembered(v, m, "multinight_open").empty();
    return all_of(
        {expect("available in its transaction", arg(m, "available"), available_of(*own, arg(m, "night"))),
         m.key == "h3.night.atomic.first" && opened_before ? "says first, but the transaction was open" : "",
         m.key == "h3.night.atomic" && !opened_before ? "says a later night, but none came before" : ""});
  };
  for (const char* key : {"h3.night.atomic", "h3.night.atomic.first", "h3.night.atomic.summary"})
    c[key] = in_transaction;
  // atomic failures: the night's row as committed (the transaction is rolled back), nothing left open.
  auto rolled_back = [](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* status = status_of(v.step, arg(m, "actor"));
    return status && !status->in_transaction ? "" : "the transaction is still open";
  };
  c["h3.atomic.sold_out"] = [rolled_back](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("available", "0", available_of(v.after, arg(m, "night"))), rolled_back(v, m)});
  };
  c["h3.atomic.missing"] = [rolled_back](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {has_night(v.after, arg(m, "night")) ? arg(m, "night") + " has a row" : "", rolled_back(v, m)});
  };
  c["h3.atomic.out_of_order"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {expect("date", arg(m, "date"), cell(v.after, "room_inventory", arg(m, "night"), "night")),
         arg(m, "date") <= arg(m, "previous") ? "" : "the night comes after " + arg(m, "previous")});
  };
  c["h3.book.atomic.mismatch"] = [taken](const StepView& v, const Message& m) -> std::string {
    auto got = split(taken(v, m), ", ");
    auto nights = split(arg(m, "nights"), ", ");
    std::sort(got.begin(), got.end());
    std::sort(nights.begin(), nights.end());
    return all_of(
        {expect("nights taken", arg(m, "taken"), taken(v, m)), got != nights ? "" : "the nights agree"});
  };
  c["h3.atomic.rolled_back"] = [rolled_back, taken](const StepView& v, const Message& m) -> std::string {
    return all_of({rolled_back(v, m), expect("nights taken before", arg(m, "taken"), taken(v, m))});
  };
  c["h3.atomic.rejected.summary"] = [](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* status = status_of(v.step, arg(m, "actor"));
    return status && status->resolved == "rejected" && !status->in_transaction
               ? ""
               : "not rejected and rolled back";
  };
  c["hotel.record.nothing"] = [remembered](const StepView& v, const Message& m) -> std::string {
    return remembered(v, m, "multinight_open").empty() && remembered(v, m, "decremented").empty()
               ? ""
               : "the actor has a booking transaction open";
  };
  c["hotel.record.nothing.summary"] = c["hotel.record.nothing"];
  rules.claim_free.insert("h3.atomic.locks");
}

// H2 and H5-1: the expiry job, the payment callbacks, the retention job and the refund worker.
void add_payment_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto now_is = [](const StepView& v, const Message& m) -> std::string {
    return expect("now", arg(m, "now"), std::to_string(v.step.time));
  };
  // The expiry job: which holds it released in this step is what inventory_log gained.
  auto released = [](const StepView& v) {
    std::vector<std::string> holds;
    for (const auto& hold : records(v.after, "holds"))
      if (releases_of(v.after, hold.at("id")) > releases_of(v.before, hold.at("id")))
        holds.push_back("#" + hold.at("id"));
    return joined(holds);
  };
  const ClaimCheck expired = [now_is, released](const StepView& v, const Message& m) -> std::string {
    std::string problem = all_of({expect("holds released", arg(m, "holds"), released(v)),
                                  m.key == "hotel.expire.released.summary" ? "" : now_is(v, m)});
    for (const auto& hold : split(arg(m, "holds"), ", ")) {
      const std::string id = hold.substr(1);
      problem = all_of({problem, expect("hold " + hold, "HOLD_EXPIRED", hold_state(v.after, id)),
                        m.key == "hotel.expire.atomic"
                            ? expect("hold " + hold + " before", "RESERVED", hold_state(v.before, id))
                            : ""});
    }
    return problem;
  };
  for (const char* key : {"hotel.expire.released.summary", "hotel.expire.naive", "hotel.expire.atomic"})
    c[key] = expired;
  c["hotel.expire.naive.again"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {expect("state before", arg(m, "state"), hold_state(v.before, arg(m, "hold"))),
         releases_of(v.before, arg(m, "hold")) > 0 ? "" : "no release was logged before",
         expect("release rows", arg(m, "releases"), std::to_string(releases_of(v.after, arg(m, "hold"))))});
  };
  c["hotel.expire.naive.state"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("state before", arg(m, "state"), hold_state(v.before, arg(m, "hold"))),
                   arg(m, "state") != "RESERVED" ? "" : "the hold was RESERVED",
                   releases_of(v.before, arg(m, "hold")) == 0 ? "" : "its room was released before"});
  };
  // Nothing RESERVED is due; "none" also means no due hold had its room released before.
  const ClaimCheck nothing_due = [now_is](const StepView& v, const Message& m) -> std::string {
    std::string problem = m.key == "hotel.expire.none" ? now_is(v, m) : "";
    bool released_before = false;
    for (const auto& hold : due_holds(v.before, v.step.time)) {
      if (hold.at("state") == "RESERVED")
        problem = all_of({problem, "hold #" + hold.at("id") + " is RESERVED and due"});
      released_before = released_before || releases_of(v.before, hold.at("id")) > 0;
    }
    if (m.key == "hotel.expire.noop.summary" && !released_before)
      problem = all_of({problem, "no due hold was released"});
    if (m.key == "hotel.expire.none.summary" && released_before)
      problem = all_of({problem, "a due hold was released"});
    return problem;
  };
  for (const char* key : {"hotel.expire.none", "hotel.expire.none.summary", "hotel.expire.noop.summary"})
    c[key] = nothing_due;
  c["hotel.expire.noop"] = [nothing_due](const StepView& v, const Message& m) -> std::string {
    std::string listed;
    for (const auto& hold : due_holds(v.before, v.step.time))
      listed += (listed.empty() ? "#" : ", #") + hold.at("id") + " " + hold.at("state");
    return all_of({nothing_due(v, m), expect("holds past their deadline", arg(m, "holds"), listed)});
  };
  // The callback handler.
  auto event_known = [](const CommittedState& state, const Message& m) {
    return !records_where(state, "callbacks", "event_id", arg(m, "event")).empty();
  };
  c["hotel.callback.paid_at"] = [now_is](const StepView& v, const Message& m) -> std::string {
    return all_of({now_is(v, m), expect("paid at", arg(m, "paid_at"), event_arg(v, m, "paid_at"))});
  };
  c["hotel.callback.paid_at.naive"] = c["hotel.callback.paid_at"];
  c["hotel.callback.failure"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {expect("result", "failure", event_arg(v, m, "result")),
         expect("hold", hold_state(v.before, arg(m, "hold")), hold_state(v.after, arg(m, "hold")))});
  };
  c["hotel.callback.failure.summary"] = c["hotel.callback.failure"];
  c["hotel.callback.unknown"] = [](const StepView& v, const Message& m) -> std::string {
    return hold_state(v.after, arg(m, "hold")).empty() ? "" : "hold #" + arg(m, "hold") + " exists";
  };
  c["hotel.callback.unknown.summary"] = c["hotel.callback.unknown"];
  c["hotel.callback.naive.no_hold"] = c["hotel.callback.unknown"];
  c["hotel.callback.duplicate"] = [event_known](const StepView& v, const Message& m) -> std::string {
    return event_known(v.before, m) ? "" : "the callback log has no " + arg(m, "event");
  };
  c["hotel.callback.duplicate.summary"] = c["hotel.callback.duplicate"];
  c["hotel.callback.confirmed.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")));
  };
  c["hotel.callback.naive"] = [](const StepView& v, const Message& m) -> std::string {
    std::string problem = expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")));
    for (const auto& night : nights_of_hold(v.after, arg(m, "hold")))
      problem =
          all_of({problem, expect("sold on " + night,
                                  std::to_string(number(cell(v.before, "room_inventory", night, "sold")) + 1),
                                  cell(v.after, "room_inventory", night, "sold"))});
    return problem;
  };
  c["hotel.callback.confirmed"] = [now_is](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {now_is(v, m), expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
         expect("deadline", arg(m, "deadline"), cell(v.before, "holds", arg(m, "hold"), "deadline")),
         v.step.time < number(arg(m, "deadline")) ? "" : "now is not before the deadline",
         expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  // Too late: the handler expires the hold itself, and queues its refund unless one exists.
  const ClaimCheck expired_now = [now_is](const StepView& v, const Message& m) -> std::string {
    const bool queued =
        m.key == "hotel.callback.expired_now" || m.key == "hotel.callback.expired_now.summary";
    return all_of(
        {m.key.find("summary") == std::string::npos ? now_is(v, m) : "",
         expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
         expect("deadline", arg(m, "deadline"), cell(v.before, "holds", arg(m, "hold"), "deadline")),
         v.step.time >= number(arg(m, "deadline")) ? "" : "now is before the deadline",
         expect("hold", "HOLD_EXPIRED", hold_state(v.after, arg(m, "hold"))),
         queued != task_appeared(v, arg(m, "payment")) ? "says the refund was queued, or not, wrongly" : "",
         !queued && refund_task(v.before, arg(m, "payment")).empty() ? "no refund task existed" : ""});
  };
  for (const char* key :
       {"hotel.callback.expired_now", "hotel.callback.expired_now.summary",
        "hotel.callback.expired_now.refund_exists", "hotel.callback.expired_now.no_refund.summary"})
    c[key] = expired_now;
  c["hotel.callback.reconcile"] = [event_known](const StepView& v, const Message& m) -> std::string {
    return all_of({event_known(v.before, m) ? "the callback log has " + arg(m, "event") : "",
                   expect("hold", "CONFIRMED", hold_state(v.before, arg(m, "hold"))),
                   records_where(v.before, "payments", "provider_payment_id", arg(m, "payment")).empty()
                       ? arg(m, "payment") + " is not in payments"
                       : ""});
  };
  c["hotel.callback.reconcile.summary"] = c["hotel.callback.reconcile"];
  c["hotel.callback.refund.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return task_appeared(v, arg(m, "payment")) ? "" : "no refund task was queued";
  };
  c["hotel.callback.refund"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    return all_of({expect("state", arg(m, "state"), state),
                   state == "RESERVED" || state == "CONFIRMED" ? "the hold is " + state : "",
                   task_appeared(v, arg(m, "payment")) ? "" : "no refund task was queued"});
  };
  c["hotel.callback.second_charge"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("hold", "CONFIRMED", hold_state(v.before, arg(m, "hold"))),
                   records_where(v.before, "payments", "provider_payment_id", arg(m, "payment")).empty()
                       ? ""
                       : arg(m, "payment") + " was in payments",
                   task_appeared(v, arg(m, "payment")) ? "" : "no refund task was queued"});
  };
  c["hotel.callback.refund_exists"] = [](const StepView& v, const Message& m) -> std::string {
    return refund_task(v.before, arg(m, "payment")).empty() ? "no refund task existed" : "";
  };
  c["hotel.callback.refund_exists.summary"] = c["hotel.callback.refund_exists"];
  // What the customer sees of a refund.
  c["refund.customer.pending"] = [now_is](const StepView& v, const Message& m) -> std::string {
    std::string alert = event_arg(v, m, "refund_alert_seconds");
    if (alert.empty()) alert = "300";
    bool queued_now = false;
    for (const auto& task : records(v.after, "refund_tasks"))
      queued_now = queued_now || (task.at("created_at") == arg(m, "now") &&
                                  cell(v.before, "refund_tasks", task.at("id"), "id").empty());
    return all_of({now_is(v, m), expect("alert", arg(m, "alert"), alert),
                   expect("due", arg(m, "due"), std::to_string(v.step.time + number(alert))),
                   queued_now ? "" : "no refund task was queued now"});
  };
  c["refund.customer.succeeded"] = [now_is](const StepView& v, const Message& m) -> std::string {
    return all_of({now_is(v, m), tasks_now(v, "SUCCEEDED").empty() ? "no refund succeeded" : ""});
  };
  c["refund.customer.failed"] = [](const StepView& v, const Message&) -> std::string {
    return tasks_now(v, "FAILED").empty() ? "no refund failed" : "";
  };
  // The refund worker.
  const ClaimCheck none_pending = [](const StepView& v, const Message&) -> std::string {
    return records_where(v.before, "refund_tasks", "state", "PENDING").empty() ? ""
                                                                               : "a refund task is PENDING";
  };
  c["hotel.refund.none"] = none_pending;
  c["hotel.refund.none.summary"] = none_pending;
  c["hotel.refund.done.summary"] = [](const StepView& v, const Message&) -> std::string {
    const auto pending = records_where(v.before, "refund_tasks", "state", "PENDING");
    return !pending.empty() && tasks_now(v, "SUCCEEDED").size() == pending.size()
               ? ""
               : "not every refund succeeded";
  };
  c["hotel.refund.failed.summary"] = [](const StepView& v, const Message&) -> std::string {
    return tasks_now(v, "FAILED").empty() ? "no refund failed" : "";
  };
  // A task the worker took: it was PENDING, for this payment, under this key.
  auto task_is = [](const StepView& v, const Message& m, const std::string& state) {
    const std::string task = arg(m, "task");
    return all_of(
        {expect("task before", "PENDING", cell(v.before, "refund_tasks", task, "state")),
         expect("payment", arg(m, "payment"), payment_of_task(v.before, task)),
         state.empty() ? "" : expect("task after", state, cell(v.after, "refund_tasks", task, "state"))});
  };
  c["hotel.refund.verified"] = [task_is](const StepView& v, const Message& m) -> std::string {
    return all_of({task_is(v, m, ""), charged(v.before, arg(m, "payment")) ? "" : "no charge succeeded"});
  };
  c["hotel.refund.no_charge"] = [task_is](const StepView& v, const Message& m) -> std::string {
    return all_of({task_is(v, m, ""), charged(v.before, arg(m, "payment")) ? "the charge succeeded" : ""});
  };
  c["hotel.refund.already"] = [](const StepView& v, const Message& m) -> std::string {
    const auto entries = records_where(v.before, "provider_ledger", "op_key", arg(m, "key"));
    return entries.empty() ? "the provider never saw " + arg(m, "key")
                           : expect("state", arg(m, "state"), entries.front().at("state"));
  };
  const ClaimCheck own_key = [task_is](const StepView& v, const Message& m) -> std::string {
    const bool done = m.key.find("done") != std::string::npos;
    return all_of({task_is(v, m, done ? "SUCCEEDED" : "FAILED"),
                   expect("key", arg(m, "key"), cell(v.before, "refund_tasks", arg(m, "task"), "op_key"))});
  };
  c["hotel.refund.atomic.done"] = own_key;
  c["hotel.refund.atomic.failed"] = own_key;
  const ClaimCheck fresh_key = [task_is](const StepView& v, const Message& m) -> std::string {
    const bool done = m.key.find("done") != std::string::npos;
    return all_of(
        {task_is(v, m, done ? "SUCCEEDED" : "FAILED"),
         ledger_has(v.before, arg(m, "key")) ? arg(m, "key") + " is not new" : "",
         ledger_has(v.after, arg(m, "key")) ? "" : arg(m, "key") + " is not in the provider's books"});
  };
  c["hotel.refund.naive.done"] = fresh_key;
  c["hotel.refund.naive.failed"] = fresh_key;
  c["hotel.refund.naive.same_key"] = [task_is](const StepView& v, const Message& m) -> std::string {
    const auto entries = records_where(v.before, "provider_ledger", "op_key", arg(m, "key"));
    return all_of({task_is(v, m, arg(m, "state")),
                   entries.empty() ? arg(m, "key") + " is new"
                                   : expect("state", arg(m, "state"), entries.front().at("state"))});
  };
  // The retention job.
  const ClaimCheck pruned = [now_is](const StepView& v, const Message& m) -> std::string {
    const std::string keep = event_arg(v, m, "keep_seconds");
    std::vector<std::string> gone;
    for (const auto& callback : records(v.before, "callbacks"))
      if (records_where(v.after, "callbacks", "event_id", callback.at("event_id")).empty())
        gone.push_back(callback.at("event_id"));
    std::sort(gone.begin(), gone.end());
    std::string problem =
        m.key.find("summary") == std::string::npos
            ? all_of({expect("keep", arg(m, "keep"), keep),
                      expect("cutoff", arg(m, "cutoff"), std::to_string(v.step.time - number(keep)))})
            : "";
    if (m.key.find(".none") != std::string::npos)
      return all_of({problem, gone.empty() ? "" : "records were deleted"});
    return all_of(
        {problem, expect("count", arg(m, "count"), std::to_string(gone.size())),
         m.key == "retention.prune" ? expect("events", sorted(arg(m, "events")), joined(gone)) : ""});
  };
  for (const char* key :
       {"retention.prune", "retention.prune.summary", "retention.prune.none", "retention.prune.none.summary"})
    c[key] = pruned;
}

// H7: txn_read and txn_write in both models.
void add_lock_order_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  // A read sees what was committed when it ran: before the step, or after the commit it waited for.
  c["h7.read.deferred"] = [](const StepView& v, const Message& m) -> std::string {
    const CommittedState& seen = wake_of(v, m) ? v.after : v.before;
    return expect("available read", arg(m, "available"), available_of(seen, "N1"));
  };
  c["h7.read.immediate"] = c["h7.read.deferred"];
  c["h7.read.summary"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string begin = event_arg(v, m, "begin") == "immediate" ? "BEGIN IMMEDIATE" : "BEGIN";
    return all_of({expect("begin", arg(m, "begin"), begin),
                   expect("available read", arg(m, "available"), available_of(v.before, "N1"))});
  };
  auto status = [](const StepView& v, const Message& m) { return status_of(v.step, arg(m, "actor")); };
  // The write reaches COMMIT with its hold: committed by the end of the step, or still open.
  c["h7.write.progress"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    if (!actor) return std::string("no actor");
    if (const auto own = open_view(v, arg(m, "actor")); own && hold_state(*own, arg(m, "hold")) == "RESERVED")
      return expect("available in its transaction", arg(m, "available"), available_of(*own, "N1"));
    if (hold_state(v.after, arg(m, "hold")) == "RESERVED")
      return number(arg(m, "available")) >= number(available_of(v.after, "N1")) ? ""
                                                                                : "more left than committed";
    // A pass that met a deadlock: its hold went with the rollback, which the next sentences say.
    return said_after(v, m, {"h7.deadlock", "h7.atomic.retry", "h7.atomic.exhausted"})
               ? ""
               : "the hold is nowhere";
  };
  c["h7.write.accepted"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of({expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
                   actor && actor->resolved == "accepted" && !actor->in_transaction
                       ? ""
                       : "not accepted and committed"});
  };
  c["h7.write.accepted.summary"] = c["h7.write.accepted"];
  const ClaimCheck rejected = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    const bool by_update = m.key == "h7.write.rejected.update";
    return all_of({actor && actor->resolved == "rejected" && !actor->in_transaction
                       ? ""
                       : "not rejected and rolled back",
                   m.key == "h7.write.rejected.summary" || by_update == (number(arg(m, "read")) > 0)
                       ? ""
                       : "the read was " + arg(m, "read")});
  };
  for (const char* key : {"h7.write.rejected", "h7.write.rejected.update", "h7.write.rejected.summary"})
    c[key] = rejected;
  c["h7.write.no_read"] = [](const StepView& v, const Message& m) -> std::string {
    return memory_item(v.memory_before, arg(m, "actor"), "lock_order_read").empty() ? "" : "it did read";
  };
  c["h7.write.no_read.summary"] = c["h7.write.no_read"];
  // A deadlock: the actor read in its transaction, and someone else held the write lock when it asked for it.
  c["h7.deadlock"] = [](const StepView& v, const Message& m) -> std::string {
    bool reading = false;
    bool other_writer = false;
    for (const auto& other : statuses_before(v)) {
      if (other.actor == arg(m, "actor"))
        reading = other.in_transaction && !other.holds_write_lock;
      else
        other_writer = other_writer || other.holds_write_lock;
    }
    if (!reading) return "the actor held no read lock";
    return other_writer ? "" : "nobody else held the write lock";
  };
  c["h7.naive.gives_up"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of({expect("retries", arg(m, "retries"), event_arg(v, m, "retries")),
                   actor && actor->in_transaction && actor->resolved == "deadlocked"
                       ? ""
                       : "it let go of its transaction"});
  };
  c["h7.naive.gives_up.summary"] = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of({expect("tries", arg(m, "tries"), std::to_string(number(event_arg(v, m, "retries")) + 1)),
                   actor && actor->in_transaction ? "" : "it keeps no lock"});
  };
  const ClaimCheck retry = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("max", arg(m, "max"), event_arg(v, m, "retries")),
                   number(arg(m, "n")) >= 1 && number(arg(m, "n")) <= number(arg(m, "max"))
                       ? ""
                       : "retry out of range"});
  };
  c["h7.atomic.retry"] = retry;
  c["h7.atomic.retry.summary"] = retry;
  c["h7.atomic.after_retry"] = [](const StepView& v, const Message& m) -> std::string {
    const std::int64_t read = number(arg(m, "read"));
    return all_of({read <= number(arg(m, "earlier")) ? "" : "reads more than before the deadlock",
                   read <= number(available_of(v.before, "N1")) && read >= number(available_of(v.after, "N1"))
                       ? ""
                       : "the read is no committed value of this step"});
  };
  const ClaimCheck exhausted = [status](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* actor = status(v, m);
    return all_of({expect("max", arg(m, "max"), event_arg(v, m, "retries")),
                   expect("deadlocks", arg(m, "n"), std::to_string(number(arg(m, "max")) + 1)),
                   actor && !actor->in_transaction && actor->resolved == "deadlocked"
                       ? ""
                       : "it still holds something"});
  };
  c["h7.atomic.exhausted"] = exhausted;
  c["h7.atomic.exhausted.summary"] = exhausted;
  rules.claim_free.insert("h7.locks");
}

// H5-2/H5-5: the checkout's charges, the provider's side, and the payment_event handler.
void add_charge_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto payments_in = [](const CommittedState& state, const Message& m) {
    return records_where(state, "payments", "provider_payment_id", arg(m, "payment"));
  };
  auto all_payments = [payments_in](const CommittedState& state, const Message& m,
                                    const std::string& wanted) {
    const auto rows = payments_in(state, m);
    if (rows.empty()) return arg(m, "payment") + " has no payments row";
    for (const auto& row : rows)
      if (row.at("state") != wanted) return "payment " + arg(m, "payment") + " is " + row.at("state");
    return std::string();
  };
  auto ledger_state = [](const CommittedState& state, const std::string& key) {
    const auto entries = records_where(state, "provider_ledger", "op_key", key);
    return entries.empty() ? std::string() : entries.front().at("state");
  };
  auto successful_charges = [](const CommittedState& state, const std::string& payment) {
    int count = 0;
    for (const auto& entry : records_where(state, "provider_ledger", "payment_id", payment))
      count += entry.at("kind") == "charge" && entry.at("state") == "SUCCEEDED";
    return count;
  };
  c["recovery.charge.naive.call"] = [](const StepView& v, const Message& m) -> std::string {
    return ledger_has(v.before, arg(m, "key")) ? arg(m, "key") + " is not new to the provider" : "";
  };
  c["recovery.charge.naive.call.same_key"] = [](const StepView& v, const Message& m) -> std::string {
    return ledger_has(v.before, arg(m, "key")) ? "" : arg(m, "key") + " is new to the provider";
  };
  c["recovery.charge.atomic.call"] = [](const StepView&, const Message& m) -> std::string {
    return expect("key", arg(m, "key"), "charge:" + arg(m, "payment"));
  };
  // The provider's side: what its books hold under the key after the call.
  c["recovery.provider.answered"] = [ledger_state](const StepView& v, const Message& m) -> std::string {
    const std::string answer = arg(m, "answer") == "@provider.answer.succeeded" ? "SUCCEEDED"
                               : arg(m, "answer") == "@provider.answer.failed"  ? "FAILED"
                                                                                : "?";
    return all_of(
        {expect("answer", answer, arg(m, "state")),
         expect("state in the provider's books", arg(m, "state"), ledger_state(v.after, arg(m, "key")))});
  };
  c["recovery.provider.timeout_after"] = [ledger_state](const StepView& v, const Message& m) -> std::string {
    return expect("state in the provider's books", arg(m, "state"), ledger_state(v.after, arg(m, "key")));
  };
  c["recovery.provider.timeout_before"] = [](const StepView& v, const Message& m) -> std::string {
    return ledger_has(v.after, arg(m, "key")) ? "the provider has " + arg(m, "key") : "";
  };
  c["recovery.provider.already_done"] = [ledger_state](const StepView& v, const Message& m) -> std::string {
    return expect("state the provider had", arg(m, "state"), ledger_state(v.before, arg(m, "key")));
  };
  c["recovery.charge.unknown.summary"] = [all_payments, payments_in](const StepView& v,
                                                                     const Message& m) -> std::string {
    if (v.model == Model::atomic) return all_payments(v.after, m, "UNKNOWN");
    return payments_in(v.before, m) == payments_in(v.after, m) ? "" : "the payment changed";
  };
  c["recovery.charge.naive.timeout"] = [payments_in](const StepView& v, const Message& m) -> std::string {
    return payments_in(v.before, m) == payments_in(v.after, m) ? "" : "the payment changed";
  };
  c["recovery.charge.atomic.timeout"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {all_payments(v.after, m, "UNKNOWN"), expect("key", arg(m, "key"), "charge:" + arg(m, "payment"))});
  };
  const ClaimCheck failed = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of({all_payments(v.after, m, "FAILED"), expect("hold", hold_state(v.before, arg(m, "hold")),
                                                              hold_state(v.after, arg(m, "hold")))});
  };
  c["recovery.charge.failed"] = failed;
  c["recovery.charge.failed.summary"] = failed;
  c["recovery.charge.done.summary"] = [successful_charges](const StepView& v,
                                                           const Message& m) -> std::string {
    return successful_charges(v.after, arg(m, "payment")) == 1 ? "" : "not one charge";
  };
  const ClaimCheck charges_now = [successful_charges](const StepView& v, const Message& m) -> std::string {
    const int count = successful_charges(v.after, arg(m, "payment"));
    const bool again = m.key.find("twice") != std::string::npos;
    return all_of(
        {expect("charges", arg(m, "charges"), std::to_string(count)), count > 1 ? "" : "not several charges",
         again && successful_charges(v.before, arg(m, "payment")) != count - 1 ? "this call took no money"
                                                                               : ""});
  };
  for (const char* key :
       {"recovery.charge.twice.summary", "recovery.charge.many.summary", "recovery.charge.naive.twice"})
    c[key] = charges_now;
  c["recovery.charge.naive.done"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of({all_payments(v.after, m, "SUCCEEDED"),
                   expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  c["recovery.charge.naive.twice"] = [charges_now, all_payments](const StepView& v,
                                                                 const Message& m) -> std::string {
    return all_of({charges_now(v, m), all_payments(v.after, m, "SUCCEEDED"),
                   expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  const ClaimCheck asked = [all_payments](const StepView& v, const Message& m) -> std::string {
    const bool found = m.key == "recovery.charge.query.found";
    return all_of(
        {all_payments(v.before, m, "UNKNOWN"),
         found != ledger_has(v.before, arg(m, "key"))
             ? "says the provider " + std::string(found ? "has" : "lacks") + " " + arg(m, "key") + " wrongly"
             : ""});
  };
  c["recovery.charge.query.found"] = asked;
  c["recovery.charge.query.none"] = asked;
  c["recovery.charge.confirmed"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
                   v.step.time < number(arg(m, "deadline")) ? "" : "now is not before the deadline",
                   expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold"))),
                   all_payments(v.after, m, "SUCCEEDED")});
  };
  c["recovery.charge.already_confirmed"] = [all_payments](const StepView& v,
                                                          const Message& m) -> std::string {
    bool by_callback = false;
    for (const auto& callback : records_where(v.before, "callbacks", "hold_id", arg(m, "hold")))
      by_callback = by_callback || callback.at("outcome") == "confirmed";
    return all_of({expect("hold", "CONFIRMED", hold_state(v.before, arg(m, "hold"))),
                   all_payments(v.after, m, "SUCCEEDED"),
                   by_callback ? "a callback confirmed it, and the text does not say so" : ""});
  };
  c["recovery.charge.already_confirmed.callback"] = [all_payments](const StepView& v,
                                                                   const Message& m) -> std::string {
    const auto callbacks = records_where(v.before, "callbacks", "event_id", arg(m, "event"));
    return all_of({expect("hold", "CONFIRMED", hold_state(v.before, arg(m, "hold"))),
                   all_payments(v.after, m, "SUCCEEDED"),
                   callbacks.empty() || callbacks.front().at("hold_id") != arg(m, "hold") ||
                           callbacks.front().at("outcome") != "confirmed"
                       ? "callback " + arg(m, "event") + " confirmed nothing of hold #" + arg(m, "hold")
                       : ""});
  };
  c["recovery.charge.too_late"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    return all_of({expect("state", arg(m, "state"), state.empty() ? "-" : state),
                   state == "RESERVED" || state == "CONFIRMED" ? "the hold is " + state : "",
                   all_payments(v.after, m, "SUCCEEDED"),
                   refund_task(v.after, arg(m, "payment")).empty() ? "no refund task" : ""});
  };
  c["recovery.charge.too_late.expired"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
                   v.step.time >= number(arg(m, "deadline")) ? "" : "the deadline has not passed",
                   expect("hold", "HOLD_EXPIRED", hold_state(v.after, arg(m, "hold"))),
                   all_payments(v.after, m, "SUCCEEDED"),
                   refund_task(v.after, arg(m, "payment")).empty() ? "no refund task" : ""});
  };
  c["recovery.charge.refund.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return refund_task(v.after, arg(m, "payment")).empty() ? "no refund task" : "";
  };
  c["recovery.charge.paid"] = [all_payments](const StepView& v, const Message& m) -> std::string {
    return all_payments(v.before, m, "SUCCEEDED");
  };
  c["recovery.charge.paid.summary"] = c["recovery.charge.paid"];
  // payment_event
  const ClaimCheck naive_failed = [](const StepView& v, const Message& m) -> std::string {
    std::string problem =
        all_of({expect("hold", "PAYMENT_FAILED", hold_state(v.after, arg(m, "hold"))),
                expect("state before", arg(m, "was"), hold_state(v.before, arg(m, "hold")))});
    for (const auto& night : nights_of_hold(v.after, arg(m, "hold")))
      problem = all_of(
          {problem, expect("available on " + night, std::to_string(number(available_of(v.before, night)) + 1),
                           available_of(v.after, night))});
    return problem;
  };
  c["recovery.event.naive.failed"] = [naive_failed](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {naive_failed(v, m), expect("created at", arg(m, "created_at"), event_arg(v, m, "created_at"))});
  };
  c["recovery.event.naive.failed.summary"] = naive_failed;
  const ClaimCheck still_open = [](const StepView& v, const Message& m) -> std::string {
    const bool late = m.key == "recovery.event.failed_open.late";
    const std::int64_t deadline = number(cell(v.before, "holds", arg(m, "hold"), "deadline"));
    return all_of(
        {expect("result", "failure", event_arg(v, m, "result")),
         expect("state before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
         expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
         m.key == "recovery.event.failed_open.summary" || late == (deadline < 0 || v.step.time >= deadline)
             ? ""
             : "says the deadline is " + std::string(late ? "past" : "ahead") + " wrongly"});
  };
  for (const char* key : {"recovery.event.failed_open", "recovery.event.failed_open.late",
                          "recovery.event.failed_open.summary"})
    c[key] = still_open;
  const ClaimCheck terminal = [](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    return all_of({expect("result", "failure", event_arg(v, m, "result")),
                   expect("state", arg(m, "state"), state), state == "RESERVED" ? "the hold is RESERVED" : "",
                   expect("hold", state, hold_state(v.after, arg(m, "hold")))});
  };
  c["recovery.event.terminal"] = terminal;
  c["recovery.event.terminal.summary"] = terminal;
  c["recovery.event.refund"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    return all_of({expect("state", arg(m, "state"), state), state == "RESERVED" ? "the hold is RESERVED" : "",
                   task_appeared(v, arg(m, "payment")) ? "" : "no refund task was queued"});
  };
  rules.claim_free.insert("recovery.event.naive.last_wins");
}

// H5-3: confirm_booking, send_messages, relay_send and relay_ack, and the consumer.
void add_outbox_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto payload = [](const std::string& hold) { return "{\"hold_id\":" + hold + "}"; };
  c["recovery.confirm.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")));
  };
  c["recovery.confirm.naive"] = [payload](const StepView& v, const Message& m) -> std::string {
    std::string kept;
    for (const auto& process : v.step.memory)
      if (process.actor == arg(m, "actor"))
        for (const auto& [name, value] : process.items)
          if (name == "message_to_send") kept = to_display(value);
    return all_of({expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold"))),
                   expect("message kept in memory", payload(arg(m, "hold")), kept)});
  };
  c["recovery.confirm.atomic"] = [payload](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold"))),
                   expect("outbox topic", arg(m, "topic"), cell(v.after, "outbox", arg(m, "row"), "topic")),
                   expect("outbox payload", payload(arg(m, "hold")),
                          cell(v.after, "outbox", arg(m, "row"), "payload"))});
  };
  const ClaimCheck nothing = [](const StepView& v, const Message& m) -> std::string {
    const std::string state = hold_state(v.before, arg(m, "hold"));
    const std::int64_t deadline = number(cell(v.before, "holds", arg(m, "hold"), "deadline"));
    return all_of(
        {expect("state", arg(m, "state"), state.empty() ? "-" : state),
         state == "RESERVED" && v.step.time < deadline ? "the hold is RESERVED before its deadline" : "",
         expect("hold", state, hold_state(v.after, arg(m, "hold")))});
  };
  c["recovery.confirm.nothing"] = nothing;
  c["recovery.confirm.nothing.summary"] = nothing;
  c["recovery.send.naive"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("message in memory", arg(m, "payload"),
                  memory_item(v.memory_before, arg(m, "actor"), "message_to_send"));
  };
  c["recovery.send.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return memory_item(v.memory_before, arg(m, "actor"), "message_to_send").empty() ? "nothing was in memory"
                                                                                    : "";
  };
  // Confirmed holds whose message no consumer got and no outbox row holds.
  auto silent = [payload](const CommittedState& state) {
    std::vector<std::string> holds;
    for (const auto& hold : records_where(state, "holds", "state", "CONFIRMED")) {
      const std::string message = payload(hold.at("id"));
      if (records_where(state, "messages_received", "effect_key", "booking.confirmed " + message).empty() &&
          records_where(state, "outbox", "payload", message).empty())
        holds.push_back("#" + hold.at("id"));
    }
    return joined(holds);
  };
  c["recovery.send.lost"] = [silent](const StepView& v, const Message& m) -> std::string {
    return all_of({memory_item(v.memory_before, arg(m, "actor"), "message_to_send").empty()
                       ? ""
                       : "a message was in memory",
                   expect("confirmed holds without a message", arg(m, "holds"), silent(v.before))});
  };
  c["recovery.send.lost.summary"] = [silent](const StepView& v, const Message&) -> std::string {
    return silent(v.before) == "-" ? "every confirmed hold has its message" : "";
  };
  const ClaimCheck none = [silent](const StepView& v, const Message& m) -> std::string {
    return all_of({memory_item(v.memory_before, arg(m, "actor"), "message_to_send").empty()
                       ? ""
                       : "a message was in memory",
                   silent(v.before) == "-" ? "" : "confirmed holds have no message: " + silent(v.before)});
  };
  c["recovery.send.none"] = none;
  c["recovery.send.none.summary"] = none;
  auto unsent = [](const CommittedState& state) {
    std::vector<std::string> rows;
    for (const auto& row : records(state, "outbox"))
      if (row.at("sent_at") == "NULL" || row.at("sent_at").empty() || row.at("sent_at") == "-")
        rows.push_back("#" + row.at("id"));
    return rows;
  };
  c["recovery.send.outbox"] = [unsent](const StepView& v, const Message& m) -> std::string {
    return expect("unsent rows", arg(m, "unsent"), std::to_string(unsent(v.before).size()));
  };
  rules.claim_free.insert("recovery.send.outbox.summary");
  const ClaimCheck relay_none = [unsent](const StepView& v, const Message&) -> std::string {
    return unsent(v.before).empty() ? "" : "outbox rows are unsent";
  };
  c["recovery.relay.none"] = relay_none;
  c["recovery.relay.none.summary"] = relay_none;
  const ClaimCheck relayed = [unsent](const StepView& v, const Message& m) -> std::string {
    return expect("rows delivered", arg(m, "rows"), joined(unsent(v.before)));
  };
  c["recovery.relay.send"] = relayed;
  c["recovery.relay.send.summary"] = relayed;
  const ClaimCheck acked = [](const StepView& v, const Message& m) -> std::string {
    std::string problem =
        m.key == "recovery.relay.ack" ? expect("now", arg(m, "now"), std::to_string(v.step.time)) : "";
    for (const auto& row : split(arg(m, "rows"), ", ")) {
      const std::string id = row.substr(1);
      if (memory_item(v.memory_before, arg(m, "actor"), "delivered_not_marked_" + id).empty())
        problem = all_of({problem, "it did not remember delivering " + row});
      if (number(cell(v.after, "outbox", id, "sent_at")) < 0)
        problem = all_of({problem, row + " has no sent_at"});
    }
    return problem;
  };
  c["recovery.relay.ack"] = acked;
  c["recovery.relay.ack.summary"] = acked;
  const ClaimCheck forgot = [](const StepView& v, const Message& m) -> std::string {
    for (const auto& process : v.memory_before)
      if (process.actor == arg(m, "actor"))
        for (const auto& item : process.items)
          if (item.first.rfind("delivered_not_marked_", 0) == 0) return "it remembers " + item.first;
    return {};
  };
  c["recovery.relay.ack.none"] = forgot;
  c["recovery.relay.ack.none.summary"] = forgot;
  // The consumer: how many times the effect has now arrived.
  auto deliveries = [](const StepView& v, const Message& m) {
    const auto rows = records_where(v.after, "messages_received", "effect_key", arg(m, "effect"));
    if (v.model == Model::naive) return static_cast<std::int64_t>(rows.size());
    return rows.empty() ? std::int64_t{0} : number(rows.front().at("deliveries"));
  };
  c["recovery.consumer.applied"] = [deliveries](const StepView& v, const Message& m) -> std::string {
    return deliveries(v, m) >= 1 &&
                   records_where(v.before, "messages_received", "effect_key", arg(m, "effect")).empty()
               ? ""
               : "the effect was applied before";
  };
  const ClaimCheck again = [deliveries](const StepView& v, const Message& m) -> std::string {
    const bool naive = m.key == "recovery.consumer.naive.again";
    return all_of({naive == (v.model == Model::naive) ? "" : "the other model's consumer",
                   number(arg(m, "deliveries")) > 1 && number(arg(m, "deliveries")) <= deliveries(v, m)
                       ? ""
                       : "says " + arg(m, "deliveries") + " deliveries, the state shows " +
                             std::to_string(deliveries(v, m))});
  };
  c["recovery.consumer.naive.again"] = again;
  c["recovery.consumer.dedup"] = again;
}

// H5-4/H5-6: refund_call and refund_retry (the refund worker's own messages are in add_payment_rules).
void add_refund_call_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto unrecorded = [](const StepView& v, const Message& m) {
    std::vector<std::string> answers;
    for (const auto& process : v.step.memory)
      if (process.actor == arg(m, "actor"))
        for (const auto& [name, value] : process.items)
          if (name.rfind("unrecorded_refund_task_", 0) == 0) answers.push_back(to_display(value));
    return answers;
  };
  const ClaimCheck called = [](const StepView& v, const Message& m) -> std::string {
    const std::string task = arg(m, "task");
    const bool naive = m.key.rfind("recovery.refund_call.naive", 0) == 0;
    const bool same_key = m.key == "recovery.refund_call.naive.same_key";
    const auto entries = records_where(v.after, "provider_ledger", "op_key", arg(m, "key"));
    return all_of({expect("task", "PENDING", cell(v.after, "refund_tasks", task, "state")),
                   expect("payment", arg(m, "payment"), payment_of_task(v.before, task)),
                   naive ? (ledger_has(v.before, arg(m, "key")) != same_key
                                ? "says wrongly whether " + arg(m, "key") + " is new"
                                : "")
                         : expect("key", arg(m, "key"), cell(v.before, "refund_tasks", task, "op_key")),
                   naive || charged(v.before, arg(m, "payment")) ? "" : "no charge to verify",
                   entries.empty() ? "the provider has no " + arg(m, "key")
                                   : expect("provider state", arg(m, "state"), entries.front().at("state"))});
  };
  c["recovery.refund_call.naive"] = called;
  c["recovery.refund_call.naive.same_key"] = called;
  c["recovery.refund_call.atomic"] = called;
  c["recovery.refund_call.unrecorded"] = [unrecorded](const StepView& v, const Message& m) -> std::string {
    if (unrecorded(v, m).empty()) return "no answer held in memory";
    for (const auto& task : records_where(v.before, "refund_tasks", "state", "PENDING"))
      if (cell(v.after, "refund_tasks", task.at("id"), "state") != "PENDING")
        return "task " + task.at("id") + " moved";
    return {};
  };
  c["recovery.refund_call.summary"] = [unrecorded](const StepView& v, const Message& m) -> std::string {
    const auto answers = unrecorded(v, m);
    return !answers.empty() && std::all_of(answers.begin(), answers.end(),
                                           [](const std::string& a) { return a == "SUCCEEDED"; })
               ? ""
               : "not every refund succeeded";
  };
  c["recovery.refund_call.failed.summary"] = [unrecorded](const StepView& v,
                                                          const Message& m) -> std::string {
    const auto answers = unrecorded(v, m);
    return std::any_of(answers.begin(), answers.end(), [](const std::string& a) { return a == "FAILED"; })
               ? ""
               : "no refund failed";
  };
  c["retention.retry.naive"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("task", "PENDING", cell(v.before, "refund_tasks", arg(m, "task"), "state")),
                   expect("key", arg(m, "key"), cell(v.before, "refund_tasks", arg(m, "task"), "op_key")),
                   expect("payment", arg(m, "payment"), payment_of_task(v.before, arg(m, "task")))});
  };
  auto refunds_done = [](const CommittedState& state, const std::string& payment) {
    int count = 0;
    for (const auto& entry : records_where(state, "provider_ledger", "payment_id", payment))
      count += entry.at("kind") == "refund" && entry.at("state") == "SUCCEEDED";
    return count;
  };
  c["retention.retry.naive.forgotten"] = [refunds_done](const StepView& v, const Message& m) -> std::string {
    const auto booked = records_where(v.after, "provider_ledger", "op_key", arg(m, "booked"));
    return all_of(
        {ledger_has(v.before, arg(m, "key")) ? "" : "the provider never had " + arg(m, "key"),
         ledger_has(v.before, arg(m, "booked")) ? arg(m, "booked") + " is not new" : "",
         booked.empty() ? "no " + arg(m, "booked")
                        : expect("state", arg(m, "state"), booked.front().at("state")),
         expect("refunds", arg(m, "count"), std::to_string(refunds_done(v.after, arg(m, "payment"))))});
  };
  c["retention.retry.naive.extra"] = [refunds_done](const StepView& v, const Message& m) -> std::string {
    const int count = refunds_done(v.after, arg(m, "payment"));
    return all_of(
        {expect("refunds", arg(m, "count"), std::to_string(count)), count > 1 ? "" : "not refunded twice"});
  };
  c["retention.retry.atomic.found"] = [](const StepView& v, const Message& m) -> std::string {
    const auto found = records_where(v.before, "provider_ledger", "op_key", arg(m, "found"));
    return found.empty() || found.front().at("state") != "SUCCEEDED" ||
                   found.front().at("kind") != "refund" || found.front().at("payment_id") != arg(m, "payment")
               ? arg(m, "found") + " is no successful refund of " + arg(m, "payment")
               : "";
  };
  c["retention.retry.atomic.none"] = [refunds_done](const StepView& v, const Message& m) -> std::string {
    return refunds_done(v.before, arg(m, "payment")) == 0 ? ""
                                                          : arg(m, "payment") + " has a successful refund";
  };
}

// H6: book_and_pay and provider_answer (the other requests' create_booking is H4's).
void add_payment_call_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto remembered = [](const StepView& v, const Message& m, const char* key) {
    return memory_item(v.memory_before, arg(m, "actor"), key);
  };
  c["h6.pay.rejected"] = [](const StepView& v, const Message&) -> std::string {
    return expect("available", "0", available_of(v.after, "N1"));
  };
  c["h6.pay.rejected.summary"] = [](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* status = status_of(v.step, arg(m, "actor"));
    return status && status->resolved == "rejected" ? "" : "the request is not rejected";
  };
  const ClaimCheck holding = [](const StepView& v, const Message& m) -> std::string {
    const auto own = open_view(v, arg(m, "actor"));
    if (!own) return "no open transaction";
    return all_of({expect("available in its transaction", arg(m, "available"), available_of(*own, "N1")),
                   expect("hold in its transaction", "RESERVED", hold_state(*own, arg(m, "hold"))),
                   hold_state(v.after, arg(m, "hold")).empty() ? "" : "the hold is already committed"});
  };
  c["h6.pay.naive"] = holding;
  c["h6.pay.naive.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return open_view(v, arg(m, "actor")) ? "" : "no open transaction";
  };
  const ClaimCheck committed_first = [](const StepView& v, const Message& m) -> std::string {
    const auto payments = records_where(v.after, "payments", "hold_id", arg(m, "hold"));
    return all_of(
        {expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))), took_one(v, m, "N1"),
         payments.empty() ? "no payment row" : expect("payment", "PENDING", payments.front().at("state")),
         open_view(v, arg(m, "actor")) ? "its transaction is still open" : ""});
  };
  c["h6.pay.atomic"] = committed_first;
  c["h6.pay.atomic.summary"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold")));
  };
  rules.claim_free.insert("h6.locks");
  const ClaimCheck nothing = [remembered](const StepView& v, const Message& m) -> std::string {
    return remembered(v, m, v.model == Model::naive ? "payment_call_hold" : "payment_call_payment").empty()
               ? ""
               : "a call is in flight";
  };
  c["h6.answer.none"] = nothing;
  c["h6.answer.none.summary"] = nothing;
  // When the call went out and how long the answer took, from the request's memory.
  const ClaimCheck timed = [remembered](const StepView& v, const Message& m) -> std::string {
    const std::string sent = remembered(v, m, "payment_call_sent_at");
    return all_of({arg(m, "now").empty() ? "" : expect("now", arg(m, "now"), std::to_string(v.step.time)),
                   arg(m, "sent").empty() ? "" : expect("sent", arg(m, "sent"), sent),
                   arg(m, "held").empty()
                       ? ""
                       : expect("held", arg(m, "held"), std::to_string(v.step.time - number(sent))),
                   expect("hold", arg(m, "hold"), remembered(v, m, "payment_call_hold"))});
  };
  // The hold vanished with the rollback (a request woken in the same step may get the same id).
  c["h6.answer.naive.timeout"] = [timed](const StepView& v, const Message& m) -> std::string {
    std::string key;
    for (const auto& event : v.scenario.events)
      if (event.actor == arg(m, "actor") && event.action == "book_and_pay")
        key = to_display(event.args.at("request_key"));
    return all_of({timed(v, m), cell(v.after, "holds", arg(m, "hold"), "request_key") == key
                                    ? "the hold is still there"
                                    : ""});
  };
  c["h6.answer.naive.timeout.summary"] = c["h6.answer.naive.timeout"];
  c["h6.answer.naive.money"] = [](const StepView& v, const Message& m) -> std::string {
    const auto entries = records_where(v.after, "provider_ledger", "op_key", arg(m, "key"));
    return all_of({entries.empty() ? "the provider has no " + arg(m, "key")
                                   : expect("charge", "SUCCEEDED", entries.front().at("state")),
                   records_where(v.after, "payments", "provider_payment_id", arg(m, "payment")).empty()
                       ? ""
                       : "a payment row was committed"});
  };
  const ClaimCheck confirmed = [timed](const StepView& v, const Message& m) -> std::string {
    return all_of({timed(v, m), expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  c["h6.answer.naive.charged"] = confirmed;
  c["h6.answer.naive.charged.summary"] = confirmed;
  auto payment_state = [](const StepView& v, const Message& m) {
    const auto payments = records_where(v.after, "payments", "provider_payment_id", arg(m, "payment"));
    return payments.empty() ? std::string("-") : payments.front().at("state");
  };
  c["h6.answer.atomic.timeout"] = [timed, payment_state](const StepView& v, const Message& m) -> std::string {
    const auto entries = records_where(v.after, "provider_ledger", "op_key", arg(m, "key"));
    return all_of({timed(v, m), expect("payment", "UNKNOWN", payment_state(v, m)),
                   expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
                   entries.empty() ? "the provider has no " + arg(m, "key") : ""});
  };
  c["h6.answer.atomic.timeout.summary"] = [timed, payment_state](const StepView& v,
                                                                 const Message& m) -> std::string {
    return all_of({timed(v, m), expect("payment", "UNKNOWN", payment_state(v, m))});
  };
  c["h6.answer.atomic.charged"] = [timed, payment_state](const StepView& v, const Message& m) -> std::string {
    return all_of({timed(v, m), expect("payment", "SUCCEEDED", payment_state(v, m)),
                   expect("hold before", "RESERVED", hold_state(v.before, arg(m, "hold"))),
                   expect("hold", "CONFIRMED", hold_state(v.after, arg(m, "hold")))});
  };
  c["h6.answer.atomic.charged.summary"] = [timed, payment_state](const StepView& v,
                                                                 const Message& m) -> std::string {
    return all_of({timed(v, m), expect("payment", "SUCCEEDED", payment_state(v, m))});
  };
  c["h6.answer.atomic.late"] = [timed, payment_state](const StepView& v, const Message& m) -> std::string {
    const bool in_time = hold_state(v.before, arg(m, "hold")) == "RESERVED" &&
                         v.step.time < number(cell(v.before, "holds", arg(m, "hold"), "deadline"));
    return all_of({timed(v, m), expect("payment", "SUCCEEDED", payment_state(v, m)),
                   in_time ? "the hold was RESERVED before its deadline" : "",
                   hold_state(v.after, arg(m, "hold")) == "CONFIRMED" &&
                           hold_state(v.before, arg(m, "hold")) != "CONFIRMED"
                       ? "the hold was confirmed"
                       : ""});
  };
}

ClaimRules hotel_case_rules() {
  ClaimRules rules;
  add_engine_rules(rules);
  add_process_rules(rules);
  add_request_rules(rules);
  add_stay_rules(rules);
  add_payment_rules(rules);
  add_lock_order_rules(rules);
  add_charge_rules(rules);
  add_outbox_rules(rules);
  add_refund_call_rules(rules);
  add_payment_call_rules(rules);
  return rules;
}

// [SECTION] the property test
struct Run {
  int traces = 0;
  std::set<std::string> seen;
};

void check_variant(const Scenario& scenario, const ClaimRules& rules, std::mt19937& random, int rounds,
                   Run& run) {
  for (int round = 0; round < rounds; ++round) {
    const auto order = random_order(scenario, random);
    for (Model model : {Model::naive, Model::atomic}) {
      INFO(scenario.id << " " << model_name(model) << " round " << round);
      const Trace trace = run_as_far_as_possible(scenario, model, order);
      for (const auto& problem : checked(scenario, trace, rules, &run.seen)) FAIL_CHECK(problem);
      ++run.traces;
    }
  }
}

void check_reached(const Run& run, std::initializer_list<const char*> keys) {
  for (const std::string key : keys)
    CHECK_MESSAGE(run.seen.count(key), key << " never appeared: the variants do not reach it");
}

TEST_CASE("every H4-like explanation agrees with its step: 2-6 attempts, 1-3 request keys, capacity 1-4") {
  const ClaimRules rules = hotel_case_rules();
  std::mt19937 random(20261202u);
  Run run;
  for (int capacity = 1; capacity <= 4; ++capacity)
    for (int attempts = 2; attempts <= 6; ++attempts)
      for (int keys = 1; keys <= 3; ++keys)
        check_variant(duplicate_requests(capacity, attempts, keys, random), rules, random, 6, run);
  CHECK(run.traces == 4 * 5 * 3 * 6 * 2);
  check_reached(run, {"h4.create.naive.again", "h4.create.atomic.again", "h4.create.rejected",
                      "h4.create.atomic.rejected", "engine.invariant.broke"});
}

TEST_CASE(
    "every H3-like explanation agrees with its step: 1-4 nights, sold out or missing, one or two guests") {
  const ClaimRules rules = hotel_case_rules();
  std::mt19937 random(20261203u);
  Run run;
  for (int nights = 1; nights <= 4; ++nights) {
    for (int variant = 0; variant < 24; ++variant) {
      std::vector<NightKind> kinds;
      for (int night = 0; night < nights; ++night) {
        const int roll = pick(random, 0, 5);
        kinds.push_back(roll < 3 ? NightKind::free : roll < 5 ? NightKind::sold_out : NightKind::missing);
      }
      const StayShape shape{variant % 3 != 0, variant % 4 == 1, pick(random, 0, 4) == 0,
                            pick(random, 0, 4) == 0};
      check_variant(stays(kinds, shape, random), rules, random, 4, run);
    }
  }
  CHECK(run.traces == 4 * 24 * 4 * 2);
  check_reached(run,
                {"h3.book.naive.wrongly", "h3.book.naive.skipped.missing", "h3.book.naive.skipped.untaken",
                 "h3.book.naive.rejected", "h3.book.naive.rejected.none", "h3.atomic.missing",
                 "h3.atomic.sold_out", "h3.night.atomic", "h3.book.atomic", "h3.night.naive.kept",
                 "h3.atomic.out_of_order", "h3.book.atomic.mismatch", "h3.book.duplicate", "engine.wake"});
}

TEST_CASE(
    "every H2-like explanation agrees with its step: 1-4 holds, late and repeated callbacks, expiry, "
    "refunds") {
  const ClaimRules rules = hotel_case_rules();
  std::mt19937 random(20261204u);
  Run run;
  for (int holds = 1; holds <= 4; ++holds)
    for (int variant = 0; variant < 40; ++variant)
      check_variant(late_payments(holds, random), rules, random, 4, run);
  CHECK(run.traces == 4 * 40 * 4 * 2);
  check_reached(run, {"hotel.expire.naive.again", "hotel.expire.naive.state", "hotel.expire.noop",
                      "hotel.callback.reconcile", "hotel.callback.expired_now", "hotel.callback.refund",
                      "hotel.callback.duplicate", "hotel.refund.naive.done", "hotel.refund.atomic.done",
                      "hotel.refund.no_charge", "refund.customer.failed", "retention.prune", "recovery.crash",
                      "hotel.callback.paid_at.naive", "hotel.callback.second_charge",
                      "hotel.callback.expired_now.refund_exists", "hotel.callback.naive.no_hold",
                      "hotel.callback.unknown", "hotel.refund.already"});
}

TEST_CASE("every H7-like explanation agrees with its step: 2-4 requests read then write, capacity 1-4") {
  const ClaimRules rules = hotel_case_rules();
  std::mt19937 random(20261205u);
  Run run;
  for (int capacity = 1; capacity <= 4; ++capacity)
    for (int requests = 2; requests <= 4; ++requests)
      for (int variant = 0; variant < 8; ++variant)
        check_variant(read_then_write(capacity, requests, random), rules, random, 4, run);
  CHECK(run.traces == 4 * 3 * 8 * 4 * 2);
  check_reached(run, {"h7.deadlock", "h7.naive.gives_up", "h7.atomic.retry", "h7.atomic.after_retry",
                      "h7.write.rejected", "h7.write.accepted", "engine.waiting"});
}

TEST_CASE(
    "every H5-2/H5-5-like explanation agrees with its step: charges with scripted replies, callbacks, "
    "expiry") {
  const ClaimRules rules = hotel_case_rules();
  std::mt19937 random(20261206u);
  Run run;
  for (int holds = 1; holds <= 3; ++holds)
    for (int variant = 0; variant < 40; ++variant)
      check_variant(charges(holds, random), rules, random, 4, run);
  CHECK(run.traces == 3 * 40 * 4 * 2);
  check_reached(
      run, {"recovery.charge.naive.twice", "recovery.charge.query.found", "recovery.charge.query.none",
            "recovery.provider.timeout_after", "recovery.provider.timeout_before",
            "recovery.charge.already_confirmed.callback", "recovery.charge.too_late.expired",
            "recovery.charge.naive.call.same_key", "recovery.event.failed_open", "recovery.event.terminal",
            "recovery.event.naive.failed"});
}

TEST_CASE(
    "every H5-3-like explanation agrees with its step: confirmations, crashes before the send, the relay") {
  const ClaimRules rules = hotel_case_rules();
  std::mt19937 random(20261207u);
  Run run;
  for (int holds = 1; holds <= 2; ++holds)
    for (int variant = 0; variant < 40; ++variant)
      check_variant(confirmations(holds, random), rules, random, 4, run);
  CHECK(run.traces == 2 * 40 * 4 * 2);
  check_reached(run, {"recovery.send.lost", "recovery.confirm.atomic", "recovery.relay.ack",
                      "recovery.relay.ack.none", "recovery.consumer.naive.again", "recovery.consumer.dedup",
                      "recovery.confirm.nothing", "recovery.send.none"});
}

TEST_CASE(
    "every H5-4/H5-6-like explanation agrees with its step: refunds called, crashed, retried, keys "
    "forgotten") {
  const ClaimRules rules = hotel_case_rules();
  std::mt19937 random(20261208u);
  Run run;
  for (int tasks = 1; tasks <= 2; ++tasks)
    for (int variant = 0; variant < 60; ++variant)
      check_variant(pending_refunds(tasks, random), rules, random, 4, run);
  CHECK(run.traces == 2 * 60 * 4 * 2);
  check_reached(
      run, {"recovery.refund_call.naive", "recovery.refund_call.atomic", "recovery.refund_call.unrecorded",
            "retention.retry.naive.forgotten", "retention.retry.naive.extra", "retention.retry.atomic.found",
            "retention.retry.atomic.none", "hotel.refund.already", "hotel.refund.naive.same_key"});
}

TEST_CASE(
    "every H6-like explanation agrees with its step: a booking that calls the provider, other requests "
    "meanwhile") {
  const ClaimRules rules = hotel_case_rules();
  std::mt19937 random(20261209u);
  Run run;
  for (int capacity = 1; capacity <= 3; ++capacity)
    for (int variant = 0; variant < 30; ++variant)
      check_variant(payment_calls(capacity, random), rules, random, 4, run);
  CHECK(run.traces == 3 * 30 * 4 * 2);
  check_reached(run, {"h6.pay.naive", "h6.pay.atomic", "h6.answer.naive.timeout", "h6.answer.naive.money",
                      "h6.answer.naive.charged", "h6.answer.atomic.timeout", "h6.answer.atomic.charged",
                      "h6.answer.atomic.late", "engine.wake"});
}

// [SECTION] controls
// A copy of the trace with one argument of the first `key` message of step `index` (from 1) set to `value`.
Trace tampered(const Trace& trace, int index, const std::string& key, const std::string& name,
               const std::string& value) {
  Trace copy = trace;
  Step& step = copy.steps.at(static_cast<std::size_t>(index) - 1);
  std::vector<Message*> all;
  if (step.summary.key == key) all.push_back(&step.summary);
  for (auto& message : step.explanation) all.push_back(&message);
  for (auto& wake : step.wakes)
    for (auto& message : wake.explanation) all.push_back(&message);
  for (Message* message : all) {
    if (message->key != key) continue;
    for (auto& [argument, text] : message->args)
      if (argument == name) text = value;
    return copy;
  }
  FAIL("step " << index << " says no " << key);
  return copy;
}

// The same trace with a message nobody vouches for added to step `index`.
Trace unvetted(const Trace& trace, int index) {
  Trace copy = trace;
  copy.steps.at(static_cast<std::size_t>(index) - 1).explanation.push_back({"hotel.unvetted", {}});
  return copy;
}

// Two holds on one night (deadlines 10 s and 12 s), a callback for the first at 9 s and the expiry job at
// 11 s and 13 s: a small H2 written out, for the control and the readable run.
Scenario paid_then_expired() {
  Scenario scenario = emptied("h2_hold_expiry.toml", "paid_then_expired");
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(2)},
           {"available", integer(0)},
           {"sold", integer(0)}});
  for (int hold : {1, 2}) {
    add_row(scenario, "holds",
            {{"id", integer(hold)},
             {"request_key", "booking-" + std::to_string(hold)},
             {"state", "RESERVED"},
             {"deadline", integer(8 + 2 * hold)}});
    add_row(scenario, "hold_nights", {{"hold_id", integer(hold)}, {"room_night_id", "N1"}});
    add_row(scenario, "inventory_log",
            {{"room_night_id", "N1"},
             {"hold_id", integer(hold)},
             {"change", integer(-1)},
             {"counter", "available"},
             {"reason", "reserve"},
             {"at", integer(0)}});
  }
  add_actor(scenario, "callbacks");
  add_actor(scenario, "expiry_worker");
  add_event(scenario, "pay1", "callbacks", "payment_callback", 9,
            {{"event_id", std::string("evt_1")},
             {"hold", integer(1)},
             {"provider_payment_id", std::string("pay_1")}});
  add_event(scenario, "pay1_again", "callbacks", "payment_callback", 14,
            {{"event_id", std::string("evt_1")},
             {"hold", integer(1)},
             {"provider_payment_id", std::string("pay_1")}});
  add_event(scenario, "expiry", "expiry_worker", "expire_holds", 11);
  add_event(scenario, "expiry_again", "expiry_worker", "expire_holds", 13);
  return scenario;
}

// Two requests for a night of two rooms, both reading in a deferred transaction, then writing with one retry.
Scenario two_readers() {
  std::mt19937 random(7u);
  Scenario scenario = read_then_write(2, 2, random);
  for (auto& event : scenario.events) {
    if (event.action == "txn_read") event.args["begin"] = std::string("deferred");
    if (event.action == "txn_write") event.args["retries"] = integer(1);
  }
  return scenario;
}

// The step's explanation and its wake-ups', in one language.
std::string said(const Step& step, Lang lang) {
  std::vector<Message> all = step.explanation;
  for (const auto& wake : step.wakes) all.insert(all.end(), wake.explanation.begin(), wake.explanation.end());
  return render(all, lang);
}

TEST_CASE("the hotel cases' property test fails a tampered argument and a message nobody vouches for") {
  const ClaimRules rules = hotel_case_rules();
  std::mt19937 random(1u);
  // H4: three attempts under one key; the third makes three live holds, not two.
  const Scenario requests = duplicate_requests(3, 3, 1, random);
  const Trace booked = run_as_far_as_possible(requests, Model::naive, {"create1", "create2", "create3"});
  REQUIRE(checked(requests, booked, rules).empty());
  CHECK_FALSE(checked(requests, tampered(booked, 3, "h4.create.naive.again", "live", "2"), rules).empty());
  CHECK_FALSE(checked(requests, unvetted(booked, 1), rules).empty());
  // The atomic retry names the hold a lookup would find, not a fixed #1.
  const Trace answered = run_as_far_as_possible(requests, Model::atomic, {"create1", "create2"});
  REQUIRE(checked(requests, answered, rules).empty());
  CHECK_FALSE(checked(requests, tampered(answered, 2, "h4.create.atomic.locks", "hold", "7"), rules).empty());
  // H3: N2 sold out; the naive booking judges by N3, the last UPDATE it ran, and never took N2.
  const Scenario stay = stays({NightKind::free, NightKind::sold_out, NightKind::free}, {}, random);
  const Trace wrongly = run_as_far_as_possible(stay, Model::naive, {"A_N1", "A_N2", "A_N3", "A_book"});
  REQUIRE(checked(stay, wrongly, rules).empty());
  CHECK_FALSE(checked(stay, tampered(wrongly, 4, "h3.book.naive.wrongly", "last", "N2"), rules).empty());
  CHECK_FALSE(checked(stay, tampered(wrongly, 4, "h3.book.naive.wrongly", "skipped", "-"), rules).empty());
  CHECK_FALSE(checked(stay, unvetted(wrongly, 4), rules).empty());
  // H2: evt_1 delivered again is in the callback log; a message calling it unknown to the log is wrong.
  const Scenario payments = paid_then_expired();
  const Trace atomic =
      run_as_far_as_possible(payments, Model::atomic, {"pay1", "expiry", "expiry_again", "pay1_again"});
  REQUIRE(checked(payments, atomic, rules).empty());
  CHECK(atomic.steps[3].explanation.front().key == "hotel.callback.duplicate");
  CHECK_FALSE(
      checked(payments, tampered(atomic, 4, "hotel.callback.duplicate", "event", "evt_9"), rules).empty());
  const Trace naive = run_as_far_as_possible(payments, Model::naive, {"pay1", "expiry", "expiry_again"});
  REQUIRE(checked(payments, naive, rules).empty());
  CHECK_FALSE(
      checked(payments, tampered(naive, 3, "hotel.expire.naive.again", "releases", "1"), rules).empty());
  CHECK_FALSE(checked(payments, unvetted(naive, 2), rules).empty());
  // H7: the naive writer gives up after 1 + 1 tries and keeps its transaction.
  const Scenario readers = two_readers();
  const Trace stuck =
      run_as_far_as_possible(readers, Model::naive, {"R1_read", "R2_read", "R1_write", "R2_write"});
  REQUIRE(checked(readers, stuck, rules).empty());
  CHECK_FALSE(checked(readers, tampered(stuck, 4, "h7.naive.gives_up.summary", "tries", "3"), rules).empty());
  CHECK_FALSE(checked(readers, unvetted(stuck, 4), rules).empty());
}

// [SECTION] readable runs
TEST_CASE(
    "H4-like, three attempts under one key: the naive text counts the key's live holds, the atomic one names "
    "hold #1") {
  std::mt19937 random(1u);
  const Scenario requests = duplicate_requests(3, 3, 1, random);
  const Trace naive = run_as_far_as_possible(requests, Model::naive, {"create1", "create2", "create3"});
  const std::string third = said(naive.steps[2], Lang::en);
  CHECK(third.find("Request key booking-A already has hold(s) #1, #2") != std::string::npos);
  CHECK(third.find("The key now has 3 live hold(s) or booking(s), while the client asked for one") !=
        std::string::npos);
  CHECK(third.find("two rooms") == std::string::npos);
  CHECK(said(naive.steps[2], Lang::zh).find("这个键现在有 3 个有效预留或预订") != std::string::npos);
  // The invariant broke at the second attempt, and the engine says so there, not at the third.
  CHECK(said(naive.steps[1], Lang::en).find("one live hold or booking per request key no longer holds") !=
        std::string::npos);
  CHECK(third.find("no longer holds") == std::string::npos);
  const Trace atomic = run_as_far_as_possible(requests, Model::atomic, {"create1", "create2", "create3"});
  const std::string retry = said(atomic.steps[2], Lang::en);
  CHECK(retry.find("reads the booking the key already has (hold #1, RESERVED)") != std::string::npos);
  CHECK(retry.find("a lookup by key would have found hold #1 too") != std::string::npos);
  CHECK(said(atomic.steps[2], Lang::zh).find("所以按键查询也能找到预留 #1") != std::string::npos);
}

TEST_CASE(
    "H3-like, N2 sold out: the naive booking names N3 as its last UPDATE and says N2 has a row it never "
    "took") {
  std::mt19937 random(1u);
  const Scenario stay = stays({NightKind::free, NightKind::sold_out, NightKind::free}, {}, random);
  const Trace naive = run_as_far_as_possible(stay, Model::naive, {"A_N1", "A_N2", "A_N3", "A_book"});
  CHECK(said(naive.steps[1], Lang::en).find("changed 0 rows (sold out: available is 0)") !=
        std::string::npos);
  CHECK(said(naive.steps[1], Lang::en).find("The nights it already took (N1) stay taken.") !=
        std::string::npos);
  const std::string book = said(naive.steps[3], Lang::en);
  CHECK(book.find("The last UPDATE (N3) changed 1 row") != std::string::npos);
  CHECK(book.find("although this request never decremented N2") != std::string::npos);
  CHECK(book.find("N2 has an inventory row (available is 0)") != std::string::npos);
  CHECK(book.find("that night has no row to check") == std::string::npos);
  CHECK(said(naive.steps[3], Lang::zh).find("N2 有库存行（可售库存为 0），但这个请求没有在那一晚扣下房间") !=
        std::string::npos);
  // The first decrement leaves a room counted nowhere; the engine, not the action, names the invariant.
  const std::string first = said(naive.steps[0], Lang::en);
  CHECK(first.find("it is neither available, nor held, nor sold") != std::string::npos);
  CHECK(first.find("From this step, available + active holds + sold = capacity no longer holds") !=
        std::string::npos);
  CHECK(said(naive.steps[2], Lang::en).find("no longer holds") == std::string::npos);
}

TEST_CASE(
    "H2-like, a paid hold past its deadline: naive releases it though CONFIRMED, then again, atomic leaves "
    "it") {
  const Scenario payments = paid_then_expired();
  const std::vector<std::string> order = {"pay1", "expiry", "expiry_again", "pay1_again"};
  const Trace naive = run_as_far_as_possible(payments, Model::naive, order);
  CHECK(said(naive.steps[1], Lang::en)
            .find("Hold #1 was CONFIRMED, not RESERVED: the job marks it HOLD_EXPIRED") != std::string::npos);
  const std::string again = said(naive.steps[2], Lang::en);
  CHECK(again.find(
            "Hold #1 was already HOLD_EXPIRED and its room released before: the job releases it again, and "
            "inventory_log now has 2 release rows for it.") != std::string::npos);
  CHECK(again.find("Hold #2") == std::string::npos);  // #2 was RESERVED: nothing unusual to say of it
  CHECK(said(naive.steps[2], Lang::zh).find("inventory_log 里它的释放记录现在有 2 行") != std::string::npos);
  const Trace atomic = run_as_far_as_possible(payments, Model::atomic, order);
  // #1 was never released, so the job does not say "not released again".
  CHECK(render(atomic.steps[1].summary, Lang::en) == "expiry_worker: nothing due");
  CHECK(said(atomic.steps[1], Lang::en)
            .find("the holds past their deadline are #1 CONFIRMED: none is RESERVED, so the "
                  "job changes nothing.") != std::string::npos);
  CHECK(said(atomic.steps[1], Lang::zh).find("已过期限的预留是 #1 CONFIRMED：没有一个是 RESERVED") !=
        std::string::npos);
  CHECK(said(atomic.steps[3], Lang::en).find("Callback evt_1 was already handled") != std::string::npos);
  // The callback log records what each naive call did.
  const auto logged = records(*naive.steps.back().committed, "callbacks");
  REQUIRE(logged.size() == 1);
  CHECK(logged.front().at("outcome") == "confirmed");
}

TEST_CASE(
    "H7-like, two readers then writers: the deadlock names no 'other request' and the retry says what it "
    "read") {
  const Scenario readers = two_readers();
  const std::vector<std::string> order = {"R1_read", "R2_read", "R1_write", "R2_write"};
  const Trace naive = run_as_far_as_possible(readers, Model::naive, order);
  CHECK(said(naive.steps[2], Lang::en).find("inserts hold #1 and runs COMMIT") != std::string::npos);
  const std::string stuck = said(naive.steps[3], Lang::en);
  CHECK(stuck.find("R2 holds a read lock and needs the write lock another transaction holds") !=
        std::string::npos);
  CHECK(stuck.find("The other request") == std::string::npos);
  CHECK(stuck.find("its transaction stays open with its locks") != std::string::npos);
  CHECK(said(naive.steps[3], Lang::zh).find("R2 持有读锁，又需要另一个事务持有的写锁") != std::string::npos);
  const Trace atomic = run_as_far_as_possible(readers, Model::atomic, order);
  const std::string retried = said(atomic.steps[3], Lang::en);
  CHECK(retried.find(
            "The retried transaction reads available = 1 afresh, as it is committed now; the value read "
            "before the deadlock (2) is not used.") != std::string::npos);
  CHECK(said(atomic.steps[3], Lang::zh).find("重试的事务重新读取，得到 available = 1") != std::string::npos);
  CHECK(retried.find("after the other request committed") == std::string::npos);
}

// A hold of one room with its payment PENDING, for the H5 runs written out below.
Scenario one_pending_hold(const std::string& file, const std::string& id) {
  Scenario scenario = emptied(file, id);
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(1)},
           {"available", integer(0)},
           {"sold", integer(0)}});
  add_row(
      scenario, "holds",
      {{"id", integer(1)}, {"request_key", "booking-1"}, {"state", "RESERVED"}, {"deadline", integer(600)}});
  add_row(scenario, "hold_nights", {{"hold_id", integer(1)}, {"room_night_id", "N1"}});
  add_row(scenario, "inventory_log",
          {{"room_night_id", "N1"},
           {"hold_id", integer(1)},
           {"change", integer(-1)},
           {"counter", "available"},
           {"reason", "reserve"},
           {"at", integer(0)}});
  return scenario;
}

TEST_CASE(
    "H5-2-like, two attempts in one second: the naive key is not new, and a later attempt charges again") {
  Scenario scenario = one_pending_hold("h5_2_charge_timeout.toml", "same_second");
  add_row(scenario, "payments",
          {{"id", integer(1)},
           {"hold_id", integer(1)},
           {"provider_payment_id", "pay_1"},
           {"amount", integer(480)},
           {"currency", "CNY"},
           {"state", "PENDING"}});
  add_actor(scenario, "checkout");
  add_event(scenario, "charge1", "checkout", "charge_payment", 5,
            {{"provider_reply", std::string("timeout_after_charge")}});
  add_event(scenario, "charge2", "checkout", "charge_payment", 5,
            {{"provider_reply", std::string("success")}});
  add_event(scenario, "charge3", "checkout", "charge_payment", 9,
            {{"provider_reply", std::string("success")}});
  const ClaimRules rules = hotel_case_rules();
  const std::vector<std::string> order = {"charge1", "charge2", "charge3"};
  const Trace naive = run_as_far_as_possible(scenario, Model::naive, order);
  REQUIRE(checked(scenario, naive, rules).empty());
  const std::string same = said(naive.steps[1], Lang::en);
  CHECK(same.find(
            "under charge:pay_1:5, a key made from the clock as on every attempt; an earlier attempt in this "
            "same second made the same key") != std::string::npos);
  CHECK(same.find("under a new operation key") == std::string::npos);
  CHECK(render(naive.steps[1].summary, Lang::en) == "checkout: charged, one charge for pay_1");
  CHECK(said(naive.steps[1], Lang::zh).find("同一秒内更早的一次尝试生成了同一个键") != std::string::npos);
  CHECK(said(naive.steps[2], Lang::en).find("the customer has now paid 2 times for one booking") !=
        std::string::npos);
  CHECK_FALSE(
      checked(scenario, tampered(naive, 3, "recovery.charge.naive.twice", "charges", "3"), rules).empty());
  CHECK_FALSE(checked(scenario,
                      tampered(naive, 2, "recovery.charge.naive.call.same_key", "key", "charge:pay_1:4"),
                      rules)
                  .empty());
  const Trace atomic = run_as_far_as_possible(scenario, Model::atomic, order);
  REQUIRE(checked(scenario, atomic, rules).empty());
  CHECK(said(atomic.steps[1], Lang::en)
            .find("Payment pay_1 is UNKNOWN, so checkout first asks the provider about "
                  "charge:pay_1 instead of charging blindly.") != std::string::npos);
  CHECK(said(atomic.steps[1], Lang::en).find("after a timeout") == std::string::npos);
  CHECK(render(atomic.steps[2].summary, Lang::en) == "checkout: already charged");
}

TEST_CASE(
    "H5-3-like, the service crashes before it sends: the lost message is named without a crash claimed") {
  Scenario scenario = one_pending_hold("h5_3_outbox.toml", "lost_message");
  add_actor(scenario, "booking_service");
  add_event(scenario, "confirm", "booking_service", "confirm_booking", 1, {{"hold", integer(1)}});
  add_event(scenario, "crash", "booking_service", "crash", 2);
  add_event(scenario, "restart", "booking_service", "restart", 3);
  add_event(scenario, "notify", "booking_service", "send_messages", 4);
  const ClaimRules rules = hotel_case_rules();
  const Trace naive =
      run_as_far_as_possible(scenario, Model::naive, {"confirm", "crash", "restart", "notify"});
  REQUIRE(checked(scenario, naive, rules).empty());
  const std::string lost = said(naive.steps[3], Lang::en);
  CHECK(lost.find("booking_service has no message in memory to send. CONFIRMED in the database, yet with no "
                  "booking.confirmed message ever received and none in an outbox row: #1.") !=
        std::string::npos);
  CHECK(lost.find("the crash wiped it") == std::string::npos);
  CHECK(said(naive.steps[3], Lang::zh).find("也不在任何 outbox 行里的预留：#1") != std::string::npos);
  const Trace atomic =
      run_as_far_as_possible(scenario, Model::atomic, {"confirm", "crash", "restart", "notify"});
  REQUIRE(checked(scenario, atomic, rules).empty());
  CHECK(said(atomic.steps[3], Lang::en)
            .find("a message it commits goes into the outbox together with the booking, and "
                  "the outbox relay delivers it (1 unsent row(s) now)") != std::string::npos);
}

TEST_CASE(
    "H5-6-like, a refund retried: 'forgotten' only for a key the provider had, the extra refund counted") {
  Scenario scenario = emptied("h5_6_retention.toml", "refund_retry");
  add_row(scenario, "room_inventory",
          {{"room_night_id", "N1"},
           {"night", "2026-12-01"},
           {"capacity", integer(2)},
           {"available", integer(2)},
           {"sold", integer(0)}});
  for (int task : {1, 2}) {
    const std::string payment = "pay_" + std::to_string(task);
    add_row(scenario, "holds",
            {{"id", integer(task)},
             {"request_key", "booking-" + std::to_string(task)},
             {"state", "HOLD_EXPIRED"},
             {"deadline", integer(5)}});
    add_row(scenario, "payments",
            {{"id", integer(task)},
             {"hold_id", integer(task)},
             {"provider_payment_id", payment},
             {"amount", integer(480)},
             {"currency", "CNY"},
             {"state", "SUCCEEDED"}});
    add_row(scenario, "refund_tasks",
            {{"id", integer(task)},
             {"payment_id", integer(task)},
             {"op_key", "refund:" + payment},
             {"state", "PENDING"},
             {"created_at", integer(6)}});
    add_row(scenario, "provider_ledger",
            {{"op_key", "charge:" + payment},
             {"payment_id", payment},
             {"kind", "charge"},
             {"amount", integer(480)},
             {"state", "SUCCEEDED"}});
  }
  // pay_1 was refunded under its task's key before; pay_2 never was.
  add_row(scenario, "provider_ledger",
          {{"op_key", "refund:pay_1"},
           {"payment_id", "pay_1"},
           {"kind", "refund"},
           {"amount", integer(480)},
           {"state", "SUCCEEDED"}});
  add_actor(scenario, "refund_worker");
  add_event(scenario, "retry", "refund_worker", "refund_retry", 110, {{"provider_key_expired", integer(1)}});
  const ClaimRules rules = hotel_case_rules();
  const Trace naive = run_as_far_as_possible(scenario, Model::naive, {"retry"});
  REQUIRE(checked(scenario, naive, rules).empty());
  const std::string text = said(naive.steps[0], Lang::en);
  CHECK(text.find(
            "the provider books this call as a new operation, refund:pay_1@110 (SUCCEEDED). It now holds 2 "
            "successful refund(s) of pay_1.") != std::string::npos);
  CHECK(text.find("One payment refunded 2 times") != std::string::npos);
  CHECK(text.find("refund:pay_2 is past it") ==
        std::string::npos);  // pay_2's key was never used: nothing to forget
  CHECK(text.find("The provider answers: succeeded (refund:pay_2).") != std::string::npos);
  CHECK(said(naive.steps[0], Lang::zh).find("同一笔支付退款了 2 次") != std::string::npos);
  const Trace atomic = run_as_far_as_possible(scenario, Model::atomic, {"retry"});
  REQUIRE(checked(scenario, atomic, rules).empty());
  CHECK(said(atomic.steps[0], Lang::en).find("pay_1 already has a SUCCEEDED refund (refund:pay_1)") !=
        std::string::npos);
  CHECK(said(atomic.steps[0], Lang::en).find("Task 2: the provider has no successful refund of pay_2") !=
        std::string::npos);
}

TEST_CASE(
    "H6-like, the provider answers after 30 s: the naive text says the lock was held 30 s, not that it was "
    "quick") {
  std::mt19937 random(2u);
  Scenario scenario = payment_calls(2, random);
  for (auto& event : scenario.events) {
    if (event.id == "A1") event.args["hold_seconds"] = integer(600);
    if (event.id == "A2") event.args["answer"] = std::string("success");
    if (event.id == "A2") event.time = 30;
    if (event.id == "B1") event.time = 5;
  }
  scenario.events.erase(std::remove_if(scenario.events.begin(), scenario.events.end(),
                                       [](const Event& event) { return event.actor == "C"; }),
                        scenario.events.end());
  scenario.actors.erase(std::remove_if(scenario.actors.begin(), scenario.actors.end(),
                                       [](const Actor& actor) { return actor.id == "C"; }),
                        scenario.actors.end());
  const ClaimRules rules = hotel_case_rules();
  const Trace naive = run_as_far_as_possible(scenario, Model::naive, {"A1", "B1", "A2"});
  REQUIRE(checked(scenario, naive, rules).empty());
  const std::string answer = said(naive.steps[2], Lang::en);
  CHECK(answer.find("It held the write lock for 30 s, from 0 s to 30 s") != std::string::npos);
  CHECK(answer.find("quick") == std::string::npos);
  CHECK(said(naive.steps[2], Lang::zh).find("它占着写锁 30 秒（从 0 秒到 30 秒）") != std::string::npos);
  const Trace atomic = run_as_far_as_possible(scenario, Model::atomic, {"A1", "B1", "A2"});
  REQUIRE(checked(scenario, atomic, rules).empty());
  CHECK(said(atomic.steps[2], Lang::en).find("marks the payment SUCCEEDED and confirms hold #1") !=
        std::string::npos);
}

// [SECTION] the bundled cases
// A preset's order, times and arguments written into the scenario's events, so checks that read an event's
// arguments see what the preset ran.
Scenario with_preset(Scenario scenario, const Preset& preset) {
  for (auto& event : scenario.events) {
    if (auto time = preset.times.find(event.id); time != preset.times.end()) event.time = time->second;
    if (auto args = preset.args.find(event.id); args != preset.args.end())
      for (const auto& [name, value] : args->second) event.args[name] = value;
  }
  scenario.presets.clear();
  return scenario;
}

TEST_CASE("every preset of the bundled H2-H7 cases agrees with the same claim rules, in both models") {
  const ClaimRules rules = hotel_case_rules();
  int traces = 0;
  for (const char* file : {"h2_hold_expiry.toml", "h3_three_nights.toml", "h3b_missing_night.toml",
                           "h4_duplicate_request.toml", "h5_1_late_payment.toml", "h5_2_charge_timeout.toml",
                           "h5_3_outbox.toml", "h5_4_refund_crash.toml", "h5_5_out_of_order.toml",
                           "h5_6_retention.toml", "h6_payment_in_transaction.toml", "h7_lock_order.toml"}) {
    const Scenario bundled = test::bundled(file);
    for (const auto& preset : bundled.presets) {
      const Scenario scenario = with_preset(bundled, preset);
      for (Model model : {Model::naive, Model::atomic}) {
        INFO(file << " " << preset.name << " " << model_name(model));
        const Trace trace = run_as_far_as_possible(scenario, model, preset.order);
        for (const auto& problem : checked(scenario, trace, rules)) FAIL_CHECK(problem);
        ++traces;
      }
    }
  }
  CHECK(traces > 50);
}

}  // namespace
