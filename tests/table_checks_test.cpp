// The helpers the families' figures and invariants compute with, over the committed tables: they must
// order, group and count as the SQL each rule is written in would.
#include <doctest/doctest.h>

#include <stdexcept>

#include "core/cases/shared/checks.hpp"

using namespace reslab;

namespace {

CommittedState ledger_state() {
  CommittedState state;
  state.tables.push_back({"provider_ledger",
                          {"op_key", "payment_id", "kind", "amount", "state"},
                          {
                              {std::string("k1"), std::string("pay-2"), std::string("refund"),
                               std::int64_t{5}, std::string("SUCCEEDED")},
                              {std::string("k2"), std::string("pay-1"), std::string("refund"),
                               std::int64_t{5}, std::string("SUCCEEDED")},
                              {std::string("k3"), std::string("pay-2"), std::string("refund"), Value{},
                               std::string("SUCCEEDED")},
                              {std::string("k4"), std::string("pay-1"), std::string("charge"),
                               std::int64_t{7}, std::string("FAILED")},
                              {std::string("k5"), std::string("pay-2"), std::string("refund"),
                               std::int64_t{2}, std::string("SUCCEEDED")},
                          }});
  return state;
}

}  // namespace

TEST_CASE("ORDER BY's order: NULL first, then numbers by value, then text by its bytes") {
  CHECK(sql_less(Value{}, Value(std::int64_t{-5})));
  CHECK(sql_less(Value(std::int64_t{2}), Value(std::int64_t{10})));
  CHECK(sql_less(Value(1.5), Value(std::int64_t{2})));
  CHECK(sql_less(Value(std::int64_t{99}), Value(std::string("1"))));
  CHECK(sql_less(Value(std::string("B")), Value(std::string("a"))));  // BINARY: uppercase first
  CHECK(sql_less(Value(std::string("booking-R10")), Value(std::string("booking-R2"))));
  CHECK_FALSE(sql_less(Value{}, Value{}));
  CHECK_FALSE(sql_less(Value(std::string("a")), Value(std::string("a"))));
}

TEST_CASE("GROUP BY ... HAVING COUNT(*) > 1 ORDER BY 1, and the counts and sums of a table") {
  const CommittedState state = ledger_state();
  const checks::TableRows ledger(state, "provider_ledger");
  const auto refunds = checks::rows_where(ledger, ledger.column("kind"), {"refund"});
  CHECK(refunds.size() == 4);
  const auto twice = checks::repeated(refunds, ledger.column("payment_id"));
  REQUIRE(twice.size() == 1);  // pay-1 is refunded once: left out
  CHECK(twice[0].first == Value(std::string("pay-2")));
  CHECK(twice[0].second == 3);
  CHECK(checks::counted_rows(twice) == "pay-2 x3");
  CHECK(checks::counted_rows({}) == "-");
  CHECK(checks::count_where(ledger, ledger.column("state"), {"SUCCEEDED", "FAILED"}) == 5);
  CHECK(checks::count_rows(ledger) == 5);
  CHECK(checks::sum_of(ledger, ledger.column("amount")) == 19);  // SUM skips NULL
  const auto by_amount = checks::ordered_by(refunds, {ledger.column("amount"), ledger.column("op_key")});
  CHECK(is_null((*by_amount[0])[3]));
  CHECK((*by_amount[1])[0] == Value(std::string("k5")));
  CHECK((*by_amount[2])[0] == Value(std::string("k1")));  // ties keep key order
  CHECK((*by_amount[3])[0] == Value(std::string("k2")));
}

TEST_CASE("a table or column the family does not have is a bug, not an empty answer") {
  const CommittedState state = ledger_state();
  CHECK_THROWS_AS(checks::TableRows(state, "ledger"), std::logic_error);
  const checks::TableRows ledger(state, "provider_ledger");
  CHECK_THROWS_AS(ledger.column("amount_cents"), std::logic_error);
}
