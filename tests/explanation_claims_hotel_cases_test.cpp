// Explanations true for any scenario file, the hotel cases beyond the last room: variants of H4 (attempts
// under one or several request keys), H3 (stays of 1-4 nights, some sold out or missing), H2/H5-1 (holds
// with deadlines, payments before, at or after them, duplicate and late callbacks, expiry runs, crashes,
// pruned callback records, the refund worker) and H7 (requests that read, then write), in random
// lane-respecting orders under both models. Every message of every step is held against that step's
// state (tests/claims/claim_support.hpp) or declared claim-free.
// The variants, the state they read and the rules per case are in tests/claims/hotel_cases.hpp.
// [SECTION] index: the rules of every case · the property test · controls · readable runs · the bundled cases
#include <doctest/doctest.h>

#include "core/sim/message.hpp"
#include "tests/claims/hotel_cases.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::claims;
using namespace reslab::claims::hotel_cases;

namespace {

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
  add_room_night(scenario, "N1", "2026-12-01", 2, 0);
  for (int hold : {1, 2}) add_reserved_hold(scenario, hold, 8 + 2 * hold);
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
  CHECK(stuck.find("R2 holds a read lock and needs the write lock of another transaction") !=
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
  add_room_night(scenario, "N1", "2026-12-01", 1, 0);
  add_reserved_hold(scenario, 1, 600);
  return scenario;
}

TEST_CASE(
    "H5-2-like, two attempts in one second: the naive key is not new, and a later attempt charges again") {
  Scenario scenario = one_pending_hold("h5_2_charge_timeout.toml", "same_second");
  add_payment(scenario, 1, 1, "pay_1", "PENDING");
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
  add_room_night(scenario, "N1", "2026-12-01", 2, 2);
  for (int task : {1, 2}) {
    const std::string payment = "pay_" + std::to_string(task);
    add_pending_refund(scenario, {task, task, payment, 5, 6});
    add_ledger_entry(scenario, "charge:" + payment, payment, "charge", "SUCCEEDED");
  }
  // pay_1 was refunded under its task's key before; pay_2 never was.
  add_ledger_entry(scenario, "refund:pay_1", "pay_1", "refund", "SUCCEEDED");
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
  CHECK(said(naive.steps[2], Lang::zh).find("它占着写锁 30 秒（从第 0 秒到第 30 秒）") != std::string::npos);
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
