// T4: a lease lock is not the final word (the ticketing article: "单独 Redis 锁不作为最终保障").
//   lock_seat           — both models: take the seat's lock if it is free or its lease has run out,
//                         in one statement, as SET NX with an expiry would in a lock service.
//   pause               — both models: the process stalls (a GC pause, swapped out); no SQL.
//   seat_hold_with_lock — naive: the buyer trusts the lock it once took and writes the seat without a
//                         condition; atomic: the lock only keeps buyers apart while it lasts, and the
//                         conditional UPDATE on the seat decides.
// seat_locks lives in the lab's database only so that it can be shown; it stands for a separate
// lock service (Redis), which is why no hold ever reads it inside its transaction.
#include "core/cases/seat/actions.hpp"

namespace reslab::seat {
namespace {

constexpr std::int64_t kDefaultLeaseSeconds = 10;

// The committed lock row of a seat: owner and lease_until, if any.
std::optional<std::pair<std::string, std::int64_t>> committed_lock(const ActionContext& ctx,
                                                                   const std::string& seat) {
  const TableData* locks = ctx.committed().table("seat_locks");
  if (!locks) return std::nullopt;
  for (const auto& row : locks->rows)
    if (row.size() > 2 && to_display(row[0]) == seat)
      return std::make_pair(to_display(row[1]), as_int(row[2]));
  return std::nullopt;
}

std::string remembered(ActionContext& ctx, const std::string& name) {
  auto it = ctx.memory().find(name);
  return it == ctx.memory().end() ? "-" : to_display(it->second);
}

MessageArgs lock_args(ActionContext& ctx) {
  const auto now_holder = committed_lock(ctx, ctx.text("seat"));
  return {{"actor", ctx.actor().id},
          {"seat", ctx.text("seat")},
          {"now", std::to_string(ctx.now())},
          {"locked_at", remembered(ctx, "locked_at")},
          {"lease", remembered(ctx, "lease_until")},
          {"holder", now_holder ? now_holder->first : "-"}};
}

// Where the actor's lock stands, though the actor itself never looks: its lease still runs, it ran out
// with nobody taking the lock since, or someone else holds the lock now.
enum class Lease { none, running, lapsed, lost };

Lease lease_of(ActionContext& ctx) {
  auto it = ctx.memory().find("lease_until");
  if (it == ctx.memory().end()) return Lease::none;
  if (ctx.now() < as_int(it->second)) return Lease::running;
  const auto holder = committed_lock(ctx, ctx.text("seat"));
  return holder && holder->first != ctx.actor().id ? Lease::lost : Lease::lapsed;
}

}  // namespace

std::string lock_seat(ActionContext& ctx) {
  const std::string seat = ctx.text("seat");
  const std::int64_t until = ctx.now() + ctx.integer("lease_seconds", kDefaultLeaseSeconds);
  const auto before = committed_lock(ctx, seat);
  MessageArgs args = {{"actor", ctx.actor().id},
                      {"seat", seat},
                      {"until", std::to_string(until)},
                      {"now", std::to_string(ctx.now())},
                      {"holder", before ? before->first : "-"},
                      {"lease", before ? std::to_string(before->second) : "-"}};
  const auto taken = ctx.must(
      "INSERT INTO seat_locks(seat_id, owner, lease_until) VALUES (?, ?, ?)"
      " ON CONFLICT(seat_id) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until"
      " WHERE seat_locks.lease_until <= ?",
      {seat, ctx.actor().id, until, ctx.now()});
  if (taken.changes == 0) {
    ctx.summarize({"seat.lock.refused.summary", args});
    ctx.say({"seat.lock.refused", args});
    ctx.resolve("rejected");
    return "rejected";
  }
  ctx.memory()["locked_at"] = ctx.now();
  ctx.memory()["lease_until"] = until;
  ctx.summarize({"seat.lock.taken.summary", args});
  ctx.say({before && before->first != ctx.actor().id ? "seat.lock.taken_over" : "seat.lock.taken", args});
  ctx.say({"seat.lock.stands_for"});
  return "accepted";
}

std::string pause(ActionContext& ctx) {
  ctx.memory()["paused_at"] = ctx.now();
  const MessageArgs args = {{"actor", ctx.actor().id},
                            {"now", std::to_string(ctx.now())},
                            {"lease", remembered(ctx, "lease_until")}};
  ctx.summarize({"seat.pause.summary", args});
  const Lease lease = lease_of(ctx);
  ctx.say({lease == Lease::none      ? "seat.pause"
           : lease == Lease::running ? "seat.pause.with_lock"
                                     : "seat.pause.lease_over",
           args});
  return "paused";
}

std::string seat_hold_with_lock_naive(ActionContext& ctx) {
  const std::string seat = ctx.text("seat");
  const MessageArgs args = lock_args(ctx);
  const Lease lease = lease_of(ctx);
  ctx.say({lease == Lease::lost ? "seat.lock.naive.stale" : "seat.lock.naive.trusts", args});
  if (lease == Lease::lapsed) ctx.say({"seat.lock.lapsed", args});
  const HoldAttempt attempt = overwrite_hold(ctx, seat, ctx.text("request_key"), {});
  return report_hold(ctx, attempt, seat, "blind");
}

std::string seat_hold_with_lock_atomic(ActionContext& ctx) {
  const std::string seat = ctx.text("seat");
  const MessageArgs args = lock_args(ctx);
  ctx.must(kBeginImmediate);
  const HoldAttempt attempt = conditional_hold(ctx, seat, ctx.text("request_key"));
  ctx.must(attempt.taken ? kCommit : kRollback);
  if (attempt.taken) {
    ctx.say({"seat.lock.atomic.taken", args});
  } else if (attempt.duplicate_code.empty() && !attempt.seat_state.empty()) {
    // The conditional UPDATE ran and changed 0 rows (not a reused request key, not a missing seat).
    ctx.say({lease_of(ctx) == Lease::lost ? "seat.lock.atomic.stale" : "seat.lock.atomic.rejected", args});
  }
  return report_hold(ctx, attempt, seat, "atomic");
}

}  // namespace reslab::seat
