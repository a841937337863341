#pragma once
// The compare view's other runs of the session's order: the other model on the session's backend, or the
// session's model on every other backend (SQLite | PostgreSQL | MariaDB side by side); for an SQL scenario,
// another of its variants (read committed beside serializable). Each is replayed
// only when what it runs changed: stepping through the same order or changing the language replays
// nothing (on a server a replay costs tens of milliseconds, more with every wait). A backend whose server
// is still starting, or cannot start, is left out and named with the reason.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/session/lab_session.hpp"
#include "core/sim/simulator.hpp"

namespace reslab {

class Comparisons {
 public:
  // A backend left out of the side-by-side view: its server is starting, or it cannot be used (why).
  struct Missing {
    Backend backend = Backend::sqlite;
    bool starting = false;
    std::string reason;
  };

  // Brings the runs up to date with `session`: one model on every backend (`backends`), else both models;
  // an SQL scenario's `variant` beside the one shown (none: nothing to compare). A server the view needs
  // and nobody started yet is started in the background.
  void refresh(const LabSession& session, bool backends, const std::string& variant = {});
  void clear();

  // The other runs, in backend order (or the other model's or variant's run).
  const std::vector<PartialReplay>& runs() const { return m_runs; }
  const std::vector<Missing>& missing() const { return m_missing; }
  // A server is still starting: refresh again soon to add its run.
  bool waiting_for_server() const;
  // How many replays refresh() has run since the app started.
  int replays() const { return m_replays; }

 private:
  // What a run ran.
  struct Key {
    std::shared_ptr<const Scenario> scenario;
    std::vector<std::string> order;
    std::string preset;
    std::map<std::string, std::int64_t> moved;
    Model model = Model::atomic;
    Backend backend = Backend::sqlite;
    std::string variant;  // an SQL scenario's
    bool operator==(const Key&) const = default;
  };

  std::vector<PartialReplay> m_runs;
  std::vector<Key> m_keys;  // one per run
  std::vector<Missing> m_missing;
  int m_replays = 0;
};

}  // namespace reslab
