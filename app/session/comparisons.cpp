#include "app/session/comparisons.hpp"

#include "core/sim/errors.hpp"
#include "core/sim/servers.hpp"

namespace reslab {

void Comparisons::refresh(const LabSession& session, bool backends, const std::string& variant) {
  std::vector<Key> wanted;
  const auto key = [&](Model model, Backend backend) {
    return Key{session.scenario_ptr(),
               session.wanted_order(),
               session.preset(),
               session.moved_times(),
               model,
               backend,
               {}};
  };
  if (const SqlScenario* sql = session.sql_scenario()) {
    // Another variant of the same order: read committed beside serializable, deferred beside immediate.
    if (const SqlVariant* other = variant.empty() ? nullptr : sql->find_variant(variant)) {
      Key want = key(Model::atomic, other->backend);
      want.variant = other->id;
      wanted.push_back(std::move(want));
    }
  } else if (backends) {
    for (const Backend backend : all_backends())
      if (backend != session.backend()) wanted.push_back(key(session.model(), backend));
  } else {
    wanted.push_back(key(session.model() == Model::naive ? Model::atomic : Model::naive, session.backend()));
  }
  std::vector<PartialReplay> runs;
  std::vector<Key> keys;
  m_missing.clear();
  for (auto& want : wanted) {
    std::string reason;
    ServerState state = server_state(want.backend, &reason);
    if (state == ServerState::idle) {
      start_server_async(want.backend, {});
      state = server_state(want.backend, &reason);
    }
    if (state != ServerState::ready) {
      m_missing.push_back({want.backend, state != ServerState::failed, reason});
      continue;
    }
    bool kept = false;
    for (std::size_t i = 0; i < m_keys.size() && !kept; ++i) {
      if (!(m_keys[i] == want)) continue;
      runs.push_back(std::move(m_runs[i]));
      kept = true;
    }
    if (!kept) {
      try {
        runs.push_back(want.variant.empty() ? session.replay_under(want.model, want.backend)
                                            : session.replay_variant(want.variant));
        ++m_replays;
      } catch (const BackendUnavailableError& e) {
        m_missing.push_back({want.backend, false, e.what()});
        continue;
      }
    }
    keys.push_back(std::move(want));
  }
  m_runs = std::move(runs);
  m_keys = std::move(keys);
}

void Comparisons::clear() {
  m_runs.clear();
  m_keys.clear();
  m_missing.clear();
}

bool Comparisons::waiting_for_server() const {
  for (const auto& missing : m_missing)
    if (missing.starting) return true;
  return false;
}

}  // namespace reslab
