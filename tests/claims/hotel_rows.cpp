// The hotel tables' starting rows for the claim tests' scenarios (declared in hotel_cases.hpp).
#include "tests/claims/hotel_cases.hpp"

namespace reslab::claims::hotel_cases {

namespace {

void log_hold_night(Scenario& scenario, int hold, const std::string& reason, std::int64_t change,
                    std::int64_t at) {
  add_row(scenario, "inventory_log",
          {{"room_night_id", "N1"},
           {"hold_id", integer(hold)},
           {"change", integer(change)},
           {"counter", "available"},
           {"reason", reason},
           {"at", integer(at)}});
}

}  // namespace

void add_room_night(Scenario& scenario, const std::string& night, const std::string& date,
                    std::int64_t capacity, std::int64_t available, std::int64_t sold) {
  add_row(scenario, "room_inventory",
          {{"room_night_id", night},
           {"night", date},
           {"capacity", integer(capacity)},
           {"available", integer(available)},
           {"sold", integer(sold)}});
}

void add_reserved_hold(Scenario& scenario, int hold, std::int64_t deadline) {
  add_row(scenario, "holds",
          {{"id", integer(hold)},
           {"request_key", "booking-" + std::to_string(hold)},
           {"state", "RESERVED"},
           {"deadline", integer(deadline)}});
  add_row(scenario, "hold_nights", {{"hold_id", integer(hold)}, {"room_night_id", "N1"}});
  log_hold_night(scenario, hold, "reserve", -1, 0);
}

void add_payment(Scenario& scenario, int row, int hold, const std::string& payment,
                 const std::string& state) {
  add_row(scenario, "payments",
          {{"id", integer(row)},
           {"hold_id", integer(hold)},
           {"provider_payment_id", payment},
           {"amount", integer(480)},
           {"currency", "CNY"},
           {"state", state}});
}

void add_ledger_entry(Scenario& scenario, const std::string& op_key, const std::string& payment,
                      const std::string& kind, const std::string& state) {
  add_row(scenario, "provider_ledger",
          {{"op_key", op_key},
           {"payment_id", payment},
           {"kind", kind},
           {"amount", integer(480)},
           {"state", state}});
}

void add_pending_refund(Scenario& scenario, const PendingRefundRows& refund) {
  add_row(scenario, "holds",
          {{"id", integer(refund.hold)},
           {"request_key", "booking-" + std::to_string(refund.hold)},
           {"state", "HOLD_EXPIRED"},
           {"deadline", integer(refund.expired_at)}});
  add_row(scenario, "hold_nights", {{"hold_id", integer(refund.hold)}, {"room_night_id", "N1"}});
  log_hold_night(scenario, refund.hold, "reserve", -1, refund.expired_at);
  log_hold_night(scenario, refund.hold, "release", 1, refund.expired_at);
  add_payment(scenario, refund.row, refund.hold, refund.payment, "SUCCEEDED");
  add_row(scenario, "refund_tasks",
          {{"id", integer(refund.row)},
           {"payment_id", integer(refund.row)},
           {"op_key", "refund:" + refund.payment},
           {"state", "PENDING"},
           {"created_at", integer(refund.queued_at)}});
}

}  // namespace reslab::claims::hotel_cases
