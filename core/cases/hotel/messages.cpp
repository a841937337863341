// Messages of the hotel cases' actions (H1 last room, H2 hold expiry).
#include "core/cases/hotel/family.hpp"

namespace reslab::hotel {
namespace {

const MessageTemplate kHotel[] = {
    // H1 naive: read, then write back
    {"hotel.read.summary", "{actor} reads {available}", "{actor} 读取库存 {available}"},
    {"hotel.read.missing", "Night {night} has no inventory row: the read finds nothing and counts as 0.",
     "晚 {night} 没有库存行：读取不到任何行，按 0 处理。"},
    {"hotel.read.naive",
     "{actor} reads available = {available} and remembers it. The read commits on its own, so nothing stops "
     "another "
     "request from reading the same value before {actor} writes.",
     "{actor} 读取到 available = {available} 并记住它。这次读取单独提交，没有任何机制阻止另一个请求在 "
     "{actor} "
     "写入之前读到同一个值。"},
    {"hotel.write.rejected.summary", "{actor} read {available}, rejects", "{actor} 读到 {available}，拒绝"},
    {"hotel.write.rejected.naive",
     "{actor} remembered available = {available}: no room to sell, the request is rejected.",
     "{actor} 记住的 available = {available}：没有可售房间，请求被拒绝。"},
    {"hotel.write.duplicate.summary", "{actor} writes {available}, then fails",
     "{actor} 写入 {available} 后失败"},
    {"hotel.write.duplicate.naive",
     "The INSERT of the hold failed with {code} (request key {key} already exists), but the inventory was "
     "already written "
     "back in its own statement: the decrement stays without a booking.",
     "插入预留失败，返回 {code}（请求键 {key} "
     "已存在），但库存已经在单独的语句里写回：扣减留下了，却没有预订。"},
    {"hotel.write.accepted.summary", "{actor} writes {available}, accepts",
     "{actor} 写入 {available}，接受预订"},
    {"hotel.write.also.summary", "{actor} writes {available}, also accepts",
     "{actor} 写入 {available}，也接受预订"},
    {"hotel.write.naive",
     "{actor} writes available = {available} (the {remembered} it read, minus one) and inserts hold #{hold}. Each "
     "statement commits on its own, and the UPDATE writes a value computed from an earlier read instead of "
     "re-checking the row.",
     "{actor} 写入 available = {available}（读到的 {remembered} 减一），并插入预留 #{hold}。每条语句各自提交，"
     "UPDATE 写入的是根据先前读取算出的值，而没有重新检查这一行。"},
    {"hotel.write.over",
     "When {actor} wrote, the row already said {row}, not the {remembered} it had read: another request wrote in "
     "between, and {actor}'s {available} goes over it. CHECK (available >= 0) has nothing to object to.",
     "{actor} 写入时，这一行已经是 {row}，而不是它读到的 {remembered}：另一个请求在中间写过，{actor} 的 {available} "
     "直接覆盖了它。CHECK (available >= 0) 没有任何可反对的。"},
    {"hotel.write.count.one",
     "Hold #{hold} is the only live hold or booking for night {night}, whose capacity is "
     "{capacity}.",
     "预留 #{hold} 是晚 {night} 唯一的有效预留或预订，这一晚的总容量是 {capacity}。"},
    {"hotel.write.count",
     "Hold #{hold} makes {live} live holds and bookings for night {night}, whose capacity is {capacity}.",
     "预留 #{hold} 使晚 {night} 的有效预留和预订达到 {live} 个，而这一晚的总容量是 {capacity}。"},
    // H1 atomic: conditional decrement, then record and commit
    {"hotel.decrement.summary", "{actor} decrements, {available} left", "{actor} 条件扣减，剩余 {available}"},
    {"hotel.decrement.done",
     "{actor} takes the write lock with BEGIN IMMEDIATE and runs UPDATE ... SET available = available - 1 "
     "WHERE ... AND "
     "available > 0 RETURNING available: one row changed, {available} left. The transaction is still open, "
     "so the "
     "committed state does not show it yet.",
     "{actor} 用 BEGIN IMMEDIATE 取得写锁，执行 UPDATE ... SET available = available - 1 WHERE ... AND "
     "available > 0 "
     "RETURNING available：更新了一行，剩余 {available}。事务尚未提交，所以已提交状态还看不到它。"},
    {"hotel.decrement.rejected.summary", "{actor}: 0 rows changed, rolls back, rejected",
     "{actor}：更新 0 行，回滚，拒绝"},
    {"hotel.decrement.rejected",
     "The conditional UPDATE re-checked available > 0 for night {night} and changed 0 rows: there is no room "
     "left. "
     "{actor} checks the rows-changed count, rolls back and rejects the request; nothing was written.",
     "条件更新对晚 {night} 重新检查 available > 0，更新了 0 行：已经没有房间。{actor} "
     "检查更新行数，回滚并拒绝请求；"
     "没有写入任何东西。"},
    {"hotel.decrement.why_safe",
     "This single-row condition is safe because the UPDATE re-checks the row it changes; it does not make "
     "arbitrary "
     "cross-row checks safe (a booking of several nights must check every night in one transaction{see}).",
     "这个单行条件是安全的，因为 UPDATE 会在修改时重新检查这一行；但它不能推广成“任意跨行检查都安全”"
     "（多晚预订必须在同一事务中检查每一晚{see}）。"},
    {"hotel.decrement.done.rows",
     "{actor} opens a transaction (BEGIN takes no lock on {server}) and runs UPDATE ... SET available = "
     "available - 1 WHERE ... AND available > 0 RETURNING available: one row changed, {available} left. "
     "{server} now holds that row's lock until {actor} commits or rolls back. The transaction is still open, "
     "so the committed state does not show it yet.",
     "{actor} 开启事务（在 {server} 上 BEGIN 不加任何锁），执行 UPDATE ... SET available = available - 1 "
     "WHERE ... AND available > 0 RETURNING available：更新了一行，剩余 {available}。{server} 现在持有这一行的"
     "锁，直到 {actor} 提交或回滚。事务尚未提交，所以已提交状态还看不到它。"},
    {"hotel.decrement.locks.rows",
     "{server} locks the row this UPDATE changed, not the database: any other request started meanwhile "
     "gets through BEGIN and its reads, waits at its own UPDATE of this row, and once this transaction commits "
     "re-checks available > 0 on the committed row ({isolation}) instead of failing.",
     "{server} 锁住的是这条 UPDATE 修改的行，而不是整个数据库：此时开始的其他请求可以通过 BEGIN 和读取，"
     "在自己对这一行的 UPDATE 处等待；这个事务提交后，它会在已提交的行上重新检查 available > 0（READ "
     "COMMITTED），而不是报错。",
     true},
    {"hotel.decrement.rechecked.rows",
     "{actor}'s UPDATE had waited for the row lock of the transaction that changed this row. When that "
     "transaction committed, {server} ({isolation}) read the committed row again and re-checked "
     "available > 0 on it instead of using what it saw before waiting: 0 rows changed, and no error.",
     "{actor} 的 UPDATE 之前在等修改这一行的事务所持有的行锁。那个事务提交后，{server}（{isolation}）"
     "重新读取已提交的行，并在它上面重新检查 available > 0，而不是沿用等待之前看到的值：更新了 0 行，"
     "也没有报错。"},
    {"hotel.decrement.locks",
     "SQLite locks the whole database for one writer, so any other request started meanwhile waits at "
     "BEGIN IMMEDIATE. PostgreSQL would let it reach the UPDATE, make it wait on the row lock, and "
     "re-check the WHERE clause on the updated row once this transaction commits.",
     "SQLite 对写者锁住整个数据库，所以此时开始的其他请求都会在 BEGIN IMMEDIATE 处等待。PostgreSQL "
     "则会让它执行到 UPDATE，在行锁上等待，并在这个事务提交后对已更新的行重新检查 WHERE 条件。",
     true},
    {"hotel.record.summary", "{actor} inserts hold #{hold}, commits, accepts",
     "{actor} 写入预留 #{hold}，提交，接受"},
    {"hotel.record.done",
     "{actor} inserts hold #{hold} in the same transaction and commits: the decrement and the hold become "
     "visible "
     "together, or not at all.",
     "{actor} 在同一事务中插入预留 #{hold} 并提交：扣减和预留要么一起可见，要么都不可见。"},
    {"hotel.record.nothing.summary", "{actor}: nothing to record", "{actor}：没有可写入的"},
    {"hotel.record.nothing", "{actor} holds no decremented inventory, so there is no hold to record.",
     "{actor} 没有已扣减的库存，所以没有预留可写入。"},
    {"hotel.record.duplicate.summary", "{actor}: duplicate key, rolls back", "{actor}：请求键重复，回滚"},
    {"hotel.record.duplicate",
     "The INSERT of the hold failed with {code} (request key {key} already exists). {actor} rolls back, "
     "which also "
     "undoes its decrement: no stock is lost.",
     "插入预留失败，返回 {code}（请求键 {key} 已存在）。{actor} 回滚，扣减也一并撤销：库存没有丢失。"},
    // H2: expiry job
    {"hotel.expire.none.summary", "{actor}: nothing due", "{actor}：没有到期的预留"},
    {"hotel.expire.none", "No RESERVED hold has reached its deadline at {now} s.",
     "在第 {now} 秒没有到期的 RESERVED 预留。"},
    {"hotel.expire.released.summary", "{actor} releases hold {holds}", "{actor} 释放预留 {holds}"},
    {"hotel.expire.naive",
     "At {now} s the job releases every hold whose deadline has passed ({holds}) without looking at its "
     "state: "
     "HOLD_EXPIRED and available + 1, each statement on its own. Run it twice, or after a payment, and it "
     "releases "
     "again.",
     "在第 {now} 秒，任务释放所有已过期限的预留（{holds}），却不看它们的状态：改为 HOLD_EXPIRED 并 available + "
     "1，"
     "每条语句各自提交。再运行一次，或在支付之后运行，它会再释放一次。"},
    {"hotel.expire.atomic",
     "At {now} s the job marks {holds} HOLD_EXPIRED only where the state is still RESERVED, and releases "
     "the room in the same transaction (released once, one inventory_log row per night). Run again, the "
     "job finds these holds no longer RESERVED and leaves them alone.",
     "在第 {now} 秒，任务只把仍为 RESERVED 的 {holds} 改为 HOLD_EXPIRED，并在同一事务中释放房间（释放一次，"
     "每晚写一行 inventory_log）。再次运行时，这些预留已不是 RESERVED，任务不会再动它们。"},
    {"hotel.expire.noop.summary", "{actor}: not released again", "{actor}：不再释放"},
    {"hotel.expire.noop",
     "At {now} s the holds past their deadline are {holds}: none is RESERVED, so the job changes nothing.",
     "在第 {now} 秒，已过期限的预留是 {holds}：没有一个是 RESERVED，所以任务什么也不改。"},
    {"hotel.expire.naive.again",
     "Hold #{hold} was already {state} and its room released before: the job releases it again, and "
     "inventory_log now has {releases} release rows for it.",
     "预留 #{hold} 已经是 {state}，房间之前已释放过：任务再次释放它，inventory_log 里它的释放记录现在有 "
     "{releases} 行。"},
    {"hotel.expire.naive.state",
     "Hold #{hold} was {state}, not RESERVED: the job marks it HOLD_EXPIRED and gives its room back all "
     "the same.",
     "预留 #{hold} 原本是 {state}，不是 RESERVED：任务照样把它标记为 HOLD_EXPIRED 并归还房间。"},
    // H2: payment callback
    {"hotel.callback.paid_at",
     "The provider says the customer paid at {paid_at} s; the rule is judged by the database clock when the "
     "callback is "
     "handled ({now} s), not by the provider's timestamp.",
     "支付方称顾客在第 {paid_at} 秒付款；本例按处理回调时的数据库时间（第 {now} 秒）判断，而不是支付方的时间戳。"},
    {"hotel.callback.paid_at.naive",
     "The provider says the customer paid at {paid_at} s; the callback is handled at {now} s, and the "
     "naive handler compares neither with the deadline.",
     "支付方称顾客在第 {paid_at} 秒付款；回调在第 {now} 秒处理，而朴素处理两者都不与期限比较。"},
    {"hotel.callback.failure.summary", "{actor}: payment failed", "{actor}：支付失败"},
    {"hotel.callback.failure", "Payment {payment} failed: nothing to confirm, the hold stays as it is.",
     "支付 {payment} 失败：没有可确认的，预留保持原状。"},
    {"hotel.callback.unknown.summary", "{actor}: unknown booking", "{actor}：预订不存在"},
    {"hotel.callback.unknown", "Callback {event} names hold #{hold}, which does not exist.",
     "回调 {event} 指向的预留 #{hold} 不存在。"},
    {"hotel.callback.duplicate.summary", "{actor}: duplicate event {event}", "{actor}：重复事件 {event}"},
    {"hotel.callback.duplicate",
     "Callback {event} was already handled: its event id is in callbacks, so it is ignored.",
     "回调 {event} 已经处理过：事件 ID 已在 callbacks 中，因此忽略。"},
    {"hotel.callback.confirmed.summary", "{actor} confirms hold #{hold}", "{actor} 确认预留 #{hold}"},
    {"hotel.callback.naive",
     "Callback {event} for payment {payment}: the naive handler just marks hold #{hold} CONFIRMED and adds 1 "
     "to sold: no "
     "dedup by event id, no state check, no deadline check.",
     "支付 {payment} 的回调 {event}：朴素处理直接把预留 #{hold} 标记为 CONFIRMED 并让 sold 加一：不按事件 ID "
     "去重，不检查状态，也不检查期限。"},
    {"hotel.callback.naive.no_hold",
     "Callback {event} for payment {payment}: the naive handler records the payment and runs UPDATE holds "
     "SET state = 'CONFIRMED' for hold #{hold}, which does not exist: 0 rows changed, nothing is "
     "confirmed, and nobody looks.",
     "支付 {payment} 的回调 {event}：朴素处理记录这笔支付，并对预留 #{hold} 执行 UPDATE holds SET state = "
     "'CONFIRMED'，可是这个预留不存在：更新了 0 行，什么也没确认，也没有人检查。"},
    {"hotel.callback.confirmed",
     "Callback {event}: hold #{hold} is RESERVED and {now} < {deadline} (the deadline), so in one "
     "transaction it becomes "
     "CONFIRMED and sold + 1.",
     "回调 {event}：预留 #{hold} 为 RESERVED 且 {now} < {deadline}（期限），因此在同一事务中改为 CONFIRMED "
     "并让 sold 加一。"},
    {"hotel.callback.expired_now.summary", "{actor}: too late, expires, releases once, queues refund",
     "{actor}：已过期限，标为过期，释放一次，排队退款"},
    {"hotel.callback.expired_now",
     "Callback {event}: hold #{hold} is still RESERVED, but now = {now} s is not before the deadline "
     "{deadline} s. In one transaction the handler itself expires the hold (HOLD_EXPIRED), releases the room "
     "once, and queues a refund of {payment}.",
     "回调 {event}：预留 #{hold} 仍为 RESERVED，但现在是第 {now} 秒，并不早于期限（第 {deadline} "
     "秒）。处理程序在同一事务中自行将预留标为"
     "过期（HOLD_EXPIRED），释放一次房间，并为 {payment} 排队退款。"},
    {"hotel.callback.expired_now.no_refund.summary",
     "{actor}: too late, expires, releases once, no new refund",
     "{actor}：已过期限，标为过期，释放一次，不再创建退款"},
    {"hotel.callback.expired_now.refund_exists",
     "Callback {event}: hold #{hold} is still RESERVED, but now = {now} s is not before the deadline "
     "{deadline} s. In one transaction the handler itself expires the hold (HOLD_EXPIRED) and releases the "
     "room once; payment {payment} already has its refund task under the same operation key, so no new "
     "refund is created.",
     "回调 {event}：预留 #{hold} 仍为 RESERVED，但现在是第 {now} 秒，并不早于期限（第 {deadline} 秒）。"
     "处理程序在同一事务中自行将预留标为过期（HOLD_EXPIRED）并释放一次房间；支付 {payment} 的退款任务已按同一操"
     "作键存在，因此不再创建退款。"},
    {"hotel.callback.reconcile.summary", "{actor}: already paid, reconcile", "{actor}：已支付，待对账"},
    {"hotel.callback.reconcile",
     "The callback log has no record of event {event} (a new event, or an old one whose record is gone), "
     "but hold #{hold} is already CONFIRMED and payment {payment} is already in payments: it is probably "
     "the same payment notified again. No refund; it is flagged for reconciliation.",
     "回调记录里没有事件 {event}（可能是新事件，也可能是记录已被删除的旧事件），但预留 #{hold} 已经是 "
     "CONFIRMED，支付 {payment} 也已在 payments 中：很可能只是同一笔付款的重复通知。不退款，标记为待对账。"},
    {"hotel.callback.refund.summary", "{actor} queues a refund", "{actor} 排队退款"},
    {"hotel.callback.refund",
     "Callback {event}: hold #{hold} is {state}, not RESERVED, so payment {payment} cannot be honoured. A "
     "refund task is queued in the same transaction, keyed by the payment. A queued refund is not a "
     "completed refund.",
     "回调 {event}：预留 #{hold} 为 {state}，不是 RESERVED，支付 {payment} 无法兑现。在同一事务中按支付排"
     "队一个退款任务。退款排队不代表退款完成。"},
    {"hotel.callback.second_charge",
     "Callback {event}: hold #{hold} is already CONFIRMED, and payment {payment} was not in payments "
     "before this callback: the booking is already settled, so this charge is one too many and is queued "
     "for refund.",
     "回调 {event}：预留 #{hold} 已经是 CONFIRMED，而支付 {payment} 在这次回调之前不在 payments 中："
     "预订已经结清，这笔扣款是多余的，排队退款。"},
    {"hotel.callback.refund_exists.summary", "{actor}: no new refund", "{actor}：不再创建退款"},
    {"hotel.callback.refund_exists",
     "Callback {event} reports payment {payment}, whose refund task already exists under the same "
     "operation key, so no new refund is created.",
     "回调 {event} 报告支付 {payment}，它的退款任务已按同一操作键存在，因此不再创建退款。"},
    // What the customer sees of a refund, and which alert watches it
    {"refund.customer.pending",
     "Customer sees: \"refund pending since {now} s\". If it is still PENDING {alert} s later (at {due} s), the "
     "\"refund pending too long\" alert pages the payments on-call, who asks the provider about the payment.",
     "顾客看到：“退款处理中，自第 {now} 秒起”。如果 {alert} 秒后（第 {due} 秒）仍是 PENDING，“退款等待过久”告警会呼叫支付值班人员，"
     "由他们按支付单号向支付方查询。"},
    {"refund.customer.succeeded",
     "Customer sees: \"refunded at {now} s\". The pending-refund alert no longer watches this refund.",
     "顾客看到：“已于第 {now} 秒退款”。“退款等待过久”告警不再关注这笔退款。"},
    {"refund.customer.failed",
     "Customer sees: \"refund failed, support will contact you\". The \"refund failed\" alert fires at once, "
     "whatever the task's age: a person in support takes it (contacts the customer, retries by hand or pays "
     "back another way). Waiting will not fix a FAILED refund.",
     "顾客看到：“退款失败，客服会联系您”。“退款失败”告警立即触发，不论任务等了多久：由客服人员接手"
     "（联系顾客、手动重试或用其他方式退回）。等待不会让 FAILED 的退款自己变好。"},
    // H2: refund worker
    {"hotel.refund.none.summary", "{actor}: no pending refund", "{actor}：没有待处理的退款"},
    {"hotel.refund.none", "No refund task is PENDING.", "没有处于 PENDING 的退款任务。"},
    {"hotel.refund.done.summary", "{actor}: refund succeeded", "{actor}：退款成功"},
    {"hotel.refund.failed.summary", "{actor}: refund FAILED", "{actor}：退款失败"},
    {"hotel.refund.verified",
     "Task {task}: the worker first asks the provider about payment {payment}: the charge SUCCEEDED, so "
     "there is money "
     "to give back.",
     "任务 {task}：退款程序先向支付方查询支付 {payment}：扣款成功，确实有钱需要退回。"},
    {"hotel.refund.already",
     "The provider already knows operation {key} ({state}): it returns that result and does not run the "
     "operation again.",
     "支付方已经记录过操作 {key}（{state}）：直接返回该结果，不会再执行一次。"},
    {"hotel.refund.atomic.done",
     "It refunds under the task's own key {key}; the provider confirms and the task becomes "
     "SUCCEEDED.",
     "它用任务自己的操作键 {key} 退款；支付方确认，任务变为 SUCCEEDED。"},
    {"hotel.refund.atomic.failed",
     "It refunds under the task's own key {key}; the provider refuses and the task becomes FAILED, which is "
     "shown apart "
     "from PENDING: it needs a person or a retry, not patience.",
     "它用任务自己的操作键 {key} 退款；支付方拒绝，任务变为 FAILED，与 PENDING "
     "分开显示：它需要人工处理或重试，而不是等待。"},
    {"hotel.refund.no_charge",
     "Task {task}: the provider has no successful charge for {payment}, so there is nothing to give back; "
     "the task is "
     "marked FAILED for reconciliation.",
     "任务 {task}：支付方没有 {payment} 的成功扣款，没有可退的钱；任务标记为 FAILED 以便对账。"},
    {"hotel.refund.naive.done",
     "Task {task}: refunds {payment} under a new key {key} without checking the charge. A rerun after a "
     "crash would use "
     "yet another key and refund twice.",
     "任务 {task}：不核对扣款，用新的操作键 {key} 退款 {payment}。崩溃后重跑会再用一个新键，退款两次。"},
    {"hotel.refund.naive.same_key",
     "Task {task}: refunds {payment} under {key}, a key made from the clock, without checking the charge. "
     "An earlier call in this same second made the same key, so the provider answers already done "
     "({state}); a rerun in another second would make a new key, which the provider would take as a new "
     "refund.",
     "任务 {task}：不核对扣款，用按时钟生成的键 {key} 退款 {payment}。同一秒内更早的一次调"
     "用生成了同一个键，所以支付方回答“已处理过”（{state}）；换一秒重跑就会生成新键，支付方会把它当成一笔"
     "新退款。"},
    {"hotel.refund.naive.failed",
     "Task {task}: refunds {payment} under a new key {key}; the provider refuses and the task becomes "
     "FAILED.",
     "任务 {task}：用新的操作键 {key} 退款 {payment}；支付方拒绝，任务变为 FAILED。"},
};

}  // namespace

std::span<const MessageTemplate> booking_messages() {
  return kHotel;
}

}  // namespace reslab::hotel
