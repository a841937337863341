// The hotel family's schema: its tables in display order (key columns first, for diffs) and
// the DDL in both models. The only SQL text a schema carries; values are never spliced in.
#include "core/cases/hotel/family.hpp"

namespace reslab::hotel {

std::vector<TableInfo> tables() {
  return {
      {"room_inventory", {"room_night_id", "night", "capacity", "available", "sold"}, 1, {}},
      {"holds", {"id", "request_key", "state", "deadline"}, 1, {"deadline"}},
      {"hold_nights", {"hold_id", "room_night_id"}, 2, {}},
      {"inventory_log", {"id", "room_night_id", "hold_id", "change", "counter", "reason", "at"}, 1, {"at"}},
      {"payments", {"id", "hold_id", "provider_payment_id", "amount", "currency", "state"}, 1, {}},
      {"callbacks",
       {"event_id", "hold_id", "provider_payment_id", "result", "received_at", "outcome"},
       1,
       {"received_at"}},
      {"refund_tasks", {"id", "payment_id", "op_key", "state", "created_at"}, 1, {"created_at"}},
      {"outbox", {"id", "topic", "payload", "created_at", "sent_at"}, 1, {"created_at", "sent_at"}},
      {"provider_ledger", {"op_key", "payment_id", "kind", "amount", "state"}, 1, {}},
      {"messages_received",
       {"id", "effect_key", "topic", "payload", "received_at", "deliveries"},
       1,
       {"received_at"}},
  };
}

std::vector<std::string> atomic_ddl() {
  return {
      "CREATE TABLE room_inventory(room_night_id TEXT PRIMARY KEY, night TEXT NOT NULL,"
      " capacity INTEGER NOT NULL, available INTEGER NOT NULL CHECK (available >= 0),"
      " sold INTEGER NOT NULL DEFAULT 0)",
      "CREATE TABLE holds(id INTEGER PRIMARY KEY, request_key TEXT UNIQUE, state TEXT NOT NULL,"
      " deadline INTEGER NULL)",
      "CREATE TABLE hold_nights(hold_id INTEGER NOT NULL, room_night_id TEXT NOT NULL,"
      " PRIMARY KEY (hold_id, room_night_id))",
      // change is the delta of the counter it names: available (reserve, release) or sold (confirm).
      "CREATE TABLE inventory_log(id INTEGER PRIMARY KEY, room_night_id TEXT NOT NULL,"
      " hold_id INTEGER, change INTEGER NOT NULL, counter TEXT NOT NULL CHECK (counter IN ('available', 'sold')),"
      " reason TEXT NOT NULL, at INTEGER NOT NULL)",
      "CREATE TABLE payments(id INTEGER PRIMARY KEY, hold_id INTEGER, provider_payment_id TEXT NOT NULL,"
      " amount INTEGER, currency TEXT, state TEXT NOT NULL)",
      "CREATE TABLE callbacks(event_id TEXT PRIMARY KEY, hold_id INTEGER, provider_payment_id TEXT, result TEXT,"
      " received_at INTEGER, outcome TEXT)",
      // created_at: when the refund was queued (the customer has been waiting since).
      "CREATE TABLE refund_tasks(id INTEGER PRIMARY KEY, payment_id INTEGER NOT NULL,"
      " op_key TEXT NOT NULL UNIQUE, state TEXT NOT NULL, created_at INTEGER)",
      "CREATE TABLE outbox(id INTEGER PRIMARY KEY, topic TEXT NOT NULL, payload TEXT NOT NULL,"
      " created_at INTEGER NOT NULL, sent_at INTEGER)",
      "CREATE TABLE provider_ledger(op_key TEXT PRIMARY KEY, payment_id TEXT NOT NULL,"
      " kind TEXT NOT NULL, amount INTEGER, state TEXT NOT NULL)",
      // What a downstream consumer of outbox messages got (H5-3). effect_key names the business effect it
      // dedups by; it is not UNIQUE, because a naive consumer applies every delivery.
      "CREATE TABLE messages_received(id INTEGER PRIMARY KEY, effect_key TEXT NOT NULL, topic TEXT NOT NULL,"
      " payload TEXT NOT NULL, received_at INTEGER NOT NULL, deliveries INTEGER NOT NULL DEFAULT 1)",
  };
}

// Naive code does not deduplicate requests, so nothing in its schema does either (H4).
std::vector<std::string> naive_ddl() {
  std::vector<std::string> ddl = atomic_ddl();
  for (auto& statement : ddl) {
    if (statement.rfind("CREATE TABLE holds(", 0) == 0)
      statement =
          "CREATE TABLE holds(id INTEGER PRIMARY KEY, request_key TEXT, state TEXT NOT NULL,"
          " deadline INTEGER NULL)";
  }
  return ddl;
}

}  // namespace reslab::hotel
