#pragma once
// The code of the seat family's actions (T2 hand-over and late callbacks, T3 queue tickets, T4 lease
// locks), one function per model (or one for both), named in the family's action table
// (core/cases/seat/family.cpp); and the hold steps the actions share.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/sim/action_context.hpp"

namespace reslab::seat {

// T2: a buyer holds a seat, pays; the provider calls back; a worker reconciles.
std::string seat_hold_naive(ActionContext& ctx);
std::string seat_hold_atomic(ActionContext& ctx);
std::string seat_pay_naive(ActionContext& ctx);
std::string seat_pay_atomic(ActionContext& ctx);
std::string seat_callback_naive(ActionContext& ctx);
std::string seat_callback_atomic(ActionContext& ctx);
std::string seat_reconcile_naive(ActionContext& ctx);
std::string seat_reconcile_atomic(ActionContext& ctx);
// T3: the queue hands out admission tickets; a buyer holds a seat with one.
std::string queue_enter(ActionContext& ctx);
std::string seat_hold_with_ticket_naive(ActionContext& ctx);
std::string seat_hold_with_ticket_atomic(ActionContext& ctx);
// T4: a lease lock on a seat, a process pause, a hold made under the lock.
std::string lock_seat(ActionContext& ctx);
std::string pause(ActionContext& ctx);
std::string seat_hold_with_lock_naive(ActionContext& ctx);
std::string seat_hold_with_lock_atomic(ActionContext& ctx);

// [SECTION] shared by the hold actions (hold_actions.cpp)

inline const std::string kBeginImmediate = "BEGIN IMMEDIATE";
inline const std::string kCommit = "COMMIT";
inline const std::string kRollback = "ROLLBACK";

// "o1": how the ticketing article names orders; the table shows the bare id.
std::string order_label(const Value& order_id);

// What a hold attempt did, for the caller's explanation.
struct HoldAttempt {
  bool taken = false;
  Value order_id;                 // the new order (NULL when its insert failed)
  std::string seat_state;         // the seat as it was read: free, held, sold, or "" when missing
  Value previous_order_id;        // the order the seat pointed at, NULL when none
  std::string previous_order;     // "o1" for that order, else ""
  Value previous_expires_at;      // its hold's expires_at
  bool previous_expired = false;  // held, and now < expires_at no longer holds
  bool overwrote_owner = false;   // naive: the seat still belonged to another order, held or sold
  bool stale_previous = false;    // naive, written blind: the seat named an order whose hold had ended
  std::size_t live_after = 0;     // naive: the orders that claim the seat after the write, this one included
  std::string live_list;          // those orders, "o1, o3"
  std::string duplicate_code;     // the constraint code when the request key was already used
};

// Reads the seat and, if another order's hold has passed its expires_at, says so.
HoldAttempt read_seat(ActionContext& ctx, const std::string& seat);

// atomic, inside the caller's open transaction: expires an expired holder, inserts the order
// and lets one conditional UPDATE decide. On 0 rows the caller must roll back.
HoldAttempt conditional_hold(ActionContext& ctx, const std::string& seat, const std::string& request_key);

// naive: inserts the order and points the seat at it with an unconditional UPDATE, each
// statement autocommitted. The caller decided beforehand whether it "may" take the seat.
HoldAttempt overwrite_hold(ActionContext& ctx, const std::string& seat, const std::string& request_key,
                           HoldAttempt read);

// The explanation and outcome of a finished attempt. `how`: "atomic", "naive" (read, then wrote)
// or "blind" (naive code that wrote without reading the seat).
std::string report_hold(ActionContext& ctx, const HoldAttempt& attempt, const std::string& seat,
                        const std::string& how);

}  // namespace reslab::seat
