#include "core/sim/step_markers.hpp"

#include "core/sim/spec_file.hpp"

namespace reslab {

StepMarkers::StepMarkers(const SqlScenario& scenario, const std::vector<SqlBlocker>& blockers)
    : m_text(blockers_text(blockers)) {
  for (const auto& blocker : blockers) {
    Marker marker;
    marker.blocker = blocker;
    if (blocker.kind != SqlBlocker::Kind::once)
      if (const SqlStep* other = scenario.find_step(blocker.step)) marker.session = other->session;
    m_markers.push_back(std::move(marker));
  }
}

bool StepMarkers::waits_at_once() const {
  for (const auto& marker : m_markers)
    if (marker.blocker.kind == SqlBlocker::Kind::once) return true;
  return false;
}

void StepMarkers::sent(const std::function<int(const std::string& session)>& notices_of) {
  for (auto& marker : m_markers)
    if (marker.blocker.kind == SqlBlocker::Kind::notices)
      marker.notices_needed = notices_of(marker.session) + marker.blocker.notices;
}

bool StepMarkers::hold(const std::function<std::string(const std::string& session)>& running,
                       const std::function<int(const std::string& session)>& notices_of) const {
  for (const auto& marker : m_markers) {
    switch (marker.blocker.kind) {
      case SqlBlocker::Kind::once:
        break;
      case SqlBlocker::Kind::step:
        if (running(marker.session) == marker.blocker.step) return true;
        break;
      case SqlBlocker::Kind::notices:
        if (notices_of(marker.session) < marker.notices_needed) return true;
        break;
    }
  }
  return false;
}

}  // namespace reslab
