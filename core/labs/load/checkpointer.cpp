#include "core/labs/load/checkpointer.hpp"

#include <sqlite3.h>

#include "core/labs/load/clock.hpp"
#include "core/labs/load/connection.hpp"

namespace reslab::load_lab {
namespace {

// A PASSIVE checkpoint copies what was committed when it began; while a writer keeps appending it never
// catches up, and SQLite restarts the WAL only after a checkpoint that did. Past this many pages the
// background checkpointer waits for a gap between transactions and finishes the job (RESTART), holding
// the writer off meanwhile: the WAL's size is bounded, at the price of that one stall.
constexpr int kWalCapPages = 65'536;

}  // namespace

Checkpointer::Checkpointer(const std::string& file, LoadSynchronous synchronous) {
  m_db = std::make_unique<LabConnection>(file, LabOpen::read_write);
  m_db->wait_when_busy(m_busy);
  set_load_synchronous(*m_db, synchronous);  // the checkpointing connection's setting decides its syncs
  m_thread = std::thread(&Checkpointer::run, this);
}

Checkpointer::~Checkpointer() {
  stop();
}

void Checkpointer::request() {
  {
    std::lock_guard lock(m_mutex);
    if (m_requested) return;
    m_requested = true;
  }
  m_wake.notify_all();
}

void Checkpointer::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_wake.notify_all();
  if (m_thread.joinable()) m_thread.join();
}

void Checkpointer::run() {
  for (;;) {
    {
      std::unique_lock lock(m_mutex);
      m_wake.wait(lock, [&] { return m_requested || m_stopping; });
      if (m_stopping) return;
      m_requested = false;
    }
    const auto started = Clock::now();
    int wal_pages = 0;
    sqlite3_wal_checkpoint_v2(m_db->handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, &wal_pages, nullptr);
    if (wal_pages >= kWalCapPages) {
      sqlite3_wal_checkpoint_v2(m_db->handle(), nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
      ++m_restarts;
    }
    m_seconds += seconds_since(started);
    ++m_checkpoints;
  }
}

}  // namespace reslab::load_lab
