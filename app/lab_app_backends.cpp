// LabApp's SQL scenarios and backends: the variant shown and the one beside it, the Isolation window's
// cells, and choosing a backend (a server started in the background, its state followed each frame).
#include <exception>
#include <string>
#include <vector>

#include "app/lab_app.hpp"
#include "core/sim/servers.hpp"

namespace reslab {

std::string LabApp::compared_variant() const {
  const SqlScenario* sql = m_session->sql_scenario();
  const SqlVariant* shown = m_session->variant();
  if (!sql || !shown) return {};
  if (m_view.compared_variant != shown->id && sql->find_variant(m_view.compared_variant))
    return m_view.compared_variant;
  // Of the same backend and journal: the last beside the first, else the first.
  std::vector<const SqlVariant*> alike;
  for (const SqlVariant* variant : sql->variants_on(shown->backend))
    if (variant->journal == shown->journal) alike.push_back(variant);
  if (alike.size() < 2) {
    for (const auto& variant : sql->variants)
      if (variant.id != shown->id && variant.backend == shown->backend) return variant.id;
    return {};
  }
  return alike.front() == shown ? alike.back()->id : alike.front()->id;
}

void LabApp::set_variant(const std::string& variant) {
  const SqlScenario* sql = m_session->sql_scenario();
  const SqlVariant* chosen = sql ? sql->find_variant(variant) : nullptr;
  if (!chosen) return;
  // A variant on a server that has not started: it starts in the background, and the variant follows.
  if (needs_server(chosen->backend) && server_state(chosen->backend) != ServerState::ready) {
    m_pending_variant = variant;
    choose_backend(chosen->backend);
    return;
  }
  m_pending_variant.clear();
  m_session->set_variant(variant);
  m_view.backend = m_session->backend();
  m_view.hidden_step = 0;
  after_session_change();
}

void LabApp::open_isolation_cell(const OpenIsolationCell& open) {
  if (!open_scenario(open.file).empty()) return;
  m_view.isolation_open = false;  // the test is stepped in the main window; the button brings the table back
  if (m_session->is_sql()) set_variant(open.variant);
}

void LabApp::start_isolation() {
  if (const std::string error = m_isolation->start(m_session->backend()); !error.empty()) toast(error, true);
  ++m_revision;
}

// A server is started (or connected) once, in the background, so the window stays responsive.
void LabApp::choose_backend_server(Backend backend) {
  if (server_state(backend) == ServerState::idle) start_server_async(backend, {});
  follow_backend();
}

std::string LabApp::no_variant_text(Backend backend) const {
  const SqlScenario* sql = m_session->sql_scenario();
  if (!sql || !sql->variants_on(backend).empty()) return {};
  std::string runs_on;
  for (const Backend other : all_backends())
    if (!sql->variants_on(other).empty())
      runs_on += (runs_on.empty() ? "" : ", ") + std::string(backend_display(other));
  std::vector<std::pair<std::string, std::string>> args = {
      {"scenario", m_session->scenario().title.in(m_view.lang)},
      {"backend", std::string(backend_display(backend))},
      {"runs_on", runs_on}};
  const auto why = sql->not_on.find(backend);
  if (why == sql->not_on.end()) return tr("toast.no_variant_there", args);
  args.emplace_back("reason", why->second.in(m_view.lang));
  return tr("toast.no_variant_there_why", args);
}

void LabApp::choose_backend(Backend backend) {
  // An SQL scenario goes to a backend where it has a variant, or stays.
  if (const std::string refused = no_variant_text(backend); !refused.empty()) {
    toast(refused, true);
    return;
  }
  m_view.backend = backend;
  if (needs_server(backend)) {
    choose_backend_server(backend);
    return;
  }
  m_view.backend_status.clear();
  m_view.backend_unavailable = false;
  m_session->set_backend(backend);
  m_view.hidden_step = 0;
  after_session_change();
}

void LabApp::follow_backend() {
  const bool wanted = needs_server(m_view.backend) && m_session->backend() != m_view.backend;
  if (!wanted) return;
  const Backend server = m_view.backend;
  std::string message;
  switch (server_state(server, &message)) {
    case ServerState::idle:
    case ServerState::starting:
      m_view.backend_status = tr("backend.starting", {{"server", std::string(backend_display(server))}});
      m_view.backend_unavailable = false;
      return;
    case ServerState::failed:
      m_view.backend_status =
          tr("backend.unavailable", {{"server", std::string(backend_display(server))}, {"reason", message}});
      m_view.backend_unavailable = true;
      m_view.backend = Backend::sqlite;
      return;
    case ServerState::ready:
      break;
  }
  m_view.backend_status.clear();
  m_view.backend_unavailable = false;
  try {
    m_session->set_backend(server);
    // A variant asked for before its server had started.
    if (!m_pending_variant.empty()) m_session->set_variant(m_pending_variant);
    m_pending_variant.clear();
  } catch (const std::exception& e) {
    m_pending_variant.clear();
    m_view.backend_status =
        tr("backend.unavailable", {{"server", std::string(backend_display(server))}, {"reason", e.what()}});
    m_view.backend_unavailable = true;
    m_view.backend = Backend::sqlite;
    return;
  }
  m_view.hidden_step = 0;
  after_session_change();
}

}  // namespace reslab
