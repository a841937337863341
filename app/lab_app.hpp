#pragma once
// The app without its window: the session, the view options, the string
// tables, and what happens when a command arrives. The GLFW loop, the exporter
// and the headless tests all drive this same class.
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "app/platform/isolation_runner.hpp"
#include "app/platform/live_labs.hpp"
#include "app/session/commands.hpp"
#include "app/session/comparisons.hpp"
#include "app/session/lab_session.hpp"
#include "app/session/settings.hpp"
#include "app/session/view_state.hpp"
#include "app/text/font_atlas.hpp"
#include "app/text/ui_text.hpp"
#include "core/sim/explore.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/sql_explore.hpp"

namespace reslab {

// What only the platform can do. The desktop's and the page's loops implement it; tests use a fake.
class Platform {
 public:
  virtual ~Platform() = default;
  virtual double now() const = 0;
  virtual void set_clipboard(const std::string& text) = 0;
  virtual void toggle_full_screen() = 0;
  // Renders the current frame again at `scale` and writes it as a PNG; returns an error message or "".
  virtual std::string save_screenshot(const std::string& path, int scale) = 0;
  // A file the app wrote for the user (the Markdown trace): the page hands it to the browser as a
  // download; on the desktop it stays where the toast says.
  virtual void file_written(const std::string& /*path*/, const std::string& /*mime_type*/) {}
  // The seat race and the load lab as this platform runs them; by default they refuse, naming the
  // command that runs them on the desktop. Asked when the app opens.
  virtual LiveLabs live_labs() const { return desktop_only_live_labs(); }
  // What builds the Isolation window's table; by default a few cells a frame (pump()), which any platform
  // can run. Asked when the app opens.
  virtual std::unique_ptr<IsolationRunner> isolation_runner() const { return frame_isolation_runner(); }
};

// A scenario for the picker: bundled, or the user's own copy (with presets saved in the app).
struct ScenarioEntry {
  std::string id;
  std::string file;
  LocalizedText title;
  bool users = false;      // in the user's folder (saved_presets.hpp)
  bool isolation = false;  // one of the isolation lab's SQL scenarios (Hermitage's tests)
};

class LabApp {
 public:
  // Throws UsageError or ScenarioError when the first scenario cannot be opened
  // and neither can the bundled H1.
  LabApp(Platform& platform, Settings settings, const std::string& scenario_name);

  // Loads a scenario by bundled id or path; on failure keeps the current one and
  // shows the error. Returns the error text, or "".
  std::string open_scenario(const std::string& name_or_path);

  void apply(const Command& command);
  void apply(const Commands& commands);
  // Appends a line to `path` for every command applied from now on: its name and what the window shows
  // after it (step, model, modes). For reports of what a key or a click did; "" stops.
  std::string log_commands(const std::string& path);
  // Play, toasts and the scenario file's reload. Returns seconds until it next needs to run
  // (for the event loop's timeout), or a negative number when nothing is scheduled.
  double tick();
  // Grows whenever tick() changed something on screen (a played step, a toast gone, a reload).
  int revision() const { return m_revision; }

  // Fonts: the texts whose glyphs the atlas needs, and whether a rebuild is due.
  std::vector<std::string> glyph_texts() const;
  bool fonts_dirty() const { return m_fonts_dirty; }
  void fonts_rebuilt(const UiFonts& fonts);
  const UiFonts& fonts() const { return m_fonts; }

  const LabSession& session() const { return *m_session; }
  const ViewState& view() const { return m_view; }
  ViewState& view() { return m_view; }
  const UiText& text() const { return m_text; }
  const Settings& settings() const;
  // While the compare view is on: the other model's replay of the same order, or this model's on every
  // other backend whose server is ready (in backend order); for an SQL scenario, the compared variant's.
  const std::vector<PartialReplay>& comparisons() const { return m_comparisons.runs(); }
  // Whether Undo has something to bring back.
  bool can_undo() const { return !m_undo.empty(); }
  // How many times the compare view has replayed the other side since the app started.
  int comparison_replays() const { return m_comparisons.replays(); }
  const std::string& strings_error() const { return m_strings_error; }
  const std::vector<ScenarioEntry>& catalog() const { return m_catalog; }
  // T1's live race, running in the background or finished.
  const RaceRun& race() const { return *m_labs.race; }
  // L1's load lab, running in the background or finished.
  const LoadRun& load() const { return *m_labs.load; }
  // Every order of the preset's events, explored a slice per frame (no thread: the browser has none);
  // null before the first exploration.
  const Explorer* explorer() const { return m_explorer.get(); }
  // Whether the explorer ran the case, preset and backend shown now.
  bool explorer_is_current() const;
  // The All orders window's exploration of an SQL scenario's interleavings, and whether it ran the file and
  // backend shown now.
  const SqlExplorer* sql_explorer() const { return m_sql_explorer.get(); }
  bool sql_explorer_is_current() const;
  // The Isolation window's table, built in the background (or a cell a frame in the browser).
  const IsolationRunner& isolation() const { return *m_isolation; }
  // An SQL scenario's variant beside the one shown in the compare view: the one chosen, else another
  // of the same backend.
  std::string compared_variant() const;
  // Why an SQL scenario cannot go to `backend` (it has no variant there), naming the statement that stops
  // it where the file says; empty when it can (or a case is shown).
  std::string no_variant_text(Backend backend) const;
  // Blocks until a running race, load lab or isolation table has ended (tests; shutdown does it too).
  void wait_for_background() {
    m_labs.race->wait();
    m_labs.load->wait();
    m_isolation->wait();
  }

  std::string tr(std::string_view key) const { return m_text.get(m_view.lang, key); }
  std::string tr(std::string_view key, const std::vector<std::pair<std::string, std::string>>& args) const {
    return m_text.format(m_view.lang, key, args);
  }
  void toast(const std::string& text, bool error = false);

 private:
  // What a change of the session redraws: the comparison (replayed only when what it runs changed) and
  // the notice.
  void after_session_change();
  void refresh_comparison();
  void refresh_notice();
  void step_forward();
  void run_actor(const std::string& actor);
  void set_model(Model model);
  void set_variant(const std::string& variant);
  void open_isolation_cell(const OpenIsolationCell& open);
  void start_isolation();
  // A new session for the file (an SQL scenario or a case), under the model, variant and backend shown.
  std::unique_ptr<LabSession> session_for(const std::string& file) const;
  // Switches to `backend` now, or once PostgreSQL's server has started in the background.
  void choose_backend(Backend backend);
  // The session moves to the chosen backend when its server is ready; a banner says when it cannot.
  void follow_backend();
  void choose_backend_server(Backend backend);
  void take_screenshot();
  void save_preset(const std::string& title);
  void undo();
  // The bundled cases, then the user's copies.
  void read_catalog();
  void remember_recent(const std::string& file);
  void save_trace_markdown();
  void start_exploring();
  void load_explored_order(const LoadExploredOrder& load);
  void save_sql_permutation(const std::string& title);
  void check_reload();
  void report_preset_problems();
  std::string output_dir(std::string& error) const;

  void log_command(const Command& command);

  Platform& m_platform;
  std::unique_ptr<std::ofstream> m_command_log;
  mutable Settings m_settings;
  UiText m_text;
  std::string m_strings_error;
  ViewState m_view;
  UiFonts m_fonts;
  bool m_fonts_dirty = true;
  std::vector<ScenarioEntry> m_catalog;
  std::vector<std::string> m_bundled_texts;  // the bundled cases' texts, for the font atlas
  std::unique_ptr<LabSession> m_session;
  // The orders, times and presets Undo brings back, the latest last (for the scenario open now).
  std::vector<LabSession::OrderState> m_undo;
  Comparisons m_comparisons;
  std::filesystem::file_time_type m_file_time{};
  double m_next_reload_check = 0;
  int m_revision = 0;
  LiveLabs m_labs;  // closing the app cancels a running race or load lab and waits for it
  int m_race_revision = 0;
  double m_next_race_refresh = 0;
  std::unique_ptr<Explorer> m_explorer;
  std::unique_ptr<SqlExplorer> m_sql_explorer;
  int m_load_revision = 0;
  double m_next_load_refresh = 0;
  // The platform's (Platform::isolation_runner): closing the app cancels a table being built and waits.
  std::unique_ptr<IsolationRunner> m_isolation;
  int m_isolation_revision = 0;
  std::string m_pending_variant;  // an SQL scenario's variant to show once its server has started
};

}  // namespace reslab
