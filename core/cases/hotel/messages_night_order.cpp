// Messages of H8 (nights taken in opposite orders). Keys h8.sqlite.* say what SQLite does (said on
// SQLite only), keys h8.rows.* what PostgreSQL does (on SQLite: what it would do), a key ending in
// .rows is a row-locking server's wording of the key without it; the others hold on any backend. Glossary
// terms follow SPEC section 10.
#include "core/cases/hotel/family.hpp"

namespace reslab::hotel {
namespace {

const MessageTemplate kNightOrder[] = {
    // stay_read
    {"h8.read.summary", "{actor} {begin}, reads {reads}", "{actor} {begin}，读到 {reads}"},
    {"h8.read.deferred",
     "{actor} opens its transaction with a plain BEGIN and reads available for each night of its stay, in "
     "the order the request lists them: {reads}. Nothing is written yet.",
     "{actor} 用普通的 BEGIN 开启事务，按请求列出的顺序读取住宿每一晚的可售库存：{reads}。此时还没有写入"
     "任何东西。"},
    {"h8.read.immediate",
     "{actor} opens its transaction with BEGIN IMMEDIATE and reads available for each night of its stay: "
     "{reads}.",
     "{actor} 用 BEGIN IMMEDIATE 开启事务，读取住宿每一晚的可售库存：{reads}。"},
    {"h8.read.immediate.rows",
     "{actor} opens its transaction with BEGIN IMMEDIATE, which {server} runs as a plain BEGIN, and reads "
     "available for each night of its stay: {reads}.",
     "{actor} 用 BEGIN IMMEDIATE 开启事务（{server} 把它当作普通的 BEGIN 执行），读取住宿每一晚的可售库存："
     "{reads}。"},
    {"h8.read.open.summary", "{actor}: transaction already open, nothing read",
     "{actor}：事务已开启，不再读取"},
    {"h8.read.open", "{actor} already has its stay's transaction open, so this read does nothing.",
     "{actor} 的住宿事务已经开启，所以这次读取什么也不做。"},
    {"h8.sqlite.read_lock",
     "On SQLite the first read takes a read lock on the whole database, which the reader keeps until its "
     "transaction ends.",
     "在 SQLite 中，第一次读取就对整个数据库加上读锁（共享锁），读者会一直持有到事务结束。", true},
    {"h8.sqlite.immediate",
     "On SQLite BEGIN IMMEDIATE takes the write lock of the whole database up front: no other transaction "
     "can start writing until this one ends, so it never has to turn a read lock into a write lock, and "
     "nights taken in any order cannot deadlock.",
     "在 SQLite 中，BEGIN IMMEDIATE 一开始就取得整个数据库的写锁：在这个事务结束之前，其他事务都无法开始"
     "写入，所以它永远不需要把读锁升级为写锁，无论按什么顺序扣减各晚都不会死锁。",
     true},
    {"h8.rows.read",
     "On {server} a plain read takes no row lock: the other request can read and update these nights "
     "meanwhile. Rows are locked only by the UPDATEs that follow, one night at a time.",
     "在 {server} 中，普通读取不加行锁：另一个请求此时仍可读取和更新这些晚上。只有随后的 UPDATE 才会逐晚"
     "锁住行。",
     true},
    {"h8.read.snapshot",
     "On {server} at {isolation} this read also takes {actor}'s snapshot: until its transaction ends, a "
     "plain SELECT in it still sees {reads}, whatever others commit. Its conditional UPDATEs do not: each reads "
     "the latest committed row of its night, and that row, not the snapshot, decides.",
     "在 {server} 的 {isolation} 下，这次读取还建立了 {actor} 的快照：在它的事务结束之前，其中的普通 "
     "SELECT 看到的仍是 {reads}，不管别人提交了什么。它的条件 UPDATE 则不然：每条都读取那一晚最新已提交的"
     "行，由那一行而不是快照来决定。"},
    {"h8.rows.immediate",
     "{server} has no lock on the whole database to take up front: BEGIN locks nothing, and each UPDATE "
     "locks only its own night. Whether two stays can deadlock depends on the order they lock nights in, "
     "not on how the transaction began.",
     "{server} 没有可以预先取得的整库锁：BEGIN 什么也不锁，每条 UPDATE 只锁它自己的那一晚。两笔住宿会不会"
     "死锁，取决于它们给各晚加锁的顺序，而不是事务如何开始。",
     true},
    // stay_take
    {"h8.no_read.summary", "{actor}: no transaction, nothing to do", "{actor}：没有事务，无事可做"},
    {"h8.no_read", "{actor} has no transaction from a stay_read to take nights in, so nothing happens.",
     "{actor} 没有 stay_read 开启的事务可供扣减，所以什么也不做。"},
    {"h8.take.summary", "{actor} takes {night}, {available} left", "{actor} 扣减 {night}，剩余 {available}"},
    {"h8.take.naive",
     "{actor} takes {night}, night {n} of {count} in the order its request lists them ({order}): one row "
     "changed, {available} left in its transaction.",
     "{actor} 扣减 {night}，按请求列出的顺序（{order}）的第 {n} 晚，共 {count} 晚：更新了一行，本事务中"
     "剩余 {available}。"},
    {"h8.take.atomic",
     "{actor} takes {night}, night {n} of {count} in night order ({order}): one row changed, {available} "
     "left in its transaction.",
     "{actor} 扣减 {night}，按晚次顺序（{order}）的第 {n} 晚，共 {count} 晚：更新了一行，本事务中剩余 "
     "{available}。"},
    {"h8.sqlite.write_lock",
     "On SQLite this first write takes the write lock of the whole database: no other transaction can "
     "write until {actor}'s transaction ends, and {actor} cannot commit while another transaction still "
     "holds a read lock.",
     "在 SQLite 中，这第一次写入就取得了整个数据库的写锁：在 {actor} 的事务结束之前，其他事务都不能写入；"
     "而只要还有其他事务持有读锁，{actor} 就不能提交。"},
    {"h8.rows.row_lock",
     "On PostgreSQL an UPDATE locks only its row until the transaction ends: another transaction that "
     "updates the same night waits for it, one that updates another night does not.",
     "在 PostgreSQL 中，UPDATE 只锁住它更新的那一行，直到事务结束：另一个事务更新同一晚时要等待，更新别"
     "的晚则不必等待。",
     true},
    {"h8.rows.row_lock.here",
     "On {server} an UPDATE locks only its row until the transaction ends: another transaction that "
     "updates the same night waits for it, one that updates another night does not.",
     "在 {server} 中，UPDATE 只锁住它更新的那一行，直到事务结束：另一个事务更新同一晚时要等待，更新别"
     "的晚则不必等待。",
     true},
    {"h8.take.none_left.summary", "{actor}: every night already taken", "{actor}：每一晚都已扣减"},
    {"h8.take.none_left",
     "{actor} has already taken every night of its stay ({taken}): nothing is left to take.",
     "{actor} 已经扣减了住宿的每一晚（{taken}）：没有可扣减的了。"},
    {"h8.take.rejected.summary", "{actor}: 0 rows for {night}, rolls back, rejected",
     "{actor}：{night} 更新 0 行，回滚，拒绝"},
    {"h8.take.rejected",
     "The conditional UPDATE of {night} changed 0 rows ({reason}). {actor} rolls back the whole stay, "
     "with the nights it had taken in this transaction ({taken}), and rejects the request.",
     "{night} 的条件 UPDATE 更新了 0 行（{reason}）。{actor} 回滚整笔住宿，连同本事务中已扣减的晚上"
     "（{taken}），并拒绝请求。"},
    // a deadlock, and what each model does about it
    {"h8.sqlite.deadlock",
     "The UPDATE of {night} returned SQLITE_BUSY, and waiting cannot end it: {actor} holds a read lock "
     "since its reads, and another transaction holds the write lock. SQLite lets that writer commit only "
     "once no other transaction reads, so it cannot commit before {actor}'s transaction ends, and {actor} "
     "cannot write before it ends: a deadlock. SQLite answers BUSY at once here, without calling the busy "
     "handler.",
     "{night} 的 UPDATE 返回 SQLITE_BUSY，而且等待无法结束它：{actor} 从读取起就持有读锁，另一个事务持有"
     "写锁。SQLite 只在没有其他事务读取时才允许那个写者提交，所以在 {actor} 的事务结束之前它无法提交，"
     "而在它结束之前 {actor} 也无法写入：这是死锁。SQLite 在这里立即返回 BUSY，不会调用忙等处理器。"},
    {"h8.rows.deadlock",
     "The UPDATE of {night} failed with deadlock_detected (SQLSTATE 40P01): {night} is locked by another "
     "open transaction, which is itself waiting for a night {actor} has locked ({taken}). {server} found "
     "the cycle once the wait had lasted deadlock_timeout, and failed the statement that closed it. "
     "{actor}'s transaction is aborted and its row locks are released at once, so the other transaction "
     "goes on.",
     "{night} 的 UPDATE 以 deadlock_detected（SQLSTATE 40P01）失败：{night} 被另一个未结束的事务锁住，而那个"
     "事务正在等 {actor} 已锁住的一晚（{taken}）。等待达到 deadlock_timeout 后，{server} 发现了这个环，"
     "并让闭合它的那条语句失败。{actor} 的事务被中止，它的行锁立即释放，所以另一个事务得以继续。"},
    {"h8.naive.gives_up.summary", "{actor} tries {tries} times, gives up, keeps its transaction open",
     "{actor} 共执行 {tries} 次后放弃，事务仍未结束"},
    {"h8.naive.gives_up",
     "The naive code retries the same UPDATE inside the same transaction, {tries} tries in all, each "
     "answered {code}. Then it reports an error and gives up without ROLLBACK: its transaction stays open.",
     "朴素代码在同一事务里重试同一条 UPDATE，连同第一次一共执行 {tries} 次，每次都得到 {code}。然后它报错放弃，"
     "却不执行 ROLLBACK：它的事务一直没有结束。"},
    {"h8.naive.gives_up.rows",
     "The naive code retries the same UPDATE inside the same transaction, {tries} tries in all: the first "
     "was answered deadlock_detected, every later one {code}, because the transaction is already aborted. "
     "Then it reports an error and gives up without ROLLBACK: its transaction stays open.",
     "朴素代码在同一事务里重试同一条 UPDATE，连同第一次一共执行 {tries} 次：第一次得到 deadlock_detected，之后每次都"
     "得到 {code}，因为事务已经被中止。然后它报错放弃，却不执行 ROLLBACK：它的事务一直没有结束。"},
    {"h8.sqlite.gives_up",
     "On SQLite nothing can change while the transactions wait on each other, and the open transaction "
     "keeps its read lock: the transaction holding the write lock cannot commit while it stands.",
     "在 SQLite 中，这些事务在互相等待，什么都不会改变；而没有结束的事务一直持有读锁：只要它还在，持有写锁"
     "的事务就无法提交。"},
    {"h8.rows.gives_up",
     "On {server} the aborted transaction holds no locks any more, so the other request went on. But "
     "{actor}'s connection is left inside a failed transaction: every statement on it fails with "
     "in_failed_sql_transaction (25P02) until someone runs ROLLBACK, and a connection pool would hand this "
     "broken connection to the next request. The booking itself got no answer but an error.",
     "在 {server} 中，被中止的事务已不再持有任何锁，所以另一个请求得以继续。但 {actor} 的连接停留在一个失败"
     "的事务里：在有人执行 ROLLBACK 之前，它上面的每条语句都以 in_failed_sql_transaction（25P02）失败；连接池"
     "还会把这个坏掉的连接交给下一个请求。这笔预订本身只得到了一个错误。"},
    {"h8.atomic.retry.summary", "{actor}: deadlock, rolls back, retries ({n} of {max})",
     "{actor}：死锁，回滚，重试（第 {n} 次，重试上限 {max} 次）"},
    {"h8.atomic.retry",
     "The atomic code rolls back the WHOLE transaction, which frees its locks so that whoever waits for "
     "them can go on, and runs the stay again from BEGIN: fresh reads, then its nights in night order. "
     "Retry {n} of at most {max}.",
     "原子代码回滚整个事务，释放它的锁，让等这些锁的事务得以继续，然后从 BEGIN 开始重新执行这笔住宿：重新"
     "读取，再按晚次顺序扣减。第 {n} 次重试，最多 {max} 次。"},
    {"h8.atomic.retry.rows",
     "The atomic code runs ROLLBACK, which ends the aborted transaction ({server} released its locks when "
     "it aborted it), and runs the stay again from BEGIN: fresh reads, then its nights in night order. "
     "Retry {n} of at most {max}.",
     "原子代码执行 ROLLBACK，结束这个已中止的事务（{server} 中止它时已释放了它的锁），然后从 BEGIN 开始"
     "重新执行这笔住宿：重新读取，再按晚次顺序扣减。第 {n} 次重试，最多 {max} 次。"},
    // On a server whose deadlock rolls the whole transaction back and leaves the session in autocommit
    // (InnoDB): no aborted transaction to end, and a statement retried after it runs on its own.
    {"h8.deadlock.rolled_back",
     "The UPDATE of {night} failed with {code}: {night} is locked by another open transaction, which is "
     "itself waiting for a night {actor} has locked ({taken}). {server} found the cycle as soon as the wait "
     "began and rolled back the whole transaction of one side: {actor}'s. Its row locks are released and its "
     "earlier nights are given back, so the other transaction goes on.",
     "{night} 的 UPDATE 以 {code} 失败：{night} 被另一个未结束的事务锁住，而那个事务正在等 {actor} "
     "已锁住的一晚（{taken}）。{server} 在等待一开始就发现了这个环，并回滚了其中一方的整个事务：{actor} "
     "的事务。它的行锁被释放，之前扣减的晚上也被还回，所以另一个事务得以继续。"},
    {"h8.naive.retry_outside",
     "{actor}'s UPDATE of {night} failed with {code}: {server} found a deadlock and rolled back {actor}'s "
     "whole transaction, so the nights it had taken are given back and its session is back in autocommit. The "
     "naive code retries the UPDATE as if its transaction were still open: the retry runs on its own, outside "
     "any transaction, and what follows commits statement by statement, so the hold it inserts counts "
     "nights that were never taken for it.",
     "{actor} 对 {night} 的 UPDATE 以 {code} 失败：{server} 发现死锁，回滚了 {actor} 的整个事务，"
     "所以它已扣减的晚上被还回，它的会话回到自动提交。朴素代码以为事务还在，照样重试这条 UPDATE："
     "重试在任何事务之外单独执行，之后的语句也逐条提交，所以它插入的预留包含了并没有为它扣减的晚上。"},
    {"h8.atomic.retry.rolled_back",
     "The atomic code runs ROLLBACK, which has nothing left to end ({server} already rolled the whole "
     "transaction back and released its locks), and runs the stay again from BEGIN: fresh reads, then its "
     "nights in night order. Retry {n} of at most {max}.",
     "原子代码执行 ROLLBACK，此时已没有要结束的事务（{server} 已回滚整个事务并释放了它的锁），然后从 "
     "BEGIN 开始重新执行这笔住宿：重新读取，再按晚次顺序扣减。第 {n} 次重试，最多 {max} 次。"},
    {"h8.atomic.after_retry", "The retried transaction reads afresh: {reads}.",
     "重试的事务重新读取：{reads}。"},
    {"h8.atomic.exhausted.summary", "{actor}: deadlock {n} times, gives up, nothing held",
     "{actor}：死锁 {n} 次，放弃，不持有任何锁"},
    {"h8.atomic.exhausted",
     "{actor} rolled back and retried {max} times and still met a deadlock. It gives up with nothing held "
     "and reports the failure: a bounded retry never spins forever.",
     "{actor} 已回滚并重试 {max} 次，仍然遇到死锁。它在不持有任何锁的情况下放弃并报告失败：有限次数的重试"
     "不会无限循环。"},
    {"h8.sqlite.locks",
     "On SQLite the write lock covers the whole database, so the order in which requests take their nights "
     "changes nothing: this deadlock is the lock upgrade of deferred transactions that read first and then "
     "want to write, whatever their nights. Night order alone does not prevent it here; BEGIN IMMEDIATE, "
     "which takes the write lock before the first read, does, and a bounded retry of the whole transaction "
     "gets out of it.",
     "在 SQLite 中，写锁覆盖整个数据库，所以请求按什么顺序扣减各晚都一样：这个死锁是延迟事务的锁升级——"
     "先读、再想写，与扣减哪几晚无关。在这里只靠晚次顺序防不住它；在第一次读取之前就取得写锁的 BEGIN "
     "IMMEDIATE 可以防住，而有限次数地重试整个事务可以从中脱身。",
     true},
    {"h8.rows.locks",
     "On PostgreSQL reads take no row locks and an UPDATE locks only its own row, so the order of the "
     "nights is what matters there: a request that holds one night and wants another, while another "
     "request holds that other night and wants the first, waits in a cycle. PostgreSQL detects the cycle "
     "and aborts one of the transactions (deadlock_detected, SQLSTATE 40P01). Taking every stay's nights "
     "in one agreed order (sorted night ids) prevents the cycle; a transaction aborted anyway is rolled "
     "back and retried whole, a bounded number of times.",
     "在 PostgreSQL 中，读取不加行锁，UPDATE 只锁它自己的那一行，所以那里要紧的是各晚的顺序：一个请求持有"
     "一晚、想要另一晚，而另一个请求恰好持有那一晚、想要前一晚，它们就会循环等待。PostgreSQL 会检测到这个"
     "环并中止其中一个事务（deadlock_detected，SQLSTATE 40P01）。所有住宿都按约定的同一顺序（按晚次 ID "
     "排序）扣减，就不会成环；万一仍被中止，就回滚并有限次数地重试整个事务。",
     true},
    {"h8.rows.locks.here",
     "On {server} reads take no row locks and an UPDATE locks only its own row, so the order of the "
     "nights is what matters there: a request that holds one night and wants another, while another "
     "request holds that other night and wants the first, waits in a cycle. {server} detects the cycle "
     "and aborts one of the transactions ({deadlock_error}). Taking every stay's nights "
     "in one agreed order (sorted night ids) prevents the cycle; a transaction aborted anyway is rolled "
     "back and retried whole, a bounded number of times.",
     "在 {server} 中，读取不加行锁，UPDATE 只锁它自己的那一行，所以那里要紧的是各晚的顺序：一个请求持有"
     "一晚、想要另一晚，而另一个请求恰好持有那一晚、想要前一晚，它们就会循环等待。{server} 会检测到这个"
     "环并中止其中一个事务（{deadlock_error}）。所有住宿都按约定的同一顺序（按晚次 ID "
     "排序）扣减，就不会成环；万一仍被中止，就回滚并有限次数地重试整个事务。",
     true},
    // the stay's last night: booked and committed
    {"h8.book.progress",
     "It was the last night of the stay, so {actor} inserts hold #{hold} for {nights}, one hold_nights row "
     "and one log row per night, and runs COMMIT.",
     "这是住宿的最后一晚，所以 {actor} 为 {nights} 插入预留 #{hold}，每晚一条 hold_nights 记录和一条日志"
     "记录，然后执行 COMMIT。"},
    {"h8.book.summary", "{actor} takes {night}, books {nights} as hold #{hold}, commits",
     "{actor} 扣减 {night}，预订 {nights}（预留 #{hold}），提交"},
    {"h8.book",
     "Last night of the stay: {actor} inserts hold #{hold} for {nights} and commits; hold and decrements "
     "become visible together.",
     "这是住宿的最后一晚：{actor} 为 {nights} 插入预留 #{hold} 并提交；预留与扣减一起可见。"},
    {"h8.book.committed",
     "{actor}'s transaction commits: hold #{hold} and the decrements of {nights} become visible together.",
     "{actor} 的事务提交：预留 #{hold} 与 {nights} 的扣减一起可见。"},
    {"h8.book.duplicate.summary", "{actor}: key {key} already booked, rolls back, rejected",
     "{actor}：请求键 {key} 已预订，回滚，拒绝"},
    {"h8.book.duplicate",
     "Request key {key} already has a booking: inserting the hold for {nights} fails with {code}. {actor} "
     "rolls back every night it took and rejects this request.",
     "业务请求键 {key} 已经有预订：为 {nights} 插入预留失败，返回 {code}。{actor} 回滚它扣减的每一晚，并拒绝这个请求。"},
};

}  // namespace

std::span<const MessageTemplate> night_order_messages() {
  return kNightOrder;
}

}  // namespace reslab::hotel
