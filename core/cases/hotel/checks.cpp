// The hotel cases' figures and invariants (SPEC section 2), computed from the committed tables of the
// snapshot; each says in SQL, beside it, the rule it checks.
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
using checks::is_one_of;
using checks::is_text;
using checks::number;
using checks::ordered_by;
using checks::TableRows;

// States that still block stock, whether or not past their deadline.
const std::vector<std::string> kActiveStates = {"RESERVED", "HELD", "held"};

// Every table row, in table (key) order.
std::vector<const Row*> all_rows(const TableRows& table) {
  std::vector<const Row*> rows;
  for (const auto& row : table.rows()) rows.push_back(&row);
  return rows;
}

// Each hold's state by id: what `JOIN holds h ON h.id = ...` finds.
std::map<std::int64_t, const Value*> hold_states(const TableRows& holds) {
  std::map<std::int64_t, const Value*> states;
  const std::size_t id = holds.column("id");
  const std::size_t state = holds.column("state");
  for (const auto& row : holds.rows())
    if (!is_null(row[id])) states[as_int(row[id])] = &row[state];
  return states;
}

// The state of the hold a row names in `column`; nullptr when it names none.
const Value* state_of_hold(const std::map<std::int64_t, const Value*>& states, const Value& hold_id) {
  if (is_null(hold_id)) return nullptr;
  const auto it = states.find(as_int(hold_id));
  return it == states.end() ? nullptr : it->second;
}

// SELECT night, capacity, available, sold FROM room_inventory ORDER BY night, room_night_id
Figure night_figures(const CommittedState& committed) {
  Figure figure{"nights", {}, {}};
  const TableRows inventory(committed, "room_inventory");
  const std::size_t night = inventory.column("night");
  for (const Row* row : ordered_by(all_rows(inventory), {night, inventory.column("room_night_id")}))
    figure.nights.push_back({to_display((*row)[night]), as_int((*row)[inventory.column("capacity")]),
                             as_int((*row)[inventory.column("available")]),
                             as_int((*row)[inventory.column("sold")])});
  return figure;
}

// Per room night, ordered by night: available + (SELECT COUNT(*) FROM hold_nights hn JOIN holds h
// ON h.id = hn.hold_id WHERE hn.room_night_id = r.room_night_id AND h.state IN active) + sold = capacity
InvariantResult capacity_balance(const CommittedState& committed) {
  const TableRows inventory(committed, "room_inventory");
  const TableRows hold_nights(committed, "hold_nights");
  const auto states = hold_states(TableRows(committed, "holds"));
  const std::size_t room = inventory.column("room_night_id");
  const std::size_t hn_hold = hold_nights.column("hold_id");
  const std::size_t hn_room = hold_nights.column("room_night_id");
  const auto rows = ordered_by(all_rows(inventory), {inventory.column("night"), room});
  InvariantResult result{"capacity_balance", true, {}};
  std::string detail;
  for (const Row* row : rows) {
    std::int64_t active = 0;
    for (const auto& night : hold_nights.rows()) {
      const Value* state = night[hn_room] == (*row)[room] ? state_of_hold(states, night[hn_hold]) : nullptr;
      if (state && is_one_of(*state, kActiveStates)) ++active;
    }
    const Value& available = (*row)[inventory.column("available")];
    const Value& sold = (*row)[inventory.column("sold")];
    const Value& capacity = (*row)[inventory.column("capacity")];
    const bool balanced = as_int(available) + active + as_int(sold) == as_int(capacity);
    result.holds = result.holds && balanced;
    if (!detail.empty()) detail += "; ";
    if (rows.size() > 1) detail += to_display((*row)[room]) + ": ";
    detail += number(available) + " + " + number(active) + " + " + number(sold) +
              (balanced ? " = " : " != ") + number(capacity);
  }
  result.detail = {"invariant.detail.plain", {{"text", detail}}};
  return result;
}

// COALESCE(SUM(room_inventory.sold), 0) = (SELECT COUNT(*) FROM hold_nights hn JOIN holds h
// ON h.id = hn.hold_id WHERE h.state = 'CONFIRMED')
InvariantResult sold_matches_bookings(const CommittedState& committed) {
  const TableRows inventory(committed, "room_inventory");
  const TableRows hold_nights(committed, "hold_nights");
  const auto states = hold_states(TableRows(committed, "holds"));
  const std::int64_t sold = checks::sum_of(inventory, inventory.column("sold"));
  std::int64_t confirmed = 0;
  for (const auto& night : hold_nights.rows()) {
    const Value* state = state_of_hold(states, night[hold_nights.column("hold_id")]);
    if (state && is_text(*state, "CONFIRMED")) ++confirmed;
  }
  const bool holds = sold == confirmed;
  return {"sold_matches_bookings",
          holds,
          {holds ? "invariant.sold_matches.ok" : "invariant.sold_matches.broken",
           {{"sold", number(sold)}, {"confirmed", number(confirmed)}}}};
}

// SELECT DISTINCT l.hold_id, l.at, h.deadline FROM inventory_log l JOIN holds h ON h.id = l.hold_id
// WHERE l.reason = 'confirm' AND h.deadline IS NOT NULL AND l.at >= h.deadline ORDER BY l.hold_id, l.at
InvariantResult confirmed_before_deadline(const CommittedState& committed) {
  const TableRows log(committed, "inventory_log");
  const TableRows holds(committed, "holds");
  std::map<std::int64_t, const Value*> deadlines;
  for (const auto& row : holds.rows())
    if (!is_null(row[holds.column("id")]))
      deadlines[as_int(row[holds.column("id")])] = &row[holds.column("deadline")];
  const std::size_t hold_id = log.column("hold_id");
  const std::size_t at = log.column("at");
  // Confirmations as (hold, at): DISTINCT, in ORDER BY's order; NULL never joins.
  std::map<std::pair<std::int64_t, std::int64_t>, const Value*> confirmations;
  for (const auto& row : log.rows()) {
    if (!is_text(row[log.column("reason")], "confirm") || is_null(row[hold_id]) || is_null(row[at])) continue;
    const auto deadline = deadlines.find(as_int(row[hold_id]));
    confirmations[{as_int(row[hold_id]), as_int(row[at])}] =
        deadline == deadlines.end() ? nullptr : deadline->second;
  }
  LocalizedText list;  // "#1 at 11 s ≥ 10 s", "#1 第 11 秒 ≥ 第 10 秒"
  for (const auto& [confirmation, deadline] : confirmations) {
    if (!deadline || is_null(*deadline) || confirmation.second < as_int(*deadline)) continue;
    const Message item{"invariant.deadline.item",
                       {{"what", "#" + number(confirmation.first)},
                        {"at", number(confirmation.second)},
                        {"deadline", number(*deadline)}}};
    list.en += (list.en.empty() ? "" : ", ") + render(item, Lang::en);
    list.zh += (list.zh.empty() ? "" : "、") + render(item, Lang::zh);
  }
  if (list.en.empty())  // COUNT(DISTINCT hold_id || ':' || at) WHERE reason = 'confirm'
    return {"confirmed_before_deadline",
            true,
            {"invariant.deadline.ok", {{"count", number(static_cast<std::int64_t>(confirmations.size()))}}}};
  return {"confirmed_before_deadline", false, {"invariant.deadline.broken", {{"list", bilingual_arg(list)}}}};
}

// No provider payment with two refund tasks (refund_tasks JOIN payments GROUP BY provider_payment_id
// HAVING COUNT(*) > 1), none refunded twice in the provider's books.
InvariantResult one_refund_per_payment(const CommittedState& committed) {
  const TableRows tasks(committed, "refund_tasks");
  const TableRows payments(committed, "payments");
  const TableRows ledger(committed, "provider_ledger");
  std::map<std::int64_t, const Row*> payment_by_id;
  for (const auto& row : payments.rows())
    if (!is_null(row[payments.column("id")])) payment_by_id[as_int(row[payments.column("id")])] = &row;
  std::vector<const Row*> task_payments;  // the payment row of each task
  for (const auto& row : tasks.rows()) {
    const Value& payment_id = row[tasks.column("payment_id")];
    if (is_null(payment_id)) continue;
    if (const auto it = payment_by_id.find(as_int(payment_id)); it != payment_by_id.end())
      task_payments.push_back(it->second);
  }
  const auto twice_queued = checks::repeated(task_payments, payments.column("provider_payment_id"));
  const auto twice_refunded =
      checks::repeated(checks::succeeded(ledger, "refund"), ledger.column("payment_id"));
  if (twice_queued.empty() && twice_refunded.empty())
    return {"one_refund_per_payment",
            true,
            {"invariant.refund.ok", {{"count", number(checks::count_rows(tasks))}}}};
  return {"one_refund_per_payment",
          false,
          {"invariant.refund.broken",
           {{"tasks", counted_rows(twice_queued)}, {"refunds", counted_rows(twice_refunded)}}}};
}

// SELECT hold_id, room_night_id, COUNT(*) FROM inventory_log WHERE reason = 'release'
// GROUP BY hold_id, room_night_id HAVING COUNT(*) > 1 ORDER BY 1, 2
InvariantResult released_at_most_once(const CommittedState& committed) {
  const TableRows log(committed, "inventory_log");
  const std::size_t hold = log.column("hold_id");
  const std::size_t room = log.column("room_night_id");
  const auto releases = checks::rows_where(log, log.column("reason"), {"release"});
  std::string list;
  const auto ordered = ordered_by(releases, {hold, room});
  for (std::size_t first = 0; first < ordered.size();) {
    std::size_t end = first + 1;
    while (end < ordered.size() && (*ordered[end])[hold] == (*ordered[first])[hold] &&
           (*ordered[end])[room] == (*ordered[first])[room])
      ++end;
    if (end - first > 1)
      list += (list.empty() ? "#" : ", #") + number((*ordered[first])[hold]) + " (" +
              number((*ordered[first])[room]) + ") x" + number(static_cast<std::int64_t>(end - first));
    first = end;
  }
  if (list.empty())
    return {"released_at_most_once",
            true,
            {"invariant.release.ok", {{"count", number(static_cast<std::int64_t>(releases.size()))}}}};
  return {"released_at_most_once", false, {"invariant.release.broken", {{"list", list}}}};
}

// The provider's books, not ours: a second charge is real money even if our tables show one payment.
InvariantResult one_charge_per_payment(const CommittedState& committed) {
  const TableRows ledger(committed, "provider_ledger");
  const auto charges = checks::succeeded(ledger, "charge");
  const auto twice = checks::repeated(charges, ledger.column("payment_id"));
  if (twice.empty())
    return {"one_charge_per_payment",
            true,
            {"invariant.charge.ok", {{"count", number(static_cast<std::int64_t>(charges.size()))}}}};
  return {"one_charge_per_payment", false, {"invariant.charge.broken", {{"list", counted_rows(twice)}}}};
}

// A request key that owns two live holds or bookings has been booked twice (H4's duplicate request):
// SELECT request_key, id FROM holds WHERE request_key IS NOT NULL AND state IN (active, 'CONFIRMED')
// ORDER BY request_key, id, grouped by key.
InvariantResult one_hold_per_request(const CommittedState& committed) {
  const TableRows holds(committed, "holds");
  const std::size_t key = holds.column("request_key");
  const std::size_t id = holds.column("id");
  std::vector<const Row*> live;
  for (const Row* row :
       checks::rows_where(holds, holds.column("state"), {"RESERVED", "HELD", "held", "CONFIRMED"}))
    if (!is_null((*row)[key])) live.push_back(row);
  live = ordered_by(std::move(live), {key, id});
  std::size_t keys = 0;
  for (std::size_t first = 0; first < live.size();) {
    std::size_t end = first + 1;
    while (end < live.size() && (*live[end])[key] == (*live[first])[key]) ++end;
    ++keys;
    if (end - first >= 2) {
      std::string listed;
      for (std::size_t i = first; i < end; ++i)
        listed += (listed.empty() ? "#" : ", #") + to_display((*live[i])[id]);
      return {"one_hold_per_request",
              false,
              {"invariant.one_hold.broken",
               {{"key", to_display((*live[first])[key])},
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

std::vector<Figure> read_figures(const CommittedState& committed, const std::vector<std::string>& names) {
  using checks::count_figure;
  using checks::sum_figure;
  static const std::map<std::string, checks::FigureReader> readers = {
      {"capacity", sum_figure("capacity", "room_inventory", "capacity")},
      {"available", sum_figure("available", "room_inventory", "available")},
      {"sold", sum_figure("sold", "room_inventory", "sold")},
      {"active_holds", count_figure("active_holds", "holds", "state", kActiveStates)},
      {"refund_tasks", count_figure("refund_tasks", "refund_tasks")},
      {"refunds_pending", count_figure("refunds_pending", "refund_tasks", "state", {"PENDING"})},
      {"refunds_failed", count_figure("refunds_failed", "refund_tasks", "state", {"FAILED"})},
      {"booking_state", checks::only_row_state("holds")},
      {"nights", night_figures},
  };
  return checks::read_named(committed, names, readers);
}

std::vector<InvariantResult> check_invariants(const CheckInputs& inputs) {
  using checks::on_tables;
  static const std::map<std::string, checks::InvariantCheck> all = {
      {"capacity_balance", on_tables(capacity_balance)},
      {"sold_matches_bookings", on_tables(sold_matches_bookings)},
      {"confirmed_before_deadline", on_tables(confirmed_before_deadline)},
      {"one_refund_per_payment", on_tables(one_refund_per_payment)},
      {"released_at_most_once", on_tables(released_at_most_once)},
      {"one_charge_per_payment", on_tables(one_charge_per_payment)},
      {"one_hold_per_request", on_tables(one_hold_per_request)},
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
