// Messages of the hotel cases H3 (three nights), H4 (duplicate request), H6 (payment call inside
// the transaction) and H7 (lock order and bounded retry). Glossary terms follow SPEC section 10.
#include "core/cases/hotel/family.hpp"

namespace reslab::hotel {
namespace {

const MessageTemplate kHotelCases[] = {
    // H4: one live hold per request key
    {"invariant.one_hold.ok", "{count} request key(s), none with more than one live hold or booking",
     "{count} 个业务请求键，没有一个拥有多于一个的有效预留或预订"},
    {"invariant.one_hold.broken", "request key {key} owns {count} live holds or bookings: {holds}",
     "业务请求键 {key} 拥有 {count} 个有效预留或预订：{holds}"},
    // H3 naive: each night on its own
    {"h3.night.naive.summary", "{actor} takes {night}, committed at once", "{actor} 扣减 {night}，立即提交"},
    {"h3.night.naive",
     "{actor} runs UPDATE ... SET available = available - 1 WHERE room_night_id = '{night}' AND available "
     "> 0 on its own: one row changed, {available} left for {night}, committed at once. There is no "
     "booking yet, so the room it took is in no hold: it is neither available, nor held, nor sold.",
     "{actor} 单独执行 UPDATE ... SET available = available - 1 WHERE room_night_id = '{night}' AND "
     "available > 0：更新了一行，{night} 剩余 {available}，立即提交。此时还没有预订，它扣下的这间房不在任"
     "何预留里：既不可售，也没有被预留，也没有售出。"},
    {"h3.night.naive.none.summary", "{actor}: 0 rows for {night}, carries on",
     "{actor}：{night} 更新 0 行，继续"},
    {"h3.night.naive.none",
     "The update for {night} changed 0 rows ({reason}). The naive loop does not look at rows changed and "
     "simply moves on.",
     "{night} 的更新改了 0 行（{reason}）。朴素循环不看更新行数，直接继续。"},
    {"h3.reason.sold_out", "sold out: available is 0", "已售罄：可售库存为 0"},
    {"h3.reason.missing", "it has no inventory row at all", "它根本没有库存行"},
    {"h3.night.naive.kept", "The nights it already took ({taken}) stay taken.",
     "已经扣减的晚上（{taken}）保持扣减。"},
    {"h3.book.naive.rejected.summary", "{actor}: last update failed, rejected; {taken} stay taken",
     "{actor}：最后一次更新失败，拒绝；{taken} 仍被扣减"},
    {"h3.book.naive.rejected",
     "The naive code judges the whole stay by the last UPDATE ({last}: {changes} rows changed) and rejects "
     "the request. Nobody gives back the nights it already took ({taken}): they stay decremented with no "
     "booking.",
     "朴素代码只凭最后一次 UPDATE（{last}：更新 {changes} 行）判断整笔预订，于是拒绝请求。"
     "已经扣减的晚上（{taken}）没有人归还：它们保持扣减却没有预订。"},
    {"h3.book.naive.rejected.none.summary", "{actor}: last update failed, rejected",
     "{actor}：最后一次更新失败，拒绝"},
    {"h3.book.naive.rejected.none",
     "The naive code judges the whole stay by the last UPDATE ({last}: {changes} rows changed) and rejects "
     "the request. It took no night before that, so nothing is left decremented.",
     "朴素代码只凭最后一次 UPDATE（{last}：更新 {changes} 行）判断整笔预订，于是拒绝请求。"
     "它之前没有扣减任何一晚，所以没有留下扣减。"},
    {"h3.book.naive.accepted.summary", "{actor} books hold #{hold} for {nights}",
     "{actor} 为 {nights} 预订预留 #{hold}"},
    {"h3.book.naive.accepted",
     "The last UPDATE ({last}) changed {changes} row, so the naive code books hold #{hold} for {nights}. "
     "Here every night was taken, but only by luck: the code never checked the others.",
     "最后一次 UPDATE（{last}）更新了 {changes} 行，朴素代码就为 {nights} 预订了预留 "
     "#{hold}。这次每一晚都扣减成功，"
     "但只是运气：代码从没检查其他几晚。"},
    {"h3.book.naive.wrongly",
     "The last UPDATE ({last}) changed {changes} row, so the naive code books hold #{hold} for {nights}, "
     "although this request never decremented {skipped}.",
     "最后一次 UPDATE（{last}）更新了 {changes} 行，朴素代码就为 {nights} 预订了预留 #{hold}，"
     "可是这个请求从未扣减 {skipped}。"},
    {"h3.book.naive.skipped.missing",
     "{night} has no inventory row: a room is promised for a night no inventory counts, and no per-night "
     "invariant can see it, for that night has no row to check.",
     "{night} 没有库存行：一间房被许诺给了没有任何库存计数的一晚，而按晚检查的不变量也看不到它："
     "那一晚根本没有可检查的行。"},
    {"h3.book.naive.skipped.untaken",
     "{night} has an inventory row (available is {available}), but this request took no room there: the "
     "hold counts against {night} without having decremented it.",
     "{night} 有库存行（可售库存为 {available}），但这个请求没有在那一晚扣下房间：预留占用了 {night}，"
     "却从未扣减它。"},
    {"h3.book.duplicate.summary", "{actor}: duplicate request key, rejected",
     "{actor}：业务请求键重复，拒绝"},
    {"h3.book.duplicate", "The hold could not be inserted: this request key already has a booking.",
     "无法插入预留：这个业务请求键已经有预订。"},
    // H3 atomic: one transaction, date order, every night checked
    {"h3.night.atomic.summary", "{actor} takes {night} in its transaction, {available} left",
     "{actor} 在事务中扣减 {night}，剩余 {available}"},
    {"h3.night.atomic.first",
     "{actor} takes the write lock with BEGIN IMMEDIATE, then runs the conditional UPDATE for {night} and "
     "checks rows changed: one row, {available} left. The transaction stays open until the booking, so the "
     "committed state does not show it yet.",
     "{actor} 用 BEGIN IMMEDIATE 取得写锁，然后对 {night} 执行条件 UPDATE 并检查更新行数：更新了一行，剩余 "
     "{available}。事务一直保持打开到预订为止，所以已提交状态还看不到它。"},
    {"h3.night.atomic.first.rows",
     "{actor} opens a transaction (BEGIN takes no lock on {server}), then runs the conditional UPDATE for "
     "{night} and checks rows changed: one row, {available} left, and that night's row stays locked until the "
     "transaction ends. The transaction stays open until the booking, so the committed state does not show it "
     "yet.",
     "{actor} 开启事务（在 {server} 上 BEGIN 不加锁），然后对 {night} 执行条件 UPDATE 并检查更新行数："
     "更新了一行，剩余 {available}，这一晚的行在事务结束前一直被锁住。事务一直保持打开到预订为止，"
     "所以已提交状态还看不到它。"},
    {"h3.night.atomic",
     "In the same transaction, a later night in date order: the conditional UPDATE for {night} changes one "
     "row, {available} left. Still nothing committed.",
     "在同一事务中按日期顺序处理更晚的一晚：{night} 的条件 UPDATE 更新了一行，剩余 {available}。"
     "仍然没有提交任何东西。"},
    {"h3.atomic.rejected.summary", "{actor}: a night failed, rolls back every night, rejected",
     "{actor}：有一晚失败，回滚所有晚上，拒绝"},
    {"h3.atomic.sold_out",
     "The conditional UPDATE for {night} changed 0 rows: {night} is sold out (available is 0). One night "
     "failing fails the whole stay.",
     "{night} 的条件 UPDATE 更新了 0 行：{night} 已售罄（可售库存为 0）。一晚失败，整笔住宿就失败。"},
    {"h3.atomic.missing",
     "The UPDATE for {night} changed 0 rows because {night} has no inventory row at all. A missing night "
     "counts "
     "as a failure, even if a later night's UPDATE would succeed: success is judged night by night, never by "
     "the last UPDATE.",
     "{night} 的 UPDATE 更新了 0 行，因为 {night} 根本没有库存行。缺失的一晚也算失败，即使后面某晚的 UPDATE "
     "会成功：成功要逐晚判断，绝不能只看最后一次 UPDATE。"},
    {"h3.atomic.out_of_order",
     "{night} ({date}) does not come after the night taken before it ({previous}). The code takes nights in "
     "one fixed date order, so it treats this as a failure.",
     "{night}（{date}）不在之前扣减的那一晚（{previous}"
     "）之后。代码按固定的日期顺序扣减各晚，因此把这视为失败。"},
    {"h3.book.atomic.mismatch",
     "Before booking, {actor} compares the nights it decremented in this transaction ({taken}) with the "
     "nights "
     "of the stay ({nights}). They differ, so the stay is not booked.",
     "预订之前，{actor} "
     "比较本事务中扣减的晚上（{taken}）和这次住宿的晚上（{nights}）。两者不一致，所以不预订。"},
    {"h3.atomic.rolled_back",
     "ROLLBACK undoes every decrement of this transaction (nights taken before: {taken}). They were never "
     "committed, so the committed state never showed them and no room is lost.",
     "ROLLBACK 撤销本事务的所有扣减（之前扣减的晚上：{taken}）。它们从未提交，已提交状态从来没有显示过，"
     "没有房间丢失。"},
    {"h3.atomic.locks",
     "SQLite's BEGIN IMMEDIATE holds the one write lock of the whole database, so nobody else can write "
     "between "
     "the nights. PostgreSQL locks each night's row as it is updated; taking the nights in a fixed date "
     "order "
     "keeps two multi-night bookings from locking the same nights in opposite orders and deadlocking. With "
     "SQLite's single lock the order changes nothing here, but the same code stays correct on PostgreSQL.",
     "SQLite 的 BEGIN IMMEDIATE 持有整个数据库唯一的写锁，所以在各晚之间别人无法写入。PostgreSQL "
     "在更新时逐行锁住每一晚；按固定日期顺序扣减，可以避免两笔多晚预订以相反顺序锁住同样的晚上而死锁。"
     "在 SQLite 的单一写锁下这里的顺序不改变结果，但同样的代码在 PostgreSQL 上也保持正确。",
     true},
    {"h3.atomic.locks.rows",
     "{server} locks each night's row as it is updated and keeps every lock until the transaction ends, so "
     "nobody else can change a night already taken here. Taking the nights in a fixed date order keeps two "
     "multi-night bookings from locking the same nights in opposite orders and deadlocking ({deadlock_error}).",
     "{server} 在更新时逐行锁住每一晚，并把所有行锁保持到事务结束，所以别人无法修改这里已经扣减的晚上。"
     "按固定日期顺序扣减，可以避免两笔多晚预订以相反顺序锁住同样的晚上而死锁（40P01）。",
     true},
    {"h3.book.atomic.summary", "{actor} books hold #{hold} for {nights}, commits",
     "{actor} 为 {nights} 预订预留 #{hold}，提交"},
    {"h3.book.atomic",
     "Every night of the stay ({nights}) was decremented in this transaction, so {actor} inserts hold "
     "#{hold} "
     "with one hold_nights row per night and commits: all nights and the booking become visible together.",
     "这次住宿的每一晚（{nights}）都已在本事务中扣减，{actor} 插入预留 #{hold}，每晚一行 "
     "hold_nights，然后提交："
     "所有晚上和预订一起变得可见。"},
    // H4: the same request key twice
    {"h4.create.rejected.summary", "{actor}: no room left, rejected", "{actor}：没有房间，拒绝"},
    {"h4.create.rejected",
     "The conditional UPDATE for {night} changed 0 rows: no room left, the request is rejected.",
     "{night} 的条件 UPDATE 更新了 0 行：没有房间，请求被拒绝。"},
    {"h4.create.naive.summary", "{actor} books hold #{hold}, {available} left",
     "{actor} 预订预留 #{hold}，剩余 {available}"},
    {"h4.create.naive",
     "{actor} decrements {night} and inserts hold #{hold} for request key {key}, each statement committed on "
     "its "
     "own, without asking whether this request key was seen before.",
     "{actor} 扣减 {night} 并为业务请求键 {key} 插入预留 "
     "#{hold}，每条语句各自提交，不检查这个业务请求键是否出现过。"},
    {"h4.create.naive.again.summary", "{actor} books hold #{hold} again for one request, {available} left",
     "{actor} 为同一个请求再次预订预留 #{hold}，剩余 {available}"},
    {"h4.create.naive.again",
     "Request key {key} already has hold(s) {earlier}, but the naive code does not look, and nothing in "
     "the naive schema stops it (holds.request_key is not unique there): it decrements {night} and inserts "
     "hold #{hold}. The key now has {live} live hold(s) or booking(s), while the client asked for one. The "
     "decrement and the new hold cancel out in the counters, so capacity_balance cannot tell: only the "
     "request key shows the duplicate.",
     "业务请求键 {key} 已经有预留 {earlier}，但朴素代码不查，朴素模型的表结构也不阻止（那里 "
     "holds.request_key 不是唯一的）：它扣减 {night} 并插入预留 #{hold}。这个键现在有 {live} "
     "个有效预留或预订，而客户端只要了一个。扣减和新预留在计数上互相抵消，容量平衡看不出问题："
     "只有业务请求键暴露了重复。"},
    {"h4.create.atomic.summary", "{actor} claims key {key}, books hold #{hold}, commits",
     "{actor} 占用请求键 {key}，预订预留 #{hold}，提交"},
    {"h4.create.atomic",
     "In one BEGIN IMMEDIATE transaction {actor} first inserts hold #{hold} under request key {key} (the "
     "UNIQUE "
     "constraint claims the key), then decrements {night} with the conditional UPDATE ({available} left), "
     "and "
     "commits.",
     "{actor} 在一个 BEGIN IMMEDIATE 事务中先以业务请求键 {key} 插入预留 #{hold}（UNIQUE 约束占住这个键），"
     "再用条件 UPDATE 扣减 {night}（剩余 {available}），然后提交。"},
    {"h4.create.atomic.rows",
     "In one transaction {actor} first inserts hold #{hold} under request key {key} (the UNIQUE constraint "
     "claims the key), then decrements {night} with the conditional UPDATE ({available} left), and commits.",
     "{actor} 在一个事务中先以业务请求键 {key} 插入预留 #{hold}（UNIQUE 约束占住这个键），"
     "再用条件 UPDATE 扣减 {night}（剩余 {available}），然后提交。"},
    {"h4.create.atomic.rejected",
     "The key was claimed, but the conditional UPDATE for {night} changed 0 rows: no room left. ROLLBACK "
     "also "
     "removes the claimed key, so a later retry is not mistaken for a booking.",
     "请求键已占住，但 {night} 的条件 UPDATE 更新了 0 行：没有房间。ROLLBACK 也撤销了占住的键，"
     "之后的重试不会被误认为已有预订。"},
    {"h4.create.atomic.again.summary",
     "{actor}: key {key} already booked, returns hold #{hold}, decrements nothing",
     "{actor}：请求键 {key} 已预订，返回预留 #{hold}，不再扣减"},
    {"h4.create.atomic.again",
     "Inserting the hold under request key {key} fails with {code}: this request was already booked. "
     "{actor} rolls back before touching the inventory, reads the booking the key already has (hold "
     "#{hold}, {state}) and answers with it. The client gets that same booking back (outcome accepted, as "
     "an idempotent API answers a repeated request), and no room is decremented twice.",
     "以业务请求键 {key} 插入预留失败，返回 {code}：这个请求已经预订过。{actor} 在动库存之前回滚，"
     "读出这个键已有的预订（预留 #{hold}，{state}）并以它作答。客户端拿到的就是这同一笔预订（处理结果为"
     "接受，就像幂等接口回答重复请求那样），没有房间被扣减两次。"},
    {"h4.create.atomic.locks",
     "In SQLite the write lock already serialises the calls, so a lookup by key would have found hold "
     "#{hold} too. The UNIQUE constraint is what stays correct without that lock: in PostgreSQL two "
     "concurrent attempts can both miss a lookup; the later INSERT then waits on the earlier one's "
     "uncommitted key and fails with a unique violation once it commits, which aborts the whole "
     "transaction. Hence ROLLBACK first, then read the existing booking.",
     "在 SQLite 中写锁已经让这些调用串行，所以按键查询也能找到预留 #{hold}。UNIQUE 约束则在没有这把锁时"
     "仍然正确：在 PostgreSQL 中两个并发请求都可能查不到；后一个 INSERT 会等待前一个尚未提交的键，"
     "前一个提交后它以唯一约束冲突失败，并中止整个事务。所以先 ROLLBACK，再读取已有的预订。"},
    // H6: the payment call inside or outside the transaction
    {"h4.create.atomic.locks.rows",
     "On {server} nothing serialises the calls: two concurrent attempts can both miss a lookup by key. The "
     "UNIQUE constraint is what stays correct: the later INSERT waits on the earlier one's uncommitted key "
     "(hold #{hold}) and fails with unique_violation (23505) once it commits, which aborts the whole "
     "transaction (every statement after it gets 25P02 until ROLLBACK). Hence ROLLBACK first, then read the "
     "existing booking.",
     "在 {server} 上没有任何东西让这些调用串行：两个并发请求都可能按键查不到。保持正确的是 UNIQUE "
     "约束：后一个 INSERT 会等待前一个尚未提交的键（预留 #{hold}），前一个提交后它以 unique_violation（23505）"
     "失败，并中止整个事务（此后每条语句都得到 25P02，直到 ROLLBACK）。所以先 ROLLBACK，再读取已有的预订。"},
    // A server where an error rolls back only its statement (InnoDB) keeps the transaction usable.
    {"h4.create.atomic.locks.statement_only",
     "On {server} nothing serialises the calls: two concurrent attempts can both miss a lookup by key. The "
     "UNIQUE constraint is what stays correct: the later INSERT waits on the earlier one's uncommitted key "
     "(hold #{hold}) and fails with a duplicate key once it commits. {server} rolls back only that "
     "statement: the transaction stays open and holds the locks it took. ROLLBACK first all the same, so "
     "nothing of the attempt stays locked, then read the existing booking.",
     "在 {server} 上没有任何东西让这些调用串行：两个并发请求都可能按键查不到。保持正确的是 UNIQUE "
     "约束：后一个 INSERT 会等待前一个尚未提交的键（预留 #{hold}），前一个提交后它以重复键失败。{server} "
     "只回滚这一条语句：事务仍未结束，并继续持有已取得的锁。所以照样先 ROLLBACK，不让这次尝试留下任何锁，"
     "再读取已有的预订。"},
    {"h6.pay.rejected.summary", "{actor}: no room left, rejected", "{actor}：没有房间，拒绝"},
    {"h6.pay.rejected", "The conditional UPDATE changed 0 rows: no room left, nothing to pay for.",
     "条件 UPDATE 更新了 0 行：没有房间，也就没有可支付的。"},
    {"h6.pay.naive.summary", "{actor} holds the lock and calls the provider", "{actor} 持有锁并调用支付"},
    {"h6.pay.naive",
     "{actor} opens BEGIN IMMEDIATE, decrements ({available} left), inserts hold #{hold} and then calls the "
     "provider for payment {payment} without committing: the write lock is held for as long as the network "
     "call takes.",
     "{actor} 执行 BEGIN IMMEDIATE，扣减库存（剩余 {available}），插入预留 "
     "#{hold}，然后在未提交的情况下为支付 "
     "{payment} 调用支付服务：网络调用持续多久，写锁就被占住多久。"},
    {"h6.pay.naive.rows",
     "{actor} opens a transaction, decrements ({available} left), inserts hold #{hold} and then calls the "
     "provider for payment {payment} without committing: the night's row stays locked for as long as the "
     "network call takes.",
     "{actor} 开启事务，扣减库存（剩余 {available}），插入预留 #{hold}，然后在未提交的情况下为支付 "
     "{payment} 调用支付服务：网络调用持续多久，这一晚的库存行就被锁住多久。"},
    {"h6.pay.atomic.summary", "{actor} commits hold #{hold}, then calls the provider",
     "{actor} 提交预留 #{hold}，再调用支付"},
    {"h6.pay.atomic",
     "{actor} decrements ({available} left), inserts hold #{hold} and a PENDING payment row for {payment} in "
     "one "
     "short transaction and commits. Only then does it call the provider: no lock is held during the call, "
     "and the payment row means a lost answer can still be reconciled.",
     "{actor} 在一个短事务中扣减库存（剩余 {available}），插入预留 #{hold} 和支付 {payment} 的 PENDING "
     "记录并提交。之后才调用支付服务：调用期间不持有任何锁，而支付记录让丢失的结果仍可对账。"},
    {"h6.locks",
     "SQLite: an open write transaction locks the whole database for writers, so every other booking waits, "
     "whatever its night (and in this lab's in-memory database even readers wait). PostgreSQL locks only the "
     "rows changed (here the night's inventory row), so only bookings of that night would wait, but for the "
     "whole call, and the call also ties up a pooled connection.",
     "SQLite：未结束的写事务会对所有写者锁住整个数据库，所以无论哪一晚，其他预订都要等待（在本实验的内存数据"
     "库中"
     "连读者也要等）。PostgreSQL "
     "只锁住被修改的行（这里是这一晚的库存行），所以只有同一晚的预订会等待，但要等完"
     "整个调用，而且调用期间还占着连接池里的一个连接。",
     true},
    {"h6.locks.rows",
     "{server} locks only the rows changed (here the night's inventory row): readers and bookings of other "
     "nights go on, but every booking of this night waits at its UPDATE for the whole call, and the call also "
     "ties up a pooled connection.",
     "{server} 只锁住被修改的行（这里是这一晚的库存行）：读操作和其他晚上的预订照常进行，但这一晚的每笔"
     "预订都要在自己的 UPDATE 处等完整个调用，而且调用期间还占着连接池里的一个连接。",
     true},
    {"h6.answer.none.summary", "{actor}: no call in flight", "{actor}：没有进行中的调用"},
    {"h6.answer.none", "There is no payment call in flight for {payment}.",
     "支付 {payment} 没有进行中的调用。"},
    {"h6.answer.naive.timeout.summary", "{actor}: provider timed out, rolls back, charge unknown",
     "{actor}：支付超时，回滚，扣款结果未知"},
    {"h6.answer.naive.timeout",
     "At {now} s the call sent at {sent} s times out. {actor} held the write lock for {held} s waiting for "
     "it; now it rolls back, and hold #{hold} and its decrement vanish. Any request waiting for the lock "
     "could go on only from now.",
     "在第 {now} 秒，第 {sent} 秒发出的调用超时。{actor} 为等它占着写锁 {held} 秒；现在它回滚，预留 #{hold} "
     "和它的扣减一起消失。等待这把锁的请求直到现在才能继续。"},
    {"h6.answer.naive.timeout.rows",
     "At {now} s the call sent at {sent} s times out. {actor} held the night's row lock for {held} s waiting "
     "for it; now it rolls back, and hold #{hold} and its decrement vanish. Any booking of this night waiting "
     "for the row could go on only from now.",
     "在第 {now} 秒，第 {sent} 秒发出的调用超时。{actor} 为等它锁着这一晚的库存行 {held} 秒；现在它回滚，预留 "
     "#{hold} 和它的扣减一起消失。等待这一行的同一晚预订直到现在才能继续。"},
    {"h6.answer.naive.money",
     "The provider did take the money (its ledger has {key}), but the booking was rolled back and no payment "
     "row was ever committed: the customer is charged for nothing, and nothing on our side says so.",
     "支付方其实已经扣款（它的账本里有 {key}），但预订已回滚，也从未提交过支付记录：顾客白白被扣款，"
     "而我们这边没有任何记录。"},
    {"h6.answer.naive.charged.summary", "{actor}: paid, commits after {held} s",
     "{actor}：支付成功，{held} 秒后提交"},
    {"h6.answer.naive.charged",
     "The provider answers at {now} s: paid. {actor} confirms hold #{hold} and commits. It held the write "
     "lock for {held} s, from {sent} s to {now} s: the design holds it for the whole call, and only the "
     "network decides how long that is.",
     "支付方在第 {now} 秒答复：已支付。{actor} 确认预留 #{hold} 并提交。它占着写锁 {held} 秒（从第 {sent} 秒到"
     "第 {now} 秒）：这种设计在整个调用期间都持有锁，持有多久只取决于网络。"},
    {"h6.answer.naive.charged.rows",
     "The provider answers at {now} s: paid. {actor} confirms hold #{hold} and commits. It held the night's "
     "row lock for {held} s, from {sent} s to {now} s: the design holds it for the whole call, and only the "
     "network decides how long that is.",
     "支付方在第 {now} 秒答复：已支付。{actor} 确认预留 #{hold} 并提交。它锁着这一晚的库存行 {held} 秒（从"
     "第 {sent} 秒到第 {now} 秒）：这种设计在整个调用期间都持有锁，持有多久只取决于网络。"},
    {"h6.answer.atomic.timeout.summary", "{actor}: provider timed out, charge unknown, hold #{hold} kept",
     "{actor}：支付超时，扣款结果未知，保留预留 #{hold}"},
    {"h6.answer.atomic.timeout",
     "At {now} s the call sent at {sent} s times out. No lock was held while waiting, so other bookings "
     "could go ahead. {actor} marks the payment UNKNOWN in a short transaction; hold #{hold} stays "
     "RESERVED until its deadline. The provider's ledger shows it did charge ({key}): query it by payment "
     "id, or retry with the same operation key, and one charge is all there will be{see}.",
     "在第 {now} 秒，第 {sent} 秒发出的调用超时。等待期间没有持有任何锁，其他预订可以照常进行。{actor} "
     "在一个短事务中把支付标记为 UNKNOWN；预留 #{hold} 保持 RESERVED 直到期限。支付方账本显示它确实"
     "扣了款（{key}）：按支付 ID 查询，或用同一个操作键重试，就只会有一次扣款{see}。"},
    {"h6.answer.atomic.charged.summary", "{actor}: paid, records it", "{actor}：支付成功，记录结果"},
    {"h6.answer.atomic.charged",
     "The provider answers at {now} s: paid. In a short transaction {actor} marks the payment SUCCEEDED and "
     "confirms hold #{hold} (still RESERVED and before its deadline).",
     "支付方在第 {now} 秒答复：已支付。{actor} 在一个短事务中把支付标记为 SUCCEEDED，并确认预留 #{hold}"
     "（仍为 RESERVED 且在期限之前）。"},
    {"h6.answer.atomic.late",
     "The provider answers at {now} s: paid. {actor} marks the payment SUCCEEDED, but hold #{hold} is no "
     "longer "
     "RESERVED before its deadline, so it is not confirmed here: that is a late payment, to be refunded or "
     "reconciled, not confirmed{see}.",
     "支付方在第 {now} 秒答复：已支付。{actor} 把支付标记为 SUCCEEDED，但预留 #{hold} "
     "已不再是期限前的 RESERVED，因此这里不确认：这是迟到的支付，应退款或对账，而不是确认{see}。"},
    // H7: read, then write, in a deferred transaction
    {"h7.read.summary", "{actor} {begin}, reads {available}", "{actor} {begin}，读到 {available}"},
    {"h7.read.deferred",
     "{actor} opens a deferred transaction (BEGIN takes no lock yet) and reads available = {available}. The "
     "read "
     "takes a shared lock that {actor} keeps until its transaction ends.",
     "{actor} 开启一个延迟事务（BEGIN 还不加锁）并读到 available = "
     "{available}。这次读取加上了共享锁（读锁），"
     "{actor} 会一直持有到事务结束。"},
    {"h7.read.immediate",
     "{actor} takes the write lock up front with BEGIN IMMEDIATE and reads available = {available}. No one "
     "else "
     "can start writing until it ends, so it never has to turn a read lock into a write lock.",
     "{actor} 用 BEGIN IMMEDIATE 先取得写锁，再读到 available = {available}。在它结束之前别人无法开始写入，"
     "所以它永远不需要把读锁升级为写锁。"},
    {"h7.read.rows",
     "{actor} opens a transaction ({begin} is a plain BEGIN on {server}: it takes no lock) and reads "
     "available = {available}. A plain read takes no row lock on {server}, so the other request can read and "
     "write this row meanwhile; only a write, or SELECT ... FOR UPDATE, locks it. That is why this shape does "
     "not deadlock here: on {server} a deadlock needs two rows locked in opposite orders.",
     "{actor} 开启事务（{begin} 在 {server} 上就是普通的 BEGIN，不加任何锁）并读到 available = "
     "{available}。在 {server} 上普通读取不加行锁，所以另一个请求此时仍可读写这一行；只有写入或 SELECT ... "
     "FOR UPDATE 才会锁住它。所以这种写法在这里不会死锁：{server} 上的死锁需要两行以相反的顺序加锁。"},
    {"h7.read.snapshot",
     "On {server} at {isolation} this first plain read also takes {actor}'s snapshot: until its transaction "
     "ends, every plain SELECT it runs sees the rows as they were now (available = {available}), whatever "
     "others commit meanwhile. Its UPDATE does not: an UPDATE, like SELECT ... FOR UPDATE, reads the latest "
     "committed row.",
     "在 {server} 的 {isolation} 下，这第一次普通读取还建立了 {actor} 的快照：在它的事务结束之前，它的每条"
     "普通 SELECT 看到的都是此刻的行（available = {available}），不管别人在此期间提交了什么。它的 UPDATE "
     "则不然：UPDATE 和 SELECT ... FOR UPDATE 一样，读取最新已提交的行。"},
    {"h7.write.latest",
     "{actor}'s snapshot still says available = {read}, but its UPDATE decremented the latest committed row: "
     "{latest} → {available}.",
     "{actor} 的快照里仍是 available = {read}，但它的 UPDATE 扣减的是最新已提交的行：{latest} → "
     "{available}。"},
    {"h7.write.progress",
     "{actor} decrements with the conditional UPDATE ({available} left in its transaction), inserts hold "
     "#{hold} and runs COMMIT.",
     "{actor} 用条件 UPDATE 扣减（本事务中剩余 {available}），插入预留 #{hold}，然后执行 COMMIT。"},
    {"h7.write.no_read.summary", "{actor}: nothing to write", "{actor}：没有可写入的"},
    {"h7.write.no_read", "{actor} has no transaction from a txn_read to write in, so there is nothing to do.",
     "{actor} 没有 txn_read 开启的事务可供写入，所以无事可做。"},
    {"h7.write.accepted.summary", "{actor} commits hold #{hold}, accepts", "{actor} 提交预留 #{hold}，接受"},
    {"h7.write.accepted",
     "{actor}'s transaction commits: hold #{hold} and its decrement are visible together.",
     "{actor} 的事务提交：预留 #{hold} 和对应的扣减一起可见。"},
    {"h7.write.rejected.summary", "{actor}: no room left, rolls back, rejected",
     "{actor}：没有房间，回滚，拒绝"},
    {"h7.write.rejected",
     "{actor} read available = {read}: no room left. It rolls back and rejects the request.",
     "{actor} 读到 available = {read}：没有房间。它回滚并拒绝请求。"},
    {"h7.write.rejected.update",
     "{actor} read available = {read}, but its conditional UPDATE changed 0 rows: no room left. It rolls "
     "back and rejects the request.",
     "{actor} 读到 available = {read}，但条件 UPDATE 更新了 0 行：没有房间。它回滚并拒绝请求。"},
    {"h7.write.rejected.snapshot",
     "Its transaction's snapshot still showed available = {read}: another SELECT in it would have read {read} "
     "again. The UPDATE read the latest committed row instead, where available is no longer above 0.",
     "它的事务快照里仍是 available = {read}：在这个事务里再执行一次 SELECT，读到的还会是 {read}。"
     "而 UPDATE 读取的是最新已提交的行，那里的 available 已不再大于 0。"},
    {"h7.deadlock",
     "\"{statement}\" returned SQLITE_BUSY, and waiting cannot end it: {actor} holds a read lock and needs "
     "the write lock of another transaction, which cannot commit while {actor} still reads: a deadlock, "
     "which a busy timeout would never end.",
     "“{statement}”返回 SQLITE_BUSY，而且等待无法结束它：{actor} 持有读锁，又需要另一个事务持有的写锁，"
     "而只要另一个事务还持有读锁，写者就无法提交。它们互相等待，这是死锁：像忙等超时那样等下去只会超时。"},
    {"h7.naive.gives_up.summary", "{actor} tries {tries} times, gives up, keeps its lock",
     "{actor} 共执行 {tries} 次（重试 {retries} 次）后放弃，锁仍未释放"},
    {"h7.naive.gives_up",
     "The naive code retries the same statement inside the same transaction, up to {retries} times: every "
     "try meets the same SQLITE_BUSY, because nothing can change while the transactions wait for one "
     "another. Then it gives up and reports an error, but never rolls back: its transaction stays open "
     "with its locks, and whoever waits for them stays stuck behind it.",
     "朴素代码在同一事务里重试同一条语句，重试上限为 {retries} 次（连同第一次共执行 {tries} 次）：每次都遇到同样的 SQLITE_BUSY，"
     "因为这些事务在互相等待，什么都不会改变。然后它放弃并报错，却从不回滚：它的事务和锁都还在，"
     "等这些锁的请求被卡在它后面。"},
    {"h7.atomic.retry.summary", "{actor}: deadlock, rolls back, retries ({n} of {max})",
     "{actor}：死锁，回滚，重试（第 {n} 次，重试上限 {max} 次）"},
    {"h7.atomic.retry",
     "The atomic code rolls back the WHOLE transaction, freeing its locks for whoever waits, and runs it "
     "again from BEGIN with a fresh read: retry {n} of at most {max}.",
     "原子代码回滚整个事务，释放它的锁，让等这些锁的请求得以继续，然后从 BEGIN 开始用新的读取重新执行：第 "
     "{n} 次重试，最多 {max} 次。"},
    {"h7.atomic.after_retry",
     "The retried transaction reads available = {read} afresh, as it is committed now; the value read "
     "before the deadlock ({earlier}) is not used.",
     "重试的事务重新读取，得到 available = {read}（当前已提交的值）；死锁之前读到的值（{earlier}）"
     "不再使用。"},
    {"h7.atomic.exhausted.summary", "{actor}: deadlock {n} times, gives up, nothing held",
     "{actor}：死锁 {n} 次，放弃，不持有任何锁"},
    {"h7.atomic.exhausted",
     "{actor} rolled back and retried {max} times and still met a deadlock. It gives up with nothing held "
     "and "
     "reports the failure: a bounded retry never spins forever.",
     "{actor} 已回滚并重试 {max} "
     "次，仍然遇到死锁。它在不持有任何锁的情况下放弃并报告失败：有限次数的重试不会无限循环。"},
    {"h7.locks",
     "This deadlock is SQLite's lock upgrade: two readers both want to become the writer. With a rollback "
     "journal (and in this lab's in-memory database) the writer cannot commit while another transaction "
     "still "
     "reads; in WAL mode the first commit goes through and the second writer gets SQLITE_BUSY_SNAPSHOT "
     "instead. "
     "The cure is the same: roll back and retry the whole transaction, or take the write lock first with "
     "BEGIN "
     "IMMEDIATE. PostgreSQL locks rows, not the database: there a deadlock comes from two transactions "
     "locking "
     "the same rows in opposite orders; it detects the cycle and aborts one of them (deadlock_detected), and "
     "the answer is again one fixed lock order and a bounded retry of the whole transaction.",
     "这个死锁来自 SQLite 的锁升级：两个读者都想成为写者。在回滚日志模式下（以及本实验的内存数据库中），"
     "只要另一个事务还在读，写者就不能提交；在 WAL 模式下第一个提交能完成，第二个写者则得到 "
     "SQLITE_BUSY_SNAPSHOT。解决办法相同：回滚并重试整个事务，或者用 BEGIN IMMEDIATE 先取得写锁。PostgreSQL "
     "锁的是行而不是整个数据库：那里的死锁来自两个事务以相反顺序锁住同样的行；它会检测到环并中止其中一个"
     "（deadlock_detected），办法同样是统一锁顺序，并有限次数地重试完整事务。",
     true},
};

}  // namespace

std::span<const MessageTemplate> case_messages() {
  return kHotelCases;
}

}  // namespace reslab::hotel
