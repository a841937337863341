#include "core/schema.hpp"

#include <algorithm>

namespace reslab {
namespace {

const std::vector<std::string> kHotelDdl = {
    "CREATE TABLE room_inventory(room_night_id TEXT PRIMARY KEY, night TEXT NOT NULL,"
    " capacity INTEGER NOT NULL, available INTEGER NOT NULL CHECK (available >= 0),"
    " sold INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE holds(id INTEGER PRIMARY KEY, request_key TEXT UNIQUE, state TEXT NOT NULL,"
    " deadline INTEGER NULL)",
    "CREATE TABLE hold_nights(hold_id INTEGER NOT NULL, room_night_id TEXT NOT NULL,"
    " PRIMARY KEY (hold_id, room_night_id))",
    // change is the delta of available (reserve, release) or of sold (confirm).
    "CREATE TABLE inventory_log(id INTEGER PRIMARY KEY, room_night_id TEXT NOT NULL,"
    " hold_id INTEGER, change INTEGER NOT NULL, reason TEXT NOT NULL, at INTEGER NOT NULL)",
    "CREATE TABLE payments(id INTEGER PRIMARY KEY, hold_id INTEGER, provider_payment_id TEXT NOT NULL,"
    " amount INTEGER, currency TEXT, state TEXT NOT NULL)",
    "CREATE TABLE callbacks(event_id TEXT PRIMARY KEY, hold_id INTEGER, result TEXT,"
    " received_at INTEGER, outcome TEXT)",
    "CREATE TABLE refund_tasks(id INTEGER PRIMARY KEY, payment_id INTEGER NOT NULL,"
    " op_key TEXT NOT NULL UNIQUE, state TEXT NOT NULL)",
    "CREATE TABLE outbox(id INTEGER PRIMARY KEY, topic TEXT NOT NULL, payload TEXT NOT NULL,"
    " created_at INTEGER NOT NULL, sent_at INTEGER)",
    "CREATE TABLE provider_ledger(op_key TEXT PRIMARY KEY, payment_id TEXT NOT NULL,"
    " kind TEXT NOT NULL, amount INTEGER, state TEXT NOT NULL)",
};

const std::vector<SchemaInfo>& schemas() {
  static const std::vector<SchemaInfo> all = {
      {"hotel",
       {
           {"room_inventory", {"room_night_id", "night", "capacity", "available", "sold"}},
           {"holds", {"id", "request_key", "state", "deadline"}},
           {"hold_nights", {"hold_id", "room_night_id"}, 2},
           {"inventory_log", {"id", "room_night_id", "hold_id", "change", "reason", "at"}},
           {"payments", {"id", "hold_id", "provider_payment_id", "amount", "currency", "state"}},
           {"callbacks", {"event_id", "hold_id", "result", "received_at", "outcome"}},
           {"refund_tasks", {"id", "payment_id", "op_key", "state"}},
           {"outbox", {"id", "topic", "payload", "created_at", "sent_at"}},
           {"provider_ledger", {"op_key", "payment_id", "kind", "amount", "state"}},
       },
       {"capacity", "available", "sold", "active_holds", "refund_tasks", "refunds_pending", "booking_state",
        "nights"},
       {"capacity_balance", "sold_matches_bookings", "confirmed_before_deadline", "one_refund_per_payment",
        "released_at_most_once"}},
  };
  return all;
}

}  // namespace

const TableInfo* SchemaInfo::find_table(std::string_view table) const {
  auto it = std::find_if(tables.begin(), tables.end(), [&](const TableInfo& t) { return t.name == table; });
  return it == tables.end() ? nullptr : &*it;
}

const SchemaInfo* find_schema(std::string_view name) {
  for (const auto& schema : schemas())
    if (schema.name == name) return &schema;
  return nullptr;
}

const std::vector<std::string>& schema_ddl(std::string_view name) {
  static const std::vector<std::string> none;
  return name == "hotel" ? kHotelDdl : none;
}

}  // namespace reslab
