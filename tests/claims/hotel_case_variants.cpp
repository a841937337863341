// Scenario variants of the hotel cases for their claim tests: H4, H3, H2/H5-1, H7, H5-2/5, H5-3, H5-4/6 and
// H6 built from the bundled files with other capacities, requests, holds and times.
#include <algorithm>

#include "tests/claims/hotel_cases.hpp"

namespace reslab::claims::hotel_cases {

Value integer(std::int64_t value) {
  return Value{value};
}

std::string night_id(int night) {
  return "N" + std::to_string(night);
}

// H4: `attempts` create requests for one night of `capacity` rooms, each under one of `keys` request keys.
Scenario duplicate_requests(int capacity, int attempts, int keys, std::mt19937& random) {
  Scenario scenario =
      emptied("h4_duplicate_request.toml", "requests_" + std::to_string(capacity) + "_" +
                                               std::to_string(attempts) + "_" + std::to_string(keys));
  add_room_night(scenario, "N1", "2026-12-01", capacity, capacity);
  for (int i = 1; i <= attempts; ++i) {
    const std::string actor = "attempt" + std::to_string(i);
    add_actor(scenario, actor);
    const std::string key = std::string("booking-") + static_cast<char>('A' + pick(random, 0, keys - 1));
    add_event(scenario, "create" + std::to_string(i), actor, "create_booking", i, {{"request_key", key}});
  }
  return scenario;
}

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
    add_room_night(scenario, night, date, capacity, sold ? 0 : capacity, sold ? 1 : 0);
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
  add_room_night(scenario, "N1", "2026-12-01", holds + earlier_refund, earlier_refund);
  if (earlier_refund) {
    add_pending_refund(scenario, {holds + 1, 1, "pay_early", 3, 4});
    const int ledger = pick(random, 0, 2);
    if (ledger > 0) add_ledger_entry(scenario, "charge:pay_early", "pay_early", "charge", "SUCCEEDED");
    if (ledger > 1) add_ledger_entry(scenario, "refund:pay_early", "pay_early", "refund", "SUCCEEDED");
  }
  std::vector<int> deadlines;
  for (int hold = 1; hold <= holds; ++hold) {
    deadlines.push_back(pick(random, 5, 20));
    add_reserved_hold(scenario, hold, deadlines.back());
    if (pick(random, 0, 5) > 0)
      add_ledger_entry(scenario, "charge:pay_" + std::to_string(hold), "pay_" + std::to_string(hold),
                       "charge", "SUCCEEDED");
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
  add_room_night(scenario, "N1", "2026-12-01", capacity, capacity);
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
  add_room_night(scenario, "N1", "2026-12-01", holds, 0);
  for (int hold = 1; hold <= holds; ++hold) {
    const std::string payment = "pay_" + std::to_string(hold);
    add_reserved_hold(scenario, hold, pick(random, 8, 40));
    add_payment(scenario, hold, hold, payment, "PENDING");
    if (pick(random, 0, 3) == 0)
      add_ledger_entry(scenario, "charge:" + payment, payment, "charge", "SUCCEEDED");
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
  add_room_night(scenario, "N1", "2026-12-01", holds, 0);
  for (int hold = 1; hold <= holds; ++hold) {
    add_reserved_hold(scenario, hold, pick(random, 0, 3) ? 600 : 2);
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
  add_room_night(scenario, "N1", "2026-12-01", tasks, tasks);
  for (int task = 1; task <= tasks; ++task) {
    const std::string payment = "pay_" + std::to_string(task);
    add_pending_refund(scenario, {task, task, payment, 10, 12});
    if (pick(random, 0, 4) > 0)
      add_ledger_entry(scenario, "charge:" + payment, payment, "charge", "SUCCEEDED");
    if (const int earlier = pick(random, 0, 3); earlier > 1)
      add_ledger_entry(scenario, "refund:" + payment, payment, "refund",
                       std::string(earlier == 2 ? "SUCCEEDED" : "FAILED"));
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
  add_room_night(scenario, "N1", "2026-12-01", capacity, capacity);
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

}  // namespace reslab::claims::hotel_cases
