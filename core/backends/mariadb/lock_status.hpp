#pragma once
// SHOW ENGINE INNODB STATUS read as data: its transactions, whether each waits for a lock, and (with
// innodb_status_output_locks = ON) the locks each holds or waits for; and who blocks whom by InnoDB's own
// rule of which record locks conflict (lock_rec_has_to_wait). The status is generated on every read, so
// it answers at once where information_schema.INNODB_LOCK_WAITS, a cache, needs 100 ms unread.
#include <optional>
#include <string>
#include <vector>

namespace reslab::maria {

// One lock as the status lists it.
struct StatusLock {
  bool record = false;       // a record lock (else a table lock, which the rule below leaves alone)
  std::string page;          // "space id 6 page no 3": the records it covers are on this page
  bool exclusive = false;    // lock_mode X (else S)
  bool gap = false;          // "locks gap before rec" (also set on an insert intention)
  bool rec_not_gap = false;  // "locks rec but not gap"
  bool insert_intention = false;
  bool waiting = false;
  std::vector<unsigned> heap_nos;  // the records, by heap number (1 is the page's supremum)
};

struct StatusTransaction {
  unsigned long thread = 0;  // MariaDB's thread id (the connection's)
  bool lock_wait = false;
  bool locks_cut = false;  // the status stopped listing this transaction's locks
  std::vector<StatusLock> locks;
};

struct InnodbStatus {
  std::vector<StatusTransaction> transactions;
  bool whole = false;  // the text ran to its end marker (a long status is cut)
};

InnodbStatus parse_innodb_status(const std::string& text);

// Whether a waiting record lock `request` on record `heap_no` has to wait for `held` (another
// transaction's lock on that record), as InnoDB decides.
bool record_lock_waits_for(const StatusLock& request, const StatusLock& held, unsigned heap_no);

// The thread `thread`'s waiting record lock waits for, when the status says it plainly: one record lock
// waiting, every conflicting lock on that record granted and held by one transaction, every lock listed.
// nullopt otherwise (several holders, whose order InnoDB's own view gives; a table lock; a cut status).
std::optional<unsigned long> plain_blocker(const InnodbStatus& status, unsigned long thread);

}  // namespace reslab::maria
