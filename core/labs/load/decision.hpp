#pragma once
// How one intent is decided, with the prepared statements of the connection deciding it. atomic: one
// write transaction whose conditional UPDATE re-checks the seat. naive: a read, then a write in a
// later transaction that trusts the read. Either way the intent leaves one order row.
#include <cstdint>

#include "core/labs/connection/lab_connection.hpp"
#include "core/labs/load/workload.hpp"

namespace reslab::load_lab {

// The statements one connection needs, prepared once, and a buffer for an intent's request key.
struct IntentStatements {
  explicit IntentStatements(LabConnection& db);

  LabStatement& begin;
  LabStatement& commit;
  LabStatement& expire_past_holder;
  LabStatement& take_seat_if_free;
  LabStatement& insert_order;
  LabStatement& read_seat;
  LabStatement& expire_order;
  LabStatement& take_seat;
  char request_key[32];
};

// atomic, inside the caller's write transaction: true when the intent now holds its seat.
bool decide_atomically(IntentStatements& sql, std::int64_t index, const LoadIntent& intent,
                       std::int64_t hold_ms);

// naive, first half: what the seat looked like, read outside any write transaction.
struct SeatSeen {
  bool free = false;
  std::int64_t expired_holder = 0;  // 0: none
};
SeatSeen read_seat(IntentStatements& sql, const LoadIntent& intent);

// naive, second half, inside the caller's write transaction: acts on the earlier read without looking again.
bool write_blindly(IntentStatements& sql, std::int64_t index, const LoadIntent& intent, const SeatSeen& seen,
                   std::int64_t hold_ms);

}  // namespace reslab::load_lab
