// LabApp's every order: the All orders window's exploration, and loading one of its orders.
#include "app/lab_app.hpp"

namespace reslab {

void LabApp::start_exploring() {
  ExploreRequest request;
  request.backend = m_session->backend();
  // A hand-made order has no preset: every event of the file is ordered then.
  if (m_session->preset().empty())
    request.all_events = true;
  else
    request.preset = m_session->preset();
  m_explorer = std::make_unique<Explorer>(m_session->scenario(), request);
  m_view.orders_open = true;
  ++m_revision;
}

bool LabApp::explorer_is_current() const {
  return m_explorer && m_explorer->scenario().id == m_session->scenario().id &&
         m_explorer->exploration().preset == m_session->preset() &&
         m_explorer->exploration().backend == m_session->backend();
}

void LabApp::load_explored_order(const LoadExploredOrder& load) {
  if (!m_explorer || m_explorer->scenario().id != m_session->scenario().id) return;
  if (m_session->model() != load.model) set_model(load.model);
  m_session->use_order(load.preset, load.order);
  m_session->jump_to(load.step);
  m_view.hidden_step = 0;
  after_session_change();
}

}  // namespace reslab
