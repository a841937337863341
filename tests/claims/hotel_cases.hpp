#pragma once
// The claim tests of the hotel cases beyond the last room (tests/explanation_claims_hotel_cases_test.cpp):
// the scenario variants they generate, what they read off a step's state, and the claim rules of each case
// (hotel_*_rules.cpp). Each part in a file of its own; the rules for every case are hotel_case_rules().
#include <cstdint>
#include <initializer_list>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/sim/message.hpp"
#include "tests/claims/claim_support.hpp"
#include "tests/claims/scenario_variants.hpp"

namespace reslab::claims::hotel_cases {

// [SECTION] variants (hotel_case_variants.cpp)
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

Value integer(std::int64_t value);
std::string night_id(int night);

// The hotel tables' starting rows, one kind of row a function (amounts are 480 CNY).
// A night of room_inventory.
void add_room_night(Scenario& scenario, const std::string& night, const std::string& date,
                    std::int64_t capacity, std::int64_t available, std::int64_t sold = 0);
// A RESERVED hold on N1 until `deadline`, its room taken at 0 (hold_nights and the reserve logged).
void add_reserved_hold(Scenario& scenario, int hold, std::int64_t deadline);
void add_payment(Scenario& scenario, int row, int hold, const std::string& payment, const std::string& state);
// What the provider's books hold for one operation key.
void add_ledger_entry(Scenario& scenario, const std::string& op_key, const std::string& payment,
                      const std::string& kind, const std::string& state);
// A refund waiting to be made: a hold on N1 that expired at `expired_at` (its room taken and released
// then), its SUCCEEDED payment `payment` in row `row`, and refund task `row` PENDING since `queued_at`
// under the payment's own key.
struct PendingRefundRows {
  int hold;
  int row;
  std::string payment;
  std::int64_t expired_at;
  std::int64_t queued_at;
};
void add_pending_refund(Scenario& scenario, const PendingRefundRows& refund);
// H4: `attempts` create requests for one night of `capacity` rooms, each under one of `keys` request keys.
Scenario duplicate_requests(int capacity, int attempts, int keys, std::mt19937& random);
Scenario stays(const std::vector<NightKind>& nights, const StayShape& shape, std::mt19937& random);
// H2/H5-1: 1-4 RESERVED holds on one night, each with a deadline and a charge the provider holds (or,
// now and then, none); callbacks for each hold before, at or after its deadline, some failed, some
// repeated under the same or a new event id, handled by one or two lanes; an expiry job that may crash
// and restart; sometimes a retention job pruning callback records; the refund worker at the end, which
// sometimes also finds an earlier expired hold's refund PENDING (as in H5-4), charged or not, perhaps
// already refunded under the task's key.
Scenario late_payments(int holds, std::mt19937& random);
// H7: 2-4 requests for one night of `capacity` rooms, each reading in a deferred or immediate
// transaction, then writing with 0-3 retries.
Scenario read_then_write(int capacity, int requests, std::mt19937& random);
// H5-2/H5-5: 1-3 RESERVED holds with a PENDING payment each (some already charged at the provider); a
// checkout that charges them with scripted replies (success, failure, a timeout after or before the
// charge), callbacks in both handlers' shapes (payment_callback, payment_event) that succeed or fail,
// some repeated; sometimes the expiry job and the refund worker.
Scenario charges(int holds, std::mt19937& random);
// H5-3: 1-2 holds (one now and then already past its deadline) confirmed by a booking service that
// may crash before it sends, and an outbox relay that may crash between delivering and marking sent.
Scenario confirmations(int holds, std::mt19937& random);
// H5-4/H5-6: 1-2 expired holds whose payments wait for a refund (the provider charged them, or not, and
// may have refunded one already under the task's key); a refund worker that calls the provider, may
// crash before recording, and runs again as the worker or the retry (the key maybe forgotten by then);
// sometimes a second instance.
Scenario pending_refunds(int tasks, std::mt19937& random);
// H6: a night of 1-3 rooms; request A holds a room for 5-60 s and calls the provider, whose answer (paid,
// or a timeout) comes 2-40 s later; 1-2 other requests book the same night meanwhile.
Scenario payment_calls(int capacity, std::mt19937& random);

// [SECTION] reading the state (hotel_case_state.cpp)
// The trace whose steps are being checked (set by checked()), for the checks that need the step before.
extern const Trace* g_trace;
std::int64_t number(const std::string& text);
std::string available_of(const CommittedState& state, const std::string& night);
bool has_night(const CommittedState& state, const std::string& night);
std::string hold_state(const CommittedState& state, const std::string& hold);
bool live(const std::string& state);
// "#1, #2" for the holds of a list of records, in table order.
std::string hold_list(const std::vector<Record>& holds);
std::vector<std::string> split(const std::string& text, const std::string& separator);
std::string joined(const std::vector<std::string>& items);
// A listed "a, b" in sorted order, for lists whose order the database chooses.
std::string sorted(const std::string& listed);
std::vector<std::string> nights_of_hold(const CommittedState& state, const std::string& hold);
int releases_of(const CommittedState& state, const std::string& hold);
// The refund task of a payment (its key is derived from the payment), or an empty record.
Record refund_task(const CommittedState& state, const std::string& payment);
bool task_appeared(const StepView& view, const std::string& payment);
// Tasks that were PENDING before the step and are in `state` after it.
std::vector<Record> tasks_now(const StepView& view, const std::string& state);
std::string payment_of_task(const CommittedState& state, const std::string& task);
bool ledger_has(const CommittedState& state, const std::string& key);
bool charged(const CommittedState& state, const std::string& payment);
// Holds past their deadline at `now`, in table order.
std::vector<Record> due_holds(const CommittedState& state, std::int64_t now);
const std::vector<ActorStatus>& statuses_before(const StepView& view);
std::vector<std::string> checked(const Scenario& scenario, const Trace& trace, const ClaimRules& rules,
                                 std::set<std::string>* seen = nullptr);
// Whether the explanation that holds `message` (the step's or a wake-up's) says one of `keys` after it.
bool said_after(const StepView& view, const Message& message, std::initializer_list<const char*> keys);
std::string all_of(std::initializer_list<std::string> problems);
// A committed decrement of `night` leaving the message's `available`: one lower than before the step and
// what the step leaves, or, said by a wake-up after another commit, between the two.
std::string took_one(const StepView& v, const Message& m, const std::string& night);

// [SECTION] rules per case (hotel_request_rules.cpp, hotel_payment_rules.cpp, hotel_lock_rules.cpp,
// hotel_recovery_rules.cpp)
// H4: one night, create_booking in both models.
void add_request_rules(ClaimRules& rules);
// H3: reserve_night and book_nights in both models.
void add_stay_rules(ClaimRules& rules);
// H2 and H5-1: the expiry job, the payment callbacks, the retention job and the refund worker.
void add_payment_rules(ClaimRules& rules);
// H7: txn_read and txn_write in both models.
void add_lock_order_rules(ClaimRules& rules);
// H6: book_and_pay and provider_answer (the other requests' create_booking is H4's).
void add_payment_call_rules(ClaimRules& rules);
// H5-2/H5-5: the checkout's charges, the provider's side, and the payment_event handler.
void add_charge_rules(ClaimRules& rules);
// H5-3: confirm_booking, send_messages, relay_send and relay_ack, and the consumer.
void add_outbox_rules(ClaimRules& rules);
// H5-4/H5-6: refund_call and refund_retry (the refund worker's own messages are in add_payment_rules).
void add_refund_call_rules(ClaimRules& rules);

}  // namespace reslab::claims::hotel_cases
