// Messages of the engine itself: figures, outcomes, invariants, waiting and
// waking, and the Markdown trace. Glossary terms follow SPEC section 10.
#include "core/sim/message_catalog.hpp"

namespace reslab {
namespace {

const MessageTemplate kCommon[] = {
    // Figures
    {"figure.capacity", "capacity", "总容量"},
    {"figure.available", "available", "可售库存"},
    {"figure.sold", "sold", "已售数量"},
    {"figure.active_holds", "active holds", "有效预留"},
    {"figure.refund_tasks", "refund tasks", "退款任务"},
    {"figure.refunds_pending", "refunds pending", "退款待处理"},
    {"figure.refunds_failed", "refunds failed", "退款失败"},
    {"figure.oldest_pending_refund_s", "oldest pending refund (s)", "最久待处理退款（秒）"},
    {"figure.booking_state", "booking state", "预订状态"},
    {"figure.nights", "nights (available/sold/capacity)", "各晚库存（可售/已售/总容量）"},
    {"figure.paid_orders", "paid orders", "已支付订单"},
    // Outcomes
    {"outcome.read", "read", "已读取"},
    {"outcome.decremented", "decremented", "已扣减"},
    {"outcome.waiting", "waiting", "等待锁"},
    {"outcome.accepted", "accepted", "接受"},
    {"outcome.rejected", "rejected", "拒绝"},
    {"outcome.released", "released", "释放一次"},
    {"outcome.refund_queued", "refund queued", "排队退款"},
    {"outcome.confirmed", "confirmed", "已确认"},
    {"outcome.noop", "no-op", "无操作"},
    {"outcome.duplicate", "duplicate", "重复"},
    {"outcome.refund_pending", "refund pending", "退款待处理"},
    {"outcome.already_paid_reconcile", "already paid, reconcile", "已支付，待对账"},
    {"outcome.refunded", "refunded", "已退款"},
    {"outcome.pruned", "pruned", "已清理"},
    {"outcome.refund_unrecorded", "refunded at the provider, not yet recorded", "支付方已退款，尚未记录"},
    {"outcome.refund_failed", "refund failed", "退款失败"},
    {"outcome.charged", "charged", "已扣款"},
    {"outcome.charge_unknown", "charge unknown", "扣款结果未知"},
    {"outcome.crashed", "crashed", "崩溃"},
    {"outcome.restarted", "restarted", "已重启"},
    {"outcome.sent", "sent", "已发送"},
    {"outcome.lost", "lost", "丢失"},
    {"outcome.deadlocked", "deadlocked", "死锁"},
    {"outcome.retried", "retried", "已重试"},
    // Invariants
    {"invariant.capacity_balance", "available + active holds + sold = capacity",
     "可售库存 + 有效预留 + 已售数量 = 总容量"},
    {"invariant.sold_matches_bookings", "sold = confirmed bookings / paid orders",
     "已售数量 = 已确认预订 / 已支付订单"},
    {"invariant.confirmed_before_deadline", "confirmed before the hold deadline", "在预留期限前确认"},
    {"invariant.one_refund_per_payment", "at most one refund per payment", "每笔支付至多退款一次"},
    {"invariant.released_at_most_once", "each hold released at most once", "每个预留至多释放一次"},
    {"invariant.one_owner_per_seat", "at most one owner per seat", "每个座位至多一个有效订单"},
    {"invariant.one_hold_per_request", "one live hold or booking per request key",
     "每个业务请求键至多一个有效预留或预订"},
    {"invariant.every_charge_accounted", "every charge taken is in our books", "每笔已扣款都记在我方账上"},
    {"invariant.every_commit_announced", "every confirmed booking is announced",
     "每个已确认预订都会发出消息"},
    {"invariant.no_transaction_left_open", "no transaction left open", "没有无人结束的事务"},
    {"invariant.detail.plain", "{text}", "{text}"},
    {"invariant.charges_accounted.ok",
     "{count} charge(s) of ours at the provider, each with a payment record",
     "支付方处有 {count} 笔属于我方的扣款，每笔都有支付记录"},
    {"invariant.charges_accounted.broken",
     "charged at the provider, but in none of our records (no payment row, no refund or reconciliation item): "
     "{list}",
     "支付方已扣款，但我方没有任何记录（没有支付行，也没有退款或对账项）：{list}"},
    {"invariant.left_open.ok", "no actor holds a transaction it can no longer end",
     "没有参与者持有它已无法结束的事务"},
    {"invariant.left_open.after_decision",
     "{actor}'s request ended at step {step} ({outcome}), but its transaction is still open and keeps its locks",
     "{actor} 的请求已在第 {step} 步结束（{outcome}），但它的事务仍未结束，锁也仍被持有"},
    {"invariant.left_open.no_event",
     "{actor} has no event left that could end its open transaction: its locks stay until someone kills the "
     "connection",
     "{actor} 已没有可以结束其事务的事件：它持有的锁会一直保留，直到有人杀掉这个连接"},
    {"invariant.left_open.after_decision.aborted",
     "{actor}'s request ended at step {step} ({outcome}), but its transaction is still open: an error aborted "
     "it, so it holds no locks, yet every statement on that connection fails until ROLLBACK",
     "{actor} 的请求已在第 {step} 步结束（{outcome}），但它的事务仍未结束：事务已因错误中止，不再持有锁，"
     "但在 ROLLBACK 之前这个连接上的每条语句都会失败"},
    {"invariant.left_open.no_event.aborted",
     "{actor} has no event left that could end its aborted transaction: every statement on that connection "
     "fails until someone runs ROLLBACK or closes it",
     "{actor} 已没有可以结束其已中止事务的事件：在有人执行 ROLLBACK 或关闭连接之前，这个连接上的每条语句"
     "都会失败"},
    {"invariant.sold_matches.ok", "sold {sold} = confirmed {confirmed}", "已售 {sold} = 已确认 {confirmed}"},
    {"invariant.sold_matches.broken", "sold {sold} != confirmed {confirmed}",
     "已售 {sold} != 已确认 {confirmed}"},
    {"invariant.deadline.ok", "{count} confirmation(s), all before the deadline",
     "{count} 次确认，均在期限之前"},
    {"invariant.deadline.broken", "confirmed at or after the deadline: {list}",
     "在期限当时或之后确认：{list}"},
    {"invariant.deadline.item", "{what} at {at} s ≥ {deadline} s", "{what} 第 {at} 秒 ≥ 第 {deadline} 秒"},
    {"invariant.refund.ok", "{count} refund task(s), none twice for one payment",
     "{count} 个退款任务，没有同一支付退款两次"},
    {"invariant.refund.broken", "refund tasks per payment: {tasks}; refunds done per payment: {refunds}",
     "同一支付的退款任务：{tasks}；同一支付已完成的退款：{refunds}"},
    {"invariant.release.ok", "{count} release(s), none twice", "释放 {count} 次，没有重复释放"},
    {"invariant.release.broken", "released more than once: {list}", "重复释放：{list}"},
    {"invariant.holds", "holds", "成立"},
    {"invariant.broken", "BROKEN", "被破坏"},
    {"invariant.all_hold", "all invariants hold", "不变量全部成立"},
    // Engine: waiting, waking, resolved requests, notes
    {"engine.waiting.summary", "{actor} waits for the lock", "{actor} 等待锁"},
    {"engine.waiting",
     "{actor} is waiting: \"{statement}\" returned SQLITE_BUSY because {holder} holds the write lock. "
     "{actor} can do "
     "nothing else until that transaction commits or rolls back; then it finishes {event} in the same step.",
     "{actor} 正在等待：“{statement}”返回 SQLITE_BUSY，因为 {holder} "
     "持有写锁。在该事务提交或回滚之前，{actor} "
     "不能做任何其他事；之后它会在同一步内完成 {event}。"},
    {"engine.waiting.readers",
     "{actor} is waiting: \"{statement}\" returned SQLITE_BUSY because {holder} still holds a read lock, "
     "and a commit has to wait until nobody else is reading (with a rollback journal, and in this lab's "
     "in-memory database; in WAL mode readers do not hold up a commit). {actor} keeps its write lock "
     "meanwhile and finishes {event} in the step that reader's transaction ends.",
     "{actor} 正在等待：“{statement}”返回 SQLITE_BUSY，因为 {holder} 仍持有读锁，"
     "而提交必须等到没有其他人在读（回滚日志模式以及本实验的内存数据库如此；WAL 模式下读者不会挡住提交）。"
     "{actor} 在此期间继续持有写锁，并在那个读者的事务结束的同一步内完成 {event}。"},
    {"engine.deadlocked.summary", "{actor}: deadlock", "{actor}：死锁"},
    {"engine.deadlocked",
     "\"{statement}\" returned SQLITE_BUSY, and waiting cannot end it: {holder} cannot commit before "
     "{actor}'s transaction ends, and {actor} cannot go on before {holder}'s does: a deadlock. So {actor} "
     "stops here; its transaction is left as it was (SQLite does not roll back on BUSY).",
     "“{statement}”返回 SQLITE_BUSY，而且等待无法解开它：{actor} 的事务结束之前 {holder} 无法提交，"
     "{holder} 的事务结束之前 {actor} 也无法继续：这是死锁。所以 {actor} 在此停止；它的事务保持原样"
     "（SQLite 不会因 BUSY 自动回滚）。"},
    // The same moments on PostgreSQL, which locks rows, finds deadlocks itself and never makes a
    // reader or a COMMIT wait for readers.
    {"engine.waiting.row",
     "{actor} is waiting: \"{statement}\" needs a row that {holder} has locked by writing it in a transaction "
     "that is still open. {server} locks rows, not the database: other statements and every reader go on. "
     "{actor} can do nothing else until that transaction commits or rolls back; then {event} goes on in the "
     "same step.",
     "{actor} 正在等待：“{statement}”需要的行已被 {holder} 在一个仍未结束的事务里写过并锁住。{server} "
     "锁的是行，而不是整个数据库：其他语句和所有读操作照常进行。在该事务提交或回滚之前，{actor} "
     "不能做任何其他事；之后 {event} 会在同一步内继续。"},
    {"engine.deadlocked.victim",
     "\"{statement}\" failed with deadlock_detected (SQLSTATE 40P01): {actor} waited for {holder}, which was "
     "itself waiting for {actor}. {server} found the cycle and ended it by failing the statement that closed "
     "it; {actor}'s whole transaction is rolled back and its locks are released, so the other transaction goes "
     "on.",
     "“{statement}”以 deadlock_detected（SQLSTATE 40P01）失败：{actor} 在等 {holder}，而 {holder} 也在等 "
     "{actor}。{server} 发现了这个环，并让闭合它的那条语句失败来解开死锁；{actor} "
     "的整个事务被回滚、锁被释放，另一个事务得以继续。"},
    {"engine.deadlocked.victim.lighter",
     "\"{statement}\" failed with {code}: {actor} waited for {holder}, which was itself waiting for "
     "{actor}. {server} found the cycle as soon as the wait began and rolled back the transaction it judged "
     "lighter: {actor}'s whole transaction is gone, its locks are released and its session is back in "
     "autocommit, so the other transaction goes on.",
     "“{statement}”以 {code} 失败：{actor} 在等 {holder}，而 {holder} 也在等 {actor}。{server} "
     "在等待一开始就发现了这个环，并回滚了它认为较轻的那个事务：{actor} 的整个事务被回滚、锁被释放，"
     "会话回到自动提交，另一个事务得以继续。"},
    {"engine.memdb_readers",
     "Here even a reader waits while a writer is open: that is an artefact of the in-memory database used by "
     "this lab "
     "(the memdb VFS), not SQLite behaviour in general: a WAL database file lets readers through.",
     "这里连读操作也要等待写事务：这是本实验所用内存数据库（memdb VFS）的特性，而不是 SQLite "
     "的一般行为：使用 WAL "
     "的数据库文件允许读者继续读取。",
     true},
    {"engine.wake", "{actor} wakes: the transaction it waited for has ended; {event} goes on.",
     "{actor} 被唤醒：它等待的事务已经结束，{event} 从停下的地方继续执行。"},
    {"engine.resolved.summary", "{actor}: nothing to do", "{actor}：无需处理"},
    {"engine.resolved", "Nothing to do: {actor} was already {outcome} at step {step}.",
     "无需处理：{actor} 已在第 {step} 步有了结果（{outcome}）。"},
    {"engine.note", "{en}", "{zh}"},
    // Pointers from one bundled case to another; in an instructor's own file they say nothing.
    {"ref.none", "", ""},
    {"ref.see_h2", " (see H2)", "（见 H2）"},
    {"ref.see_h3", ", see H3", "，见 H3"},
    {"ref.see_h5", " (see H5)", "（见 H5）"},
    {"engine.invariant.broke", "From this step, {invariant} no longer holds.",
     "从这一步起，“{invariant}”不再成立。"},
    {"engine.invariant.restored", "From this step, {invariant} holds again.",
     "从这一步起，“{invariant}”重新成立。"},
    // Lifecycle actions: a worker's process dies and comes back (every family)
    {"recovery.memory.empty", "nothing", "本例无"},
    {"recovery.crash.summary", "{actor} crashes", "{actor} 崩溃"},
    {"recovery.crash",
     "{actor}'s process dies. What it held only in memory is gone: {lost}. The database keeps exactly what "
     "was "
     "committed; until it restarts, {actor} does nothing.",
     "{actor} 的进程崩溃，未持久化的内存数据随之丢失（{lost}）。数据库只保留已经提交的内容；在重启之前，"
     "{actor} 什么也不做。"},
    {"recovery.crash.rolled_back",
     "Its open transaction (begun by {event}) is rolled back by the database: none of it was ever committed, "
     "and "
     "whoever waited for its lock goes on.",
     "它尚未提交的事务（由 {event} 开启）被数据库回滚：其中的修改从未提交，等待这把锁的参与者得以继续。"},
    {"recovery.restart.summary", "{actor} restarts", "{actor} 重启"},
    {"recovery.restart",
     "{actor} starts again with empty memory. All it can know now is what the database committed: work that "
     "lived only in memory has to be found again from durable records, or not at all.",
     "{actor} 以空白内存重新启动。它现在能知道的只有数据库里已提交的内容：未持久化的工作只能从持久化记录中"
     "重新找回，否则就永远找不回。"},
    // Markdown trace
    {"md.step", "#", "#"},
    {"md.time", "time", "时间"},
    {"md.event", "event", "事件"},
    {"md.outcome", "outcome", "处理结果"},
    {"md.invariants", "invariants", "不变量"},
    {"md.model", "model", "模型"},
    {"md.preset", "preset", "预设"},
    {"md.backend", "database", "数据库"},
    {"md.order", "order", "顺序"},
    {"md.trace_hash", "trace hash", "轨迹哈希"},
    {"md.seconds", "{t} s", "{t} 秒"},
    {"md.scheduled", "{t} s (scheduled {s} s)", "{t} 秒（原定 {s} 秒）"},
    {"md.wakes", "{actor} wakes: {outcome}", "{actor} 被唤醒：{outcome}"},
    {"md.wakes.separator", "; ", "；"},
    {"md.committed_previous", "(transaction open: last committed state)",
     "（事务未结束：显示上次提交的状态）"},
    {"md.why", "Why, step by step", "逐步说明：为什么"},
    {"md.step_header", "Step {step} at {time} s: {what}", "第 {step} 步（第 {time} 秒）：{what}"},
    {"md.ran_late", "Scheduled at {scheduled} s; it ran when its turn came.",
     "原定第 {scheduled} 秒；轮到它时才执行。"},
    {"md.woke", "This woke {actor}, who finished its event: {outcome}", "{actor} 被唤醒，结果：{outcome}"},
    {"md.models", "The two models", "两种模型"},
    {"md.questions", "Discuss", "讨论"},
    {"model.naive", "naive read-write", "朴素读写"},
    {"model.atomic", "atomic (conditional update)", "原子（条件更新）"},
};

}  // namespace

std::span<const MessageTemplate> engine_messages() {
  return kCommon;
}

}  // namespace reslab
