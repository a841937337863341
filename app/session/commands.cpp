#include "app/session/commands.hpp"

#include <array>

namespace reslab {

namespace {
// In the order of the variant's alternatives.
constexpr std::array<std::string_view, std::variant_size_v<Command>> kNames{
    "StepForward",
    "StepBack",
    "ResetSteps",
    "JumpTo",
    "RunActor",
    "SetModel",
    "SetBackend",
    "ToggleCompareBackends",
    "ChoosePreset",
    "UseOrder",
    "SavePreset",
    "RestorePreset",
    "Undo",
    "MoveEvent",
    "OpenScenario",
    "DismissError",
    "TogglePlay",
    "TogglePredict",
    "RevealStep",
    "ToggleCompare",
    "SetLanguage",
    "SetDarkTheme",
    "ZoomBy",
    "SetPlaySpeed",
    "SetScreenshotScale",
    "SetScreenshotDir",
    "TakeScreenshot",
    "SaveTraceMarkdown",
    "CopyOrder",
    "ToggleFullScreen",
    "ShowHelp",
    "CloseHelp",
    "SetPresenting",
    "ToggleBlank",
    "ToggleRacePanel",
    "StartRace",
    "CancelRace",
    "ToggleLoadPanel",
    "StartLoad",
    "CancelLoad",
    "ToggleOrdersPanel",
    "ExploreOrders",
    "CancelExplore",
    "LoadExploredOrder",
    "SetVariant",
    "SetComparedVariant",
    "UseInterleaving",
    "ToggleIsolationPanel",
    "RunIsolation",
    "CancelIsolation",
    "OpenIsolationCell",
};
}  // namespace

std::string_view command_name(const Command& command) {
  return kNames[command.index()];
}

}  // namespace reslab
