// The seat cases' figures and invariants (SPEC section 2), computed from the committed tables of the
// snapshot; each says in SQL, beside it, the rule it checks. A seat is free, held or sold; an order is
// held, paid, expired, refund_pending or refunded. Holds are counted by order, so two orders claiming
// one seat show up as two holds.
#include "core/cases/shared/checks.hpp"

#include <functional>
#include <map>

#include "core/cases/seat/family.hpp"
#include "core/cases/shared/state_checks.hpp"

namespace reslab::seat {
namespace {

using checks::count_where;
using checks::counted_rows;
using checks::number;
using checks::TableRows;

// (SELECT COUNT(*) FROM seats WHERE state = 'free') + (SELECT COUNT(*) FROM orders WHERE state = 'held')
// + (SELECT COUNT(*) FROM seats WHERE state = 'sold') = (SELECT COUNT(*) FROM seats)
InvariantResult capacity_balance(const CommittedState& committed) {
  const TableRows seats(committed, "seats");
  const TableRows orders(committed, "orders");
  const std::int64_t free = count_where(seats, seats.column("state"), {"free"});
  const std::int64_t held = count_where(orders, orders.column("state"), {"held"});
  const std::int64_t sold = count_where(seats, seats.column("state"), {"sold"});
  const std::int64_t all = checks::count_rows(seats);
  const bool balanced = free + held + sold == all;
  const std::string detail =
      number(free) + " + " + number(held) + " + " + number(sold) + (balanced ? " = " : " != ") + number(all);
  return {"capacity_balance", balanced, {"invariant.detail.plain", {{"text", detail}}}};
}

// (SELECT COUNT(*) FROM seats WHERE state = 'sold') = (SELECT COUNT(*) FROM orders WHERE state = 'paid')
InvariantResult sold_matches_bookings(const CommittedState& committed) {
  const TableRows seats(committed, "seats");
  const TableRows orders(committed, "orders");
  const std::int64_t sold = count_where(seats, seats.column("state"), {"sold"});
  const std::int64_t paid = count_where(orders, orders.column("state"), {"paid"});
  const bool holds = sold == paid;
  return {"sold_matches_bookings",
          holds,
          {holds ? "seat.invariant.sold_matches.ok" : "seat.invariant.sold_matches.broken",
           {{"sold", number(sold)}, {"paid", number(paid)}}}};
}

// SELECT seat_id, id, state FROM orders WHERE state IN ('held', 'paid') AND seat_id IS NOT NULL
// ORDER BY seat_id, id, grouped by seat.
InvariantResult one_owner_per_seat(const CommittedState& committed) {
  const TableRows orders(committed, "orders");
  const std::size_t seat = orders.column("seat_id");
  const std::size_t id = orders.column("id");
  const std::size_t state = orders.column("state");
  std::vector<const Row*> claims;
  for (const Row* row : checks::rows_where(orders, state, {"held", "paid"}))
    if (!is_null((*row)[seat])) claims.push_back(row);
  std::map<std::string, std::vector<std::string>> owners;
  for (const Row* row : checks::ordered_by(std::move(claims), {seat, id}))
    owners[to_display((*row)[seat])].push_back("o" + to_display((*row)[id]) + " (" +
                                               to_display((*row)[state]) + ")");
  std::string list;
  for (const auto& [seat_id, claimed_by] : owners) {
    if (claimed_by.size() < 2) continue;
    if (!list.empty()) list += "; ";
    list += seat_id + ": ";
    for (std::size_t i = 0; i < claimed_by.size(); ++i) list += (i ? ", " : "") + claimed_by[i];
  }
  if (!list.empty()) return {"one_owner_per_seat", false, {"seat.invariant.owner.broken", {{"list", list}}}};
  return {
      "one_owner_per_seat", true, {"seat.invariant.owner.ok", {{"count", std::to_string(owners.size())}}}};
}

// No payment with two REFUNDED reconciliation items (GROUP BY provider_payment_id HAVING COUNT(*) > 1),
// none refunded twice in the provider's books.
InvariantResult one_refund_per_payment(const CommittedState& committed) {
  const TableRows items(committed, "reconciliations");
  const TableRows ledger(committed, "provider_ledger");
  const auto refunds = checks::succeeded(ledger, "refund");
  const auto twice_items = checks::repeated(checks::rows_where(items, items.column("state"), {"REFUNDED"}),
                                            items.column("provider_payment_id"));
  const auto twice_refunded = checks::repeated(refunds, ledger.column("payment_id"));
  if (twice_items.empty() && twice_refunded.empty())
    return {"one_refund_per_payment",
            true,
            {"seat.invariant.refund.ok", {{"count", number(static_cast<std::int64_t>(refunds.size()))}}}};
  return {"one_refund_per_payment",
          false,
          {"seat.invariant.refund.broken",
           {{"items", counted_rows(twice_items)}, {"refunds", counted_rows(twice_refunded)}}}};
}

// Sold only while now < expires_at: an order paid at or after the end of its hold took a seat the
// hold no longer gave it (T2's tie at the deadline). SELECT id, paid_at, expires_at FROM orders
// WHERE state = 'paid' AND paid_at IS NOT NULL AND expires_at IS NOT NULL AND paid_at >= expires_at ORDER BY
// id
InvariantResult confirmed_before_deadline(const CommittedState& committed) {
  const TableRows orders(committed, "orders");
  const std::size_t paid_at = orders.column("paid_at");
  const std::size_t expires_at = orders.column("expires_at");
  const auto paid = checks::rows_where(orders, orders.column("state"), {"paid"});
  LocalizedText list;            // "o1 at 11 s ≥ 10 s", "o1 第 11 秒 ≥ 第 10 秒"
  for (const Row* row : paid) {  // table order is id order
    const Value& at = (*row)[paid_at];
    const Value& deadline = (*row)[expires_at];
    if (is_null(at) || is_null(deadline) || as_int(at) < as_int(deadline)) continue;
    const Message item{"invariant.deadline.item",
                       {{"what", "o" + number((*row)[orders.column("id")])},
                        {"at", number(at)},
                        {"deadline", number(deadline)}}};
    list.en += (list.en.empty() ? "" : ", ") + render(item, Lang::en);
    list.zh += (list.zh.empty() ? "" : "、") + render(item, Lang::zh);
  }
  if (list.en.empty())
    return {"confirmed_before_deadline",
            true,
            {"seat.invariant.deadline.ok", {{"count", number(static_cast<std::int64_t>(paid.size()))}}}};
  return {"confirmed_before_deadline",
          false,
          {"seat.invariant.deadline.broken", {{"list", bilingual_arg(list)}}}};
}

}  // namespace

std::vector<Figure> read_figures(const CommittedState& committed, const std::vector<std::string>& names) {
  using checks::count_figure;
  static const std::map<std::string, checks::FigureReader> readers = {
      {"capacity", count_figure("capacity", "seats")},
      {"available", count_figure("available", "seats", "state", {"free"})},
      {"sold", count_figure("sold", "seats", "state", {"sold"})},
      {"active_holds", count_figure("active_holds", "orders", "state", {"held"})},
      {"paid_orders", count_figure("paid_orders", "orders", "state", {"paid"})},
      {"booking_state", checks::only_row_state("orders")},
  };
  return checks::read_named(committed, names, readers);
}

std::vector<InvariantResult> check_invariants(const CheckInputs& inputs) {
  using checks::on_tables;
  static const std::map<std::string, checks::InvariantCheck> all = {
      {"capacity_balance", on_tables(capacity_balance)},
      {"sold_matches_bookings", on_tables(sold_matches_bookings)},
      {"one_owner_per_seat", on_tables(one_owner_per_seat)},
      {"one_refund_per_payment", on_tables(one_refund_per_payment)},
      {"confirmed_before_deadline", on_tables(confirmed_before_deadline)},
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
