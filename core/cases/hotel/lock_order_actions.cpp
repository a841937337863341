// H7: two requests that read in a deferred transaction and then write, in both models.
//   txn_read  — both models: BEGIN (or BEGIN IMMEDIATE when the event says so), read available
//   txn_write — the conditional decrement, the hold and COMMIT in the transaction txn_read opened.
//               When a statement meets a BUSY that waiting cannot end (the lock holder waits for
//               this actor: a deadlock), naive retries that statement in the same transaction up to
//               `retries` times, then gives up without rolling back; atomic rolls the whole
//               transaction back and runs it again from BEGIN, at most `retries` times.
// A BUSY that waiting can end is not handled here: the actor simply waits (ActionContext::sql).
#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

const char* const kReadAvailable = "lock_order_read";  // what txn_read saw
const char* const kReadBegin = "lock_order_begin";     // the BEGIN txn_read used, for a retry

const std::string kSelectAvailable = "SELECT available FROM room_inventory WHERE room_night_id = ?";

enum class Attempt { accepted, rejected, deadlock };

struct WritePass {
  bool from_start = false;             // a retry: BEGIN and read again first
  std::int64_t statement_retries = 0;  // naive: how often one statement is tried again
  std::int64_t retried = 0;            // statement retries used
  bool open = true;                    // whether a transaction is open (to roll back)
  std::string busy_statement;
  bool update_found_nothing = false;  // rejected by the conditional UPDATE, not by the read
  std::int64_t read = 0;
  std::int64_t earlier_read = 0;  // a retry: what the pass before the deadlock read
  std::string available;
  std::string hold;
};

// Runs a statement, trying it again on a deadlocked BUSY as often as the pass allows.
StatementResult run_retrying(ActionContext& ctx, WritePass& pass, const std::string& statement,
                             std::vector<Value> params = {}) {
  StatementResult result = ctx.sql(statement, params);
  // A deadlock's victim on PostgreSQL has had its whole transaction rolled back: no statement retry helps.
  while (result.busy() && !result.deadlock_victim && pass.retried < pass.statement_retries) {
    ++pass.retried;
    result = ctx.sql(statement, params);
  }
  if (result.busy()) {
    pass.busy_statement = statement;
  } else if (!result.ok()) {
    fail_statement(statement, result);
  }
  return result;
}

// One pass through the transaction. Says what it did before COMMIT, which may have to wait.
Attempt write_pass(ActionContext& ctx, WritePass& pass) {
  const std::string night = ctx.text("room_night");
  const std::string& actor = ctx.actor().id;
  if (pass.from_start) {
    const std::string begin = to_display(ctx.memory()[kReadBegin]);
    pass.open = false;
    if (run_retrying(ctx, pass, begin).busy()) return Attempt::deadlock;
    pass.open = true;
    const auto read = run_retrying(ctx, pass, kSelectAvailable, {night});
    if (read.busy()) return Attempt::deadlock;
    pass.read = read.rows.empty() ? 0 : as_int(read.rows[0][0]);
    ctx.say({"h7.atomic.after_retry",
             {{"actor", actor},
              {"read", std::to_string(pass.read)},
              {"earlier", std::to_string(pass.earlier_read)}}});
  }
  if (pass.read <= 0) {
    ctx.must(kRollback);
    return Attempt::rejected;
  }
  const auto update = run_retrying(ctx, pass, kDecrement, {night});
  if (update.busy()) return Attempt::deadlock;
  if (update.rows.empty()) {
    ctx.must(kRollback);
    pass.update_found_nothing = true;
    return Attempt::rejected;
  }
  pass.available = to_display(update.rows[0][0]);
  const std::int64_t latest = as_int(update.rows[0][0]) + 1;  // the row the UPDATE decremented
  const auto hold =
      ctx.must(kInsertHold, {ctx.text("request_key"), ctx.has("hold_seconds")
                                                          ? Value(ctx.now() + ctx.integer("hold_seconds"))
                                                          : Value(std::monostate{})});
  const Value hold_id = hold.rows.at(0).at(0);
  ctx.must(kInsertHoldNight, {hold_id, night});
  ctx.must(kLogChange,
           {night, hold_id, std::int64_t{-1}, std::string("available"), std::string("reserve"), ctx.now()});
  pass.hold = to_display(hold_id);
  // A woken replay of a pass that ended in a deadlock already said this in the step it began waiting.
  if (!ctx.replaying()) {
    ctx.say({"h7.write.progress", {{"actor", actor}, {"available", pass.available}, {"hold", pass.hold}}});
    // InnoDB's UPDATE decremented the latest committed row, which the transaction's snapshot may not show.
    if (ctx.facts().plain_reads_keep_snapshot && latest != pass.read)
      ctx.say({"h7.write.latest",
               {{"actor", actor},
                {"read", std::to_string(pass.read)},
                {"latest", std::to_string(latest)},
                {"available", pass.available}}});
  }
  if (run_retrying(ctx, pass, kCommit).busy()) return Attempt::deadlock;
  return Attempt::accepted;
}

std::string finish(ActionContext& ctx, Attempt attempt, const WritePass& pass, MessageArgs args) {
  args.emplace_back("hold", pass.hold);
  args.emplace_back("read", std::to_string(pass.read));
  ctx.memory().erase(kReadAvailable);
  if (attempt == Attempt::rejected) {
    ctx.summarize({"h7.write.rejected.summary", args});
    ctx.say({pass.update_found_nothing ? "h7.write.rejected.update" : "h7.write.rejected", args});
    if (pass.update_found_nothing && ctx.facts().plain_reads_keep_snapshot)
      ctx.say({"h7.write.rejected.snapshot", args});
    ctx.resolve("rejected");
    return "rejected";
  }
  ctx.summarize({"h7.write.accepted.summary", args});
  ctx.say({"h7.write.accepted", args});
  ctx.resolve("accepted");
  return "accepted";
}

// A write without its txn_read has no transaction to write in.
bool nothing_read(ActionContext& ctx) {
  if (ctx.memory().count(kReadAvailable)) return false;
  ctx.summarize({"h7.write.no_read.summary", {{"actor", ctx.actor().id}}});
  ctx.say({"h7.write.no_read", {{"actor", ctx.actor().id}}});
  return true;
}

}  // namespace

std::string txn_read(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const std::string begin = begin_statement(ctx.text("begin"));
  ctx.must(begin);
  const auto read = ctx.must(kSelectAvailable, {ctx.text("room_night")});
  const std::int64_t available = read.rows.empty() ? 0 : as_int(read.rows[0][0]);
  ctx.memory()[kReadAvailable] = available;
  ctx.memory()[kReadBegin] = begin;
  const MessageArgs args = {{"actor", actor}, {"available", std::to_string(available)}, {"begin", begin}};
  ctx.summarize({"h7.read.summary", args});
  if (ctx.row_locks()) {
    ctx.say({"h7.read.rows", args});
    if (ctx.facts().plain_reads_keep_snapshot) ctx.say({"h7.read.snapshot", args});
  } else
    ctx.say({begin == kBeginImmediate ? "h7.read.immediate" : "h7.read.deferred", args});
  return "read";
}

std::string txn_write_naive(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  if (nothing_read(ctx)) return "noop";
  WritePass pass;
  pass.statement_retries = ctx.integer("retries", kDefaultRetries);
  pass.read = as_int(ctx.memory()[kReadAvailable]);
  MessageArgs args = {{"actor", actor}, {"retries", std::to_string(pass.statement_retries)}};
  const Attempt attempt = write_pass(ctx, pass);
  if (attempt != Attempt::deadlock) return finish(ctx, attempt, pass, args);
  // The beginner's error path: report the failure, forget the transaction is still open.
  args.emplace_back("statement", pass.busy_statement);
  args.emplace_back("tries", std::to_string(pass.retried + 1));
  ctx.summarize({"h7.naive.gives_up.summary", args});
  ctx.say({"h7.deadlock", args});
  ctx.say({"h7.naive.gives_up", args});
  ctx.say({"h7.locks"});
  ctx.resolve("deadlocked");
  return "deadlocked";
}

std::string txn_write_atomic(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  if (nothing_read(ctx)) return "noop";
  const std::int64_t retries = ctx.integer("retries", kDefaultRetries);
  MessageArgs args = {{"actor", actor}, {"max", std::to_string(retries)}};
  WritePass pass;
  pass.read = as_int(ctx.memory()[kReadAvailable]);
  for (std::int64_t attempt = 0;; ++attempt) {
    const Attempt result = write_pass(ctx, pass);
    if (result != Attempt::deadlock) {
      args.emplace_back("retries", std::to_string(attempt));
      return finish(ctx, result, pass, args);
    }
    // Roll back everything, which also frees the read lock the other request is waiting for.
    if (pass.open) ctx.must(kRollback);
    MessageArgs retry = {{"actor", actor},
                         {"statement", pass.busy_statement},
                         {"n", std::to_string(attempt + 1)},
                         {"max", std::to_string(retries)}};
    if (attempt >= retries) {
      ctx.summarize({"h7.atomic.exhausted.summary", retry});
      ctx.say({"h7.deadlock", retry});
      ctx.say({"h7.atomic.exhausted", retry});
      ctx.resolve("deadlocked");
      return "deadlocked";
    }
    // A woken replay passes here again; the step where it began waiting already said this.
    if (!ctx.replaying()) {
      if (attempt == 0) ctx.say({"h7.deadlock", retry});
      ctx.say({"h7.atomic.retry", retry});
      if (attempt == 0) ctx.say({"h7.locks"});
    }
    // If the fresh transaction has to wait for the other request's commit, the step still says "retried".
    ctx.summarize({"h7.atomic.retry.summary", retry});
    ctx.outcome_if_waiting("retried");
    const std::int64_t earlier_read = pass.read;
    pass = WritePass{};
    pass.from_start = true;
    pass.earlier_read = earlier_read;
  }
}

}  // namespace reslab::hotel
