#pragma once
// Statements shared by the hotel actions. Every value is a bound parameter.
#include <cstdint>
#include <string>

namespace reslab::hotel_sql {

inline const std::string kBeginImmediate = "BEGIN IMMEDIATE";
inline const std::string kCommit = "COMMIT";
inline const std::string kRollback = "ROLLBACK";

// The BEGIN an action's `begin` argument names: "immediate" takes SQLite's write lock up front.
inline std::string begin_statement(const std::string& mode) {
  return mode == "immediate" ? kBeginImmediate : std::string("BEGIN");
}
// How often a write retries a statement answered BUSY when its `retries` argument does not say.
inline constexpr std::int64_t kDefaultRetries = 3;

// The conditional decrement of one night: 0 rows when it is sold out (or has no row).
inline const std::string kDecrement =
    "UPDATE room_inventory SET available = available - 1 WHERE room_night_id = ? AND available > 0"
    " RETURNING available";
inline const std::string kInsertHold =
    "INSERT INTO holds(request_key, state, deadline) VALUES (?, 'RESERVED', ?) RETURNING id";
inline const std::string kInsertHoldNight = "INSERT INTO hold_nights(hold_id, room_night_id) VALUES (?, ?)";
// A counter change and why: `counter` names the counter that moved (available or sold).
inline const std::string kLogChange =
    "INSERT INTO inventory_log(room_night_id, hold_id, change, counter, reason, at) VALUES (?, ?, ?, ?, ?, ?)";
// One log row per night of a hold, written with the counter change it records.
inline const std::string kLogHoldNights =
    "INSERT INTO inventory_log(room_night_id, hold_id, change, counter, reason, at)"
    " SELECT room_night_id, hold_id, ?, ?, ?, ? FROM hold_nights WHERE hold_id = ?";
inline const std::string kReleaseHoldNights =
    "UPDATE room_inventory SET available = available + 1"
    " WHERE room_night_id IN (SELECT room_night_id FROM hold_nights WHERE hold_id = ?)";
inline const std::string kSellHoldNights =
    "UPDATE room_inventory SET sold = sold + 1"
    " WHERE room_night_id IN (SELECT room_night_id FROM hold_nights WHERE hold_id = ?)";
// A payment the provider reports SUCCEEDED, as the callback handlers record it.
inline const std::string kInsertSucceededPayment =
    "INSERT INTO payments(hold_id, provider_payment_id, amount, currency, state)"
    " VALUES (?, ?, ?, ?, 'SUCCEEDED') RETURNING id";
inline const std::string kInsertOutbox =
    "INSERT INTO outbox(topic, payload, created_at, sent_at) VALUES (?, ?, ?, NULL)";

}  // namespace reslab::hotel_sql
