#include "core/cases/seat/seat_state.hpp"

#include "core/cases/shared/state_checks.hpp"

namespace reslab::seat {
namespace {

Value value_of(const TableData& table, const Row& row, std::string_view column) {
  const Value* value = checks::cell(table, row, column);
  return value ? *value : Value{};
}

std::string text_of(const TableData& table, const Row& row, std::string_view column) {
  const Value* value = checks::cell(table, row, column);
  return value && !is_null(*value) ? to_display(*value) : std::string();
}

}  // namespace

SeatRow seat_row(const CommittedState& state, const std::string& seat) {
  if (const TableData* seats = state.table("seats"))
    for (const auto& row : seats->rows)
      if (text_of(*seats, row, "seat_id") == seat)
        return {true, text_of(*seats, row, "state"), value_of(*seats, row, "order_id"),
                value_of(*seats, row, "expires_at")};
  return {};
}

OrderRow order_row(const CommittedState& state, const Value& order_id) {
  if (is_null(order_id)) return {};
  if (const TableData* orders = state.table("orders"))
    for (const auto& row : orders->rows)
      if (text_of(*orders, row, "id") == to_display(order_id))
        return {true, text_of(*orders, row, "seat_id"), text_of(*orders, row, "state"),
                value_of(*orders, row, "expires_at")};
  return {};
}

std::vector<std::string> live_orders(const CommittedState& state, const std::string& seat) {
  std::vector<std::string> ids;
  if (const TableData* orders = state.table("orders"))
    for (const auto& row : orders->rows) {
      const std::string order_state = text_of(*orders, row, "state");
      if (text_of(*orders, row, "seat_id") == seat && (order_state == "held" || order_state == "paid"))
        ids.push_back(text_of(*orders, row, "id"));
    }
  return ids;
}

std::vector<ReconciliationRow> reconciliations(const CommittedState& state) {
  std::vector<ReconciliationRow> items;
  if (const TableData* table = state.table("reconciliations"))
    for (const auto& row : table->rows)
      items.push_back({true, text_of(*table, row, "id"), text_of(*table, row, "order_id"),
                       text_of(*table, row, "provider_payment_id"), text_of(*table, row, "reason"),
                       text_of(*table, row, "state")});
  return items;
}

std::string payment_state(const CommittedState& state, const std::string& provider_payment_id) {
  if (const TableData* payments = state.table("payments"))
    for (const auto& row : payments->rows)
      if (text_of(*payments, row, "provider_payment_id") == provider_payment_id)
        return text_of(*payments, row, "state");
  return {};
}

}  // namespace reslab::seat
