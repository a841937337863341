// [SECTION] index: construction · scenarios · commands · (SQL scenarios and backends: lab_app_backends.cpp) ·
// play, toasts, reload · fonts (screenshots and the Markdown trace: lab_app_files.cpp; every order:
// lab_app_orders.cpp; Save as preset and Undo: lab_app_presets.cpp)
#include "app/lab_app.hpp"

#include <algorithm>
#include <cstdio>
#include <system_error>

#include "app/platform/platform_paths.hpp"
#include "app/session/saved_presets.hpp"
#include "app/text/text_file.hpp"
#include "core/sim/case_family.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/message_catalog.hpp"
#include "core/sim/preset_check.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/servers.hpp"
#include "core/sim/sql_scenario_loader.hpp"

namespace reslab {
namespace {

constexpr double kToastSeconds = 4.0;
constexpr double kReloadCheckSeconds = 1.0;
constexpr float kZoomStep = 1.1f;
constexpr float kZoomMin = 0.6f, kZoomMax = 2.5f;
// While a race runs its progress is redrawn this often, not at every round: on 2 cores with a
// software GL renderer each frame takes CPU from the racing threads (10 Hz cost a third of their speed).
constexpr double kRaceRefreshSeconds = 0.25;
constexpr double kBackendPollSeconds = 0.1;  // while a server starts
constexpr std::size_t kUndoDepth = 64;
// How long a frame may spend exploring orders before it draws (about one frame at 60 Hz).
constexpr double kExploreSliceSeconds = 0.012;

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

std::filesystem::file_time_type modified_time(const std::string& file) {
  std::error_code error;
  auto time = std::filesystem::last_write_time(file, error);
  return error ? std::filesystem::file_time_type{} : time;
}

// The Chinese texts of a scenario file, whose characters the font atlas needs.
void add_scenario_texts(const Scenario& scenario, std::vector<std::string>& texts) {
  for (const LocalizedText* text :
       {&scenario.title, &scenario.summary, &scenario.naive_model, &scenario.atomic_model})
    texts.push_back(text->zh);
  for (const auto& actor : scenario.actors) texts.push_back(actor.name.zh);
  for (const auto& event : scenario.events) {
    texts.push_back(event.note.zh);
    texts.push_back(event.label.zh);
  }
  for (const auto& preset : scenario.presets) texts.push_back(preset.title.zh);
  for (const auto& question : scenario.questions) texts.push_back(question.zh);
}

std::shared_ptr<const Scenario> load_scenario(const std::string& name_or_path) {
  return std::make_shared<const Scenario>(load_scenario_file(resolve_scenario(name_or_path)));
}

// The texts of an SQL scenario the window shows besides its case view's: its variants' words.
void add_sql_scenario_texts(const SqlScenario& scenario, std::vector<std::string>& texts) {
  for (const auto& variant : scenario.variants) {
    texts.push_back(variant.level);
    texts.push_back(variant.explanation.zh);
  }
}

}  // namespace

// [SECTION] construction
LabApp::LabApp(Platform& platform, Settings settings, const std::string& scenario_name)
    : m_platform(platform),
      m_settings(std::move(settings)),
      m_labs(platform.live_labs()),
      m_isolation(platform.isolation_runner()) {
  m_strings_error = m_text.load_installed();
  m_view.lang = lang_from_environment();
  if (!m_settings.lang.empty()) parse_lang(m_settings.lang, m_view.lang);
  m_view.dark = m_settings.theme == "dark";
  m_view.zoom = m_settings.zoom;
  m_view.compare = m_settings.compare;
  m_view.compare_backends = m_settings.compare_backends;
  parse_backend(m_settings.backend, m_view.backend);
  m_view.seconds_per_step = m_settings.seconds_per_step;
  m_view.screenshot_scale = m_settings.screenshot_scale;
  m_view.screenshot_dir = m_settings.screenshot_dir;
  // PostgreSQL remembered from last time: its server starts in the background while SQLite shows the case.
  const Backend remembered = m_view.backend;
  m_view.backend = Backend::sqlite;

  read_catalog();

  std::string wanted = scenario_name.empty() ? m_settings.last_scenario : scenario_name;
  if (wanted.empty()) wanted = "h1";
  if (open_scenario(wanted).empty()) {
    if (needs_server(remembered)) choose_backend(remembered);
    return;
  }
  // The scenario used last time may be gone or broken: start on H1 and keep the error on screen.
  const std::string error = m_view.scenario_error;
  auto h1 = load_scenario("h1");  // throws when even the bundled H1 cannot be opened
  m_session = std::make_unique<LabSession>(h1);
  m_view.scenario_name = "h1";
  m_file_time = modified_time(h1->file);
  after_session_change();
  m_view.scenario_error = error;
  m_view.scenario_error_at_start = true;
  if (needs_server(remembered)) choose_backend(remembered);
}

// A file opened by path goes to the front of the recent list; the bundled cases and the user's own copies
// are in the picker already.
void LabApp::remember_recent(const std::string& file) {
  for (const auto& entry : m_catalog)
    if (entry.file == file) return;
  auto& recent = m_settings.recent_files;
  std::erase(recent, file);
  recent.insert(recent.begin(), file);
  if (recent.size() > Settings::kRecentFiles) recent.resize(Settings::kRecentFiles);
}

void LabApp::read_catalog() {
  m_catalog.clear();
  const bool texts = m_bundled_texts.empty();
  for (const auto& file : bundled_scenario_files()) {
    try {
      const Scenario scenario = load_scenario_file(file);
      m_catalog.push_back({scenario.id, file, scenario.title});
      if (texts) add_scenario_texts(scenario, m_bundled_texts);
    } catch (const std::exception&) {
      // A broken bundled file shows its error when picked; it does not stop the app.
      m_catalog.push_back({std::filesystem::path(file).stem().string(), file, {}});
    }
  }
  // The isolation lab's tests, SQL scenarios stepped like the cases.
  for (const auto& file : isolation_scenario_files()) {
    try {
      const SqlScenario scenario = load_sql_scenario_file(file);
      m_catalog.push_back({scenario.id, file, scenario.title, false, true});
      if (texts) {
        add_scenario_texts(sql_case_view(scenario), m_bundled_texts);
        add_sql_scenario_texts(scenario, m_bundled_texts);
      }
    } catch (const std::exception&) {
      m_catalog.push_back({std::filesystem::path(file).stem().string(), file, {}, false, true});
    }
  }
  for (const auto& file : user_scenario_files()) {
    try {
      if (is_sql_scenario_file(file)) {
        const SqlScenario scenario = load_sql_scenario_file(file);
        m_catalog.push_back({scenario.id, file, scenario.title, true});
        continue;
      }
      const Scenario scenario = load_scenario_file(file);
      m_catalog.push_back({scenario.id, file, scenario.title, true});
    } catch (const std::exception&) {
      m_catalog.push_back({std::filesystem::path(file).stem().string(), file, {}, true});
    }
  }
}

const Settings& LabApp::settings() const {
  m_settings.lang = std::string(lang_code(m_view.lang));
  m_settings.theme = m_view.dark ? "dark" : "light";
  m_settings.zoom = m_view.zoom;
  m_settings.compare = m_view.compare;
  m_settings.compare_backends = m_view.compare_backends;
  m_settings.backend = std::string(backend_name(m_view.backend));
  m_settings.seconds_per_step = m_view.seconds_per_step;
  m_settings.screenshot_scale = m_view.screenshot_scale;
  m_settings.screenshot_dir = m_view.screenshot_dir;
  m_settings.last_scenario = m_view.scenario_name;
  return m_settings;
}

// [SECTION] scenarios
std::unique_ptr<LabSession> LabApp::session_for(const std::string& file) const {
  const Backend backend = m_session ? m_session->backend() : Backend::sqlite;
  if (is_sql_scenario_file(file))
    return std::make_unique<LabSession>(std::make_shared<const SqlScenario>(load_sql_scenario_file(file)), "",
                                        backend);
  return std::make_unique<LabSession>(std::make_shared<const Scenario>(load_scenario_file(file)),
                                      m_session ? m_session->model() : Model::atomic, backend);
}

std::string LabApp::open_scenario(const std::string& name_or_path) {
  try {
    auto session = session_for(resolve_scenario(name_or_path));
    const Scenario* scenario = &session->scenario();
    if (!m_session || m_session->scenario().file != scenario->file) m_undo.clear();
    remember_recent(scenario->file);
    m_session = std::move(session);
    // An SQL scenario may not have a variant on the backend shown: the toggle follows its variant's.
    if (m_session->is_sql() && m_view.backend_status.empty()) m_view.backend = m_session->backend();
    m_view.scenario_name = name_or_path;
    m_view.scenario_error.clear();
    m_view.notice.clear();
    m_view.hidden_step = 0;
    m_view.playing = false;
    m_file_time = modified_time(scenario->file);
    if (!fonts_cover(m_fonts, glyph_texts())) m_fonts_dirty = true;  // the scenario's texts need new glyphs
    after_session_change();
    report_preset_problems();
    return {};
  } catch (const ScenarioError& e) {
    m_view.scenario_error = e.located_in(m_view.lang);
    m_view.scenario_error_at_start = false;
    return m_view.scenario_error;
  } catch (const std::exception& e) {
    m_view.scenario_error = e.what();
    m_view.scenario_error_at_start = false;
    return m_view.scenario_error;
  }
}

// What `reslab check` would say about the presets, as a warning the instructor sees while editing.
void LabApp::report_preset_problems() {
  if (m_session->is_sql()) return;  // `reslab check` holds an SQL scenario to its expectations instead
  std::string problems;
  for (const auto& problem : check_presets(m_session->scenario()))
    problems += (problems.empty() ? "" : "\n") + problem.text();
  if (!problems.empty()) toast(tr("toast.preset_problems", {{"problems", problems}}), true);
}

void LabApp::check_reload() {
  const std::string& file = m_session->scenario().file;
  const auto time = modified_time(file);
  if (time == m_file_time || time == std::filesystem::file_time_type{}) return;
  m_file_time = time;
  try {
    if (m_session->is_sql())
      m_session->replace_scenario(std::make_shared<const SqlScenario>(load_sql_scenario_file(file)));
    else
      m_session->replace_scenario(load_scenario(file));
    m_view.scenario_error.clear();
    m_view.hidden_step = 0;
    if (!fonts_cover(m_fonts, glyph_texts())) m_fonts_dirty = true;
    after_session_change();
    toast(tr("toast.reloaded", {{"file", file}}));
    report_preset_problems();
  } catch (const ScenarioError& e) {
    m_view.scenario_error = e.located_in(m_view.lang);
  } catch (const std::exception& e) {
    m_view.scenario_error = e.what();
  }
}

void LabApp::after_session_change() {
  refresh_comparison();
  refresh_notice();
}

void LabApp::refresh_comparison() {
  if (!m_view.compare) {
    m_comparisons.clear();
    m_view.compare_missing.clear();
    return;
  }
  m_comparisons.refresh(*m_session, m_view.compare_backends, compared_variant());
  // A backend left out says why, in the compare view itself.
  m_view.compare_missing.clear();
  for (const auto& missing : m_comparisons.missing()) {
    const std::string server(backend_display(missing.backend));
    m_view.compare_missing.push_back(
        missing.starting ? tr("backend.starting", {{"server", server}})
                         : tr("compare.missing", {{"server", server}, {"reason", missing.reason}}));
  }
}

void LabApp::refresh_notice() {
  const std::string& stopped = m_session->stopped();
  const SqlVariant* variant = m_session->variant();
  m_view.notice =
      stopped.empty()
          ? std::string()
          : tr("notice.stopped",
               {{"model", variant ? level_text(variant->level, m_view.lang)
                                  : tr(m_session->model() == Model::naive ? "model.naive" : "model.atomic")},
                {"step", std::to_string(m_session->step_count() + 1)},
                {"reason", stopped}});
}

// [SECTION] commands
void LabApp::step_forward() {
  if (m_view.result_hidden(m_session->cursor())) {
    m_view.hidden_step = 0;  // the first press reveals what the class predicted
    return;
  }
  const int before = m_session->cursor();
  const std::string message = m_session->step_forward();
  if (m_session->cursor() == before) {
    m_view.playing = false;
    toast(message.empty() ? tr("toast.finished") : message);
  }
  if (m_view.predict && m_session->cursor() > before) m_view.hidden_step = m_session->cursor();
  after_session_change();
}

void LabApp::run_actor(const std::string& actor) {
  const int before = m_session->cursor();
  const std::string message = m_session->run_actor(actor);
  if (!message.empty()) toast(message, true);
  m_view.hidden_step = m_view.predict && m_session->cursor() > before ? m_session->cursor() : 0;
  after_session_change();
}

void LabApp::set_model(Model model) {
  m_session->set_model(model);
  m_view.hidden_step = 0;
  after_session_change();
}

void LabApp::apply(const Commands& commands) {
  for (const auto& command : commands) apply(command);
}

void LabApp::apply(const Command& command) {
  // A change of the order, the times or the preset can be undone: what was shown before it is kept.
  const bool order_change =
      std::holds_alternative<RunActor>(command) || std::holds_alternative<MoveEvent>(command) ||
      std::holds_alternative<ChoosePreset>(command) || std::holds_alternative<UseOrder>(command) ||
      std::holds_alternative<ResetSteps>(command) || std::holds_alternative<RestorePreset>(command) ||
      std::holds_alternative<LoadExploredOrder>(command) || std::holds_alternative<UseInterleaving>(command);
  const LabSession::OrderState before = m_session->order_state();
  const auto scenario_before = m_session->scenario_ptr();
  try {
    std::visit(
        Overloaded{
            [&](const StepForward&) { step_forward(); },
            [&](const StepBack&) {
              m_view.hidden_step = 0;
              m_session->step_back();
            },
            [&](const ResetSteps&) {
              m_view.hidden_step = 0;
              m_view.playing = false;
              m_session->reset();
            },
            [&](const JumpTo& jump) {
              m_view.hidden_step = 0;
              m_session->jump_to(jump.step);
            },
            [&](const RunActor& run) { run_actor(run.actor); },
            [&](const SetModel& set) { set_model(set.model); },
            [&](const SetBackend& set) { choose_backend(set.backend); },
            [&](const ToggleCompareBackends&) {
              m_view.compare_backends = !m_view.compare_backends;
              m_view.compare = true;
              after_session_change();
            },
            [&](const ChoosePreset& choose) {
              if (auto error = m_session->choose_preset(choose.name); !error.empty()) toast(error, true);
              m_view.hidden_step = 0;
              after_session_change();
            },
            [&](const SavePreset& save) { save_preset(save.title); },
            [&](const RestorePreset&) {
              m_session->restore_preset();
              m_view.hidden_step = 0;
              after_session_change();
            },
            [&](const Undo&) { undo(); },
            [&](const UseOrder& use) {
              m_session->use_order(use.preset, use.order);
              m_view.hidden_step = 0;
              after_session_change();
            },
            [&](const MoveEvent& move) {
              // A time the event carries is a fact of the case: say which, in the user's language.
              if (const TimeFloor floor = m_session->earliest(move.event); move.seconds < floor.seconds) {
                toast(tr("toast.move_refused", {{"event", move.event},
                                                {"seconds", std::to_string(move.seconds)},
                                                {"fact", floor.argument},
                                                {"earliest", std::to_string(floor.seconds)}}),
                      true);
                return;
              }
              if (auto error = m_session->move_event(move.event, move.seconds); !error.empty())
                toast(error, true);
              m_view.hidden_step = 0;
              after_session_change();
            },
            [&](const OpenScenario& open) { open_scenario(open.name_or_path); },
            [&](const DismissError&) {
              m_view.scenario_error.clear();
              m_view.scenario_error_at_start = false;
            },
            [&](const TogglePlay&) {
              m_view.playing = !m_view.playing;
              m_view.next_play_at = m_platform.now() + m_view.seconds_per_step;
            },
            [&](const TogglePredict&) {
              if (!m_view.predict) {
                m_view.predict = true;
              } else if (m_view.hidden_step != 0) {
                m_view.hidden_step = 0;
              } else {
                m_view.predict = false;
              }
            },
            [&](const RevealStep&) { m_view.hidden_step = 0; },
            [&](const ToggleCompare&) {
              m_view.compare = !m_view.compare;
              after_session_change();
            },
            [&](const SetLanguage& set) {
              m_view.lang = set.lang;
              refresh_notice();  // the notice is text
            },
            [&](const SetDarkTheme& set) { m_view.dark = set.dark; },
            [&](const ZoomBy& zoom) {
              const float next = zoom.steps == 0  ? 1.0f
                                 : zoom.steps > 0 ? m_view.zoom * kZoomStep
                                                  : m_view.zoom / kZoomStep;
              m_view.zoom = std::clamp(next, kZoomMin, kZoomMax);
              m_fonts_dirty = true;
            },
            [&](const SetPlaySpeed& set) {
              m_view.seconds_per_step = std::clamp(set.seconds_per_step, 0.2, 10.0);
            },
            [&](const SetScreenshotScale& set) { m_view.screenshot_scale = set.scale >= 2 ? 2 : 1; },
            [&](const SetScreenshotDir& set) { m_view.screenshot_dir = set.dir; },
            [&](const TakeScreenshot&) { take_screenshot(); },
            [&](const SaveTraceMarkdown&) { save_trace_markdown(); },
            [&](const CopyOrder&) {
              const std::string order = m_session->order_argument();
              m_platform.set_clipboard(order);
              toast(tr("toast.order_copied", {{"order", order}}));
            },
            [&](const ToggleFullScreen&) { m_platform.toggle_full_screen(); },
            [&](const ShowHelp&) { m_view.help_open = true; },
            [&](const CloseHelp&) { m_view.help_open = false; },
            [&](const SetPresenting& set) {
              m_view.presenting = set.on;
              m_fonts_dirty = true;  // presentation text is larger
            },
            [&](const ToggleBlank&) { m_view.blank = !m_view.blank; },
            [&](const ToggleRacePanel&) { m_view.race_open = !m_view.race_open; },
            [&](const StartRace& start) {
              RaceOptions options;
              options.threads = start.threads;
              options.rounds = start.rounds;
              options.model = start.model;
              options.backend = start.backend;
              if (const std::string error = m_labs.race->start(options); !error.empty()) toast(error, true);
            },
            [&](const CancelRace&) { m_labs.race->cancel(); },
            [&](const ToggleLoadPanel&) { m_view.load_open = !m_view.load_open; },
            [&](const StartLoad& start) {
              if (const std::string error = m_labs.load->start(start.options); !error.empty())
                toast(error, true);
            },
            [&](const CancelLoad&) { m_labs.load->cancel(); },
            [&](const ToggleOrdersPanel&) {
              m_view.orders_open = !m_view.orders_open;
              // Opening the window runs every order of what is shown, unless that has run already.
              const bool current = m_session->is_sql() ? sql_explorer_is_current() : explorer_is_current();
              if (m_view.orders_open && !current) start_exploring();
            },
            [&](const ExploreOrders&) { start_exploring(); },
            [&](const CancelExplore&) {
              if (m_explorer) m_explorer->cancel();
              if (m_sql_explorer) m_sql_explorer->cancel();
            },
            [&](const LoadExploredOrder& load) { load_explored_order(load); },
            [&](const SetVariant& set) { set_variant(set.variant); },
            [&](const SetComparedVariant& set) {
              m_view.compared_variant = set.variant;
              m_view.compare = true;
              after_session_change();
            },
            [&](const UseInterleaving& use) {
              if (auto error = m_session->use_interleaving(use.number); !error.empty()) toast(error, true);
              m_view.hidden_step = 0;
              after_session_change();
            },
            [&](const ToggleIsolationPanel&) {
              m_view.isolation_open = !m_view.isolation_open;
              // Opening the window builds the table of the backend shown, unless it is there.
              const auto status = m_isolation->status();
              const bool current = status.backend == m_session->backend() &&
                                   (status.state == IsolationRunner::State::running ||
                                    status.state == IsolationRunner::State::finished);
              if (m_view.isolation_open && !current) start_isolation();
            },
            [&](const RunIsolation&) { start_isolation(); },
            [&](const CancelIsolation&) { m_isolation->cancel(); },
            [&](const OpenIsolationCell& open) { open_isolation_cell(open); },
        },
        command);
  } catch (const std::exception& e) {
    // An engine error must never take the class down: show it and keep the last good state.
    toast(e.what(), true);
  }
  if (order_change && m_session->scenario_ptr() == scenario_before) {
    const LabSession::OrderState after = m_session->order_state();
    if (after.preset != before.preset || after.wanted != before.wanted || after.moved != before.moved) {
      m_undo.push_back(before);
      if (m_undo.size() > kUndoDepth) m_undo.erase(m_undo.begin());
    }
  }
  if (m_command_log) log_command(command);
}

std::string LabApp::log_commands(const std::string& path) {
  m_command_log.reset();
  if (path.empty()) return {};
  auto log = std::make_unique<std::ofstream>(path, std::ios::app);
  if (!*log) return "cannot write the command log " + path;
  m_command_log = std::move(log);
  return {};
}

void LabApp::log_command(const Command& command) {
  char zoom[16];
  std::snprintf(zoom, sizeof zoom, "%.2f", m_view.zoom);
  *m_command_log << command_name(command) << " -> step " << m_session->cursor() << "/"
                 << m_session->step_count() << " model "
                 << (m_session->variant() ? m_session->variant()->id
                                          : std::string(model_name(m_session->model())))
                 << " preset " << (m_session->preset().empty() ? "-" : m_session->preset()) << " predict "
                 << m_view.predict << " hidden " << m_view.hidden_step << " compare " << m_view.compare
                 << " playing " << m_view.playing << " presenting " << m_view.presenting << " blank "
                 << m_view.blank << " help " << m_view.help_open << " zoom " << zoom << " lang "
                 << lang_code(m_view.lang) << std::endl;
}

// [SECTION] play, toasts, reload
void LabApp::toast(const std::string& text, bool error) {
  m_view.toasts.push_back({text, error, m_platform.now() + kToastSeconds * (error ? 2 : 1)});
  if (m_view.toasts.size() > 4) m_view.toasts.erase(m_view.toasts.begin());
}

double LabApp::tick() {
  const double now = m_platform.now();
  double wait = -1;
  const auto wake_at = [&](double at) {
    const double seconds = std::max(0.0, at - now);
    wait = wait < 0 ? seconds : std::min(wait, seconds);
  };
  if (m_view.playing) {
    if (now >= m_view.next_play_at) {
      step_forward();
      // Play turns back to Play with the last step, not a step later.
      if (!m_view.result_hidden(m_session->cursor()) && !m_session->next_event()) m_view.playing = false;
      ++m_revision;
      m_view.next_play_at = now + m_view.seconds_per_step;
    }
    if (m_view.playing) wake_at(m_view.next_play_at);
  }
  if (m_explorer && !m_explorer->finished()) {
    // A slice a frame: the window stays responsive, and there is no thread (the browser has none).
    do {
      m_explorer->run(1);
    } while (!m_explorer->finished() && m_platform.now() - now < kExploreSliceSeconds);
    ++m_revision;
    if (!m_explorer->finished()) wake_at(now);
  }
  if (m_sql_explorer && !m_sql_explorer->finished()) {
    // Each order is a fresh lab: at least one a frame.
    do {
      m_sql_explorer->run(1);
    } while (!m_sql_explorer->finished() && m_platform.now() - now < kExploreSliceSeconds);
    ++m_revision;
    if (!m_sql_explorer->finished()) wake_at(now);
  }
  if (std::erase_if(m_view.toasts, [&](const Toast& toast) { return toast.until <= now; }) > 0) ++m_revision;
  for (const auto& toast : m_view.toasts) wake_at(toast.until);
  if (now >= m_next_reload_check) {
    m_next_reload_check = now + kReloadCheckSeconds;
    const std::string error = m_view.scenario_error;
    const auto scenario = m_session->scenario_ptr();
    check_reload();
    if (error != m_view.scenario_error || scenario != m_session->scenario_ptr()) ++m_revision;
  }
  wake_at(m_next_reload_check);
  const int race = m_labs.race->revision();
  if (race != m_race_revision && (!m_labs.race->running() || now >= m_next_race_refresh)) {
    m_race_revision = race;
    m_next_race_refresh = now + kRaceRefreshSeconds;
    ++m_revision;
  }
  // While a race runs, look again at its pace: that also notices its end, which no event says.
  if (m_labs.race->running()) wake_at(m_next_race_refresh);
  // The load lab the same way: redrawing at its pace would take CPU from the run it measures.
  const int load = m_labs.load->revision();
  if (load != m_load_revision && (!m_labs.load->running() || now >= m_next_load_refresh)) {
    m_load_revision = load;
    m_next_load_refresh = now + kRaceRefreshSeconds;
    ++m_revision;
  }
  if (m_labs.load->running()) wake_at(m_next_load_refresh);
  // The isolation table: a thread of its own on the desktop (redrawn at the race's pace), cells a frame in
  // the browser.
  if (m_isolation->running()) {
    const bool pumped = m_isolation->pump(kExploreSliceSeconds);
    wake_at(pumped ? now : now + kRaceRefreshSeconds);
  }
  if (const int isolation = m_isolation->revision(); isolation != m_isolation_revision) {
    m_isolation_revision = isolation;
    ++m_revision;
  }
  // PostgreSQL starting in the background: look again soon, and switch when it is ready.
  if (!m_view.backend_status.empty() && !m_view.backend_unavailable) {
    const std::string status = m_view.backend_status;
    follow_backend();
    if (status != m_view.backend_status) ++m_revision;
    if (!m_view.backend_status.empty() && !m_view.backend_unavailable) wake_at(now + kBackendPollSeconds);
  }
  // A server side by side still starting: its run joins the view once it is ready.
  if (m_view.compare && m_comparisons.waiting_for_server()) {
    const std::vector<std::string> missing = m_view.compare_missing;
    refresh_comparison();
    if (missing != m_view.compare_missing) ++m_revision;
    if (m_comparisons.waiting_for_server()) wake_at(now + kBackendPollSeconds);
  }
  return wait;
}

// [SECTION] fonts
std::vector<std::string> LabApp::glyph_texts() const {
  std::vector<std::string> texts = m_text.all_strings();
  for (const auto& table : message_tables())
    for (const auto& message : table) {
      texts.emplace_back(message.en);
      texts.emplace_back(message.zh);
    }
  // Every bundled case's too, so that picking another case needs no new atlas.
  texts.insert(texts.end(), m_bundled_texts.begin(), m_bundled_texts.end());
  add_scenario_texts(m_session->scenario(), texts);
  if (const SqlScenario* sql = m_session->sql_scenario()) add_sql_scenario_texts(*sql, texts);
  for (const CaseFamily* family : case_families())
    for (const auto& action : family->actions)
      texts.push_back(action.naive_label.zh + action.atomic_label.zh);
  for (const auto& action : lifecycle_actions())
    texts.push_back(action.naive_label.zh + action.atomic_label.zh);
  texts.push_back(m_view.scenario_error);
  return texts;
}

void LabApp::fonts_rebuilt(const UiFonts& fonts) {
  m_fonts = fonts;
  m_fonts_dirty = false;
}

}  // namespace reslab
