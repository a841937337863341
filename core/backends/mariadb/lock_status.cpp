#include "core/backends/mariadb/lock_status.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace reslab::maria {
namespace {

bool status_line_starts(const std::string& line, const char* prefix) {
  return line.rfind(prefix, 0) == 0;
}

unsigned long status_number_after(const std::string& line, const std::string& prefix) {
  const std::size_t at = line.find(prefix);
  return at == std::string::npos ? 0 : std::strtoul(line.c_str() + at + prefix.size(), nullptr, 10);
}

// "RECORD LOCKS space id 6 page no 3 n bits 320 index PRIMARY of table `db`.`t` trx id 30 lock_mode X
// locks rec but not gap waiting": what follows the transaction's id says the mode and the flags.
StatusLock status_record_lock(const std::string& line, const std::string& trx_mark) {
  StatusLock lock;
  lock.record = true;
  const std::size_t page_end = line.find(" n bits ");
  lock.page = line.substr(
      std::string("RECORD LOCKS ").size(),
      page_end == std::string::npos ? std::string::npos : page_end - std::string("RECORD LOCKS ").size());
  const std::string mode = line.substr(line.find(trx_mark) + trx_mark.size());
  lock.exclusive = mode.find("lock_mode X") != std::string::npos;
  lock.gap = mode.find(" locks gap before rec") != std::string::npos;
  lock.rec_not_gap = mode.find(" locks rec but not gap") != std::string::npos;
  lock.insert_intention = mode.find(" insert intention") != std::string::npos;
  lock.waiting = mode.find(" waiting") != std::string::npos;
  return lock;
}

StatusTransaction status_transaction_of(const std::string& block) {
  StatusTransaction transaction;
  const std::string trx_id = std::to_string(status_number_after(block, "---TRANSACTION "));
  // A lock line names its transaction: a statement's own text, printed in the block, cannot pass for one.
  const std::string trx_mark = " trx id " + trx_id + " ";
  std::istringstream lines(block);
  StatusLock* current = nullptr;
  for (std::string line; std::getline(lines, line);) {
    if (transaction.thread == 0 && status_line_starts(line, "MariaDB thread id ")) {
      transaction.thread = status_number_after(line, "MariaDB thread id ");
    } else if (transaction.thread == 0 && status_line_starts(line, "LOCK WAIT ")) {
      transaction.lock_wait = true;
    } else if (line.find("TOO MANY LOCKS PRINTED FOR THIS TRX") != std::string::npos) {
      transaction.locks_cut = true;
    } else if (status_line_starts(line, "RECORD LOCKS space id ") &&
               line.find(trx_mark) != std::string::npos) {
      transaction.locks.push_back(status_record_lock(line, trx_mark));
      current = &transaction.locks.back();
    } else if (status_line_starts(line, "TABLE LOCK table ") && line.find(trx_mark) != std::string::npos) {
      StatusLock table;
      table.waiting = line.find(" waiting") != std::string::npos;
      transaction.locks.push_back(table);
      current = nullptr;
    } else if (current && status_line_starts(line, "Record lock, heap no ")) {
      current->heap_nos.push_back(static_cast<unsigned>(status_number_after(line, "Record lock, heap no ")));
    }
  }
  return transaction;
}

bool same_status_request(const StatusLock& a, const StatusLock& b) {
  return a.record == b.record && a.page == b.page && a.exclusive == b.exclusive && a.gap == b.gap &&
         a.rec_not_gap == b.rec_not_gap && a.insert_intention == b.insert_intention &&
         a.heap_nos == b.heap_nos;
}

}  // namespace

InnodbStatus parse_innodb_status(const std::string& text) {
  InnodbStatus status;
  status.whole = text.find("END OF INNODB MONITOR OUTPUT") != std::string::npos;
  const std::size_t list = text.find("LIST OF TRANSACTIONS FOR EACH SESSION:");
  if (list == std::string::npos) return status;
  // The list ends where the next section's dashes begin.
  const std::size_t end = text.find("\n--------\n", list);
  const std::string transactions =
      text.substr(list, end == std::string::npos ? std::string::npos : end - list);
  std::size_t at = 0;
  while ((at = transactions.find("---TRANSACTION ", at)) != std::string::npos) {
    const std::size_t next = transactions.find("\n---TRANSACTION ", at);
    status.transactions.push_back(status_transaction_of(
        transactions.substr(at, next == std::string::npos ? std::string::npos : next + 1 - at)));
    at = next == std::string::npos ? transactions.size() : next + 1;
  }
  return status;
}

bool record_lock_waits_for(const StatusLock& request, const StatusLock& held, unsigned heap_no) {
  if (!request.exclusive && !held.exclusive) return false;  // S and S agree
  // lock_rec_has_to_wait: a gap request (or any request on the supremum) that is no insert intention never
  // waits; a gap-only lock holds up insert intentions only; a gap request passes a record-only lock; an
  // insert intention holds up nobody.
  const bool on_supremum = heap_no == 1;
  if ((on_supremum || request.gap) && !request.insert_intention) return false;
  if (!request.insert_intention && held.gap) return false;
  if (request.gap && held.rec_not_gap) return false;
  if (held.insert_intention) return false;
  return true;
}

std::optional<unsigned long> plain_blocker(const InnodbStatus& status, unsigned long thread) {
  if (!status.whole) return std::nullopt;
  const StatusTransaction* waiter = nullptr;
  for (const auto& transaction : status.transactions) {
    if (transaction.locks_cut) return std::nullopt;
    if (transaction.thread == thread) waiter = &transaction;
  }
  if (!waiter || !waiter->lock_wait) return std::nullopt;
  // The lock it waits for (listed twice: under the wait and among its locks).
  const StatusLock* request = nullptr;
  for (const auto& lock : waiter->locks) {
    if (!lock.waiting) continue;
    if (request && !same_status_request(*request, lock)) return std::nullopt;
    request = &lock;
  }
  if (!request || !request->record || request->heap_nos.size() != 1) return std::nullopt;
  const unsigned heap_no = request->heap_nos.front();
  std::optional<unsigned long> blocker;
  for (const auto& transaction : status.transactions) {
    if (&transaction == waiter) continue;
    for (const auto& held : transaction.locks) {
      if (!held.record || held.page != request->page ||
          std::find(held.heap_nos.begin(), held.heap_nos.end(), heap_no) == held.heap_nos.end() ||
          !record_lock_waits_for(*request, held, heap_no))
        continue;
      // Another waiter on the record: who is ahead in the queue is InnoDB's to say.
      if (held.waiting) return std::nullopt;
      if (blocker && *blocker != transaction.thread) return std::nullopt;
      blocker = transaction.thread;
    }
  }
  return blocker;
}

}  // namespace reslab::maria
