// LabApp's every order: the All orders window's exploration (a case's orders under both models, an SQL
// scenario's interleavings under every variant of the backend), and loading one of its orders.
#include "app/lab_app.hpp"

namespace reslab {

void LabApp::start_exploring() {
  if (const SqlScenario* sql = m_session->sql_scenario()) {
    m_sql_explorer = std::make_unique<SqlExplorer>(*sql, m_session->backend());
    m_view.orders_open = true;
    ++m_revision;
    return;
  }
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
  return m_explorer && !m_session->is_sql() && m_explorer->scenario().id == m_session->scenario().id &&
         m_explorer->exploration().preset == m_session->preset() &&
         m_explorer->exploration().backend == m_session->backend();
}

bool LabApp::sql_explorer_is_current() const {
  const SqlScenario* sql = m_session->sql_scenario();
  return m_sql_explorer && sql && m_sql_explorer->scenario().id == sql->id &&
         m_sql_explorer->scenario().file == sql->file && m_sql_explorer->backend() == m_session->backend();
}

void LabApp::load_explored_order(const LoadExploredOrder& load) {
  if (load.interleaving > 0) {
    if (!sql_explorer_is_current()) return;
    if (m_session->variant() && m_session->variant()->id != load.variant) set_variant(load.variant);
    if (const std::string error = m_session->use_interleaving(load.interleaving); !error.empty()) {
      toast(error, true);
      return;
    }
    m_session->jump_to(load.step);
    m_view.hidden_step = 0;
    after_session_change();
    return;
  }
  if (!m_explorer || m_explorer->scenario().id != m_session->scenario().id) return;
  if (m_session->model() != load.model) set_model(load.model);
  m_session->use_order(load.preset, load.order);
  m_session->jump_to(load.step);
  m_view.hidden_step = 0;
  after_session_change();
}

}  // namespace reslab
