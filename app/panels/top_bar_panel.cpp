// [SECTION] index: scenario picker · model and modes · view · output
#include "app/panels/top_bar_panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstdio>

#include "app/platform_paths.hpp"
#include "app/widgets.hpp"

namespace reslab {
namespace {

// [SECTION] scenario picker
void draw_scenario_picker(const PanelContext& ctx) {
  const Scenario& scenario = ctx.session().scenario();
  const std::string current = scenario.title.empty() ? scenario.id : scenario.title.in(ctx.lang());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 17);
  if (ImGui::BeginCombo("##scenario", current.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (const auto& entry : ctx.app.catalog()) {
      const std::string title = entry.title.empty() ? entry.id : entry.title.in(ctx.lang());
      if (ImGui::Selectable((title + "##" + entry.file).c_str(), entry.file == scenario.file))
        ctx.send(OpenScenario{entry.file});
      record_item(title);
    }
    ImGui::Separator();
    ImGui::TextUnformatted(ctx.tr("top.open_file").c_str());
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 20);
    const bool entered = ImGui::InputTextWithHint("##path", "/path/to/case.toml", &ctx.edits.scenario_path,
                                                  ImGuiInputTextFlags_EnterReturnsTrue);
    record_item(ctx.tr("top.scenario_path"));
    ImGui::SameLine();
    if ((button(ctx.tr("top.open")) || entered) && !ctx.edits.scenario_path.empty()) {
      ctx.send(OpenScenario{ctx.edits.scenario_path});
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndCombo();
  }
  record_item(ctx.tr("top.scenario"));
}

// [SECTION] model and modes
void draw_modes(const PanelContext& ctx) {
  const Model model = ctx.session().model();
  if (toggle_button(ctx.model_label(Model::naive), model == Model::naive)) ctx.send(SetModel{Model::naive});
  ImGui::SameLine(0, 0);
  if (toggle_button(ctx.model_label(Model::atomic), model == Model::atomic))
    ctx.send(SetModel{Model::atomic});
  ImGui::SameLine();
  // The backend: the session's, or the one chosen while PostgreSQL's server starts.
  const Backend backend = ctx.view().backend;
  if (toggle_button(ctx.tr("backend.sqlite"), backend == Backend::sqlite))
    ctx.send(SetBackend{Backend::sqlite});
  ImGui::SameLine(0, 0);
  if (toggle_button(ctx.tr("backend.postgres"), backend == Backend::postgres))
    ctx.send(SetBackend{Backend::postgres});
  if (!ctx.view().backend_status.empty() && !ctx.view().backend_unavailable) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", ctx.view().backend_status.c_str());
  }
  ImGui::SameLine();
  if (toggle_button(ctx.tr("top.compare"), ctx.view().compare)) ctx.send(ToggleCompare{});
  if (ctx.view().compare) {
    ImGui::SameLine(0, 0);
    if (toggle_button(ctx.tr("top.compare_backends"), ctx.view().compare_backends))
      ctx.send(ToggleCompareBackends{});
  }
  ImGui::SameLine();
  if (toggle_button(ctx.tr("top.predict"), ctx.view().predict)) ctx.send(TogglePredict{});
  ImGui::SameLine();
  if (toggle_button(ctx.tr("race.open"), ctx.view().race_open)) ctx.send(ToggleRacePanel{});
  ImGui::SameLine(0, 0);
  if (toggle_button(ctx.tr("load.open"), ctx.view().load_open)) ctx.send(ToggleLoadPanel{});
  if (ctx.view().result_hidden(ctx.session().cursor())) {
    ImGui::SameLine();
    if (button(ctx.tr("top.reveal"))) ctx.send(RevealStep{});
  }
}

// [SECTION] view
void draw_view_options(const PanelContext& ctx) {
  if (toggle_button("中文", ctx.lang() == Lang::zh)) ctx.send(SetLanguage{Lang::zh});
  ImGui::SameLine(0, 0);
  if (toggle_button("English", ctx.lang() == Lang::en)) ctx.send(SetLanguage{Lang::en});
  ImGui::SameLine();
  if (button("A-")) ctx.send(ZoomBy{-1});
  ImGui::SameLine(0, 2);
  char zoom[16];
  std::snprintf(zoom, sizeof zoom, "%d%%", static_cast<int>(ctx.view().zoom * 100 + 0.5f));
  if (button(std::string(zoom) + "##zoom")) ctx.send(ZoomBy{0});
  ImGui::SameLine(0, 2);
  if (button("A+")) ctx.send(ZoomBy{+1});
  ImGui::SameLine();
  if (button(ctx.view().dark ? ctx.tr("top.light") : ctx.tr("top.dark")))
    ctx.send(SetDarkTheme{!ctx.view().dark});
}

// [SECTION] output
void draw_output(const PanelContext& ctx) {
  if (button(ctx.tr("top.screenshot"))) ctx.send(TakeScreenshot{});
  ImGui::SameLine(0, 2);
  if (button(ctx.tr("top.output_options") + "##output")) ImGui::OpenPopup("output_options");
  record_item(ctx.tr("top.output_options"));
  if (ImGui::BeginPopup("output_options")) {
    ImGui::TextUnformatted(ctx.tr("top.screenshot_scale").c_str());
    ImGui::SameLine();
    if (toggle_button("1x", ctx.view().screenshot_scale == 1)) ctx.send(SetScreenshotScale{1});
    ImGui::SameLine(0, 0);
    if (toggle_button("2x", ctx.view().screenshot_scale == 2)) ctx.send(SetScreenshotScale{2});
    if (!ctx.edits.screenshot_dir_loaded) {
      ctx.edits.screenshot_dir =
          ctx.view().screenshot_dir.empty() ? default_pictures_dir() : ctx.view().screenshot_dir;
      ctx.edits.screenshot_dir_loaded = true;
    }
    ImGui::TextUnformatted(ctx.tr("top.folder").c_str());
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    if (ImGui::InputText("##folder", &ctx.edits.screenshot_dir))
      ctx.send(SetScreenshotDir{ctx.edits.screenshot_dir});
    record_item(ctx.tr("top.folder"));
    if (button(ctx.tr("top.save_markdown"))) ctx.send(SaveTraceMarkdown{});
    ImGui::SameLine();
    if (button(ctx.tr("controls.copy_order"))) ctx.send(CopyOrder{});
    ImGui::EndPopup();
  } else {
    ctx.edits.screenshot_dir_loaded = false;
  }
  ImGui::SameLine();
  if (button(ctx.tr("top.help") + " (?)")) ctx.send(ShowHelp{});
}

}  // namespace

void draw_top_bar_panel(const PanelContext& ctx) {
  draw_scenario_picker(ctx);
  ImGui::SameLine();
  draw_modes(ctx);
  ImGui::SameLine();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  draw_view_options(ctx);
  ImGui::SameLine();
  draw_output(ctx);
}

}  // namespace reslab
