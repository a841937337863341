#pragma once
// What panels ask for. Panels never change the session or the options while
// drawing; they return commands, and the app applies them between frames.
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/labs/load/lab.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

struct StepForward {};
struct StepBack {};
struct ResetSteps {};
struct JumpTo {
  int step = 0;
};
struct RunActor {
  std::string actor;
};
struct SetModel {
  Model model = Model::atomic;
};
struct SetBackend {
  Backend backend = Backend::sqlite;
};
// The compare view: the other model on the same backend, or the same model on the other backend.
struct ToggleCompareBackends {};
struct ChoosePreset {
  std::string name;
};
struct UseOrder {
  std::string preset;  // may be empty
  std::vector<std::string> order;
};
// The order and times shown, kept as a preset of the user's own copy of the scenario file.
struct SavePreset {
  std::string title;
};
// The preset as its file gives it: its order and times, nothing moved.
struct RestorePreset {};
// Back to the order, times and preset before the last change of them.
struct Undo {};
struct MoveEvent {
  std::string event;
  std::int64_t seconds = 0;
};
struct OpenScenario {
  std::string name_or_path;  // a bundled id or a .toml file
};
struct DismissError {};
struct TogglePlay {};
struct TogglePredict {};  // turns predict mode on, reveals a hidden result, or turns it off
struct RevealStep {};
struct ToggleCompare {};
struct SetLanguage {
  Lang lang = Lang::en;
};
struct SetDarkTheme {
  bool dark = false;
};
struct ZoomBy {
  int steps = 0;  // +1 bigger, -1 smaller, 0 back to 100%
};
struct SetPlaySpeed {
  double seconds_per_step = 1.5;
};
struct SetScreenshotScale {
  int scale = 1;
};
struct SetScreenshotDir {
  std::string dir;
};
struct TakeScreenshot {};
struct SaveTraceMarkdown {};
struct CopyOrder {};
struct ToggleFullScreen {};
struct ShowHelp {};
struct CloseHelp {};
// Presentation mode: the toolbar hidden, the case filling the screen with larger text (F5; Esc leaves).
struct SetPresenting {
  bool on = false;
};
// A blank screen, as a presenter's remote asks for (B or .); any key brings the lab back.
struct ToggleBlank {};
struct ToggleRacePanel {};
// T1's live race, run in the background on a temporary database.
struct StartRace {
  int threads = 16;
  int rounds = 200;
  Model model = Model::atomic;
  Backend backend = Backend::sqlite;
};
struct CancelRace {};
struct ToggleLoadPanel {};
// L1's load lab, run in the background on a temporary database file.
struct StartLoad {
  LoadOptions options;
};
struct CancelLoad {};
// The All orders window: every order of the preset's events, explored a slice per frame.
struct ToggleOrdersPanel {};
struct ExploreOrders {};
struct CancelExplore {};
// One explored order in the main window, at the step worth seeing (its first harmful one). An SQL
// scenario's is an interleaving under a variant, shown at its last step.
struct LoadExploredOrder {
  Model model = Model::atomic;
  std::string preset;  // empty: every event of the file
  std::vector<std::string> order;
  int step = 0;
  std::string variant;           // an SQL scenario's: the variant it ran under
  std::size_t interleaving = 0;  // an SQL scenario's: its number among the interleavings
};

// An SQL scenario's variant (its id) in place of the model; the variant beside it in the compare view.
struct SetVariant {
  std::string variant;
};
struct SetComparedVariant {
  std::string variant;
};
// An SQL scenario's interleaving by number, past the presets too.
struct UseInterleaving {
  std::size_t number = 1;
};
// The Isolation window: Hermitage's table for the backend shown, built in the background.
struct ToggleIsolationPanel {};
struct RunIsolation {};
struct CancelIsolation {};
// A cell of that table in the main window: the test (its file) stepped under that variant.
struct OpenIsolationCell {
  std::string file;
  std::string variant;
};

using Command =
    std::variant<StepForward, StepBack, ResetSteps, JumpTo, RunActor, SetModel, SetBackend,
                 ToggleCompareBackends, ChoosePreset, UseOrder, SavePreset, RestorePreset, Undo, MoveEvent,
                 OpenScenario, DismissError, TogglePlay, TogglePredict, RevealStep, ToggleCompare,
                 SetLanguage, SetDarkTheme, ZoomBy, SetPlaySpeed, SetScreenshotScale, SetScreenshotDir,
                 TakeScreenshot, SaveTraceMarkdown, CopyOrder, ToggleFullScreen, ShowHelp, CloseHelp,
                 SetPresenting, ToggleBlank, ToggleRacePanel, StartRace, CancelRace, ToggleLoadPanel,
                 StartLoad, CancelLoad, ToggleOrdersPanel, ExploreOrders, CancelExplore, LoadExploredOrder,
                 SetVariant, SetComparedVariant, UseInterleaving, ToggleIsolationPanel, RunIsolation,
                 CancelIsolation, OpenIsolationCell>;
using Commands = std::vector<Command>;

// The command's type name ("StepForward"), for the command log.
std::string_view command_name(const Command& command);

}  // namespace reslab
