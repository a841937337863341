// T3: a queue ticket is not a seat.
//   queue_enter           — both models: the queue admits at most admit_per_second buyers per logical
//                           second and hands each an admission ticket that expires; it grants no seat.
//   seat_hold_with_ticket — naive: a valid ticket is taken as ownership: the seat is written without
//                           looking at it; atomic: the ticket is spent in the same transaction as the
//                           hold, and the conditional UPDATE on the seat decides.
#include "core/cases/seat/actions.hpp"

namespace reslab::seat {
namespace {

constexpr std::int64_t kDefaultTicketSeconds = 60;

MessageArgs ticket_args(const ActionContext& ctx) {
  return {{"actor", ctx.actor().id},
          {"ticket", ctx.text("ticket")},
          {"seat", ctx.text("seat")},
          {"now", std::to_string(ctx.now())}};
}

// Why a ticket cannot be used, or "" when it can.
std::string ticket_problem(const StatementResult& ticket, std::int64_t now) {
  if (ticket.rows.empty()) return "seat.ticket.missing";
  if (to_display(ticket.rows[0][0]) != "admitted") return "seat.ticket.used";
  if (!(now < as_int(ticket.rows[0][1]))) return "seat.ticket.expired";
  return {};
}

std::string reject_ticket(ActionContext& ctx, const std::string& problem, const StatementResult& ticket) {
  MessageArgs args = ticket_args(ctx);
  args.emplace_back("until", ticket.rows.empty() ? "-" : to_display(ticket.rows[0][1]));
  ctx.summarize({"seat.ticket.rejected.summary", args});
  ctx.say({problem, args});
  ctx.resolve("rejected");
  return "rejected";
}

const std::string kReadTicket = "SELECT state, expires_at FROM queue_tickets WHERE ticket_id = ?";

}  // namespace

std::string queue_enter(ActionContext& ctx) {
  MessageArgs args = ticket_args(ctx);
  const std::int64_t until = ctx.now() + ctx.integer("ticket_seconds", kDefaultTicketSeconds);
  args.emplace_back("until", std::to_string(until));
  ctx.must(kBeginImmediate);
  if (ctx.has("admit_per_second")) {
    const auto admitted =
        ctx.must("SELECT COUNT(*) FROM queue_tickets WHERE issued_at = ?", {ctx.now()}).rows.at(0).at(0);
    args.emplace_back("admitted", to_display(admitted));
    args.emplace_back("rate", std::to_string(ctx.integer("admit_per_second")));
    if (as_int(admitted) >= ctx.integer("admit_per_second")) {
      ctx.must(kRollback);
      ctx.summarize({"seat.queue.refused.summary", args});
      ctx.say({"seat.queue.refused", args});
      ctx.resolve("rejected");
      return "rejected";
    }
  }
  ctx.must(
      "INSERT INTO queue_tickets(ticket_id, request_key, issued_at, expires_at, state)"
      " VALUES (?, ?, ?, ?, 'admitted')",
      {ctx.text("ticket"), ctx.text("request_key"), ctx.now(), until});
  ctx.must(kCommit);
  ctx.summarize({"seat.queue.admitted.summary", args});
  ctx.say({"seat.queue.admitted", args});
  return "accepted";
}

std::string seat_hold_with_ticket_naive(ActionContext& ctx) {
  const std::string seat = ctx.text("seat");
  const auto ticket = ctx.must(kReadTicket, {ctx.text("ticket")});
  if (const std::string problem = ticket_problem(ticket, ctx.now()); !problem.empty())
    return reject_ticket(ctx, problem, ticket);
  ctx.must("UPDATE queue_tickets SET state = 'used' WHERE ticket_id = ?", {ctx.text("ticket")});
  ctx.say({"seat.ticket.naive", ticket_args(ctx)});
  const HoldAttempt attempt = overwrite_hold(ctx, seat, ctx.text("request_key"), {});
  return report_hold(ctx, attempt, seat, "blind");
}

std::string seat_hold_with_ticket_atomic(ActionContext& ctx) {
  const std::string seat = ctx.text("seat");
  ctx.must(kBeginImmediate);
  const auto ticket = ctx.must(kReadTicket, {ctx.text("ticket")});
  if (const std::string problem = ticket_problem(ticket, ctx.now()); !problem.empty()) {
    ctx.must(kRollback);
    return reject_ticket(ctx, problem, ticket);
  }
  ctx.must("UPDATE queue_tickets SET state = 'used' WHERE ticket_id = ? AND state = 'admitted'",
           {ctx.text("ticket")});
  const HoldAttempt attempt = conditional_hold(ctx, seat, ctx.text("request_key"));
  ctx.must(attempt.taken ? kCommit : kRollback);
  if (attempt.taken) {
    ctx.say({"seat.ticket.atomic.taken", ticket_args(ctx)});
  } else if (attempt.duplicate_code.empty() && !attempt.previous_order.empty()) {
    // Another order claims the seat (not a reused request key, not a missing seat).
    MessageArgs args = ticket_args(ctx);
    args.emplace_back("until", to_display(ticket.rows[0][1]));
    args.emplace_back("holder", attempt.previous_order);
    args.emplace_back("state", attempt.seat_state);
    ctx.say({"seat.ticket.atomic.rejected", args});
  }
  return report_hold(ctx, attempt, seat, "atomic");
}

}  // namespace reslab::seat
