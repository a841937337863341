// LabApp's own orders kept: Save as preset (a case's preset, an SQL scenario's permutation, written into the
// user's copy of the file and opened at once) and Undo of the last change of the order or the times.
#include "app/lab_app.hpp"
#include "app/session/saved_presets.hpp"

namespace reslab {

void LabApp::undo() {
  if (m_undo.empty()) {
    toast(tr("toast.nothing_to_undo"));
    return;
  }
  m_session->restore(m_undo.back());
  m_undo.pop_back();
  m_view.hidden_step = 0;
  after_session_change();
}

void LabApp::save_preset(const std::string& title) {
  std::string name = title;
  while (!name.empty() && (name.back() == ' ' || name.front() == ' '))
    name = name.back() == ' ' ? name.substr(0, name.size() - 1) : name.substr(1);
  if (name.empty()) {
    toast(tr("toast.preset_needs_title"), true);
    return;
  }
  if (m_session->is_sql()) {
    save_sql_permutation(name);
    return;
  }
  Preset preset = m_session->as_preset(name);
  // Whether its naive run does harm, as the file's checks will hold it to: SQLite's answer, and
  // PostgreSQL's where the lab runs there and it differs.
  const auto harms = [&](Backend backend) {
    const PartialReplay naive = m_session->replay_under(Model::naive, backend);
    for (const Step& step : naive.trace.steps)
      if (step.committed && !step.committed->all_invariants_hold()) return true;
    return false;
  };
  preset.naive_harm = harms(Backend::sqlite);
  if (m_session->backend() != Backend::sqlite) {
    const bool there = harms(m_session->backend());
    if (there != preset.naive_harm)
      preset.naive_harm_by_backend = {{"sqlite", preset.naive_harm},
                                      {std::string(backend_name(m_session->backend())), there}};
  }
  const SavedPreset saved = reslab::save_preset(m_session->scenario().file, preset);
  if (!saved.error.empty()) {
    toast(tr("toast.preset_not_saved", {{"reason", saved.error}}), true);
    return;
  }
  const Model model = m_session->model();
  read_catalog();
  if (open_scenario(saved.path).empty()) {
    m_session->choose_preset(saved.preset);
    m_session->set_model(model);
    after_session_change();
  }
  toast(tr("toast.preset_saved", {{"title", name}, {"path", saved.path}}));
}

void LabApp::save_sql_permutation(const std::string& title) {
  const SavedPreset saved =
      reslab::save_sql_permutation(m_session->scenario().file, m_session->as_sql_permutation(title));
  if (!saved.error.empty()) {
    toast(tr("toast.preset_not_saved", {{"reason", saved.error}}), true);
    return;
  }
  const std::string variant = m_session->variant() ? m_session->variant()->id : std::string();
  read_catalog();
  if (open_scenario(saved.path).empty()) {
    m_session->choose_preset(saved.preset);
    if (!variant.empty() && m_session->variant() && m_session->variant()->id != variant) set_variant(variant);
    after_session_change();
  }
  toast(tr("toast.preset_saved", {{"title", title}, {"path", saved.path}}));
}

}  // namespace reslab
