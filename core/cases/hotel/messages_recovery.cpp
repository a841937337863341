// Messages of the recovery cases H5-1 .. H5-5 (the hotel article's table of recovery windows): the
// simulated payment provider, charges, refunds, out-of-order callbacks and the outbox.
// Glossary terms follow SPEC section 10.
#include "core/cases/hotel/family.hpp"

namespace reslab::hotel {
namespace {

const MessageTemplate kRecovery[] = {
    // H5-6: retention windows
    {"retention.prune.summary", "{actor} deletes {count} callback record(s)",
     "{actor} 删除 {count} 条回调记录"},
    {"retention.prune",
     "The retention job keeps callback records for {keep} s: it deletes those received at or before {cutoff} s "
     "({events}). From now on the event-id dedup cannot see them.",
     "保留任务只保留回调记录 {keep} 秒：删除第 {cutoff} 秒及以前收到的记录（{events}）。从此按事件 ID 去重就看不到它们了。"},
    {"retention.prune.none.summary", "{actor}: nothing old enough to delete",
     "{actor}：没有足够旧的记录可删"},
    {"retention.prune.none", "No callback record was received at or before {cutoff} s: nothing is deleted.",
     "没有在第 {cutoff} 秒及以前收到的回调记录：什么也不删。"},
    {"retention.retry.naive",
     "Task {task}: the worker refunds {payment} under the task's key {key}, trusting the provider to "
     "recognise the key if this refund was already made and answer \"already refunded\".",
     "任务 {task}：退款程序用任务的键 {key} 退款 {payment}，相信如果这笔退款已经做过，支付方会认出这个键并"
     "回答“已退款”。"},
    {"retention.retry.naive.forgotten",
     "But the provider keeps idempotency keys only for a while, and {key} is past it: the provider books "
     "this call as a new operation, {booked} ({state}). It now holds {count} successful refund(s) of "
     "{payment}.",
     "但支付方只在一段时间内保留幂等键，{key} 已过期：支付方把这次调用记成一笔新操作 {booked}（{state}）。"
     "它现在有 {count} 笔成功的 {payment} 退款。"},
    {"retention.retry.naive.extra",
     "One payment refunded {count} times: only reconciliation against provider_ledger finds the extra "
     "money paid out.",
     "同一笔支付退款了 {count} 次：只有对照 provider_ledger 对账才能发现多付出去的钱。"},
    {"retention.retry.atomic.found",
     "Task {task}: before any retry the worker asks the provider by payment id: {payment} already has a "
     "SUCCEEDED refund ({found}). It records SUCCEEDED and calls nothing: a key is kept for a while, a payment "
     "id for good.",
     "任务 {task}：重试之前，退款程序先按支付单号询问支付方：{payment} 已经有一笔成功的退款（{found}）。它记录 "
     "SUCCEEDED，不再调用：幂等键只保留一段时间，支付单号永远有效。"},
    {"retention.retry.atomic.none",
     "Task {task}: the provider has no successful refund of {payment}, so the worker refunds under the "
     "task's key {key}.",
     "任务 {task}：支付方还没有 {payment} 的成功退款，所以退款程序用任务的键 {key} 退款。"},
    // The simulated payment provider
    {"provider.answer.succeeded", "succeeded", "成功"},
    {"provider.answer.failed", "failed", "失败"},
    {"provider.answer.timed_out", "no answer (timed out)", "没有回应（超时）"},
    {"provider.answer.already_done", "already done", "已处理过"},
    {"recovery.provider.answered", "The provider answers: {answer} ({key}).",
     "支付方回应：{answer}（{key}）。"},
    {"recovery.provider.timeout_after",
     "Behind the timeout the provider did take the money: its ledger has {key} as {state}; only the answer "
     "was "
     "lost. From {actor}'s side the result is unknown.",
     "超时背后，支付方其实已经扣款：它的账本里 {key} 为 {state}；丢失的只是回应。在 {actor} "
     "看来，结果未知。"},
    {"recovery.provider.timeout_before",
     "The request never reached the provider: its ledger has nothing under {key}. From {actor}'s side this "
     "timeout looks exactly like the other kind.",
     "请求根本没有到达支付方：它的账本里没有 {key}。在 {actor} 看来，这次超时与另一种超时毫无区别。"},
    {"recovery.provider.already_done",
     "The provider has seen operation {key} before ({state}): it answers already done and takes nothing "
     "more. "
     "It is idempotent by operation key.",
     "支付方已经见过操作 {key}（{state}）：它回答“已处理过”，不再多扣一分钱。它按操作键幂等。"},
    // H5-2: the charge times out
    {"recovery.charge.naive.call",
     "{actor} charges payment {payment} under a new operation key {key}, as it does on every attempt.",
     "{actor} 用新的操作键 {key} 对支付 {payment} 扣款，每次尝试都这样做。"},
    {"recovery.charge.naive.call.same_key",
     "{actor} charges payment {payment} under {key}, a key made from the clock as on every attempt; an "
     "earlier attempt in this same second made the same key, so the provider already knows it.",
     "{actor} 用按时钟生成的键 {key} 对支付 {payment} 扣款，每次尝试都这样做；同一秒内更早的一次尝"
     "试生成了同一个键，所以支付方已经认得它。"},
    {"recovery.charge.atomic.call",
     "{actor} charges payment {payment} under the payment's own operation key {key}, the key every retry "
     "will "
     "reuse.",
     "{actor} 用支付对象自己的操作键 {key} 对支付 {payment} 扣款，之后每次重试都复用这个键。"},
    {"recovery.charge.unknown.summary", "{actor}: charge timed out, result unknown",
     "{actor}：扣款超时，结果未知"},
    {"recovery.charge.naive.timeout",
     "The naive code takes the timeout for a failure and keeps nothing: payment {payment} stays as it was, "
     "and "
     "the next attempt will use a new key.",
     "朴素代码把超时当作失败，什么也没保留：支付 {payment} 保持原状，下一次尝试会使用新的键。"},
    {"recovery.charge.atomic.timeout",
     "{actor} records payment {payment} as UNKNOWN and keeps the payment and its key {key}: the next attempt "
     "must "
     "ask the provider or retry under the same key, never charge under a new one.",
     "{actor} 把支付 {payment} 记为 UNKNOWN，保留支付对象和它的操作键 "
     "{key}：下一次必须先查询支付方，或者按同一个"
     "键重试，绝不能用新键再扣一次。"},
    {"recovery.charge.failed.summary", "{actor}: charge failed", "{actor}：扣款失败"},
    {"recovery.charge.failed",
     "The provider refused the charge: payment {payment} is marked FAILED, and this attempt confirms "
     "nothing for hold #{hold}.",
     "支付方拒绝扣款：支付 {payment} 被标记为 FAILED，这次尝试不会为预留 #{hold} 确认任何东西。"},
    {"recovery.charge.done.summary", "{actor}: charged, one charge for {payment}",
     "{actor}：扣款成功，{payment} 只有一笔扣款"},
    {"recovery.charge.twice.summary", "{actor} charges again: {charges} charges for {payment}",
     "{actor} 再次扣款：{payment} 共 {charges} 笔扣款"},
    {"recovery.charge.many.summary", "{actor}: charged; the provider holds {charges} charges for {payment}",
     "{actor}：已扣款；支付方处 {payment} 共有 {charges} 笔扣款"},
    {"recovery.charge.naive.done",
     "The naive code marks payment {payment} SUCCEEDED and hold #{hold} CONFIRMED (sold + 1), each statement "
     "on its own.",
     "朴素代码把支付 {payment} 标记为 SUCCEEDED，把预留 #{hold} 标记为 CONFIRMED（sold "
     "加一），每条语句各自提交。"},
    {"recovery.charge.naive.twice",
     "To the provider {key} is a new charge, so it takes the money again: the customer has now paid "
     "{charges} "
     "times for one booking. The naive code marks payment {payment} SUCCEEDED and hold #{hold} CONFIRMED as "
     "if "
     "this were the only charge.",
     "对支付方来说 {key} 是一笔新的扣款，于是再扣一次：顾客为一笔预订付了 {charges} 次钱。朴素代码照样把支付 "
     "{payment} 标记为 SUCCEEDED、把预留 #{hold} 标记为 CONFIRMED，好像这是唯一的一笔扣款。"},
    {"recovery.charge.query.found",
     "Payment {payment} is UNKNOWN, so {actor} first asks the provider about {key} instead of charging "
     "blindly.",
     "支付 {payment} 处于 UNKNOWN，所以 {actor} 先向支付方查询 {key}，而不是贸然扣款。"},
    {"recovery.charge.query.none",
     "Payment {payment} is UNKNOWN. {actor} asks the provider about {key}: no such operation, no earlier "
     "request under this key reached it. {actor} retries under the same key, so even an earlier request "
     "that arrived late could not charge a second time.",
     "支付 {payment} 处于 UNKNOWN。{actor} 向支付方查询 {key}：没有这个操作，之前用这个键发出的请"
     "求都没有到达。{actor} 按同一个键重试，所以即使之前的请求迟到，也不会扣第二次。"},
    {"recovery.charge.confirmed",
     "In one short transaction payment {payment} becomes SUCCEEDED and hold #{hold} CONFIRMED ({now} < "
     "{deadline}), sold + 1: the charge and the booking are recorded together.",
     "在一个短事务中，支付 {payment} 变为 SUCCEEDED，预留 #{hold} 变为 CONFIRMED（{now} < {deadline}），"
     "sold 加一：扣款和预订一起记录。"},
    {"recovery.charge.already_confirmed",
     "Hold #{hold} is already CONFIRMED: only payment {payment} changes, to SUCCEEDED; nothing is sold "
     "twice.",
     "预留 #{hold} 已经是 CONFIRMED：只把支付 {payment} 改为 SUCCEEDED，不会重复售出。"},
    {"recovery.charge.already_confirmed.callback",
     "Hold #{hold} is already CONFIRMED (callback {event} confirmed it): only payment {payment} changes, "
     "to SUCCEEDED; nothing is sold twice.",
     "预留 #{hold} 已经是 CONFIRMED（回调 {event} 确认了它）：只把支付 {payment} 改为 SUCCEEDED，"
     "不会重复售出。"},
    {"recovery.charge.too_late",
     "Hold #{hold} is {state} and can no longer take this payment (deadline {deadline} s, now {now} s): "
     "payment "
     "{payment} is SUCCEEDED and its refund is queued, once.",
     "预留 #{hold} 为 {state}，已不能接受这笔支付（期限为第 {deadline} 秒，现在是第 {now} 秒）：支付 {payment} 记为 "
     "SUCCEEDED，并排队退款一次。"},
    {"recovery.charge.too_late.expired",
     "Hold #{hold} is still RESERVED, but its deadline {deadline} s has passed (now {now} s): in the same "
     "transaction it is expired (HOLD_EXPIRED) and its room released once; payment {payment} is SUCCEEDED "
     "and its refund is queued, once.",
     "预留 #{hold} 仍为 RESERVED，但期限（第 {deadline} 秒）已过（现在是第 {now} 秒）：在同一事务中将它标为过期"
     "（HOLD_EXPIRED）并释放一次房间；支付 {payment} 记为 SUCCEEDED，并排队退款一次。"},
    {"recovery.charge.refund.summary", "{actor}: paid too late, refund queued",
     "{actor}：支付太晚，排队退款"},
    {"recovery.charge.paid.summary", "{actor}: already charged", "{actor}：已扣款"},
    {"recovery.charge.paid", "Payment {payment} is already SUCCEEDED: there is nothing to charge.",
     "支付 {payment} 已经是 SUCCEEDED：没有需要扣款的。"},
    // H5-4: the refund worker crashes before recording the refund
    {"recovery.refund_call.naive",
     "Task {task}: {actor} refunds {payment} under a new key {key}, without checking the charge. The "
     "provider "
     "answers: {answer} ({state}).",
     "任务 {task}：{actor} 不核对扣款，用新的操作键 {key} 退款 {payment}。支付方回应：{answer}（{state}）。"},
    {"recovery.refund_call.naive.same_key",
     "Task {task}: {actor} refunds {payment} under {key}, a key made from the clock, without checking the "
     "charge. An earlier call in this same second made the same key: the provider answers {answer} "
     "({state}).",
     "任务 {task}：{actor} 不核对扣款，用按时钟生成的键 {key} 退款 {payment}。同一秒内更早的一次调"
     "用生成了同一个键：支付方回应：{answer}（{state}）。"},
    {"recovery.refund_call.atomic",
     "Task {task}: {actor} confirms with the provider that {payment} was charged, then refunds under the "
     "task's "
     "own key {key}. The provider answers: {answer} ({state}).",
     "任务 {task}：{actor} 先向支付方确认 {payment} 确实扣过款，再用任务自己的操作键 {key} 退款。支付方回应："
     "{answer}（{state}）。"},
    {"recovery.refund_call.unrecorded",
     "The answer is only in {actor}'s memory: refund_tasks still says PENDING until {actor} writes it down.",
     "这个结果只在 {actor} 的内存里：在 {actor} 写入之前，refund_tasks 仍显示 PENDING。"},
    {"recovery.refund_call.summary", "{actor}: provider refunded, not yet recorded",
     "{actor}：支付方已退款，尚未记录"},
    {"recovery.refund_call.failed.summary", "{actor}: refund FAILED, not yet recorded",
     "{actor}：退款失败，尚未记录"},
    // H5-5: duplicate and out-of-order callbacks
    {"recovery.event.naive.failed.summary", "{actor} marks hold #{hold} PAYMENT_FAILED",
     "{actor} 把预留 #{hold} 标记为 PAYMENT_FAILED"},
    {"recovery.event.naive.failed",
     "Event {event} (created at {created_at} s) says payment {payment} failed. The naive handler marks "
     "hold #{hold} PAYMENT_FAILED and gives the room back (available + 1), whatever state the hold was in "
     "(here {was}).",
     "事件 {event}（创建于第 {created_at} 秒）称支付 {payment} 失败。朴素处理不管预留当前"
     "是什么状态（这里是 {was}），直接把预留 #{hold} 标记为 PAYMENT_FAILED 并归还房间（available 加一）。"},
    {"recovery.event.naive.last_wins",
     "No event-id dedup, no state check, no look at when the event was created: the last event to arrive "
     "wins.",
     "不按事件 ID 去重，不检查状态，也不看事件何时创建：最后到达的事件说了算。"},
    {"recovery.event.failed_open.summary", "{actor}: payment failed, hold stays RESERVED",
     "{actor}：支付失败，预留保持 RESERVED"},
    {"recovery.event.failed_open",
     "Event {event}: payment {payment} failed. Hold #{hold} is still RESERVED and stays so until its "
     "deadline "
     "({deadline} s): the customer may still pay. The failure is logged; nothing is released.",
     "事件 {event}：支付 {payment} 失败。预留 #{hold} 仍为 RESERVED，并保持到期限（第 {deadline} "
     "秒）：顾客仍可"
     "付款。只记录这次失败，不释放任何东西。"},
    {"recovery.event.failed_open.late",
     "Event {event}: payment {payment} failed. Hold #{hold} is still RESERVED, though its deadline "
     "({deadline} s) has passed: releasing it is the expiry job's work, not this handler's. The failure is "
     "logged; nothing is released.",
     "事件 {event}：支付 {payment} 失败。预留 #{hold} 仍为 RESERVED，尽管期限（第 {deadline} 秒）已过："
     "释放它是过期任务的事，不归这个处理程序管。只记录这次失败，不释放任何东西。"},
    {"recovery.event.terminal.summary", "{actor}: failure ignored, {state} stays",
     "{actor}：忽略失败事件，保持 {state}"},
    {"recovery.event.terminal",
     "Event {event} says payment {payment} failed (created at {created_at} s), but hold #{hold} is already "
     "{state}, a terminal state. A failure event never overwrites a terminal state, whenever it was "
     "created: the event is logged and nothing else changes.",
     "事件 {event} 称支付 {payment} 失败（创建于第 {created_at} 秒），但预留 #{hold} 已经是终态 {state}。"
     "无论失败事件何时创建，都绝不覆盖终态：只记录该事件，其他什么都不改。"},
    {"recovery.event.refund",
     "Event {event}: hold #{hold} is {state} and cannot take payment {payment}: a refund task is queued in "
     "the "
     "same transaction, keyed by the payment. A queued refund is not a completed refund.",
     "事件 {event}：预留 #{hold} 为 {state}，无法接受支付 "
     "{payment}：在同一事务中按支付排队一个退款任务。退款排队"
     "不代表退款完成。"},
    // H5-3: the outbox, the relay and the consumer
    {"recovery.confirm.summary", "{actor} confirms hold #{hold}", "{actor} 确认预留 #{hold}"},
    {"recovery.confirm.naive",
     "{actor} marks hold #{hold} CONFIRMED and sold + 1, each statement committed on its own, and keeps the "
     "message {topic} in memory to send right after the commit.",
     "{actor} 把预留 #{hold} 标记为 CONFIRMED 并让 sold 加一，每条语句各自提交，并把消息 {topic} "
     "留在内存里，准备提交后立刻发送。"},
    {"recovery.confirm.atomic",
     "In one transaction {actor} confirms hold #{hold} (sold + 1) and writes the message {topic} to the "
     "outbox "
     "as row #{row}: the booking and its message are committed together, or not at all.",
     "{actor} 在同一个事务中确认预留 #{hold}（sold 加一），并把消息 {topic} 写入 outbox 第 #{row} "
     "行：预订和它的消息要么一起提交，要么都不提交。"},
    {"recovery.confirm.nothing.summary", "{actor}: nothing to confirm", "{actor}：没有可确认的"},
    {"recovery.confirm.nothing",
     "Hold #{hold} is {state}, not RESERVED before its deadline: nothing is confirmed and no message is "
     "written.",
     "预留 #{hold} 为 {state}，不是期限前的 RESERVED：不确认，也不写消息。"},
    {"recovery.send.summary", "{actor} sends {topic}", "{actor} 发送 {topic}"},
    {"recovery.send.naive", "{actor} sends {topic} {payload} from memory, after the commit.",
     "{actor} 在提交之后从内存中发送 {topic} {payload}。"},
    {"recovery.send.lost.summary", "{actor}: message lost", "{actor}：消息丢失"},
    {"recovery.send.lost",
     "{actor} has no message in memory to send. CONFIRMED in the database, yet with no {topic} message "
     "ever received and none in an outbox row: {holds}. A message kept only in a process's memory is lost "
     "when the process dies, and no retry will ever find it.",
     "{actor} 的内存里没有要发送的消息。数据库里已是 CONFIRMED、却从未有 {topic} 消息被接收、也不在任何 "
     "outbox 行里的预留：{holds}。只存在进程内存里的消息会随进程一起消失，任何重试都找不回来。"},
    {"recovery.send.none.summary", "{actor}: nothing to send", "{actor}：没有要发送的"},
    {"recovery.send.none", "{actor} has no message waiting to be sent.", "{actor} 没有等待发送的消息。"},
    {"recovery.send.outbox.summary", "{actor}: leaves sending to the relay", "{actor}：交给中继发送"},
    {"recovery.send.outbox",
     "{actor} does not send after the commit: a message it commits goes into the outbox together with the "
     "booking, and the outbox relay delivers it ({unsent} unsent row(s) now). A crash of {actor} cannot "
     "lose it.",
     "{actor} 不在提交之后自己发送：它提交的消息和预订一起写在 outbox 里，由 outbox 中继投递（当前有 "
     "{unsent} 行未发送）。{actor} 崩溃也丢不了它。"},
    {"recovery.relay.none.summary", "{actor}: no unsent outbox row", "{actor}：outbox 没有待发送的行"},
    {"recovery.relay.none", "No outbox row is waiting to be sent.", "outbox 中没有等待发送的行。"},
    {"recovery.relay.send.summary", "{actor} delivers outbox {rows}", "{actor} 投递 outbox {rows}"},
    {"recovery.relay.send",
     "{actor} delivers the outbox rows without sent_at ({rows}). It marks them sent only in a later step "
     "(relay_ack), so a crash in between means they are delivered again.",
     "{actor} 投递所有没有 sent_at 的 outbox 行（{rows}）。它在之后的一步（relay_ack）才把它们标记为已发送"
     "，所以两步之间崩溃就会再次投递。"},
    {"recovery.relay.ack.summary", "{actor} marks {rows} sent", "{actor} 把 {rows} 标记为已发送"},
    {"recovery.relay.ack",
     "{actor} writes sent_at = {now} for outbox {rows}, which it delivered: they will not be sent again.",
     "{actor} 为已投递的 outbox {rows} 写入 sent_at = {now}：它们不会再被发送。"},
    {"recovery.relay.ack.none.summary", "{actor}: nothing to mark", "{actor}：没有要标记的"},
    {"recovery.relay.ack.none",
     "{actor} remembers no delivery to mark, so it marks nothing (a crash or restart empties what it "
     "remembered): rows without sent_at stay unsent, for a later relay_send to deliver.",
     "{actor} 不记得有需要标记的投递，所以什么也不标记（崩溃或重启会清空它记住的东西）：没有 sent_at "
     "的行保持未发送，留给之后的 relay_send 投递。"},
    {"recovery.consumer.applied", "The consumer applies {effect} for the first time.",
     "消费者第一次执行 {effect}。"},
    {"recovery.consumer.dedup",
     "The consumer has already applied {effect}: it counts this delivery ({deliveries} so far) and does not "
     "act "
     "again. It dedups by business effect, not by message id.",
     "消费者已经执行过 {effect}：它只记下这次投递（至今 {deliveries} "
     "次），不再重复执行。它按业务效果去重，而不是按"
     "消息 ID。"},
    {"recovery.consumer.naive.again",
     "The consumer applies {effect} again ({deliveries} copies): without dedup it acts once per delivery.",
     "消费者再次执行 {effect}（共 {deliveries} 份）：没有去重，每投递一次就执行一次。"},
    // Invariant: one charge per payment
    {"invariant.one_charge_per_payment", "at most one charge per payment", "每笔支付至多扣款一次"},
    {"invariant.charge.ok", "{count} charge(s), none twice for one payment",
     "{count} 笔扣款，没有同一支付扣款两次"},
    {"invariant.charge.broken", "charged more than once: {list}", "重复扣款：{list}"},
    {"invariant.announced.ok",
     "{count} confirmed booking(s), each with an outbox row, a delivered message or a live process holding its "
     "message",
     "{count} 个已确认预订，每个都有 outbox 行、已投递的消息，或仍有存活进程持有它的消息"},
    {"invariant.announced.broken",
     "confirmed, but its message is nowhere: no outbox row, never received, and no live process holds it: {list}",
     "已确认，但它的消息已无处可寻：没有 outbox 行，从未被接收，也没有存活进程持有：{list}"},
};

}  // namespace

std::span<const MessageTemplate> recovery_messages() {
  return kRecovery;
}

}  // namespace reslab::hotel
