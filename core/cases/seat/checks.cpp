// The seat cases' figures and invariants (SPEC section 2), each one query over
// the committed tables. A seat is free, held or sold; an order is held, paid,
// expired, refund_pending or refunded. Holds are counted by order, so two
// orders claiming one seat show up as two holds.
#include "core/cases/shared/checks.hpp"

#include <functional>
#include <map>

#include "core/cases/seat/family.hpp"
#include "core/cases/shared/state_checks.hpp"

namespace reslab::seat {
namespace {

using checks::counted_rows;
using checks::number;
using checks::query;
using checks::single_value;

// Orders that still claim their seat, whether or not past expires_at.
const char* const kLiveOrderStates = "('held', 'paid')";

Figure booking_state(Session& observer) {
  const auto rows = query(observer, "SELECT state FROM orders ORDER BY id LIMIT 2");
  return {"booking_state", rows.rows.size() == 1 ? rows.rows[0][0] : Value{}, {}};
}

InvariantResult capacity_balance(Session& observer) {
  const auto row = query(observer,
                         "SELECT (SELECT COUNT(*) FROM seats WHERE state = 'free'),"
                         " (SELECT COUNT(*) FROM orders WHERE state = 'held'),"
                         " (SELECT COUNT(*) FROM seats WHERE state = 'sold'),"
                         " (SELECT COUNT(*) FROM seats)")
                       .rows.at(0);
  const bool balanced = as_int(row[0]) + as_int(row[1]) + as_int(row[2]) == as_int(row[3]);
  const std::string detail = number(row[0]) + " + " + number(row[1]) + " + " + number(row[2]) +
                             (balanced ? " = " : " != ") + number(row[3]);
  return {"capacity_balance", balanced, {"invariant.detail.plain", {{"text", detail}}}};
}

InvariantResult sold_matches_bookings(Session& observer) {
  const auto row = query(observer,
                         "SELECT (SELECT COUNT(*) FROM seats WHERE state = 'sold'),"
                         " (SELECT COUNT(*) FROM orders WHERE state = 'paid')")
                       .rows.at(0);
  const bool holds = as_int(row[0]) == as_int(row[1]);
  return {"sold_matches_bookings",
          holds,
          {holds ? "seat.invariant.sold_matches.ok" : "seat.invariant.sold_matches.broken",
           {{"sold", number(row[0])}, {"paid", number(row[1])}}}};
}

InvariantResult one_owner_per_seat(Session& observer) {
  const auto claims = query(observer, std::string("SELECT seat_id, id, state FROM orders WHERE state IN ") +
                                          kLiveOrderStates + " AND seat_id IS NOT NULL ORDER BY seat_id, id");
  // Group in C++ so the listed order never depends on group_concat.
  std::map<std::string, std::vector<std::string>> owners;
  for (const auto& row : claims.rows)
    owners[to_display(row[0])].push_back("o" + to_display(row[1]) + " (" + to_display(row[2]) + ")");
  std::string list;
  for (const auto& [seat, orders] : owners) {
    if (orders.size() < 2) continue;
    if (!list.empty()) list += "; ";
    list += seat + ": ";
    for (std::size_t i = 0; i < orders.size(); ++i) list += (i ? ", " : "") + orders[i];
  }
  if (!list.empty()) return {"one_owner_per_seat", false, {"seat.invariant.owner.broken", {{"list", list}}}};
  return {
      "one_owner_per_seat", true, {"seat.invariant.owner.ok", {{"count", std::to_string(owners.size())}}}};
}

InvariantResult one_refund_per_payment(Session& observer) {
  const auto items =
      query(observer,
            "SELECT provider_payment_id, COUNT(*) FROM reconciliations WHERE state = 'REFUNDED'"
            " GROUP BY provider_payment_id HAVING COUNT(*) > 1 ORDER BY 1");
  const auto refunds = query(observer,
                             "SELECT payment_id, COUNT(*) FROM provider_ledger WHERE kind = 'refund'"
                             " AND state = 'SUCCEEDED' GROUP BY payment_id HAVING COUNT(*) > 1 ORDER BY 1");
  if (items.rows.empty() && refunds.rows.empty()) {
    const Value count = single_value(
        observer, "SELECT COUNT(*) FROM provider_ledger WHERE kind = 'refund' AND state = 'SUCCEEDED'");
    return {"one_refund_per_payment", true, {"seat.invariant.refund.ok", {{"count", number(count)}}}};
  }
  const std::string list = counted_rows(items);
  const std::string refunded = counted_rows(refunds);
  return {"one_refund_per_payment",
          false,
          {"seat.invariant.refund.broken", {{"items", list}, {"refunds", refunded}}}};
}

// Sold only while now < expires_at: an order paid at or after the end of its hold took a seat the
// hold no longer gave it (T2's tie at the deadline).
InvariantResult confirmed_before_deadline(Session& observer) {
  const auto late =
      query(observer,
            "SELECT id, paid_at, expires_at FROM orders WHERE state = 'paid' AND paid_at IS NOT NULL"
            " AND expires_at IS NOT NULL AND paid_at >= expires_at ORDER BY id");
  if (late.rows.empty()) {
    const Value paid = single_value(observer, "SELECT COUNT(*) FROM orders WHERE state = 'paid'");
    return {"confirmed_before_deadline", true, {"seat.invariant.deadline.ok", {{"count", number(paid)}}}};
  }
  std::string list;
  for (const auto& row : late.rows)
    list += (list.empty() ? std::string() : std::string(", ")) + "o" + number(row[0]) + " @" +
            number(row[1]) + "s >= " + number(row[2]) + "s";
  return {"confirmed_before_deadline", false, {"seat.invariant.deadline.broken", {{"list", list}}}};
}

}  // namespace

std::vector<Figure> read_figures(Session& observer, const std::vector<std::string>& names) {
  using checks::single_value_figure;
  static const std::map<std::string, checks::FigureReader> readers = {
      {"capacity", single_value_figure("capacity", "SELECT COUNT(*) FROM seats")},
      {"available", single_value_figure("available", "SELECT COUNT(*) FROM seats WHERE state = 'free'")},
      {"sold", single_value_figure("sold", "SELECT COUNT(*) FROM seats WHERE state = 'sold'")},
      {"active_holds",
       single_value_figure("active_holds", "SELECT COUNT(*) FROM orders WHERE state = 'held'")},
      {"paid_orders", single_value_figure("paid_orders", "SELECT COUNT(*) FROM orders WHERE state = 'paid'")},
      {"booking_state", booking_state},
  };
  return checks::read_named(observer, names, readers);
}

std::vector<InvariantResult> check_invariants(const CheckInputs& inputs) {
  using checks::on_observer;
  static const std::map<std::string, checks::InvariantCheck> all = {
      {"capacity_balance", on_observer(capacity_balance)},
      {"sold_matches_bookings", on_observer(sold_matches_bookings)},
      {"one_owner_per_seat", on_observer(one_owner_per_seat)},
      {"one_refund_per_payment", on_observer(one_refund_per_payment)},
      {"confirmed_before_deadline", on_observer(confirmed_before_deadline)},
  };
  return checks::check_named(inputs, all);
}

std::vector<InvariantResult> check_state_invariants(const StateInputs& inputs) {
  std::vector<InvariantResult> results;
  for (const auto& name : inputs.names) {
    if (name == "every_charge_accounted")
      results.push_back(checks::every_charge_accounted(
          inputs, {{"payments", "provider_payment_id"}, {"reconciliations", "provider_payment_id"}}));
    else if (name == "no_transaction_left_open")
      results.push_back(checks::no_transaction_left_open(inputs));
  }
  return results;
}

}  // namespace reslab::seat
