// H8: two requests whose stays share nights, taken one night per event in one transaction.
//   stay_read — both models: BEGIN (or BEGIN IMMEDIATE when the event says so) and a read of every night
//               of the stay, in the order the request lists them; the stay and its request key are
//               remembered
//   stay_take — the conditional decrement of the request's next night: naive in the order the request
//               lists them, atomic in night order (sorted room_night_id), so that stays sharing nights
//               take their row locks in one agreed order. The take of the stay's last night also books
//               it (the hold, one hold_nights and one log row per night) and commits. 0 rows rolls the
//               stay back in both models. On a BUSY that waiting cannot end (a deadlock), naive retries
//               the statement in the same transaction up to `retries` times and gives up without
//               rolling back; atomic rolls back and runs the stay again from BEGIN (fresh reads, then its
//               nights so far and this one), at most `retries` times
// A BUSY that waiting can end is not handled here: the actor simply waits (ActionContext::sql).
#include <algorithm>
#include <optional>

#include "core/cases/hotel/actions.hpp"
#include "core/cases/hotel/night_list.hpp"
#include "core/cases/hotel/night_state.hpp"
#include "core/cases/hotel/sql.hpp"

namespace reslab::hotel {
namespace {

using namespace hotel_sql;

// Actor memory keys.
const char* const kStay = "night_order_stay";        // the stay's nights as the request lists them, "N1,N2"
const char* const kStayBegin = "night_order_begin";  // the BEGIN stay_read used, for a retry
const char* const kStayTaken = "night_order_taken";  // nights decremented in the open transaction, in order
const char* const kKey = "night_order_key";          // the request key the stay is booked under

// "N1,N2", as an argument lists nights and memory keeps them.
std::string joined(const std::vector<std::string>& nights) {
  std::string text;
  for (const auto& night : nights) text += (text.empty() ? "" : ",") + night;
  return text;
}

std::vector<std::string> remembered_list(ActionContext& ctx, const char* key) {
  const auto it = ctx.memory().find(key);
  return it == ctx.memory().end() ? std::vector<std::string>{} : split_nights(to_display(it->second));
}

bool contains(const std::vector<std::string>& items, const std::string& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

// The order a model takes the stay's nights in: as listed (naive) or night order (atomic).
std::vector<std::string> take_order(const std::vector<std::string>& stay, bool night_order) {
  std::vector<std::string> order = stay;
  if (night_order) std::sort(order.begin(), order.end());
  return order;
}

void forget_stay(ActionContext& ctx) {
  for (const char* key : {kStay, kStayBegin, kStayTaken, kKey}) ctx.memory().erase(key);
}

// "?, ?" for a list of `count` bound values.
std::string placeholders(std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) text += i ? ", ?" : "?";
  return text;
}

// Reads every night of the stay in one statement: "N1 = 2, N2 = 1", in the stay's order ("∅" for a
// night without an inventory row). nullopt when the read met a deadlock (only in a retry, which then
// rolls back again).
std::optional<std::string> read_nights(ActionContext& ctx, const std::vector<std::string>& stay, bool must) {
  if (stay.empty()) return std::string("-");
  const std::string select = "SELECT room_night_id, available FROM room_inventory WHERE room_night_id IN (" +
                             placeholders(stay.size()) + ")";
  const std::vector<Value> params(stay.begin(), stay.end());
  const auto read = must ? ctx.must(select, params) : ctx.sql(select, params);
  if (read.busy()) return std::nullopt;
  if (!read.ok()) fail_statement(select, read);
  std::string reads;
  for (const auto& night : stay) {
    std::string value = "∅";
    for (const auto& row : read.rows)
      if (to_display(row[0]) == night) value = to_display(row[1]);
    reads += (reads.empty() ? "" : ", ") + night + " = " + value;
  }
  return reads;
}

// [both] 0 rows for a night: the whole stay is rolled back and the request rejected.
std::string reject_night(ActionContext& ctx, const std::string& night,
                         const std::vector<std::string>& taken) {
  ctx.must(kRollback);
  forget_stay(ctx);
  const NightState state = night_state(ctx.committed(), night);
  const MessageArgs args = {{"actor", ctx.actor().id},
                            {"night", night},
                            {"reason", state.found ? "@h3.reason.sold_out" : "@h3.reason.missing"},
                            {"taken", list_nights(taken)}};
  ctx.summarize({"h8.take.rejected.summary", args});
  ctx.say({"h8.take.rejected", args});
  ctx.resolve("rejected");
  return "rejected";
}

// [both] the stay's last night is taken: the hold, its nights and their log rows, then COMMIT.
std::string book(ActionContext& ctx, const std::vector<std::string>& stay, MessageArgs args, bool say) {
  const Value deadline = ctx.has("hold_seconds") ? Value(ctx.now() + ctx.integer("hold_seconds")) : Value{};
  const std::string key = to_display(ctx.memory()[kKey]);
  args.emplace_back("key", key);
  args.emplace_back("nights", list_nights(stay));
  const auto hold = ctx.sql(kInsertHold, {key, deadline});
  if (hold.constraint()) {
    args.emplace_back("code", hold.code_name());
    ctx.must(kRollback);
    forget_stay(ctx);
    ctx.summarize({"h8.book.duplicate.summary", args});
    ctx.say({"h8.book.duplicate", args});
    ctx.resolve("rejected");
    return "rejected";
  }
  if (!hold.ok() || hold.rows.empty()) fail_statement(kInsertHold, hold);
  const Value hold_id = hold.rows[0][0];
  // One row per night in one statement each, so the step shows the booking in a few lines.
  std::string values;
  std::vector<Value> params;
  for (const auto& night : stay) {
    values += values.empty() ? "(?, ?)" : ", (?, ?)";
    params.push_back(hold_id);
    params.push_back(night);
  }
  ctx.must("INSERT INTO hold_nights(hold_id, room_night_id) VALUES " + values, params);
  ctx.must(kLogHoldNights,
           {std::int64_t{-1}, std::string("available"), std::string("reserve"), ctx.now(), hold_id});
  args.emplace_back("hold", to_display(hold_id));
  ctx.summarize({"h8.book.summary", args});
  try {
    ctx.must(kCommit);
  } catch (const ActorBlocked&) {
    // The step that waits says what is done so far; the one that wakes it only says the commit.
    if (say) ctx.say({"h8.book.progress", args});
    throw;
  }
  forget_stay(ctx);
  ctx.say({say ? "h8.book" : "h8.book.committed", args});
  ctx.resolve("accepted");
  return "accepted";
}

// A night taken: remembered and said in the model's terms; the stay's last night books it.
std::string took(ActionContext& ctx, const std::string& night, const std::string& available,
                 const std::vector<std::string>& stay, std::vector<std::string> taken, bool night_order,
                 bool retried = false) {
  // A woken COMMIT runs this again: the step where it began waiting already said what it did.
  const bool say = !ctx.replaying();
  // The write lock is explained at the request's first write, not again after a retry.
  const bool first_write =
      taken.empty() && !retried && to_display(ctx.memory()[kStayBegin]) != kBeginImmediate;
  taken.push_back(night);
  const MessageArgs args = {{"actor", ctx.actor().id},
                            {"night", night},
                            {"available", available},
                            {"n", std::to_string(taken.size())},
                            {"count", std::to_string(stay.size())},
                            {"order", list_nights(take_order(stay, night_order))}};
  ctx.summarize({"h8.take.summary", args});
  if (say) {
    ctx.say({night_order ? "h8.take.atomic" : "h8.take.naive", args});
    if (first_write && !ctx.row_locks()) ctx.say({"h8.sqlite.write_lock", args});
    if (taken.size() == 1) ctx.say({ctx.row_locks() ? "h8.rows.row_lock.here" : "h8.rows.row_lock"});
  }
  if (taken.size() >= stay.size()) return book(ctx, stay, args, say);
  ctx.memory()[kStayTaken] = joined(taken);
  return "decremented";
}

// Which night comes next, or a message why there is none (the action then does nothing).
struct Next {
  std::vector<std::string> stay;
  std::vector<std::string> taken;
  std::string night;
};

std::optional<Next> next_night(ActionContext& ctx, bool night_order) {
  const MessageArgs args = {{"actor", ctx.actor().id}};
  if (!ctx.memory().count(kStay)) {
    ctx.summarize({"h8.no_read.summary", args});
    ctx.say({"h8.no_read", args});
    return std::nullopt;
  }
  Next next{split_nights(to_display(ctx.memory()[kStay])), remembered_list(ctx, kStayTaken), {}};
  for (const auto& night : take_order(next.stay, night_order))
    if (!contains(next.taken, night)) {
      next.night = night;
      return next;
    }
  const MessageArgs all = {{"actor", ctx.actor().id}, {"taken", list_nights(next.taken)}};
  ctx.summarize({"h8.take.none_left.summary", all});
  ctx.say({"h8.take.none_left", all});
  return std::nullopt;
}

// The background said with a deadlock, once per request: on SQLite what SQLite does and what PostgreSQL
// would; on PostgreSQL what it does.
void say_locks(ActionContext& ctx) {
  if (!ctx.row_locks()) ctx.say({"h8.sqlite.locks"});
  // On SQLite the comparison names PostgreSQL; on a row-locking server the text names that server.
  ctx.say({ctx.row_locks() ? "h8.rows.locks.here" : "h8.rows.locks"});
}

// The deadlock in the backend's terms: SQLite's BUSY at the lock upgrade, PostgreSQL's 40P01.
Message deadlock_text(ActionContext& ctx, MessageArgs args, const std::vector<std::string>& taken) {
  if (!ctx.row_locks()) return {"h8.sqlite.deadlock", std::move(args)};
  args.emplace_back("taken", list_nights(taken));
  if (!ctx.facts().failed_statement_aborts_transaction) return {"h8.deadlock.rolled_back", std::move(args)};
  return {"h8.rows.deadlock", std::move(args)};
}

enum class Pass { done, rejected, deadlock };

struct RetryPass {
  Pass pass = Pass::done;
  bool open = false;                 // whether its BEGIN went through (a ROLLBACK is needed)
  std::string reads;                 // what the fresh reads saw
  std::string available;             // left on the last night taken
  std::string failed;                // the night whose UPDATE changed 0 rows
  std::vector<std::string> retaken;  // nights taken again before that
};

// [atomic] the stay again from BEGIN: fresh reads, then the nights taken so far and the next one, in
// night order. A statement that has to wait makes the actor wait here (and the step says "retried").
RetryPass retry_pass(ActionContext& ctx, const Next& next) {
  RetryPass result;
  result.pass = Pass::deadlock;
  if (ctx.sql(to_display(ctx.memory()[kStayBegin])).busy()) return result;
  result.open = true;
  const auto fresh = read_nights(ctx, next.stay, false);
  if (!fresh) return result;
  result.reads = *fresh;
  std::vector<std::string> nights = next.taken;
  nights.push_back(next.night);
  for (const auto& night : nights) {
    const auto update = ctx.sql(kDecrement, {night});
    if (update.busy()) return result;
    if (!update.ok()) fail_statement(kDecrement, update);
    if (update.rows.empty()) {
      result.pass = Pass::rejected;
      result.failed = night;
      return result;
    }
    result.available = to_display(update.rows[0][0]);
    result.retaken.push_back(night);
  }
  result.pass = Pass::done;
  return result;
}

}  // namespace

std::string stay_read(ActionContext& ctx) {
  const std::string& actor = ctx.actor().id;
  const MessageArgs open = {{"actor", actor}};
  if (ctx.memory().count(kStay)) {
    ctx.summarize({"h8.read.open.summary", open});
    ctx.say({"h8.read.open", open});
    return "noop";
  }
  // A night listed twice is one night of the stay.
  std::vector<std::string> stay;
  for (const auto& night : split_nights(ctx.text("nights")))
    if (!contains(stay, night)) stay.push_back(night);
  const std::string begin = begin_statement(ctx.text("begin"));
  ctx.must(begin);
  const std::string reads = *read_nights(ctx, stay, true);
  ctx.memory()[kStay] = joined(stay);
  ctx.memory()[kStayBegin] = begin;
  ctx.memory()[kStayTaken] = std::string();
  ctx.memory()[kKey] = ctx.text("request_key");
  const MessageArgs args = {
      {"actor", actor}, {"begin", begin}, {"reads", reads}, {"nights", list_nights(stay)}};
  ctx.summarize({"h8.read.summary", args});
  const bool immediate = begin == kBeginImmediate;
  if (ctx.row_locks()) {
    ctx.say({immediate ? "h8.read.immediate.rows" : "h8.read.deferred", args});
    ctx.say({immediate ? "h8.rows.immediate" : "h8.rows.read"});
    if (ctx.facts().plain_reads_keep_snapshot) ctx.say({"h8.read.snapshot", args});
  } else {
    ctx.say({immediate ? "h8.read.immediate" : "h8.read.deferred", args});
    ctx.say({immediate ? "h8.sqlite.immediate" : "h8.sqlite.read_lock"});
  }
  return "read";
}

std::string stay_take_naive(ActionContext& ctx) {
  const auto next = next_night(ctx, false);
  if (!next) return "noop";
  const std::string& actor = ctx.actor().id;
  const std::int64_t retries = ctx.integer("retries", kDefaultRetries);
  StatementResult update = ctx.sql(kDecrement, {next->night});
  std::int64_t tries = 1;
  const StatementResult first = update;
  if (update.busy()) {
    // The beginner's retry: the same statement, in the same transaction, as if BUSY would pass.
    while (!update.ok() && tries <= retries) {
      update = ctx.sql(kDecrement, {next->night});
      ++tries;
    }
    if (!update.ok()) {
      const MessageArgs args = {{"actor", actor},
                                {"night", next->night},
                                {"retries", std::to_string(retries)},
                                {"tries", std::to_string(tries)},
                                {"code", update.code_name()}};
      ctx.summarize({"h8.naive.gives_up.summary", args});
      ctx.say(deadlock_text(ctx, args, next->taken));
      ctx.say({ctx.locking_text("h8.naive.gives_up"), args});
      ctx.say({ctx.row_locks() ? "h8.rows.gives_up" : "h8.sqlite.gives_up", args});
      say_locks(ctx);
      ctx.resolve("deadlocked");
      return "deadlocked";
    }
  }
  if (!update.ok()) fail_statement(kDecrement, update);
  // A deadlock that rolled the whole transaction back (InnoDB): the retry that went through ran outside it.
  if (first.deadlock_victim && ctx.facts().deadlock_rolls_back_transaction &&
      !ctx.facts().failed_statement_aborts_transaction)
    ctx.say(
        {"h8.naive.retry_outside", {{"actor", actor}, {"night", next->night}, {"code", first.code_name()}}});
  if (update.rows.empty()) return reject_night(ctx, next->night, next->taken);
  return took(ctx, next->night, to_display(update.rows[0][0]), next->stay, next->taken, false);
}

std::string stay_take_atomic(ActionContext& ctx) {
  const auto next = next_night(ctx, true);
  if (!next) return "noop";
  const std::string& actor = ctx.actor().id;
  const std::int64_t retries = ctx.integer("retries", kDefaultRetries);
  const auto update = ctx.sql(kDecrement, {next->night});
  if (!update.busy()) {
    if (!update.ok()) fail_statement(kDecrement, update);
    if (update.rows.empty()) return reject_night(ctx, next->night, next->taken);
    return took(ctx, next->night, to_display(update.rows[0][0]), next->stay, next->taken, true);
  }
  bool open = true;
  for (std::int64_t attempt = 1;; ++attempt) {
    // Roll everything back, which also frees the read lock the writer waits for.
    if (open) ctx.must(kRollback);
    MessageArgs args = {{"actor", actor},
                        {"night", next->night},
                        {"n", std::to_string(attempt)},
                        {"max", std::to_string(retries)}};
    if (attempt > retries) {
      forget_stay(ctx);
      ctx.summarize({"h8.atomic.exhausted.summary", args});
      ctx.say(deadlock_text(ctx, args, next->taken));
      ctx.say({"h8.atomic.exhausted", args});
      ctx.resolve("deadlocked");
      return "deadlocked";
    }
    // A woken replay passes here again; the step where it began waiting already said this.
    if (!ctx.replaying()) {
      if (attempt == 1) ctx.say(deadlock_text(ctx, args, next->taken));
      ctx.say({ctx.row_locks() && !ctx.facts().failed_statement_aborts_transaction
                   ? "h8.atomic.retry.rolled_back"
                   : ctx.locking_text("h8.atomic.retry"),
               args});
      if (attempt == 1) say_locks(ctx);
    }
    ctx.summarize({"h8.atomic.retry.summary", args});
    ctx.outcome_if_waiting("retried");
    const RetryPass retry = retry_pass(ctx, *next);
    open = retry.open;
    if (retry.pass == Pass::deadlock) continue;
    args.emplace_back("reads", retry.reads);
    if (!ctx.replaying()) ctx.say({"h8.atomic.after_retry", args});
    if (retry.pass == Pass::rejected) return reject_night(ctx, retry.failed, retry.retaken);
    return took(ctx, next->night, retry.available, next->stay, next->taken, true, true);
  }
}

}  // namespace reslab::hotel
