// The seat cases' figures and invariants (SPEC section 2), each one query over
// the committed tables. A seat is free, held or sold; an order is held, paid,
// expired, refund_pending or refunded. Holds are counted by order, so two
// orders claiming one seat show up as two holds.
#include <functional>
#include <map>

#include "core/cases/case_checks.hpp"
#include "core/sim/errors.hpp"

namespace reslab::seat {
namespace {

// Orders that still claim their seat, whether or not past expires_at.
const char* const kLiveOrderStates = "('held', 'paid')";

StatementResult query(Connection& observer, const std::string& sql) {
  StatementResult result = observer.run(sql);
  if (!result.ok()) throw SqlError(sql, result.code_name(), result.message);
  return result;
}

Value single_value(Connection& observer, const std::string& sql) {
  const auto result = query(observer, sql);
  return result.rows.empty() ? Value{} : result.rows[0][0];
}

std::string number(const Value& value) {
  return to_display(value);
}

Figure booking_state(Connection& observer) {
  const auto rows = query(observer, "SELECT state FROM orders ORDER BY id LIMIT 2");
  return {"booking_state", rows.rows.size() == 1 ? rows.rows[0][0] : Value{}, {}};
}

InvariantResult capacity_balance(Connection& observer) {
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

InvariantResult sold_matches_bookings(Connection& observer) {
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

InvariantResult one_owner_per_seat(Connection& observer) {
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

InvariantResult one_refund_per_payment(Connection& observer) {
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
  std::string list;
  for (const auto& row : items.rows)
    list += (list.empty() ? "" : ", ") + number(row[0]) + " x" + number(row[1]);
  std::string refunded;
  for (const auto& row : refunds.rows)
    refunded += (refunded.empty() ? "" : ", ") + number(row[0]) + " x" + number(row[1]);
  return {"one_refund_per_payment",
          false,
          {"seat.invariant.refund.broken",
           {{"items", list.empty() ? "-" : list}, {"refunds", refunded.empty() ? "-" : refunded}}}};
}

}  // namespace

std::vector<Figure> read_figures(Connection& observer, const std::vector<std::string>& names) {
  static const std::map<std::string, std::string> counts = {
      {"capacity", "SELECT COUNT(*) FROM seats"},
      {"available", "SELECT COUNT(*) FROM seats WHERE state = 'free'"},
      {"sold", "SELECT COUNT(*) FROM seats WHERE state = 'sold'"},
      {"active_holds", "SELECT COUNT(*) FROM orders WHERE state = 'held'"},
      {"paid_orders", "SELECT COUNT(*) FROM orders WHERE state = 'paid'"},
  };
  std::vector<Figure> figures;
  for (const auto& name : names) {
    if (name == "booking_state") {
      figures.push_back(booking_state(observer));
    } else if (auto it = counts.find(name); it != counts.end()) {
      figures.push_back({name, single_value(observer, it->second), {}});
    }
  }
  return figures;
}

std::vector<InvariantResult> check_invariants(Connection& observer, const std::vector<std::string>& names) {
  static const std::map<std::string, std::function<InvariantResult(Connection&)>> checks = {
      {"capacity_balance", capacity_balance},
      {"sold_matches_bookings", sold_matches_bookings},
      {"one_owner_per_seat", one_owner_per_seat},
      {"one_refund_per_payment", one_refund_per_payment},
  };
  std::vector<InvariantResult> results;
  for (const auto& name : names)
    if (auto it = checks.find(name); it != checks.end()) results.push_back(it->second(observer));
  return results;
}

}  // namespace reslab::seat
