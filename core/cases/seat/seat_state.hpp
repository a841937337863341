#pragma once
// A seat, its orders and their reconciliation items as a committed state shows them. Explanations take
// their facts from here (who holds a seat and until when, how many orders claim it, what is already
// queued for a payment), so what they say is what the tables say, whatever the scenario's seats, buyers
// or order of events.
#include <string>
#include <vector>

#include "core/sim/snapshot.hpp"

namespace reslab::seat {

struct SeatRow {
  bool found = false;
  std::string state;  // free, held or sold
  Value order_id;     // NULL when no order
  Value expires_at;
};

struct OrderRow {
  bool found = false;
  std::string seat;
  std::string state;  // held, paid, expired, refund_pending or refunded
  Value expires_at;
};

struct ReconciliationRow {
  bool found = false;
  std::string id;
  std::string order_id;
  std::string provider_payment_id;
  std::string reason;
  std::string state;
};

SeatRow seat_row(const CommittedState& state, const std::string& seat);
OrderRow order_row(const CommittedState& state, const Value& order_id);
// The orders that claim `seat` (held or paid, whether or not past expires_at), by id.
std::vector<std::string> live_orders(const CommittedState& state, const std::string& seat);
// Every reconciliation item, in id order.
std::vector<ReconciliationRow> reconciliations(const CommittedState& state);
// The state of the payments row of a provider payment id; "" when there is none.
std::string payment_state(const CommittedState& state, const std::string& provider_payment_id);

}  // namespace reslab::seat
