#pragma once
// Checkpoints on their own thread and connection: the WAL and file syncs of a checkpoint
// (synchronous=NORMAL syncs only there) then wait on the disk beside the writer, not in its way.
// A PASSIVE checkpoint never blocks a writer; the WAL restarts from its beginning once a
// checkpoint has copied every frame back.
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/labs/connection/lab_connection.hpp"
#include "core/labs/load/options.hpp"

namespace reslab::load_lab {

// SQLite's default: a commit that leaves the WAL at this many pages or more checkpoints it.
inline constexpr int kCheckpointPages = 1000;

class Checkpointer {
 public:
  Checkpointer(const std::string& file, LoadSynchronous synchronous);
  ~Checkpointer();
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  // From any writing thread, after a commit left the WAL long: cheap, never waits for the checkpoint.
  void request();
  // Finishes the checkpoint under way and joins the thread; the counts are final afterwards.
  void stop();
  std::int64_t checkpoints() const { return m_checkpoints; }
  std::int64_t restarts() const { return m_restarts; }
  double seconds() const { return m_seconds; }

 private:
  void run();

  std::unique_ptr<LabConnection> m_db;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  bool m_requested = false;
  bool m_stopping = false;
  BusyWait m_busy;                 // RESTART waits for the writer between transactions
  std::int64_t m_checkpoints = 0;  // read after the thread has joined
  std::int64_t m_restarts = 0;
  double m_seconds = 0;
  std::thread m_thread;
};

}  // namespace reslab::load_lab
