#include "app/panels/file_dialog_panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <filesystem>

#include "app/panels/widgets.hpp"
#include "app/platform/platform_paths.hpp"
#include "app/session/saved_presets.hpp"
#include "app/text/wrapped_text.hpp"
#include "core/sim/scenario_library.hpp"

namespace reslab {
namespace {

namespace fs = std::filesystem;

void go_to(FileDialogState& state, const std::string& folder) {
  state.listing = list_folder(folder);
  state.path = state.listing.folder;
}

// The places a dialog starts from, those that exist: the current file's folder, home, the user's
// copies, the bundled cases.
std::vector<std::pair<std::string, std::string>> places(const PanelContext& ctx) {
  std::vector<std::pair<std::string, std::string>> found;
  const auto add = [&](const std::string& key, const std::string& folder) {
    std::error_code error;
    if (!folder.empty() && fs::is_directory(folder, error)) found.emplace_back(ctx.tr(key), folder);
  };
  add("files.this_folder", fs::path(ctx.session().scenario().file).parent_path().string());
  add("files.home", home_folder());
  add("files.yours", user_scenario_dir());
  const auto bundled = bundled_scenario_files();
  if (!bundled.empty()) add("files.bundled", fs::path(bundled.front()).parent_path().string());
  return found;
}

}  // namespace

void draw_file_dialog_panel(const PanelContext& ctx, FileDialogState& state) {
  const std::string title = ctx.tr("files.title") + "###file_dialog";
  if (state.open_now) {
    state.open_now = false;
    go_to(state, fs::path(ctx.session().scenario().file).parent_path().string());
    ImGui::OpenPopup(title.c_str());
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(display.x * 0.9f, ImGui::GetFontSize() * 44),
                                  std::min(display.y * 0.85f, ImGui::GetFontSize() * 30)),
                           ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_NoSavedSettings)) return;

  bool open_file = false;
  // The path: a folder to go to, or a file to open (Enter does either).
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::InputText("##dialog_path", &state.path, ImGuiInputTextFlags_EnterReturnsTrue)) {
    std::error_code error;
    if (fs::is_directory(state.path, error))
      go_to(state, state.path);
    else
      open_file = true;
  }
  record_item(ctx.tr("files.path"));
  if (button(ctx.tr("files.up"))) go_to(state, parent_folder(state.listing.folder));
  for (const auto& [name, folder] : places(ctx)) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(name.c_str()).x + ImGui::GetFontSize())
      ImGui::NewLine();
    if (button(name + "##place")) go_to(state, folder);
  }

  // The folder's entries; the files opened lately below them.
  const float footer = ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetStyle().ItemSpacing.y;
  ImGui::BeginChild("entries", ImVec2(0, -footer), true);
  if (!state.listing.error.empty()) colored_wrapped(ctx.colors.broken_text, state.listing.error);
  std::string enter;  // a folder clicked: gone to after the listing is drawn, not while it is read
  for (const auto& folder : state.listing.folders) {
    if (ImGui::Selectable((folder + "/").c_str(), false,
                          ImGuiSelectableFlags_AllowDoubleClick | ImGuiSelectableFlags_DontClosePopups))
      enter = (fs::path(state.listing.folder) / folder).string();
    record_item(folder + "/");
    record_label(folder + "/");
  }
  for (const auto& file : state.listing.files) {
    const std::string path = (fs::path(state.listing.folder) / file).string();
    if (ImGui::Selectable(file.c_str(), state.path == path,
                          ImGuiSelectableFlags_AllowDoubleClick | ImGuiSelectableFlags_DontClosePopups)) {
      state.path = path;
      if (ImGui::IsMouseDoubleClicked(0)) open_file = true;
    }
    record_item(file);
    record_label(file);
  }
  if (state.listing.folders.empty() && state.listing.files.empty() && state.listing.error.empty())
    muted_text(ctx.tr("files.empty"));
  if (!enter.empty()) go_to(state, enter);
  const auto& recent = ctx.app.settings().recent_files;
  if (!recent.empty()) {
    ImGui::Separator();
    muted_text(ctx.tr("files.recent"));
    for (const auto& file : recent) {
      if (ImGui::Selectable((file + "##recent").c_str(), state.path == file,
                            ImGuiSelectableFlags_AllowDoubleClick | ImGuiSelectableFlags_DontClosePopups)) {
        state.path = file;
        if (ImGui::IsMouseDoubleClicked(0)) open_file = true;
      }
      record_item(file);
    }
  }
  ImGui::EndChild();

  std::error_code error;
  const bool is_file = fs::is_regular_file(state.path, error);
  if (button(ctx.tr("files.open"), is_file)) open_file = true;
  ImGui::SameLine();
  if (button(ctx.tr("files.cancel"))) ImGui::CloseCurrentPopup();
  if (open_file && !state.path.empty()) {
    ctx.send(OpenScenario{state.path});
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace reslab
