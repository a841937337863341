// [SECTION] index: what the bar shows · scenario picker · model and modes · view · output
#include "app/panels/top_bar_panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <string>

#include "app/platform_paths.hpp"
#include "app/widgets.hpp"

namespace reslab {
namespace {

// The width of framed buttons drawn side by side with `spacing` between them (the text after "##" is
// not shown, so it takes no room).
float buttons_width(std::initializer_list<std::string> labels, float spacing) {
  const float padding = ImGui::GetStyle().FramePadding.x * 2;
  float width = spacing * static_cast<float>(labels.size() - 1);
  for (const auto& label : labels) width += ImGui::CalcTextSize(label.c_str(), nullptr, true).x + padding;
  return width;
}

// The next group of `width` goes on this line if it fits, otherwise it starts the next one: on a narrow
// window the bar wraps between groups instead of losing its last buttons past the edge.
void same_line_if_fits(float width) {
  ImGui::SameLine();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
}

// [SECTION] what the bar shows
// What the bar shows after the scenario picker, read once a frame: the room its groups take is known
// before any is drawn.
struct BarLabels {
  std::string naive, atomic, sqlite, postgres, status, compare, compare_backends, predict, race, load, reveal;
  std::string zoom, theme, screenshot, more, help;
  bool comparing = false;
  bool revealing = false;
  // How wide each group after the picker is drawn, in drawing order (0 for a group not shown).
  struct Widths {
    float models, backends, status, compare, predict, labs, reveal, divider, language, zoom, theme, output,
        help;
  } width{};
};

BarLabels bar_labels(const PanelContext& ctx) {
  BarLabels bar;
  bar.naive = ctx.model_label(Model::naive);
  bar.atomic = ctx.model_label(Model::atomic);
  bar.sqlite = ctx.tr("backend.sqlite");
  bar.postgres = ctx.tr("backend.postgres");
  if (!ctx.view().backend_unavailable) bar.status = ctx.view().backend_status;
  bar.compare = ctx.tr("top.compare");
  bar.compare_backends = ctx.tr("top.compare_backends");
  bar.predict = ctx.tr("top.predict");
  bar.race = ctx.tr("race.open");
  bar.load = ctx.tr("load.open");
  bar.reveal = ctx.tr("top.reveal");
  char zoom[16];
  std::snprintf(zoom, sizeof zoom, "%d%%", static_cast<int>(ctx.view().zoom * 100 + 0.5f));
  bar.zoom = std::string(zoom) + "##zoom";
  bar.theme = ctx.view().dark ? ctx.tr("top.light") : ctx.tr("top.dark");
  bar.screenshot = ctx.tr("top.screenshot");
  bar.more = ctx.tr("top.output_options") + "##output";
  bar.help = ctx.tr("top.help") + " (?)";
  bar.comparing = ctx.view().compare;
  bar.revealing = ctx.view().result_hidden(ctx.session().cursor());
  auto& width = bar.width;
  width.models = buttons_width({bar.naive, bar.atomic}, 0);
  width.backends = buttons_width({bar.sqlite, bar.postgres}, 0);
  width.status = bar.status.empty() ? 0 : ImGui::CalcTextSize(bar.status.c_str()).x;
  width.compare =
      bar.comparing ? buttons_width({bar.compare, bar.compare_backends}, 0) : buttons_width({bar.compare}, 0);
  width.predict = buttons_width({bar.predict}, 0);
  width.labs = buttons_width({bar.race, bar.load}, 0);
  width.reveal = bar.revealing ? buttons_width({bar.reveal}, 0) : 0;
  width.divider = ImGui::CalcTextSize("|").x;
  width.language = buttons_width({"中文", "English"}, 0);
  width.zoom = buttons_width({"A-", bar.zoom, "A+"}, 2);
  width.theme = buttons_width({bar.theme}, 0);
  width.output = buttons_width({bar.screenshot, bar.more}, 2);
  width.help = buttons_width({bar.help}, 0);
  return bar;
}

// [SECTION] scenario picker
// The picker is as wide as the case titles want (17 em) when the bar fits on one line, and gives up
// room down to 8 em before the bar has to wrap.
float picker_width(const BarLabels& bar) {
  const float em = ImGui::GetFontSize();
  const auto& w = bar.width;
  float rest = 0;
  for (float group : {w.models, w.backends, w.status, w.compare, w.predict, w.labs, w.reveal, w.divider,
                      w.language, w.zoom, w.theme, w.output, w.help})
    if (group > 0) rest += group + ImGui::GetStyle().ItemSpacing.x;
  const float room = ImGui::GetContentRegionAvail().x - rest;
  return std::clamp(room, em * 8, em * 17);
}

void draw_scenario_picker(const PanelContext& ctx, float width) {
  const Scenario& scenario = ctx.session().scenario();
  const std::string current = scenario.title.empty() ? scenario.id : scenario.title.in(ctx.lang());
  ImGui::SetNextItemWidth(width);
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
void draw_modes(const PanelContext& ctx, const BarLabels& bar) {
  const Model model = ctx.session().model();
  same_line_if_fits(bar.width.models);
  if (toggle_button(bar.naive, model == Model::naive)) ctx.send(SetModel{Model::naive});
  ImGui::SameLine(0, 0);
  if (toggle_button(bar.atomic, model == Model::atomic)) ctx.send(SetModel{Model::atomic});
  // The backend: the session's, or the one chosen while PostgreSQL's server starts.
  const Backend backend = ctx.view().backend;
  same_line_if_fits(bar.width.backends);
  if (toggle_button(bar.sqlite, backend == Backend::sqlite)) ctx.send(SetBackend{Backend::sqlite});
  ImGui::SameLine(0, 0);
  if (toggle_button(bar.postgres, backend == Backend::postgres)) ctx.send(SetBackend{Backend::postgres});
  if (!bar.status.empty()) {
    same_line_if_fits(bar.width.status);
    ImGui::TextDisabled("%s", bar.status.c_str());
  }
  same_line_if_fits(bar.width.compare);
  if (toggle_button(bar.compare, bar.comparing)) ctx.send(ToggleCompare{});
  if (bar.comparing) {
    ImGui::SameLine(0, 0);
    if (toggle_button(bar.compare_backends, ctx.view().compare_backends)) ctx.send(ToggleCompareBackends{});
  }
  same_line_if_fits(bar.width.predict);
  if (toggle_button(bar.predict, ctx.view().predict)) ctx.send(TogglePredict{});
  same_line_if_fits(bar.width.labs);
  if (toggle_button(bar.race, ctx.view().race_open)) ctx.send(ToggleRacePanel{});
  ImGui::SameLine(0, 0);
  if (toggle_button(bar.load, ctx.view().load_open)) ctx.send(ToggleLoadPanel{});
  if (bar.revealing) {
    same_line_if_fits(bar.width.reveal);
    if (button(bar.reveal)) ctx.send(RevealStep{});
  }
}

// [SECTION] view
void draw_view_options(const PanelContext& ctx, const BarLabels& bar) {
  same_line_if_fits(bar.width.language);
  if (toggle_button("中文", ctx.lang() == Lang::zh)) ctx.send(SetLanguage{Lang::zh});
  ImGui::SameLine(0, 0);
  if (toggle_button("English", ctx.lang() == Lang::en)) ctx.send(SetLanguage{Lang::en});
  same_line_if_fits(bar.width.zoom);
  if (button("A-")) ctx.send(ZoomBy{-1});
  ImGui::SameLine(0, 2);
  if (button(bar.zoom)) ctx.send(ZoomBy{0});
  ImGui::SameLine(0, 2);
  if (button("A+")) ctx.send(ZoomBy{+1});
  same_line_if_fits(bar.width.theme);
  if (button(bar.theme)) ctx.send(SetDarkTheme{!ctx.view().dark});
}

// [SECTION] output
void draw_output(const PanelContext& ctx, const BarLabels& bar) {
  same_line_if_fits(bar.width.output);
  if (button(bar.screenshot)) ctx.send(TakeScreenshot{});
  ImGui::SameLine(0, 2);
  if (button(bar.more)) ImGui::OpenPopup("output_options");
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
  same_line_if_fits(bar.width.help);
  if (button(bar.help)) ctx.send(ShowHelp{});
}

}  // namespace

void draw_top_bar_panel(const PanelContext& ctx) {
  const BarLabels bar = bar_labels(ctx);
  draw_scenario_picker(ctx, picker_width(bar));
  draw_modes(ctx, bar);
  same_line_if_fits(bar.width.divider);
  ImGui::TextDisabled("|");
  draw_view_options(ctx, bar);
  draw_output(ctx, bar);
}

}  // namespace reslab
