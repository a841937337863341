// The hotel cases' figures and invariants (SPEC section 2), each one query
// over the committed tables, so the rule on screen is the rule checked.
#include <functional>
#include <map>

#include "core/cases/case_checks.hpp"
#include "core/sim/errors.hpp"

namespace reslab::hotel {
namespace {

// States that still block stock, whether or not past their deadline.
const char* const kActiveStates = "('RESERVED', 'HELD', 'held')";

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

Figure night_figures(Connection& observer) {
  Figure figure{"nights", {}, {}};
  const auto rows = query(
      observer, "SELECT night, capacity, available, sold FROM room_inventory ORDER BY night, room_night_id");
  for (const auto& row : rows.rows)
    figure.nights.push_back({to_display(row[0]), as_int(row[1]), as_int(row[2]), as_int(row[3])});
  return figure;
}

Figure booking_state(Connection& observer) {
  const auto rows = query(observer, "SELECT state FROM holds ORDER BY id LIMIT 2");
  return {"booking_state", rows.rows.size() == 1 ? rows.rows[0][0] : Value{}, {}};
}

InvariantResult capacity_balance(Connection& observer) {
  const auto rows =
      query(observer, std::string("SELECT r.room_night_id, r.available,"
                                  " (SELECT COUNT(*) FROM hold_nights hn JOIN holds h ON h.id = hn.hold_id"
                                  "  WHERE hn.room_night_id = r.room_night_id AND h.state IN ") +
                          kActiveStates +
                          "), r.sold, r.capacity FROM room_inventory r ORDER BY r.night, r.room_night_id");
  InvariantResult result{"capacity_balance", true, {}};
  std::string detail;
  for (const auto& row : rows.rows) {
    const std::int64_t left = as_int(row[1]) + as_int(row[2]) + as_int(row[3]);
    const bool balanced = left == as_int(row[4]);
    result.holds = result.holds && balanced;
    if (!detail.empty()) detail += "; ";
    if (rows.rows.size() > 1) detail += to_display(row[0]) + ": ";
    detail += number(row[1]) + " + " + number(row[2]) + " + " + number(row[3]) + (balanced ? " = " : " != ") +
              number(row[4]);
  }
  result.detail = {"invariant.detail.plain", {{"text", detail}}};
  return result;
}

InvariantResult sold_matches_bookings(Connection& observer) {
  const auto row = query(observer,
                         "SELECT (SELECT COALESCE(SUM(sold), 0) FROM room_inventory),"
                         " (SELECT COUNT(*) FROM hold_nights hn JOIN holds h ON h.id = hn.hold_id"
                         "  WHERE h.state = 'CONFIRMED')")
                       .rows.at(0);
  const bool holds = as_int(row[0]) == as_int(row[1]);
  return {"sold_matches_bookings",
          holds,
          {holds ? "invariant.sold_matches.ok" : "invariant.sold_matches.broken",
           {{"sold", number(row[0])}, {"confirmed", number(row[1])}}}};
}

InvariantResult confirmed_before_deadline(Connection& observer) {
  const auto late = query(observer,
                          "SELECT DISTINCT l.hold_id, l.at, h.deadline FROM inventory_log l"
                          " JOIN holds h ON h.id = l.hold_id"
                          " WHERE l.reason = 'confirm' AND h.deadline IS NOT NULL AND l.at >= h.deadline"
                          " ORDER BY l.hold_id, l.at");
  if (late.rows.empty()) {
    const Value confirmations = single_value(
        observer, "SELECT COUNT(DISTINCT hold_id || ':' || at) FROM inventory_log WHERE reason = 'confirm'");
    return {"confirmed_before_deadline", true, {"invariant.deadline.ok", {{"count", number(confirmations)}}}};
  }
  std::string list;
  for (const auto& row : late.rows) {
    if (!list.empty()) list += ", ";
    list += "#" + number(row[0]) + " @" + number(row[1]) + "s >= " + number(row[2]) + "s";
  }
  return {"confirmed_before_deadline", false, {"invariant.deadline.broken", {{"list", list}}}};
}

InvariantResult one_refund_per_payment(Connection& observer) {
  const auto tasks = query(observer,
                           "SELECT p.provider_payment_id, COUNT(*) FROM refund_tasks t"
                           " JOIN payments p ON p.id = t.payment_id GROUP BY p.provider_payment_id"
                           " HAVING COUNT(*) > 1 ORDER BY 1");
  const auto refunds = query(observer,
                             "SELECT payment_id, COUNT(*) FROM provider_ledger WHERE kind = 'refund'"
                             " AND state = 'SUCCEEDED' GROUP BY payment_id HAVING COUNT(*) > 1 ORDER BY 1");
  if (tasks.rows.empty() && refunds.rows.empty()) {
    const Value count = single_value(observer, "SELECT COUNT(*) FROM refund_tasks");
    return {"one_refund_per_payment", true, {"invariant.refund.ok", {{"count", number(count)}}}};
  }
  std::string list;
  for (const auto& row : tasks.rows)
    list += (list.empty() ? "" : ", ") + number(row[0]) + " x" + number(row[1]);
  std::string refunded;
  for (const auto& row : refunds.rows)
    refunded += (refunded.empty() ? "" : ", ") + number(row[0]) + " x" + number(row[1]);
  return {"one_refund_per_payment",
          false,
          {"invariant.refund.broken",
           {{"tasks", list.empty() ? "-" : list}, {"refunds", refunded.empty() ? "-" : refunded}}}};
}

InvariantResult released_at_most_once(Connection& observer) {
  const auto twice =
      query(observer,
            "SELECT hold_id, room_night_id, COUNT(*) FROM inventory_log WHERE reason = 'release'"
            " GROUP BY hold_id, room_night_id HAVING COUNT(*) > 1 ORDER BY 1, 2");
  if (twice.rows.empty()) {
    const Value count = single_value(observer, "SELECT COUNT(*) FROM inventory_log WHERE reason = 'release'");
    return {"released_at_most_once", true, {"invariant.release.ok", {{"count", number(count)}}}};
  }
  std::string list;
  for (const auto& row : twice.rows)
    list += (list.empty() ? "#" : ", #") + number(row[0]) + " (" + number(row[1]) + ") x" + number(row[2]);
  return {"released_at_most_once", false, {"invariant.release.broken", {{"list", list}}}};
}

// The provider's books, not ours: a second charge is real money even if our tables show one payment.
InvariantResult one_charge_per_payment(Connection& observer) {
  const auto twice = query(observer,
                           "SELECT payment_id, COUNT(*) FROM provider_ledger WHERE kind = 'charge'"
                           " AND state = 'SUCCEEDED' GROUP BY payment_id HAVING COUNT(*) > 1 ORDER BY 1");
  if (twice.rows.empty()) {
    const Value count = single_value(
        observer, "SELECT COUNT(*) FROM provider_ledger WHERE kind = 'charge' AND state = 'SUCCEEDED'");
    return {"one_charge_per_payment", true, {"invariant.charge.ok", {{"count", number(count)}}}};
  }
  std::string list;
  for (const auto& row : twice.rows)
    list += (list.empty() ? "" : ", ") + number(row[0]) + " x" + number(row[1]);
  return {"one_charge_per_payment", false, {"invariant.charge.broken", {{"list", list}}}};
}

}  // namespace

std::vector<Figure> read_figures(Connection& observer, const std::vector<std::string>& names) {
  static const std::map<std::string, std::string> sums = {
      {"capacity", "SELECT COALESCE(SUM(capacity), 0) FROM room_inventory"},
      {"available", "SELECT COALESCE(SUM(available), 0) FROM room_inventory"},
      {"sold", "SELECT COALESCE(SUM(sold), 0) FROM room_inventory"},
      {"active_holds", std::string("SELECT COUNT(*) FROM holds WHERE state IN ") + kActiveStates},
      {"refund_tasks", "SELECT COUNT(*) FROM refund_tasks"},
      {"refunds_pending", "SELECT COUNT(*) FROM refund_tasks WHERE state = 'PENDING'"},
  };
  std::vector<Figure> figures;
  for (const auto& name : names) {
    if (name == "nights") {
      figures.push_back(night_figures(observer));
    } else if (name == "booking_state") {
      figures.push_back(booking_state(observer));
    } else if (auto it = sums.find(name); it != sums.end()) {
      figures.push_back({name, single_value(observer, it->second), {}});
    }
  }
  return figures;
}

std::vector<InvariantResult> check_invariants(Connection& observer, const std::vector<std::string>& names) {
  static const std::map<std::string, std::function<InvariantResult(Connection&)>> checks = {
      {"capacity_balance", capacity_balance},
      {"sold_matches_bookings", sold_matches_bookings},
      {"confirmed_before_deadline", confirmed_before_deadline},
      {"one_refund_per_payment", one_refund_per_payment},
      {"released_at_most_once", released_at_most_once},
      {"one_charge_per_payment", one_charge_per_payment},
  };
  std::vector<InvariantResult> results;
  for (const auto& name : names)
    if (auto it = checks.find(name); it != checks.end()) results.push_back(it->second(observer));
  return results;
}

}  // namespace reslab::hotel
