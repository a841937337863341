// H5 row 3: a booking confirmation and the message that must follow it, in both models.
//   confirm_booking — naive: confirm (each statement on its own) and keep the message in memory;
//                     atomic: confirm and write the outbox row in one transaction
//   send_messages   — the service's own send after the commit: naive sends from memory (after a
//                     crash there is nothing left: lost); atomic sends nothing itself, the relay does
//   relay_send      — delivers every outbox row without sent_at, remembering what it delivered
//   relay_ack       — marks what it remembers as sent; a crash before this means a redelivery
// The consumer (the confirmation e-mail service) keeps what it got in messages_received: naive
// applies every delivery, atomic dedups by business effect (topic and payload), not by message id.
#include <string_view>

#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/holds.hpp"
#include "core/cases/hotel/outbox.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

const std::string kDeliveredPrefix = "delivered_not_marked_";  // relay: delivered, sent_at not yet written

// [SECTION] the consumer
// Returns how many times this effect has now been delivered (1 = applied now).
std::int64_t deliver(ActionContext& ctx, const std::string& topic, const std::string& payload) {
  const std::string effect = effect_key(topic, payload);
  static const std::string insert =
      "INSERT INTO messages_received(effect_key, topic, payload, received_at, deliveries) VALUES (?, ?, ?, "
      "?, 1)";
  if (ctx.model() == Model::naive) {
    ctx.must(insert, {effect, topic, payload, ctx.now()});
    const auto copies = ctx.must("SELECT COUNT(*) FROM messages_received WHERE effect_key = ?", {effect});
    return as_int(copies.rows.at(0).at(0));
  }
  ctx.must(kBeginImmediate);
  const auto again = ctx.must(
      "UPDATE messages_received SET deliveries = deliveries + 1 WHERE effect_key = ? RETURNING deliveries",
      {effect});
  std::int64_t deliveries = 1;
  if (again.rows.empty()) {
    ctx.must(insert, {effect, topic, payload, ctx.now()});
  } else {
    deliveries = as_int(again.rows[0][0]);
  }
  ctx.must(kCommit);
  return deliveries;
}

void say_delivery(ActionContext& ctx, const std::string& topic, const std::string& payload,
                  std::int64_t deliveries) {
  const MessageArgs args = {{"effect", effect_key(topic, payload)},
                            {"deliveries", std::to_string(deliveries)}};
  if (deliveries <= 1) {
    ctx.say({"recovery.consumer.applied", args});
  } else {
    ctx.say(
        {ctx.model() == Model::naive ? "recovery.consumer.naive.again" : "recovery.consumer.dedup", args});
  }
}

// [SECTION] send_messages
// Confirmed bookings whose confirmation never reached the consumer and is in no outbox row either,
// from the committed state.
std::string undelivered_confirmations(const ActionContext& ctx) {
  const TableData* holds = ctx.committed().table("holds");
  const TableData* received = ctx.committed().table("messages_received");
  const TableData* outbox = ctx.committed().table("outbox");
  std::string listed;
  if (!holds) return listed;
  for (const auto& hold : holds->rows) {
    if (hold.size() < 3 || to_display(hold[2]) != "CONFIRMED") continue;
    const std::string payload = confirmation_payload(hold[0]);
    const std::string effect = effect_key(kConfirmationTopic, payload);
    bool somewhere = false;
    if (received)
      for (const auto& row : received->rows)
        somewhere = somewhere || (row.size() > 1 && to_display(row[1]) == effect);
    if (outbox)
      for (const auto& row : outbox->rows)
        somewhere = somewhere || (row.size() > 2 && to_display(row[1]) == kConfirmationTopic &&
                                  to_display(row[2]) == payload);
    if (!somewhere) listed += (listed.empty() ? "#" : ", #") + to_display(hold[0]);
  }
  return listed;
}

}  // namespace

// [SECTION] the actions
// [SECTION] confirm_booking
std::string confirm_booking_naive(ActionContext& ctx) {
  const Value hold_id = ctx.integer("hold");
  const MessageArgs args = {
      {"actor", ctx.actor().id}, {"hold", to_display(hold_id)}, {"topic", kConfirmationTopic}};
  confirm_without_checks(ctx, hold_id);
  ctx.memory()[kMessageToSend] = confirmation_payload(hold_id);
  ctx.summarize({"recovery.confirm.summary", args});
  ctx.say({"recovery.confirm.naive", args});
  return "confirmed";
}

std::string confirm_booking_atomic(ActionContext& ctx) {
  const Value hold_id = ctx.integer("hold");
  MessageArgs args = {
      {"actor", ctx.actor().id}, {"hold", to_display(hold_id)}, {"topic", kConfirmationTopic}};
  ctx.must(kBeginImmediate);
  if (!confirm_in_time(ctx, hold_id)) {
    const HoldRow hold = read_hold(ctx, hold_id);
    ctx.must(kRollback);
    args.emplace_back("state", hold.found ? hold.state : "-");
    ctx.summarize({"recovery.confirm.nothing.summary", args});
    ctx.say({"recovery.confirm.nothing", args});
    return "noop";
  }
  // The row's id is named to the class, so this insert returns it (confirm_and_announce's does not).
  const auto row =
      ctx.must("INSERT INTO outbox(topic, payload, created_at, sent_at) VALUES (?, ?, ?, NULL) RETURNING id",
               {std::string(kConfirmationTopic), confirmation_payload(hold_id), ctx.now()});
  ctx.must(kCommit);
  args.emplace_back("row", to_display(row.rows.at(0).at(0)));
  ctx.summarize({"recovery.confirm.summary", args});
  ctx.say({"recovery.confirm.atomic", args});
  return "confirmed";
}

std::string send_messages_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  auto remembered = ctx.memory().find(kMessageToSend);
  if (remembered != ctx.memory().end()) {
    const std::string payload = to_display(remembered->second);
    ctx.memory().erase(remembered);
    const std::int64_t deliveries = deliver(ctx, kConfirmationTopic, payload);
    ctx.summarize({"recovery.send.summary", {{"actor", actor}, {"topic", kConfirmationTopic}}});
    ctx.say({"recovery.send.naive", {{"actor", actor}, {"topic", kConfirmationTopic}, {"payload", payload}}});
    say_delivery(ctx, kConfirmationTopic, payload, deliveries);
    return "sent";
  }
  const std::string lost = undelivered_confirmations(ctx);
  if (!lost.empty()) {
    ctx.summarize({"recovery.send.lost.summary", {{"actor", actor}}});
    ctx.say({"recovery.send.lost", {{"actor", actor}, {"holds", lost}, {"topic", kConfirmationTopic}}});
    return "lost";
  }
  ctx.summarize({"recovery.send.none.summary", {{"actor", actor}}});
  ctx.say({"recovery.send.none", {{"actor", actor}}});
  return "noop";
}

std::string send_messages_atomic(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  std::int64_t unsent = 0;
  if (const TableData* outbox = ctx.committed().table("outbox"))
    for (const auto& row : outbox->rows) unsent += row.size() > 4 && is_null(row[4]) ? 1 : 0;
  ctx.summarize({"recovery.send.outbox.summary", {{"actor", actor}}});
  ctx.say({"recovery.send.outbox", {{"actor", actor}, {"unsent", std::to_string(unsent)}}});
  return "noop";
}

// [SECTION] relay_send and relay_ack
std::string relay_send(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const auto unsent = ctx.must("SELECT id, topic, payload FROM outbox WHERE sent_at IS NULL ORDER BY id");
  if (unsent.rows.empty()) {
    ctx.summarize({"recovery.relay.none.summary", {{"actor", actor}}});
    ctx.say({"recovery.relay.none", {{"actor", actor}}});
    return "noop";
  }
  std::string rows;
  for (const auto& row : unsent.rows) rows += (rows.empty() ? "#" : ", #") + to_display(row[0]);
  ctx.say({"recovery.relay.send", {{"actor", actor}, {"rows", rows}}});
  for (const auto& row : unsent.rows) {
    const std::string topic = to_display(row[1]);
    const std::string payload = to_display(row[2]);
    const std::int64_t deliveries = deliver(ctx, topic, payload);
    ctx.memory()[kDeliveredPrefix + to_display(row[0])] = topic;
    say_delivery(ctx, topic, payload, deliveries);
  }
  ctx.summarize({"recovery.relay.send.summary", {{"actor", actor}, {"rows", rows}}});
  return "sent";
}

std::string relay_ack(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  std::vector<std::string> delivered;
  for (const auto& [key, topic] : ctx.memory())
    if (key.rfind(kDeliveredPrefix, 0) == 0) delivered.push_back(key.substr(kDeliveredPrefix.size()));
  if (delivered.empty()) {
    ctx.summarize({"recovery.relay.ack.none.summary", {{"actor", actor}}});
    ctx.say({"recovery.relay.ack.none", {{"actor", actor}}});
    return "noop";
  }
  std::string rows;
  for (const auto& id : delivered) {
    ctx.must("UPDATE outbox SET sent_at = ? WHERE id = ? AND sent_at IS NULL", {ctx.now(), std::stoll(id)});
    ctx.memory().erase(kDeliveredPrefix + id);
    rows += (rows.empty() ? "#" : ", #") + id;
  }
  ctx.summarize({"recovery.relay.ack.summary", {{"actor", actor}, {"rows", rows}}});
  ctx.say({"recovery.relay.ack", {{"actor", actor}, {"rows", rows}, {"now", std::to_string(ctx.now())}}});
  return "sent";
}

}  // namespace reslab::hotel
