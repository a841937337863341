// The hotel cases' figures and invariants (SPEC section 2), each one query
// over the committed tables, so the rule on screen is the rule checked.
#include "core/cases/shared/checks.hpp"

#include <algorithm>
#include <functional>
#include <map>

#include "core/cases/hotel/family.hpp"
#include "core/cases/hotel/outbox.hpp"
#include "core/cases/shared/state_checks.hpp"

namespace reslab::hotel {
namespace {

using checks::counted_rows;
using checks::number;
using checks::query;
using checks::single_value;

// States that still block stock, whether or not past their deadline.
const char* const kActiveStates = "('RESERVED', 'HELD', 'held')";

Figure night_figures(Session& observer) {
  Figure figure{"nights", {}, {}};
  const auto rows = query(
      observer, "SELECT night, capacity, available, sold FROM room_inventory ORDER BY night, room_night_id");
  for (const auto& row : rows.rows)
    figure.nights.push_back({to_display(row[0]), as_int(row[1]), as_int(row[2]), as_int(row[3])});
  return figure;
}

Figure booking_state(Session& observer) {
  const auto rows = query(observer, "SELECT state FROM holds ORDER BY id LIMIT 2");
  return {"booking_state", rows.rows.size() == 1 ? rows.rows[0][0] : Value{}, {}};
}

InvariantResult capacity_balance(Session& observer) {
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

InvariantResult sold_matches_bookings(Session& observer) {
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

InvariantResult confirmed_before_deadline(Session& observer) {
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

InvariantResult one_refund_per_payment(Session& observer) {
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
  const std::string list = counted_rows(tasks);
  const std::string refunded = counted_rows(refunds);
  return {
      "one_refund_per_payment", false, {"invariant.refund.broken", {{"tasks", list}, {"refunds", refunded}}}};
}

InvariantResult released_at_most_once(Session& observer) {
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
InvariantResult one_charge_per_payment(Session& observer) {
  const auto twice = query(observer,
                           "SELECT payment_id, COUNT(*) FROM provider_ledger WHERE kind = 'charge'"
                           " AND state = 'SUCCEEDED' GROUP BY payment_id HAVING COUNT(*) > 1 ORDER BY 1");
  if (twice.rows.empty()) {
    const Value count = single_value(
        observer, "SELECT COUNT(*) FROM provider_ledger WHERE kind = 'charge' AND state = 'SUCCEEDED'");
    return {"one_charge_per_payment", true, {"invariant.charge.ok", {{"count", number(count)}}}};
  }
  const std::string list = counted_rows(twice);
  return {"one_charge_per_payment", false, {"invariant.charge.broken", {{"list", list}}}};
}

// A request key that owns two live holds or bookings has been booked twice (H4's duplicate request).
InvariantResult one_hold_per_request(Session& observer) {
  const auto live = query(observer,
                          "SELECT request_key, id FROM holds WHERE request_key IS NOT NULL AND state IN"
                          " ('RESERVED', 'HELD', 'held', 'CONFIRMED') ORDER BY request_key, id");
  // Grouped here, not with GROUP_CONCAT, so the listed order never depends on the database: the rows
  // come ordered by key, so each key's holds are one run of rows.
  std::size_t keys = 0;
  for (std::size_t first = 0; first < live.rows.size();) {
    std::size_t end = first + 1;
    while (end < live.rows.size() && live.rows[end][0] == live.rows[first][0]) ++end;
    ++keys;
    if (end - first >= 2) {
      std::string listed;
      for (std::size_t i = first; i < end; ++i)
        listed += (listed.empty() ? "#" : ", #") + to_display(live.rows[i][1]);
      return {"one_hold_per_request",
              false,
              {"invariant.one_hold.broken",
               {{"key", to_display(live.rows[first][0])},
                {"count", std::to_string(end - first)},
                {"holds", listed}}}};
    }
    first = end;
  }
  return {"one_hold_per_request", true, {"invariant.one_hold.ok", {{"count", std::to_string(keys)}}}};
}

// A CONFIRMED booking whose message is in no outbox row, was never received, and is held by no
// live process will never be announced: the booking committed, the world never hears of it (H5-3).
InvariantResult every_commit_announced(const StateInputs& inputs) {
  const TableData* holds = inputs.committed.table("holds");
  const auto outbox = checks::column_values(inputs.committed, "outbox", "payload");
  const auto received = checks::column_values(inputs.committed, "messages_received", "effect_key");
  std::vector<std::string> in_memory;
  for (const auto& process : inputs.memory) {
    if (process.down) continue;
    for (const auto& [key, value] : process.items)
      if (key == kMessageToSend) in_memory.push_back(to_display(value));
  }
  const auto contains = [](const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
  };
  int confirmed = 0;
  std::string silent;
  if (holds) {
    for (const auto& row : holds->rows) {
      const Value* state = checks::cell(*holds, row, "state");
      if (!state || to_display(*state) != "CONFIRMED") continue;
      ++confirmed;
      const Value& id = *checks::cell(*holds, row, "id");
      const std::string payload = confirmation_payload(id);
      if (contains(outbox, payload) || contains(received, effect_key(kConfirmationTopic, payload)) ||
          contains(in_memory, payload))
        continue;
      silent += (silent.empty() ? "#" : ", #") + to_display(id);
    }
  }
  if (silent.empty())
    return {
        "every_commit_announced", true, {"invariant.announced.ok", {{"count", std::to_string(confirmed)}}}};
  return {"every_commit_announced", false, {"invariant.announced.broken", {{"list", silent}}}};
}

}  // namespace

std::vector<Figure> read_figures(Session& observer, const std::vector<std::string>& names) {
  using checks::single_value_figure;
  static const std::map<std::string, checks::FigureReader> readers = {
      {"capacity", single_value_figure("capacity", "SELECT COALESCE(SUM(capacity), 0) FROM room_inventory")},
      {"available",
       single_value_figure("available", "SELECT COALESCE(SUM(available), 0) FROM room_inventory")},
      {"sold", single_value_figure("sold", "SELECT COALESCE(SUM(sold), 0) FROM room_inventory")},
      {"active_holds",
       single_value_figure("active_holds",
                           std::string("SELECT COUNT(*) FROM holds WHERE state IN ") + kActiveStates)},
      {"refund_tasks", single_value_figure("refund_tasks", "SELECT COUNT(*) FROM refund_tasks")},
      {"refunds_pending",
       single_value_figure("refunds_pending", "SELECT COUNT(*) FROM refund_tasks WHERE state = 'PENDING'")},
      {"refunds_failed",
       single_value_figure("refunds_failed", "SELECT COUNT(*) FROM refund_tasks WHERE state = 'FAILED'")},
      {"booking_state", booking_state},
      {"nights", night_figures},
  };
  return checks::read_named(observer, names, readers);
}

std::vector<InvariantResult> check_invariants(const CheckInputs& inputs) {
  using checks::on_observer;
  static const std::map<std::string, checks::InvariantCheck> all = {
      {"capacity_balance", on_observer(capacity_balance)},
      {"sold_matches_bookings", on_observer(sold_matches_bookings)},
      {"confirmed_before_deadline", on_observer(confirmed_before_deadline)},
      {"one_refund_per_payment", on_observer(one_refund_per_payment)},
      {"released_at_most_once", on_observer(released_at_most_once)},
      {"one_charge_per_payment", on_observer(one_charge_per_payment)},
      {"one_hold_per_request", on_observer(one_hold_per_request)},
  };
  return checks::check_named(inputs, all);
}

std::vector<Figure> read_state_figures(const StateInputs& inputs) {
  std::vector<Figure> figures;
  for (const auto& name : inputs.names) {
    if (name != "oldest_pending_refund_s") continue;
    // How long the customer has waited: the clock now against the oldest PENDING task's created_at.
    Value oldest;
    if (const TableData* tasks = inputs.committed.table("refund_tasks"))
      for (const auto& row : tasks->rows) {
        const Value* state = checks::cell(*tasks, row, "state");
        const Value* created = checks::cell(*tasks, row, "created_at");
        if (!state || to_display(*state) != "PENDING" || !created || is_null(*created)) continue;
        const std::int64_t age = inputs.now - as_int(*created);
        if (is_null(oldest) || age > as_int(oldest)) oldest = age;
      }
    figures.push_back({name, oldest, {}});
  }
  return figures;
}

std::vector<InvariantResult> check_state_invariants(const StateInputs& inputs) {
  std::vector<InvariantResult> results;
  for (const auto& name : inputs.names) {
    if (name == "every_charge_accounted")
      results.push_back(checks::every_charge_accounted(inputs, {{"payments", "provider_payment_id"}}));
    else if (name == "every_commit_announced")
      results.push_back(every_commit_announced(inputs));
    else if (name == "no_transaction_left_open")
      results.push_back(checks::no_transaction_left_open(inputs));
  }
  return results;
}

}  // namespace reslab::hotel
