// The seat family's schema: its tables in display order (key columns first, for diffs) and
// the DDL, the same in both models. Values are never spliced into it.
#include "core/cases/seat/family.hpp"

namespace reslab::seat {

std::vector<TableInfo> tables() {
  return {
      {"seats", {"seat_id", "state", "order_id", "expires_at"}, 1, {"expires_at"}},
      {"orders",
       {"id", "request_key", "seat_id", "state", "expires_at", "paid_at"},
       1,
       {"expires_at", "paid_at"}},
      {"queue_tickets",
       {"ticket_id", "request_key", "issued_at", "expires_at", "state"},
       1,
       {"issued_at", "expires_at"}},
      {"seat_locks", {"seat_id", "owner", "lease_until"}, 1, {"lease_until"}},
      {"payments", {"id", "order_id", "provider_payment_id", "amount", "state"}, 1, {}},
      {"callbacks",
       {"event_id", "order_id", "provider_payment_id", "result", "received_at", "outcome"},
       1,
       {"received_at"}},
      {"reconciliations", {"id", "order_id", "provider_payment_id", "event_id", "reason", "state"}, 1, {}},
      {"provider_ledger", {"op_key", "payment_id", "kind", "amount", "state"}, 1, {}},
  };
}

// The ticketing article's model: a seat points at the one order that holds or bought it (order_id UNIQUE);
// the other tables are what T2-T4 need around it. seat_locks stands for a lock service outside the database.
std::vector<std::string> ddl() {
  return {
      "CREATE TABLE seats(seat_id TEXT PRIMARY KEY, state TEXT NOT NULL DEFAULT 'free'"
      " CHECK (state IN ('free', 'held', 'sold')), order_id INTEGER UNIQUE, expires_at INTEGER)",
      // expires_at: the end of the hold the order was granted; paid_at: when it was marked paid.
      "CREATE TABLE orders(id INTEGER PRIMARY KEY, request_key TEXT NOT NULL UNIQUE, seat_id TEXT,"
      " state TEXT NOT NULL, expires_at INTEGER, paid_at INTEGER)",
      "CREATE TABLE queue_tickets(ticket_id TEXT PRIMARY KEY, request_key TEXT, issued_at INTEGER NOT NULL,"
      " expires_at INTEGER NOT NULL, state TEXT NOT NULL)",
      "CREATE TABLE seat_locks(seat_id TEXT PRIMARY KEY, owner TEXT NOT NULL, lease_until INTEGER NOT NULL)",
      "CREATE TABLE payments(id INTEGER PRIMARY KEY, order_id INTEGER, provider_payment_id TEXT NOT NULL UNIQUE,"
      " amount INTEGER, state TEXT NOT NULL)",
      "CREATE TABLE callbacks(event_id TEXT PRIMARY KEY, order_id INTEGER, provider_payment_id TEXT, result TEXT,"
      " received_at INTEGER, outcome TEXT)",
      // One item per reason and payment: a repeated notice of the same payment queues nothing new.
      "CREATE TABLE reconciliations(id INTEGER PRIMARY KEY, order_id INTEGER, provider_payment_id TEXT NOT NULL,"
      " event_id TEXT, reason TEXT NOT NULL, state TEXT NOT NULL, UNIQUE (reason, provider_payment_id))",
      "CREATE TABLE provider_ledger(op_key TEXT PRIMARY KEY, payment_id TEXT NOT NULL,"
      " kind TEXT NOT NULL, amount INTEGER, state TEXT NOT NULL)",
  };
}

}  // namespace reslab::seat
