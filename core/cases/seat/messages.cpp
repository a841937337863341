// Messages of the seat cases' actions (T2 hand-over and late callbacks, T3 queue
// tickets, T4 lease locks) and of their invariants. Glossary terms follow SPEC section 10.
#include "core/cases/seat/family.hpp"

namespace reslab::seat {
namespace {

const MessageTemplate kSeat[] = {
    // The engine's figures and invariants in the ticket article's words: a seat is held (占座), not reserved.
    {"seat.figure.active_holds", "active holds", "有效占座"},
    {"seat.invariant.capacity_balance", "available + active holds + sold = capacity",
     "可售库存 + 有效占座 + 已售数量 = 总容量"},
    {"seat.invariant.confirmed_before_deadline", "paid before the hold ended", "占座到期前支付"},
    {"seat.deadline.tie",
     "A tie at the deadline: {now} s is {order}'s expires_at itself. Only now < expires_at may sell, judged "
     "by one database clock, and the database runs transactions one after the other: whichever comes first "
     "in this second, a payment callback for {order} or a hand-over of {seat}, {order}'s hold is over and "
     "{seat} is not sold to {order}.",
     "截止时刻同时到达：第 {now} 秒正是 {order} 的 expires_at。只有 now < expires_at "
     "才能成交，用的是同一个数据库时钟，数据库也让事务先后执行：无论这一秒里先到的是 {order} 的支付回调还是 "
     "{seat} 的回收占座，{order} 的占座都已结束，{seat} 不会卖给 {order}。"},
    {"seat.invariant.deadline.ok", "{count} paid order(s), each paid before its hold ended",
     "{count} 个已支付订单，每个都在占座到期前支付"},
    {"seat.invariant.deadline.broken", "paid at or after its hold ended (paid_at >= expires_at): {list}",
     "在占座到期当时或之后才支付（paid_at >= expires_at）：{list}"},
    // An outcome word T4 adds: a process stall is neither waiting on a lock nor a crash.
    {"outcome.paused", "paused", "暂停"},
    // Holding a seat: summaries
    {"seat.hold.accepted.summary", "{actor} holds {seat} as {order}", "{actor} 占座 {seat}，订单 {order}"},
    {"seat.hold.handover.summary", "{actor}: {previous} expired, {seat} goes to {order}",
     "{actor}：{previous} 已过期，{seat} 转给 {order}"},
    {"seat.hold.also.summary", "{actor} also holds {seat} as {order}", "{actor} 也占了 {seat}，订单 {order}"},
    {"seat.hold.rejected.summary", "{actor}: 0 rows changed, rolls back, rejected",
     "{actor}：更新 0 行，回滚，拒绝"},
    {"seat.hold.taken.summary", "{actor}: {seat} is {state}, rejected", "{actor}：{seat} 为 {state}，拒绝"},
    {"seat.hold.duplicate.summary", "{actor}: request key already used, rejected",
     "{actor}：业务请求键已用过，拒绝"},
    {"seat.hold.missing.summary", "{actor}: there is no seat {seat}, rejected",
     "{actor}：没有座位 {seat}，拒绝"},
    // Holding a seat: explanations
    {"seat.hold.missing", "There is no seat {seat}: nothing to hold.", "没有座位 {seat}：无座可占。"},
    {"seat.hold.missing.order_left",
     "Order {order} was already inserted by a statement of its own and stays held, pointing at no seat.",
     "订单 {order} 已由单独的语句插入，仍为 held，却没有对应的座位。"},
    {"seat.hold.naive.taken",
     "{actor} reads {seat}: held by {previous} until {until} s, and it is {now} s, so that hold still runs. "
     "Not free, so the request is rejected.",
     "{actor} 读取 {seat}：由 {previous} 占座到第 {until} 秒，现在是第 {now} "
     "秒，该占座仍然有效。不是空闲座位，请求被拒绝。"},
    {"seat.hold.naive.sold",
     "{actor} reads {seat}: sold to {previous}. Not free, so the request is rejected.",
     "{actor} 读取 {seat}：已售给 {previous}。不是空闲座位，请求被拒绝。"},
    {"seat.hold.naive.done",
     "{actor} read {seat} and found it could be taken, then wrote: INSERT order {order}, then UPDATE seats "
     "SET "
     "order_id = {order_id} WHERE seat_id = '{seat}', each statement committing on its own and the UPDATE "
     "with no "
     "condition. Here nobody came in between; nothing would have stopped anyone who did.",
     "{actor} 读取 {seat}，认为可以占用，然后写入：插入订单 {order}，再执行 UPDATE seats SET order_id = "
     "{order_id} "
     "WHERE seat_id = '{seat}'，每条语句各自提交，UPDATE 没有任何条件。这次中间没有人插进来；如果有，也没有"
     "任何东西能阻止。"},
    {"seat.hold.naive.handover",
     "{previous} held {seat} until {until} s; at {now} s that hold is over, so {actor} marks {previous} "
     "expired "
     "in a statement of its own before taking the seat.",
     "{previous} 占座 {seat} 到第 {until} 秒；在第 {now} 秒该占座已过期，{actor} 用一条单独的语句把 {previous} "
     "标记为 expired，再占用座位。"},
    {"seat.hold.blind.done",
     "It inserts order {order} and runs UPDATE seats SET state = 'held', order_id = {order_id} WHERE seat_id "
     "= "
     "'{seat}' without reading the seat and without a condition: {seat} is held by {order} until {expires} "
     "s.",
     "它插入订单 {order}，并在不读取座位、不带任何条件的情况下执行 UPDATE seats SET state = 'held', order_id "
     "= "
     "{order_id} WHERE seat_id = '{seat}'：{seat} 由 {order} 占座到第 {expires} 秒。"},
    {"seat.hold.blind.stale",
     "{seat} still named {previous}, whose hold had ended at {until} s. Writing blind, {actor} never marks "
     "{previous} expired, so the orders table still lists it as held.",
     "{seat} 原本仍指向 {previous}，其占座已在第 {until} 秒结束。{actor} 不读就写，从不把 {previous} 标记为 "
     "expired，所以订单表里它仍是 held。"},
    {"seat.hold.naive.overwrite",
     "It inserts order {order} and runs UPDATE seats SET order_id = {order_id} WHERE seat_id = '{seat}' with "
     "no condition, over a seat that {previous} still had ({state}). The seat row now names {order}, but "
     "{previous} is still a live order for {seat}: {live} live orders ({orders}) now claim one seat, and "
     "each of their buyers believes it is theirs.",
     "它插入订单 {order}，并执行不带条件的 UPDATE seats SET order_id = {order_id} WHERE seat_id = "
     "'{seat}'，覆盖了仍属于 {previous}（{state}）的座位。座位行现在写着 {order}，但 {previous} 仍是 {seat} "
     "的有效订单：现在有 {live} 笔有效订单（{orders}）声称拥有同一个座位，每位买家都以为座位是自己的。"},
    {"seat.hold.naive.duplicate",
     "The INSERT of the order failed with {code}: request key {key} was already used, so nothing was held.",
     "插入订单失败，返回 {code}：业务请求键 {key} 已用过，没有占到座位。"},
    {"seat.hold.naive.duplicate.expired",
     "Before that, {actor} had already marked {previous} expired in a statement of its own: that change "
     "stays, and {seat} still names {previous}.",
     "在此之前，{actor} 已用一条单独的语句把 {previous} 标记为 expired：这个改动留下了，而 {seat} 仍指向 "
     "{previous}。"},
    {"seat.hold.atomic.done",
     "{actor} takes the write lock (BEGIN IMMEDIATE), inserts order {order} and runs UPDATE seats SET state "
     "= "
     "'held', order_id = {order_id}, expires_at = {expires} WHERE seat_id = '{seat}' AND (state = 'free' OR "
     "(state = 'held' AND expires_at <= {now})): one row changed, so {seat} is held by {order} until "
     "{expires} s. The order and the seat commit together.",
     "{actor} 取得写锁（BEGIN IMMEDIATE），插入订单 {order}，执行 UPDATE seats SET state = 'held', order_id "
     "= "
     "{order_id}, expires_at = {expires} WHERE seat_id = '{seat}' AND (state = 'free' OR (state = 'held' AND "
     "expires_at <= {now}))：更新了一行，{seat} 由 {order} 占座到第 {expires} 秒。订单和座位一起提交。"},
    {"seat.hold.atomic.done.rows",
     "{actor} opens a transaction (BEGIN takes no lock on {server}), inserts order {order} and runs UPDATE "
     "seats SET state = 'held', order_id = {order_id}, expires_at = {expires} WHERE seat_id = '{seat}' AND "
     "(state = 'free' OR (state = 'held' AND expires_at <= {now})): one row changed and locked, so {seat} is "
     "held by {order} until {expires} s. The order and the seat commit together.",
     "{actor} 开启事务（在 {server} 上 BEGIN 不加锁），插入订单 {order}，执行 UPDATE seats SET state = "
     "'held', order_id = {order_id}, expires_at = {expires} WHERE seat_id = '{seat}' AND (state = 'free' OR "
     "(state = 'held' AND expires_at <= {now}))：更新并锁住了一行，{seat} 由 {order} 占座到第 {expires} 秒。"
     "订单和座位一起提交。"},
    {"seat.hold.atomic.handover",
     "{previous} held {seat} until {until} s. Now = {now} s, so now < expires_at fails: the hold is over. In "
     "the same transaction {previous} is marked expired, then the seat is pointed at {order}; either both "
     "happen or neither does.",
     "{previous} 占座 {seat} 到第 {until} 秒。现在是第 {now} 秒，now < expires_at 不成立：占座已过期。在同一事务中"
     "先把 {previous} 标记为 expired，再把座位指向 {order}；两者要么都发生，要么都不发生。"},
    {"seat.hold.atomic.rejected",
     "The conditional UPDATE re-checked {seat} (held by {previous} until {until} s; now {now} s, so that "
     "hold still runs) and changed 0 rows. {actor} checks the rows-changed count, rolls back (the new order "
     "goes with it) and rejects the request.",
     "条件更新重新检查 {seat}（由 {previous} 占座到第 {until} 秒；现在是第 {now} 秒，该占座仍然有效），更新了 0 "
     "行。{actor} 检查更新行数，回滚（新订单随之撤销），拒绝请求。"},
    {"seat.hold.atomic.rejected.sold",
     "The conditional UPDATE re-checked {seat} (sold to {previous}) and changed 0 rows. {actor} checks the "
     "rows-changed count, rolls back (the new order goes with it) and rejects the request.",
     "条件更新重新检查 {seat}（已售给 {previous}），更新了 0 行。{actor} "
     "检查更新行数，回滚（新订单随之撤销），拒绝请求。"},
    {"seat.hold.atomic.duplicate",
     "The INSERT of the order failed with {code}: request key {key} was already used. {actor} rolls back; "
     "the seat is untouched.",
     "插入订单失败，返回 {code}：业务请求键 {key} 已用过。{actor} 回滚；座位没有被改动。"},
    {"seat.hold.locks",
     "The UPDATE's condition decides, not an earlier read. SQLite lets one writer in at a time, so any other "
     "hold started meanwhile would wait at BEGIN IMMEDIATE; PostgreSQL would let it reach the UPDATE, wait "
     "on the seat's row lock, and re-check the WHERE clause once this transaction ends.",
     "起决定作用的是 UPDATE 的条件，而不是之前的读取。SQLite "
     "同一时间只允许一个写者，此时开始的其他占座都会在 BEGIN IMMEDIATE 处等待；PostgreSQL 则会让它执行到 "
     "UPDATE，在座位行锁上等待，并在这个事务结束后重新检查 WHERE 条件。",
     true},
    // Paying
    {"seat.hold.locks.rows",
     "The UPDATE's condition decides, not an earlier read. {server} locks the seat's row, not the database: "
     "any other hold started meanwhile reaches its own UPDATE, waits on this row's lock, and once this "
     "transaction ends re-checks the WHERE clause on the committed row ({isolation}).",
     "起决定作用的是 UPDATE 的条件，而不是之前的读取。{server} 锁住的是座位这一行，而不是整个数据库："
     "此时开始的其他占座会执行到自己的 UPDATE，在这一行的锁上等待；这个事务结束后，它在已提交的行上重新"
     "检查 WHERE 条件（{isolation}）。",
     true},
    {"seat.pay.charged.summary", "{actor} pays for {order}: charged", "{actor} 为 {order} 付款：已扣款"},
    {"seat.pay.charged",
     "{actor} asks the provider to charge {payment} for {order}; the provider answers: charged.",
     "{actor} 请求支付方为 {order} 扣款 {payment}；支付方回答：已扣款。"},
    {"seat.pay.stays_held",
     "{order} stays held: a charge sells nothing by itself; {seat} is sold only when the provider's signed "
     "callback is handled.",
     "{order} 仍为 held：扣款本身不出票；只有在处理支付方的签名回调时，{seat} 才会售出。"},
    {"seat.pay.timeout.summary", "{actor} pays for {order}: timeout, result unknown",
     "{actor} 为 {order} 付款：超时，结果未知"},
    {"seat.pay.timeout",
     "{actor} asks the provider to charge {payment} for {order}, and the call times out. A timeout means the "
     "result is unknown, not that the payment failed: the provider's ledger already has the charge, only the "
     "answer was lost.",
     "{actor} 请求支付方为 {order} 扣款 "
     "{payment}，调用超时。超时意味着结果未知，不是付款失败：支付方的账本里已经有这笔扣款，只是回答丢了。"},
    {"seat.pay.recorded_unknown", "The payment is recorded as UNKNOWN.", "付款记录为 UNKNOWN。"},
    {"seat.pay.already_recorded",
     "payments already has a row for {payment} ({recorded}): INSERT ... ON CONFLICT DO NOTHING adds nothing, "
     "and the row keeps what it says.",
     "payments 中已有 {payment} 的记录（{recorded}）：INSERT ... ON CONFLICT DO NOTHING "
     "没有新增任何东西，记录保持原样。"},
    {"seat.pay.naive.no_order",
     "There is no order {order}, yet the naive code charges without looking at the order.",
     "订单 {order} 并不存在，但朴素代码不看订单就扣款。"},
    {"seat.pay.naive.not_held",
     "{order} is {state}, not held, yet the naive code charges without looking at the order.",
     "{order} 为 {state}，不是 held，但朴素代码不看订单就扣款。"},
    {"seat.pay.naive.hold_over",
     "{order} is still held in the table, but its hold ended at {until} s and it is {now} s; the naive code "
     "charges without looking.",
     "{order} 在表中仍为 held，但其占座已在第 {until} 秒结束，现在是第 {now} 秒；朴素代码不看就扣款。"},
    {"seat.pay.refused.summary", "{actor}: {order} holds no seat, no charge",
     "{actor}：{order} 未占座，不扣款"},
    {"seat.pay.refused.missing", "There is no order {order}: {actor} charges nothing.",
     "订单 {order} 不存在：{actor} 不扣款。"},
    {"seat.pay.refused.state",
     "{order} is {state}, not held: {actor} does not take money for a seat the order does not hold.",
     "{order} 为 {state}，不是 held：{actor} 不为订单并未持有的座位收款。"},
    {"seat.pay.refused.expired",
     "{order} is still held, but its hold ended at {until} s and it is {now} s (now < expires_at fails): "
     "{actor} does not take money for a seat the order no longer holds.",
     "{order} 仍为 held，但其占座已在第 {until} 秒结束，现在是第 {now} 秒（now < expires_at 不成立）：{actor} "
     "不为订单已不再持有的座位收款。"},
    // Payment callbacks
    {"seat.callback.duplicate.summary", "{actor}: duplicate event {event}", "{actor}：重复事件 {event}"},
    {"seat.callback.duplicate",
     "Callback {event} was already handled: its event id is in callbacks (INSERT ... ON CONFLICT DO NOTHING "
     "changed 0 rows), so it changes nothing.",
     "回调 {event} 已经处理过：事件 ID 已在 callbacks 中（INSERT ... ON CONFLICT DO NOTHING 更新了 0 "
     "行），因此不改变任何东西。"},
    {"seat.callback.unknown.summary", "{actor}: unknown order", "{actor}：订单不存在"},
    {"seat.callback.unknown", "Callback {event} names order {order}, which does not exist.",
     "回调 {event} 指向的订单 {order} 不存在。"},
    {"seat.callback.failure.summary", "{actor}: payment failed", "{actor}：支付失败"},
    {"seat.callback.failure", "Payment {payment} failed: nothing is sold; {order} stays as it is.",
     "支付 {payment} 失败：不出票；{order} 保持原状。"},
    {"seat.callback.confirmed.summary", "{actor}: {order} paid, {seat} sold",
     "{actor}：{order} 已支付，{seat} 已售"},
    {"seat.callback.confirmed",
     "Callback {event}: {order} is held and still owns {seat}, and {now} < {expires} (expires_at). In one "
     "transaction the seat becomes sold (UPDATE ... WHERE order_id = {order_id} AND state = 'held' AND now < "
     "expires_at: one row) and the order paid.",
     "回调 {event}：{order} 为 held，仍持有 {seat}，且 {now} < {expires}（expires_at）。在同一事务中座位改为 "
     "sold（UPDATE ... WHERE order_id = {order_id} AND state = 'held' AND now < "
     "expires_at：更新一行），订单改为 "
     "paid。"},
    {"seat.callback.pending.summary", "{actor}: {order} expired, refund pending",
     "{actor}：{order} 已过期，退款待处理"},
    {"seat.callback.pending_again.summary", "{actor}: one more payment for {order}, refund pending",
     "{actor}：{order} 又一笔付款，退款待处理"},
    {"seat.callback.pending",
     "Callback {event} reports payment {payment} as successful, but {order} is expired: its hold on {seat} "
     "is over.",
     "回调 {event} 报告支付 {payment} 成功，但 {order} 已过期：它对 {seat} 的占座已结束。"},
    {"seat.callback.seat_now.held", "{seat} is held by {owner} now.", "{seat} 现在由 {owner} 占座。"},
    {"seat.callback.seat_now.sold", "{seat} is sold to {owner} now.", "{seat} 现在已售给 {owner}。"},
    {"seat.callback.seat_now.free", "{seat} is free now.", "{seat} 现在是空闲的。"},
    {"seat.callback.pending.queued",
     "{seat} is not sold to {order}. In the same transaction {order} becomes refund_pending and an item is "
     "queued for reconciliation: look payment {payment} up at the provider, then compensate.",
     "不把 {seat} 卖给 {order}。在同一事务中 {order} 改为退款待处理（refund_pending），并加入对账队列：按支付单号 "
     "{payment} 向支付方核验，再补偿。"},
    {"seat.callback.expired_now.summary", "{actor}: {order} too late, expires, refund pending",
     "{actor}：{order} 已过期限，标为过期，退款待处理"},
    {"seat.callback.expired_now",
     "Callback {event}: {order} still holds {seat}, but now = {now} s is not before expires_at = {expires} "
     "s. "
     "The handler itself ends the hold in one transaction: {seat} is freed, {order} becomes refund_pending "
     "and payment {payment} is queued for reconciliation.",
     "回调 {event}：{order} 仍占着 {seat}，但现在是第 {now} 秒，并不早于 expires_at = {expires} "
     "秒。处理程序在同一事务中自行结束占座：释放 {seat}，{order} 改为退款待处理（refund_pending），支付 {payment} "
     "加入对账队列。"},
    {"seat.callback.expired_now.lost",
     "Callback {event}: {order} says it holds {seat}, but the seat no longer names it. Nothing is sold; "
     "{order} becomes refund_pending and payment {payment} is queued for reconciliation.",
     "回调 {event}：{order} 声称占着 {seat}，但座位已不再指向它。不出票；{order} 改为 refund_pending，支付 "
     "{payment} 加入对账队列。"},
    {"seat.callback.pending_not_refunded",
     "refund_pending is not \"refunded\": it means no refund has been made yet. The item waits until the "
     "payment is verified by its payment id and the compensation has an auditable result.",
     "refund_pending "
     "不是“已退款”：它表示还没有退款。该事项要等按支付单号核验付款、补偿取得可审计的结果后才算了结。"},
    {"seat.callback.recorded_unverified",
     "The payments table had no row for {payment}: none of our charges recorded it. The SUCCEEDED row written now rests "
     "on the callback's word alone, until reconciliation looks {payment} up at the provider.",
     "payments 表里原本没有 {payment} 的行：我们的扣款从未记下它。此刻写入的 SUCCEEDED 只凭这条回调的说法，"
     "要等对账按支付单号向支付方查询 {payment}。"},
    {"seat.callback.pending_again",
     "Callback {event}: {order} is already {state}, and payment {payment} is new for it: one more payment to "
     "look into, queued for reconciliation as well. {order} now has {count} reconciliation items.",
     "回调 {event}：{order} 已是 {state}，而支付 {payment} "
     "对它来说是新的：又多一笔需要核查的付款，同样加入对账队列。{order} 现在共有 {count} 个对账事项。"},
    {"seat.callback.already_pending.summary", "{actor}: payment {payment} already in reconciliation",
     "{actor}：支付 {payment} 已在对账中"},
    {"seat.callback.already_pending",
     "Callback {event} reports payment {payment} again under a new event id. {order} is {state}, and that "
     "payment already has reconciliation item {item} ({item_state}): nothing new to queue.",
     "回调 {event} 以新的事件 ID 再次报告支付 {payment}。{order} 为 {state}，这笔付款已有对账事项 "
     "{item}（{item_state}）：没有新的事项。"},
    {"seat.callback.reconcile.summary", "{actor}: already paid, reconcile", "{actor}：已支付，待对账"},
    {"seat.callback.reconcile",
     "Callback {event} has a new event id, but {order} is already paid. Deduplicating by event id is not "
     "enough; the order's final state is checked too. It may be the same payment notified again, so there is "
     "no direct refund: it is flagged already_paid_reconcile and queued for reconciliation.",
     "回调 {event} 的事件 ID 是新的，但 {order} 已支付。仅按事件 ID 去重不够，还要检查订单终态。它可能只是"
     "同一笔付款的重复通知，所以不直接退款：标记为 already_paid_reconcile 并加入对账队列。"},
    {"seat.callback.reconcile.already",
     "Callback {event} has a new event id, but {order} is already paid. Deduplicating by event id is not "
     "enough; the order's final state is checked too. It may be the same payment notified again, so there is "
     "no direct refund: it is flagged already_paid_reconcile, and payment {payment} already has "
     "reconciliation item {item} ({item_state}) for that, so nothing new is queued.",
     "回调 {event} 的事件 ID 是新的，但 {order} 已支付。仅按事件 ID "
     "去重不够，还要检查订单终态。它可能只是同一笔付款的重复通知，所以不直接退款：标记为 "
     "already_paid_reconcile；支付 {payment} 已有相应的对账事项 {item}（{item_state}），因此不再新增。"},
    {"seat.callback.naive.summary", "{actor}: {order} paid, {seat} sold to it",
     "{actor}：{order} 已支付，{seat} 卖给它"},
    {"seat.callback.naive",
     "Callback {event} for payment {payment}: the naive handler just marks {order} paid and sells {seat} to "
     "it: no dedup by event id, no check of the order's state or of expires_at, each statement on its own.",
     "支付 {payment} 的回调 {event}：朴素处理直接把 {order} 标记为已支付，并把 {seat} 卖给它：不按事件 ID "
     "去重，不检查订单状态和 expires_at，每条语句各自提交。"},
    {"seat.callback.naive.repeated",
     "The INSERT into callbacks failed: event {event} was seen before. The naive handler ignores that and "
     "marks the order paid again.",
     "插入 callbacks 失败：事件 {event} 已处理过。朴素处理忽略这一点，再次把订单标记为已支付。"},
    {"seat.callback.naive.repeated.anyway",
     "The INSERT into callbacks failed: event {event} was seen before. The naive handler ignores that and "
     "marks {order} paid anyway.",
     "插入 callbacks 失败：事件 {event} 已处理过。朴素处理忽略这一点，照样把 {order} 标记为已支付。"},
    {"seat.callback.naive.stolen",
     "{seat} belonged to {owner}. Now the seat row names {order}, while {owner} is still {owner_state}: "
     "{live} live orders claim one seat.",
     "{seat} 原本属于 {owner}。现在座位行写着 {order}，而 {owner} 仍为 {owner_state}：{live} "
     "笔有效订单同时声称拥有这一个座位。"},
    // Reconciliation
    {"seat.reconcile.summary",
     "{actor}: {refunded} refunded, {failed} failed, {pending} unverified, {closed} same payment",
     "{actor}：退款 {refunded}，失败 {failed}，未核实 {pending}，同一付款 {closed}"},
    {"seat.reconcile.none.summary", "{actor}: nothing to reconcile", "{actor}：没有对账事项"},
    {"seat.reconcile.none", "No reconciliation item is PENDING.", "没有处于 PENDING 的对账事项。"},
    {"seat.reconcile.naive.none",
     "Nothing is queued for reconciliation: the naive callback handler marks every success paid and never "
     "queues anything, so a payment for a seat its order lost is never looked at.",
     "对账队列是空的：朴素回调处理把每次成功都标记为已支付，从不入队，所以为已失去座位的订单付的钱永远没人"
     "核查。"},
    {"seat.reconcile.naive",
     "Item {item}: refunds {payment} under a fresh key {key}, without asking the provider whether the money "
     "was taken; the provider answers {answer}. The key is new on every run, so the provider cannot tell a "
     "repeated refund from a new one.",
     "事项 {item}：不向支付方核实是否真的扣款，用新的操作键 {key} 退款 {payment}；支付方回答 "
     "{answer}。每次运行都换一个新键，支付方无法分辨重复的退款和新的退款。"},
    {"seat.reconcile.naive.marked", "The provider refused, yet the naive code marks item {item} REFUNDED.",
     "支付方拒绝了，朴素代码却把事项 {item} 标记为 REFUNDED。"},
    {"seat.reconcile.same_payment",
     "Item {item}: notice {event} is for payment {payment}, the same payment that paid {order}: the same "
     "payment notified again. Closed as SAME_PAYMENT, no refund.",
     "事项 {item}：通知 {event} 对应的支付 {payment} 正是为 {order} "
     "付款的那一笔：同一笔付款的重复通知。关闭为 "
     "SAME_PAYMENT，不退款。"},
    {"seat.reconcile.unverified",
     "Item {item}: the provider has no successful charge for {payment}. A success that cannot be looked up "
     "is "
     "not refunded blindly; the item stays PENDING for a person to follow up.",
     "事项 {item}：支付方查不到 {payment} 的成功扣款。查询不到的“成功”不能盲目退款；事项保持 "
     "PENDING，交由人工"
     "跟进。"},
    {"seat.reconcile.unverified.recorded",
     "Our payments table still says {payment} is {state}: that is what the callback reported, not what the "
     "provider's books show.",
     "我们的 payments 表仍写着 {payment} 为 {state}：那是回调报告的，不是支付方账本上的。"},
    {"seat.reconcile.verified",
     "Item {item}: the worker first looks payment {payment} up at the provider by its payment id: the charge "
     "SUCCEEDED, so money was really taken from the buyer of {order}.",
     "事项 {item}：对账程序先按支付单号向支付方查询 {payment}：扣款成功，{order} 的买家确实付了钱。"},
    {"seat.reconcile.refunded",
     "It refunds under the payment's own key {key} (the provider answers \"already done\" on a rerun); the "
     "item becomes REFUNDED and {order} refunded.",
     "它用这笔付款自己的操作键 {key} 退款（重跑时支付方会回答“已完成”）；事项改为 REFUNDED，{order} 改为 "
     "refunded。"},
    {"seat.reconcile.refunded.order_kept",
     "It refunds under the payment's own key {key} (the provider answers \"already done\" on a rerun); the "
     "item becomes REFUNDED, and {order} stays {order_state}.",
     "它用这笔付款自己的操作键 {key} 退款（重跑时支付方会回答“已完成”）；事项改为 REFUNDED，{order} 保持 "
     "{order_state}。"},
    {"seat.reconcile.failed",
     "It refunds under the payment's own key {key}; the provider refuses. The item becomes REFUND_FAILED and "
     "{order} stays {order_state}: it needs a person or a retry, not patience.",
     "它用这笔付款自己的操作键 {key} 退款；支付方拒绝。事项改为 REFUND_FAILED，{order} 保持 "
     "{order_state}：它需要人工处理或重试，而不是等待。"},
    // T3: the queue and its tickets
    {"seat.queue.admitted.summary", "{actor} admitted: ticket {ticket} until {until} s",
     "{actor} 获准进入：票据 {ticket} 有效到第 {until} 秒"},
    {"seat.queue.admitted",
     "The queue admits {actor} with ticket {ticket}, valid until {until} s. The ticket lets {actor} try to "
     "hold "
     "a seat; it grants no seat.",
     "排队系统放行 {actor}，发给票据 {ticket}，有效到第 {until} 秒。票据允许 {actor} "
     "去尝试占座；它不代表拥有任何"
     "座位。"},
    {"seat.queue.refused.summary", "{actor}: queue full this second, rejected",
     "{actor}：本秒放行已满，拒绝"},
    {"seat.queue.refused",
     "The queue has already admitted {admitted} buyer(s) at {now} s and lets in at most {rate} per second: "
     "{actor} gets no ticket and must come back later. This is what a queue is for: limiting the arrival "
     "rate.",
     "排队系统在第 {now} 秒已放行 {admitted} 位买家，每秒最多放行 {rate} 位：{actor} 拿不到票据，只能稍后再来。"
     "这正是排队的作用：限制到达速率。"},
    {"seat.ticket.rejected.summary", "{actor}: ticket {ticket} not valid, rejected",
     "{actor}：票据 {ticket} 无效，拒绝"},
    {"seat.ticket.missing",
     "There is no ticket {ticket}: the queue never issued it, so {actor} was not admitted with it.",
     "没有票据 {ticket}：排队系统从未发出它，{actor} 没有凭它获准进入。"},
    {"seat.ticket.used", "Ticket {ticket} has already been used.", "票据 {ticket} 已经用过。"},
    {"seat.ticket.expired",
     "Ticket {ticket} was valid until {until} s; it is {now} s. {actor} has to queue again.",
     "票据 {ticket} 有效到第 {until} 秒；现在是第 {now} 秒。{actor} 需要重新排队。"},
    {"seat.ticket.naive",
     "{actor}'s ticket {ticket} is valid, and the naive code takes that as owning {seat}: the queue let me "
     "in, "
     "so the seat is mine.",
     "{actor} 的票据 {ticket} 有效，朴素代码把它当作拥有 {seat}：排队让我进来了，座位就是我的。"},
    {"seat.ticket.atomic.taken",
     "Ticket {ticket} only let {actor} in; it is spent in the same transaction as the hold, and the "
     "conditional "
     "UPDATE on {seat} decided.",
     "票据 {ticket} 只是让 {actor} 进来；它在与占座相同的事务中被使用，由 {seat} 上的条件更新作出决定。"},
    {"seat.ticket.atomic.rejected",
     "{actor} was admitted with ticket {ticket}, but admission is not a seat: {seat} already belongs to "
     "{holder} ({state}). The rollback leaves the ticket unused, so {actor} could still try another seat "
     "before it expires at {until} s.",
     "{actor} 持票据 {ticket} 获准进入，但准入不等于座位：{seat} 已属于 "
     "{holder}（{state}）。回滚后票据仍未使用，{actor} 在票据于第 {until} 秒过期前还可以尝试其他座位。"},
    // T4: the lease lock and the pause
    {"seat.lock.taken.summary", "{actor} locks {seat} until {until} s",
     "{actor} 锁定 {seat} 到第 {until} 秒"},
    {"seat.lock.taken", "{actor} takes the lock on {seat} with a lease until {until} s.",
     "{actor} 取得 {seat} 的锁，租约到第 {until} 秒。"},
    {"seat.lock.taken_over",
     "{holder}'s lease on {seat} ended at {lease} s, so at {now} s the lock is free again: {actor} takes it "
     "until {until} s. Nothing tells {holder}.",
     "{holder} 对 {seat} 的租约在第 {lease} 秒已结束，所以在第 {now} 秒锁又空出来了：{actor} 取得它，租约到"
     "第 {until} "
     "秒。没有任何东西通知 {holder}。"},
    {"seat.lock.stands_for",
     "seat_locks stands for a separate lock service such as Redis (SET NX with an expiry); it sits in this "
     "lab's database only so that you can watch it.",
     "seat_locks 代表一个独立的锁服务，例如 Redis（带过期时间的 SET "
     "NX）；放在本实验的数据库里只是为了便于观察。",
     true},
    {"seat.lock.refused.summary", "{actor}: {seat} is locked by {holder}, rejected",
     "{actor}：{seat} 已被 {holder} 锁定，拒绝"},
    {"seat.lock.refused",
     "{holder} holds the lock on {seat} until {lease} s; it is {now} s. {actor} gives up.",
     "{holder} 持有 {seat} 的锁直到第 {lease} 秒；现在是第 {now} 秒。{actor} 放弃。"},
    {"seat.pause.summary", "{actor} pauses", "{actor} 暂停"},
    {"seat.pause",
     "{actor} stalls (a garbage-collection pause, a swapped-out process) and does nothing until its next "
     "event.",
     "{actor} 停顿（垃圾回收暂停、进程被换出），直到它的下一个事件前什么也不做。"},
    {"seat.pause.with_lock",
     "{actor} stalls (a garbage-collection pause, a swapped-out process) and does nothing until its next "
     "event. "
     "Its lease ends at {lease} s whether or not {actor} is running, and nothing will tell it.",
     "{actor} 停顿（垃圾回收暂停、进程被换出），直到它的下一个事件前什么也不做。无论 {actor} "
     "是否在运行，它的租约"
     "都在第 {lease} 秒结束，而且没有任何东西会通知它。"},
    {"seat.pause.lease_over",
     "{actor} stalls (a garbage-collection pause, a swapped-out process) and does nothing until its next "
     "event. Its lease already ended at {lease} s, and nothing has told it.",
     "{actor} 停顿（垃圾回收暂停、进程被换出），直到它的下一个事件前什么也不做。它的租约已在第 {lease} "
     "秒结束，而没有任何东西通知它。"},
    {"seat.lock.naive.trusts",
     "{actor} took the lock at {locked_at} s (lease until {lease} s) and trusts it: believing the lock is in "
     "hand, it writes {seat} without looking at the seat.",
     "{actor} 在第 {locked_at} 秒取得锁（租约到第 {lease} 秒）并信任它：认定锁在手里，就不看座位，直接写入 "
     "{seat}。"},
    {"seat.lock.lapsed",
     "It is {now} s, so that lease is over; nobody else has taken the lock since, and nothing stops {actor} "
     "this time.",
     "现在是第 {now} 秒，这个租约已经结束；之后还没有别人取得这把锁，所以这一次没有任何东西拦住 {actor}。"},
    {"seat.lock.naive.stale",
     "At {now} s {actor} carries on, still believing it holds the lock it took at {locked_at} s. Its lease "
     "ended at {lease} s and the lock is now {holder}'s, but {actor} never looks: it writes {seat} without a "
     "condition.",
     "{actor} 在第 {now} 秒继续运行，仍以为自己持有第 {locked_at} 秒取得的锁。它的租约在第 {lease} "
     "秒已结束，锁现在属于 {holder}，但 {actor} 从不检查：它不带条件地写入 {seat}。"},
    {"seat.lock.atomic.taken",
     "A lock keeps other buyers away while its lease lasts, which spares the database some contention; the "
     "conditional UPDATE on {seat} still made the decision.",
     "锁在租约有效期内能挡住其他买家，减少数据库上的争用；但作出决定的仍是 {seat} 上的条件更新。"},
    {"seat.lock.atomic.stale",
     "At {now} s {actor} carries on, still believing it holds the lock it took at {locked_at} s; its lease "
     "ended at {lease} s and {holder} has the lock now. The lock is not the final word: the database's "
     "conditional UPDATE is, and it changes 0 rows.",
     "{actor} 在第 {now} 秒继续运行，仍以为自己持有第 {locked_at} 秒取得的锁；它的租约在第 {lease} "
     "秒已结束，锁现在属于 {holder}。锁不是最终裁决：数据库的条件更新才是，它更新了 0 行。"},
    {"seat.lock.atomic.rejected",
     "Whatever {actor} believes about its lock, the conditional UPDATE on {seat} changes 0 rows: the seat is "
     "not free to take. The database decides, not the lock.",
     "无论 {actor} 认为自己的锁怎样，{seat} 上的条件更新都更新了 0 "
     "行：这个座位不能占用。作决定的是数据库，而不是锁。"},
    // Invariants
    {"seat.invariant.sold_matches.ok", "sold seats {sold} = paid orders {paid}",
     "已售座位 {sold} = 已支付订单 {paid}"},
    {"seat.invariant.sold_matches.broken", "sold seats {sold} != paid orders {paid}",
     "已售座位 {sold} != 已支付订单 {paid}"},
    {"seat.invariant.owner.ok", "{count} seat(s) claimed, each by one order",
     "{count} 个座位被占用，每个只属于一笔订单"},
    {"seat.invariant.owner.broken", "more than one live order: {list}", "不止一笔有效订单：{list}"},
    {"seat.invariant.refund.ok", "{count} refund(s) made, none twice for one payment",
     "已退款 {count} 笔，没有同一支付退款两次"},
    {"seat.invariant.refund.broken",
     "refunded items per payment: {items}; refunds done per payment: {refunds}",
     "同一支付的已退款事项：{items}；同一支付已完成的退款：{refunds}"},
};

}  // namespace

std::span<const MessageTemplate> messages() {
  return kSeat;
}

}  // namespace reslab::seat
