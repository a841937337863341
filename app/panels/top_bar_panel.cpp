// [SECTION] index: what the bar shows · scenario picker · model and modes · view · output
#include "app/panels/top_bar_panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <string>

#include "app/panels/model_toggle.hpp"
#include "app/panels/widgets.hpp"
#include "app/platform/platform_paths.hpp"
#include "app/text/wrapped_text.hpp"

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
// before any is drawn. Nothing in it changes width from step to step (Reveal has its place whenever
// predict mode is on, the zoom its widest percentage), and the view and output groups sit at the right
// edge with the zoom last: a button clicked again and again stays under the pointer.
struct BarLabels {
  std::string sqlite, postgres, mariadb, compare, compare_backends, predict, orders, race, load, isolation,
      reveal;
  std::string zoom, theme, screenshot, more, help, present;
  bool comparing = false;
  bool predicting = false;
  bool revealing = false;
  // How wide each group is drawn (0 for a group not shown).
  struct Widths {
    float models, backends, predict, labs, compare, language, theme, output, help, present, zoom;
  } width{};
  float right = 0;        // the groups at the right edge, with the spacing between them
  float zoom_button = 0;  // A- and A+, each as wide as the wider of the two, and no narrower than tall
};

BarLabels bar_labels(const PanelContext& ctx) {
  BarLabels bar;
  bar.sqlite = ctx.tr("backend.sqlite");
  bar.postgres = ctx.tr("backend.postgres");
  bar.mariadb = ctx.tr("backend.mariadb");
  bar.compare = ctx.tr("top.compare");
  bar.compare_backends = ctx.tr("top.compare_backends");
  bar.predict = ctx.tr("top.predict");
  bar.orders = ctx.tr("orders.open");
  bar.race = ctx.tr("race.open");
  bar.load = ctx.tr("load.open");
  bar.isolation = ctx.tr("isolation.open");
  bar.reveal = ctx.tr("top.reveal");
  char zoom[16];
  std::snprintf(zoom, sizeof zoom, "%d%%", static_cast<int>(ctx.view().zoom * 100 + 0.5f));
  bar.zoom = std::string(zoom) + "###zoom";
  bar.theme = (ctx.view().dark ? ctx.tr("top.light") : ctx.tr("top.dark")) + "###theme";
  bar.screenshot = ctx.tr("top.screenshot");
  bar.more = ctx.tr("top.output_options") + "##output";
  bar.help = ctx.tr("top.help") + " (?)";
  bar.present = ctx.tr("present.open") + " (F5)";
  bar.comparing = ctx.view().compare;
  bar.predicting = ctx.view().predict;
  bar.revealing = ctx.view().result_hidden(ctx.session().cursor());
  auto& width = bar.width;
  width.models = model_toggle_width(ctx);
  width.backends = buttons_width({bar.sqlite, bar.postgres, bar.mariadb}, 0);
  width.predict =
      bar.predicting ? buttons_width({bar.predict, bar.reveal}, 0) : buttons_width({bar.predict}, 0);
  width.labs = buttons_width({bar.orders, bar.race, bar.load, bar.isolation}, 0);
  width.compare = bar.comparing && !ctx.session().is_sql()
                      ? buttons_width({bar.compare, bar.compare_backends}, 0)
                      : buttons_width({bar.compare}, 0);
  width.language = buttons_width({"中文", "English"}, 0);
  width.theme = std::max(buttons_width({ctx.tr("top.light")}, 0), buttons_width({ctx.tr("top.dark")}, 0));
  width.output = buttons_width({bar.screenshot, bar.more}, 2);
  width.help = buttons_width({bar.help}, 0);
  width.present = buttons_width({bar.present}, 0);
  bar.zoom_button =
      std::max({buttons_width({"A-"}, 0), buttons_width({"A+"}, 0), ImGui::GetFrameHeight() * 1.2f});
  width.zoom = buttons_width({"000%"}, 0) + bar.zoom_button * 2 + 4;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  bar.right =
      width.language + width.theme + width.output + width.help + width.present + width.zoom + spacing * 5;
  return bar;
}

// [SECTION] scenario picker
// How wide the left groups are (predict mode's Reveal counts whenever predict mode is on, so it moves
// nothing from step to step).
float left_groups_width(const BarLabels& bar) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const auto& w = bar.width;
  return w.models + w.backends + w.predict + w.labs + w.compare + spacing * 4;
}

std::string current_title(const PanelContext& ctx) {
  const Scenario& scenario = ctx.session().scenario();
  return scenario.title.empty() ? scenario.id : scenario.title.in(ctx.lang());
}

// The picker's width, and whether the bar takes one line. On one line the picker is as wide as the case
// titles want (17 em) and gives up room down to 8 em before the bar wraps. On two, the first holds the
// picker, as wide as its title where it can be, and the groups at the right edge; the second the
// model, backend and mode groups.
struct PickerPlace {
  float width = 0;
  bool one_line = true;
  bool abbreviated = false;  // the case's short name ("H2"); the controls' heading gives the title
};

// "H2" of "H2 · The hold expires, the payment arrives late": what the picker shows when the title does
// not fit beside the bar's groups.
std::string short_title(const PanelContext& ctx) {
  const std::string title = current_title(ctx);
  const auto dot = title.find(" · ");
  return dot == std::string::npos ? ctx.session().scenario().id : title.substr(0, dot);
}

PickerPlace picker_place(const BarLabels& bar, const PanelContext& ctx) {
  const float em = ImGui::GetFontSize();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float room = avail - left_groups_width(bar) - bar.right - spacing * 2;
  const float title = ImGui::CalcTextSize(current_title(ctx).c_str()).x + ImGui::GetFrameHeight() +
                      ImGui::GetStyle().FramePadding.x * 2 + 1;
  // One line while the title keeps to one line in the room left (a title wrapped in a narrow picker
  // would make the bar taller than a second line does); else one line with the short name, while that
  // fits; else two lines.
  if (room >= std::min(title, em * 17)) return {std::min(room, std::max(title, em * 8)), true};
  const float short_name = ImGui::CalcTextSize(short_title(ctx).c_str()).x + ImGui::GetFrameHeight() +
                           ImGui::GetStyle().FramePadding.x * 2 + 1;
  if (room >= short_name) return {short_name, true, true};
  return {std::max(em * 8, std::min(title, avail - bar.right - spacing)), false};
}

void draw_scenario_picker(const PanelContext& ctx, const PickerPlace& place) {
  const Scenario& scenario = ctx.session().scenario();
  ctx.slide.measuring.title_abbreviated = place.abbreviated;
  const std::string preview = place.abbreviated ? short_title(ctx) : current_title(ctx);
  if (begin_wrapped_combo(ctx.tr("top.scenario") + "##scenario", preview, place.width)) {
    bool users = false;
    const auto pick = [&](const ScenarioEntry& entry) {
      std::string title = entry.title.empty() ? entry.id : entry.title.in(ctx.lang());
      if (entry.users) title += " (" + ctx.tr("top.yours") + ")";
      if (ImGui::Selectable((title + "##" + entry.file).c_str(), entry.file == scenario.file))
        ctx.send(OpenScenario{entry.file});
      record_item(title);
    };
    for (const auto& entry : ctx.app.catalog()) {
      if (entry.isolation) continue;
      if (entry.users && !users) ImGui::Separator();  // the user's own copies follow the bundled cases
      users = entry.users;
      pick(entry);
    }
    // The isolation lab's SQL scenarios, one menu further: the cases' list keeps its length.
    ImGui::Separator();
    if (ImGui::BeginMenu(ctx.tr("top.isolation_tests").c_str())) {
      for (const auto& entry : ctx.app.catalog())
        if (entry.isolation) pick(entry);
      ImGui::EndMenu();
    }
    record_item(ctx.tr("top.isolation_tests"));
    // Files opened lately, and a file dialog for any other.
    const auto& recent = ctx.app.settings().recent_files;
    if (!recent.empty()) {
      ImGui::Separator();
      muted_text(ctx.tr("files.recent"));
      for (const auto& file : recent) {
        if (ImGui::Selectable((std::filesystem::path(file).filename().string() + "##recent" + file).c_str(),
                              file == scenario.file))
          ctx.send(OpenScenario{file});
        record_item(file);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", file.c_str());
      }
    }
    ImGui::Separator();
    if (button(ctx.tr("files.browse"))) {
      ctx.edits.file_dialog_asked = true;
      ImGui::CloseCurrentPopup();
    }
    plain_text(ctx.tr("top.open_file"));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 20);
    const bool entered = ImGui::InputTextWithHint("##path", "/path/to/case.toml", &ctx.edits.scenario_path,
                                                  ImGuiInputTextFlags_EnterReturnsTrue);
    record_item(ctx.tr("top.scenario_path"));
    ImGui::SameLine();
    if ((button(ctx.tr("top.open")) || entered) && !ctx.edits.scenario_path.empty()) {
      ctx.send(OpenScenario{ctx.edits.scenario_path});
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

// [SECTION] model and modes
// `first`: the models start a line of their own.
void draw_modes(const PanelContext& ctx, const BarLabels& bar, bool first = false) {
  if (!first) same_line_if_fits(bar.width.models);
  draw_model_toggle(ctx);
  // The backend: the session's, or the one chosen while its server starts (a status line at the
  // foot of the window says so).
  const Backend backend = ctx.view().backend;
  same_line_if_fits(bar.width.backends);
  // A backend an SQL scenario has no variant on says why on hover, as its click would.
  const auto backend_button = [&](const std::string& label, Backend which) {
    if (toggle_button(label, backend == which)) ctx.send(SetBackend{which});
    if (ImGui::IsItemHovered())
      if (const std::string refused = ctx.app.no_variant_text(which); !refused.empty())
        wrapped_tooltip(refused);
  };
  backend_button(bar.sqlite, Backend::sqlite);
  ImGui::SameLine(0, 0);
  backend_button(bar.postgres, Backend::postgres);
  ImGui::SameLine(0, 0);
  backend_button(bar.mariadb, Backend::mariadb);
  same_line_if_fits(bar.width.predict);
  if (toggle_button(bar.predict, bar.predicting)) ctx.send(TogglePredict{});
  if (bar.predicting) {
    ImGui::SameLine(0, 0);
    if (button(bar.reveal + "###top_reveal", bar.revealing)) ctx.send(RevealStep{});
  }
  same_line_if_fits(bar.width.labs);
  if (toggle_button(bar.orders, ctx.view().orders_open)) ctx.send(ToggleOrdersPanel{});
  ImGui::SameLine(0, 0);
  if (toggle_button(bar.race, ctx.view().race_open)) ctx.send(ToggleRacePanel{});
  ImGui::SameLine(0, 0);
  if (toggle_button(bar.load, ctx.view().load_open)) ctx.send(ToggleLoadPanel{});
  ImGui::SameLine(0, 0);
  if (toggle_button(bar.isolation, ctx.view().isolation_open)) ctx.send(ToggleIsolationPanel{});
  same_line_if_fits(bar.width.compare);
  if (toggle_button(bar.compare, bar.comparing)) ctx.send(ToggleCompare{});
  // An SQL scenario compares two of its variants (the compare view chooses the second one).
  if (bar.comparing && !ctx.session().is_sql()) {
    ImGui::SameLine(0, 0);
    if (toggle_button(bar.compare_backends, ctx.view().compare_backends)) ctx.send(ToggleCompareBackends{});
  }
}

// The groups at the right edge start here: on this line when they fit after the left groups, else on
// the next one, right-aligned either way.
void move_to_right_groups(const BarLabels& bar) {
  ImGui::SameLine();
  const float right = ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetCursorPosX() + bar.right > right) {
    ImGui::NewLine();
    ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), right - bar.right));
    return;
  }
  ImGui::SameLine(right - bar.right);
}

// [SECTION] view
void draw_view_options(const PanelContext& ctx, const BarLabels& bar) {
  if (toggle_button("中文", ctx.lang() == Lang::zh)) ctx.send(SetLanguage{Lang::zh});
  ImGui::SameLine(0, 0);
  if (toggle_button("English", ctx.lang() == Lang::en)) ctx.send(SetLanguage{Lang::en});
  ImGui::SameLine();
  if (button(bar.theme, true, ImVec2(bar.width.theme, 0))) ctx.send(SetDarkTheme{!ctx.view().dark});
}

// At the right edge, A- and A+ last: a click on either moves the other little and itself less, so the
// pointer stays on it for the next click.
void draw_zoom(const PanelContext& ctx, const BarLabels& bar) {
  ImGui::SameLine();
  const float percent = ImGui::CalcTextSize("000%").x + ImGui::GetStyle().FramePadding.x * 2;
  if (button(bar.zoom, true, ImVec2(percent, 0))) ctx.send(ZoomBy{0});
  ImGui::SameLine(0, 2);
  if (button("A-", true, ImVec2(bar.zoom_button, 0))) ctx.send(ZoomBy{-1});
  ImGui::SameLine(0, 2);
  if (button("A+", true, ImVec2(bar.zoom_button, 0))) ctx.send(ZoomBy{+1});
}

// [SECTION] output
void draw_output(const PanelContext& ctx, const BarLabels& bar) {
  ImGui::SameLine();
  if (button(bar.screenshot)) ctx.send(TakeScreenshot{});
  ImGui::SameLine(0, 2);
  if (button(bar.more)) ImGui::OpenPopup("output_options");
  record_item(ctx.tr("top.output_options"));
  if (ImGui::BeginPopup("output_options")) {
    plain_text(ctx.tr("top.screenshot_scale"));
    ImGui::SameLine();
    if (toggle_button("1x", ctx.view().screenshot_scale == 1)) ctx.send(SetScreenshotScale{1});
    ImGui::SameLine(0, 0);
    if (toggle_button("2x", ctx.view().screenshot_scale == 2)) ctx.send(SetScreenshotScale{2});
    if (!ctx.edits.screenshot_dir_loaded) {
      ctx.edits.screenshot_dir =
          ctx.view().screenshot_dir.empty() ? default_pictures_dir() : ctx.view().screenshot_dir;
      ctx.edits.screenshot_dir_loaded = true;
    }
    plain_text(ctx.tr("top.folder"));
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
  if (button(bar.help)) ctx.send(ShowHelp{});
  ImGui::SameLine();
  if (button(bar.present)) ctx.send(SetPresenting{true});
}

}  // namespace

void draw_top_bar_panel(const PanelContext& ctx) {
  BarLabels bar = bar_labels(ctx);
  PickerPlace picker = picker_place(bar, ctx);
  // Before the bar takes a second line, the gaps between its groups close to half and the buttons' own
  // margins narrow (three backends and four labs keep one line at 1366 px that way). It depends on the
  // window's width and the language only, so nothing moves from step to step.
  bool tight = false;
  if (!picker.one_line) {
    ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
    ImVec2 padding = ImGui::GetStyle().FramePadding;
    spacing.x *= 0.5f;
    padding.x *= 0.6f;
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, spacing);
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, padding);
    BarLabels tight_bar = bar_labels(ctx);
    const PickerPlace tight_picker = picker_place(tight_bar, ctx);
    tight = tight_picker.one_line;
    if (tight) {
      bar = std::move(tight_bar);
      picker = tight_picker;
    } else {
      ImGui::PopStyleVar(2);
    }
  }
  draw_scenario_picker(ctx, picker);
  if (picker.one_line) draw_modes(ctx, bar);
  move_to_right_groups(bar);
  draw_view_options(ctx, bar);
  draw_output(ctx, bar);
  draw_zoom(ctx, bar);
  if (!picker.one_line) {
    draw_modes(ctx, bar, true);
  }
  if (tight) ImGui::PopStyleVar(2);
}

}  // namespace reslab
