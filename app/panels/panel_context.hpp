#pragma once
// What every panel gets: read-only access to the app, its colours, and the
// list where it puts the commands the user gave.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/export/slide_layout.hpp"
#include "app/lab_app.hpp"
#include "app/session/commands.hpp"
#include "app/theme.hpp"

namespace reslab {

// Text being edited in the top bar's fields: widget state, not view options.
struct EditBuffers {
  std::string scenario_path;
  std::string preset_title;        // "Save as preset": the title being typed
  bool file_dialog_asked = false;  // the picker's Browse: the file dialog opens
  std::string screenshot_dir;
  bool screenshot_dir_loaded = false;
  int interleaving = 1;  // an SQL scenario's interleaving number being typed
};

struct PanelContext {
  const LabApp& app;
  const Palette& colors;
  Commands& commands;
  EditBuffers& edits;
  const SlideLayout& slide;  // what gives way when a slide is short of room

  const LabSession& session() const { return app.session(); }
  const ViewState& view() const { return app.view(); }
  Lang lang() const { return app.view().lang; }
  std::string tr(std::string_view key) const { return app.tr(key); }
  std::string tr(std::string_view key, const std::vector<std::pair<std::string, std::string>>& args) const {
    return app.tr(key, args);
  }
  void send(Command command) const { commands.push_back(std::move(command)); }

  // Localized names of scenario things.
  std::string actor_name(const std::string& actor_id) const;
  // What the actor's next action does in the current model: "A reads inventory".
  std::string action_label(const std::string& actor_id, const std::string& action) const;
  std::string model_label(Model model) const;
  // An outcome word for the screen: "accepted" in English, "已接受 (accepted)" in Chinese.
  std::string outcome_text(const std::string& outcome) const;
  // A panel heading in the heading font.
  void heading(const std::string& text) const;
};

}  // namespace reslab
