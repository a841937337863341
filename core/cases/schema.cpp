#include "core/cases/schema.hpp"

#include <algorithm>

#include "core/sim/trace.hpp"

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
    // What a downstream consumer of outbox messages got (H5-3). effect_key names the business effect it
    // dedups by; it is not UNIQUE, because a naive consumer applies every delivery.
    "CREATE TABLE messages_received(id INTEGER PRIMARY KEY, effect_key TEXT NOT NULL, topic TEXT NOT NULL,"
    " payload TEXT NOT NULL, received_at INTEGER NOT NULL, deliveries INTEGER NOT NULL DEFAULT 1)",
};

// Seed 003's model: a seat points at the one order that holds or bought it (order_id UNIQUE); the
// other tables are what T2-T4 need around it. seat_locks stands for a lock service outside the database.
const std::vector<std::string> kSeatDdl = {
    "CREATE TABLE seats(seat_id TEXT PRIMARY KEY, state TEXT NOT NULL DEFAULT 'free'"
    " CHECK (state IN ('free', 'held', 'sold')), order_id INTEGER UNIQUE, expires_at INTEGER)",
    "CREATE TABLE orders(id INTEGER PRIMARY KEY, request_key TEXT NOT NULL UNIQUE, seat_id TEXT,"
    " state TEXT NOT NULL)",
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

// Naive code does not deduplicate requests, so nothing in its schema does either (H4).
std::vector<std::string> naive_hotel_ddl() {
  std::vector<std::string> ddl = kHotelDdl;
  for (auto& statement : ddl) {
    if (statement.rfind("CREATE TABLE holds(", 0) == 0)
      statement =
          "CREATE TABLE holds(id INTEGER PRIMARY KEY, request_key TEXT, state TEXT NOT NULL,"
          " deadline INTEGER NULL)";
  }
  return ddl;
}

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
           {"messages_received", {"id", "effect_key", "topic", "payload", "received_at", "deliveries"}},
       },
       {"capacity", "available", "sold", "active_holds", "refund_tasks", "refunds_pending", "booking_state",
        "nights"},
       {"capacity_balance", "sold_matches_bookings", "confirmed_before_deadline", "one_refund_per_payment",
        "released_at_most_once", "one_charge_per_payment"}},
      {"seat",
       {
           {"seats", {"seat_id", "state", "order_id", "expires_at"}},
           {"orders", {"id", "request_key", "seat_id", "state"}},
           {"queue_tickets", {"ticket_id", "request_key", "issued_at", "expires_at", "state"}},
           {"seat_locks", {"seat_id", "owner", "lease_until"}},
           {"payments", {"id", "order_id", "provider_payment_id", "amount", "state"}},
           {"callbacks", {"event_id", "order_id", "provider_payment_id", "result", "received_at", "outcome"}},
           {"reconciliations", {"id", "order_id", "provider_payment_id", "event_id", "reason", "state"}},
           {"provider_ledger", {"op_key", "payment_id", "kind", "amount", "state"}},
       },
       {"capacity", "available", "sold", "active_holds", "booking_state", "paid_orders"},
       {"capacity_balance", "sold_matches_bookings", "one_owner_per_seat", "one_refund_per_payment"}},
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
  if (name == "seat") return kSeatDdl;
  return name == "hotel" ? kHotelDdl : none;
}

const std::vector<std::string>& schema_ddl(std::string_view name, Model model) {
  static const std::vector<std::string> naive_hotel = naive_hotel_ddl();
  if (name == "hotel" && model == Model::naive) return naive_hotel;
  return schema_ddl(name);
}

}  // namespace reslab
