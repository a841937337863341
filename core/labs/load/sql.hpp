#pragma once
// The load lab's SQL, one copy for both backends: written in SQLite's spelling with numbered ?N
// placeholders (dialect_sql() gives PostgreSQL's), except PostgreSQL's batched decision, which has no
// SQLite twin (SQLite decides a batch intent by intent in one transaction).
// The ticketing article's minimal model with numbered seats, plus a marker table so a user's own
// database is never mistaken for ours. Times are the workload's logical milliseconds.

namespace reslab::load_lab {

inline constexpr const char* kLoadSchema =
    "CREATE TABLE reslab_load(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE seats(seat_id INTEGER PRIMARY KEY, state TEXT NOT NULL, order_id INTEGER UNIQUE,"
    " expires_at INTEGER);"
    "CREATE TABLE orders(id INTEGER PRIMARY KEY, request_key TEXT NOT NULL UNIQUE, seat_id INTEGER NOT NULL,"
    " state TEXT NOT NULL, created_at INTEGER NOT NULL);";
inline constexpr const char* kLoadFormat = "reslab load 1";
inline constexpr const char* kLoadSetMark =
    "INSERT INTO reslab_load(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2";
inline constexpr const char* kLoadAddSeats =
    "WITH RECURSIVE n(seat_id) AS (SELECT 1 UNION ALL SELECT seat_id + 1 FROM n WHERE seat_id < ?1)"
    " INSERT INTO seats(seat_id, state) SELECT seat_id, 'FREE' FROM n";

// [decisions] atomic: the article's hold transaction. An expired holder is marked expired first (same
// transaction), then the conditional UPDATE re-checks the seat under the lock; rows changed decides.
inline constexpr const char* kLoadExpirePastHolder =
    "UPDATE orders SET state = 'EXPIRED' WHERE state = 'HELD' AND id = (SELECT order_id FROM seats"
    " WHERE seat_id = ?1 AND state = 'HELD' AND expires_at <= ?2)";
inline constexpr const char* kLoadTakeSeatIfFree =
    "UPDATE seats SET state = 'HELD', order_id = ?1, expires_at = ?2"
    " WHERE seat_id = ?3 AND (state = 'FREE' OR (state = 'HELD' AND expires_at <= ?4))";
inline constexpr const char* kLoadInsertOrder =
    "INSERT INTO orders(id, request_key, seat_id, state, created_at) VALUES (?1, ?2, ?3, ?4, ?5)";
// naive: read in one transaction, then write what was decided from that read in another.
inline constexpr const char* kLoadReadSeat =
    "SELECT state, order_id, expires_at FROM seats WHERE seat_id = ?1";
inline constexpr const char* kLoadExpireOrder = "UPDATE orders SET state = 'EXPIRED' WHERE id = ?1";
inline constexpr const char* kLoadTakeSeat =
    "UPDATE seats SET state = 'HELD', order_id = ?1, expires_at = ?2 WHERE seat_id = ?3";

// PostgreSQL, atomic: a whole batch of intents for distinct seats (deduplicated first: UPDATE ... FROM
// with two source rows for one seat would update it once, from either) in one statement. The same
// hold rule as above, row by row: `taken` lists the intents whose conditional UPDATE changed their
// seat, `expired` marks the holders they replaced, and every intent leaves its order row, HELD
// exactly when its own UPDATE changed a row. $1 order ids, $2 seats, $3 arrival ms, $4 hold ms.
// `past` is planned on its own (seats by key, then orders by key): joined in one plan, a young orders
// table whose statistics say it is tiny was scanned whole for every batch (850 ms at 20,000 rows).
inline constexpr const char* kLoadPostgresDecideBatch =
    "WITH batch AS (SELECT * FROM unnest($1::int8[], $2::int8[], $3::int8[]) AS b(order_id, seat_id, now_ms)),"
    " past AS MATERIALIZED (SELECT s.order_id FROM batch b JOIN seats s ON s.seat_id = b.seat_id"
    "   WHERE s.state = 'HELD' AND s.expires_at <= b.now_ms),"
    " expired AS (UPDATE orders o SET state = 'EXPIRED' FROM past p WHERE o.id = p.order_id AND o.state = 'HELD'"
    "   RETURNING o.id),"
    " taken AS (UPDATE seats s SET state = 'HELD', order_id = b.order_id, expires_at = b.now_ms + $4::int8"
    "   FROM batch b WHERE s.seat_id = b.seat_id"
    "   AND (s.state = 'FREE' OR (s.state = 'HELD' AND s.expires_at <= b.now_ms)) RETURNING b.order_id)"
    " INSERT INTO orders(id, request_key, seat_id, state, created_at)"
    " SELECT b.order_id, 'intent-' || lpad(b.order_id::text, 8, '0'), b.seat_id,"
    "   CASE WHEN t.order_id IS NULL THEN 'REJECTED' ELSE 'HELD' END, b.now_ms"
    " FROM batch b LEFT JOIN taken t ON t.order_id = b.order_id"
    " RETURNING state = 'HELD'";

// [counting] by SQL over the whole database, afterwards.
inline constexpr const char* kLoadCountOversold =
    "SELECT count(*) FROM (SELECT seat_id FROM orders WHERE state IN ('HELD', 'PAID')"
    " GROUP BY seat_id HAVING count(*) > 1) AS oversold";
inline constexpr const char* kLoadCountHeldSeats = "SELECT count(*) FROM seats WHERE state = 'HELD'";
inline constexpr const char* kLoadCountLiveOrders =
    "SELECT count(*) FROM orders WHERE state IN ('HELD', 'PAID')";
inline constexpr const char* kLoadCountOrders = "SELECT count(*) FROM orders";
inline constexpr const char* kLoadCountExpiredOrders = "SELECT count(*) FROM orders WHERE state = 'EXPIRED'";

}  // namespace reslab::load_lab
