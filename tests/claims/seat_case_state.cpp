// What the seat claim rules read off a step, counted from the rows.
#include <algorithm>
#include <charconv>

#include "core/cases/seat/family.hpp"
#include "tests/claims/seat_cases.hpp"
#include "tests/test_support.hpp"

namespace reslab::claims::seat_cases {

// The number a cell or an argument shows; -1 when it shows none ("NULL", "-", "o1x").
std::int64_t number(const std::string& text) {
  std::int64_t value = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() ? value : -1;
}

std::string id_of(const std::string& label) {
  return label.size() > 1 && label[0] == 'o' ? label.substr(1) : label;
}

RowText row_of(const CommittedState& state, const std::string& table, const std::string& column,
               const std::string& value) {
  const auto rows = rows_where(state, table, column, value);
  return rows.empty() ? RowText{} : rows.front();
}

RowText seat_in(const CommittedState& state, const std::string& seat) {
  return row_of(state, "seats", "seat_id", seat);
}

RowText order_in(const CommittedState& state, const std::string& label) {
  return row_of(state, "orders", "id", id_of(label));
}

// "o1, o3": the orders that claim the seat (held or paid), in id order.
std::vector<std::string> live_in(const CommittedState& state, const std::string& seat) {
  std::vector<std::string> live;
  for (const auto& order : rows_where(state, "orders", "seat_id", seat))
    if (order.at("state") == "held" || order.at("state") == "paid") live.push_back("o" + order.at("id"));
  return live;
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

RowText item_for(const CommittedState& state, const std::string& payment, const std::string& reason) {
  for (const auto& item : rows_where(state, "reconciliations", "provider_payment_id", payment))
    if (item.at("reason") == reason) return item;
  return {};
}

std::string at(const RowText& row, const std::string& column) {
  const auto it = row.find(column);
  return it == row.end() ? "(no row)" : it->second;
}

// The first problem of several, or "".
std::string first(std::initializer_list<std::string> problems) {
  for (const auto& problem : problems)
    if (!problem.empty()) return problem;
  return {};
}

std::string when(bool holds, const std::string& otherwise) {
  return holds ? std::string() : otherwise;
}

// The step's clock, as the message says it.
std::string now_is(const StepView& v, const Message& m) {
  return expect("now", arg(m, "now"), std::to_string(v.step.time));
}

// A seat that is not free to take: held by an order whose hold still runs, or sold.
bool taken(const RowText& seat, std::int64_t now) {
  return at(seat, "state") == "sold" || (at(seat, "state") == "held" && now < number(at(seat, "expires_at")));
}

// The step ran an UPDATE of seats that changed 0 rows.
bool update_changed_nothing(const StepView& v) {
  return std::any_of(v.step.sql.begin(), v.step.sql.end(), [](const SqlRecord& record) {
    return record.sql.rfind("UPDATE seats", 0) == 0 && record.changes == 0;
  });
}

bool same_tables(const CommittedState& a, const CommittedState& b) {
  return a.tables == b.tables;
}

bool rolled_back(const StepView& v) {
  return std::any_of(v.step.sql.begin(), v.step.sql.end(),
                     [](const SqlRecord& record) { return record.sql == "ROLLBACK"; });
}

// The seat names the order, in the given state.
std::string seat_names(const CommittedState& state, const std::string& seat, const std::string& order,
                       const std::string& seat_state) {
  const RowText row = seat_in(state, seat);
  return first({expect(seat + "'s order", id_of(order), at(row, "order_id")),
                expect(seat + "'s state", seat_state, at(row, "state"))});
}

std::string order_is(const CommittedState& state, const std::string& order, const std::string& order_state) {
  return expect(order + "'s state", order_state, at(order_in(state, order), "state"));
}

bool contains(const std::vector<std::string>& items, const std::string& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

}  // namespace reslab::claims::seat_cases
