// [SECTION] index: inputs · progress · results · draw_race_panel
#include "app/panels/race_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/panels/widgets.hpp"
#include "app/platform/race_runner.hpp"
#include "app/text/number_text.hpp"

namespace reslab {
namespace {

// [SECTION] inputs
void draw_inputs(const PanelContext& ctx, RaceInputs& inputs, bool running) {
  if (!inputs.model_chosen) inputs.model = ctx.session().model();
  ImGui::BeginDisabled(running);
  const float field = ImGui::GetFontSize() * 8;
  ImGui::SetNextItemWidth(field);
  if (ImGui::InputInt("##race_threads", &inputs.threads, 1, 4))
    inputs.threads = std::clamp(inputs.threads, kRaceMinThreads, kRaceMaxThreads);
  record_item(ctx.tr("race.threads"), !running);
  ImGui::SameLine();
  ImGui::TextUnformatted(ctx.tr("race.threads").c_str());
  ImGui::SetNextItemWidth(field);
  if (ImGui::InputInt("##race_rounds", &inputs.rounds, 10, 100))
    inputs.rounds = std::clamp(inputs.rounds, kRaceMinRounds, kRaceMaxRounds);
  record_item(ctx.tr("race.rounds"), !running);
  ImGui::SameLine();
  ImGui::TextUnformatted(ctx.tr("race.rounds").c_str());
  ImGui::EndDisabled();

  ImGui::TextUnformatted(ctx.tr("race.model").c_str());
  for (const Model model : {Model::naive, Model::atomic}) {
    ImGui::SameLine();
    const std::string label = ctx.tr(model == Model::naive ? "race.naive" : "race.atomic");
    if (toggle_button(label, inputs.model == model) && !running) {
      inputs.model = model;
      inputs.model_chosen = true;
    }
  }
  ImGui::TextUnformatted(ctx.tr("race.backend").c_str());
  for (const Backend backend : {Backend::sqlite, Backend::postgres}) {
    ImGui::SameLine();
    if (toggle_button(ctx.tr(backend == Backend::sqlite ? "backend.sqlite" : "backend.postgres"),
                      inputs.backend == backend) &&
        !running)
      inputs.backend = backend;
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s",
                      ctx.tr(inputs.model == Model::naive ? "race.naive_how" : "race.atomic_how").c_str());
  ImGui::PopTextWrapPos();
}

// [SECTION] progress
void draw_progress(const PanelContext& ctx, const RaceInputs& inputs, const RaceRun::Status& status) {
  const bool running = status.state == RaceRun::State::running;
  if (button(ctx.tr("race.start"), !running))
    ctx.send(StartRace{inputs.threads, inputs.rounds, inputs.model, inputs.backend});
  ImGui::SameLine();
  if (button(ctx.tr("race.cancel"), running)) ctx.send(CancelRace{});
  ImGui::SameLine();
  const int total = status.state == RaceRun::State::idle ? inputs.rounds : status.options.rounds;
  const float fraction =
      total > 0 ? static_cast<float>(status.progress.rounds_done) / static_cast<float>(total) : 0.0f;
  const std::string overlay = ctx.tr("race.progress", {{"done", std::to_string(status.progress.rounds_done)},
                                                       {"total", std::to_string(total)}});
  ImGui::ProgressBar(fraction, ImVec2(-1, 0), overlay.c_str());
  record_item(overlay);
}

// [SECTION] results
void draw_results(const PanelContext& ctx, const RaceRun::Status& status) {
  switch (status.state) {
    case RaceRun::State::idle:
      ImGui::TextDisabled("%s", ctx.tr("race.idle").c_str());
      record_item(ctx.tr("race.idle"));
      return;
    case RaceRun::State::running:
      ImGui::TextUnformatted(
          ctx.tr("race.running", {{"threads", std::to_string(status.options.threads)}}).c_str());
      return;
    case RaceRun::State::failed:
      colored_wrapped(ctx.colors.broken_text, ctx.tr("race.failed", {{"error", status.error}}));
      record_item(ctx.tr("race.failed", {{"error", status.error}}));
      return;
    case RaceRun::State::cancelled:
      ImGui::TextUnformatted(
          ctx.tr("race.cancelled", {{"rounds", std::to_string(status.progress.rounds_done)}}).c_str());
      record_item(ctx.tr("race.cancelled", {{"rounds", std::to_string(status.progress.rounds_done)}}));
      break;
    case RaceRun::State::finished:
      break;
  }
  if (!status.result || status.result->rounds_run == 0) return;
  const RaceResult& result = *status.result;

  ImGui::Spacing();
  ctx.heading(
      ctx.tr("race.results",
             {{"model", ctx.tr(result.options.model == Model::naive ? "race.naive" : "race.atomic")}}));
  std::string verdict;
  bool holds = result.one_winner_every_round();
  if (holds) {
    verdict = ctx.tr("race.verdict_one");
  } else if (result.max_winners > 1) {
    verdict =
        ctx.tr("race.verdict_oversold", {{"winners", std::to_string(result.max_winners)},
                                         {"rounds", std::to_string(result.rounds_with_multiple_winners)},
                                         {"total", std::to_string(result.rounds_run)}});
  } else {
    verdict = ctx.tr("race.verdict_none", {{"rounds", std::to_string(result.rounds_with_no_winner)},
                                           {"total", std::to_string(result.rounds_run)}});
  }
  colored_wrapped(holds ? ctx.colors.holds_text : ctx.colors.broken_text, verdict);
  record_item(verdict);

  if (ImGui::BeginTable("race_results", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
    const auto row = [&](const char* key, const std::string& value) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(ctx.tr(key).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(value.c_str());
      record_item(ctx.tr(key) + ": " + value);
    };
    row("race.threads", std::to_string(result.options.threads));
    row("race.rounds_run", std::to_string(result.rounds_run) + " / " + std::to_string(result.options.rounds));
    row("race.max_winners", std::to_string(result.max_winners));
    row("race.multiple_winners", std::to_string(result.rounds_with_multiple_winners));
    row("race.no_winner", std::to_string(result.rounds_with_no_winner));
    row("race.busy_retries", std::to_string(result.busy_retries));
    row("race.seconds", fixed_point(result.seconds, 3));
    row("race.rounds_per_second", fixed_point(result.rounds_per_second(), 1));
    row("race.input_hash", result.input_hash);
    ImGui::EndTable();
  }
  ImGui::TextDisabled("reslab race --threads %d --rounds %d --model %s", result.options.threads,
                      result.options.rounds, std::string(model_name(result.options.model)).c_str());
}

}  // namespace

// [SECTION] draw_race_panel
void draw_race_panel(const PanelContext& ctx, RaceInputs& inputs) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.15f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(std::min(em * 34, display.x * 0.48f), std::min(em * 30, display.y * 0.8f)),
                           ImGuiCond_FirstUseEver);
  bool open = true;
  const std::string title =
      ctx.tr(inputs.backend == Backend::sqlite ? "race.title" : "race.title_server") + "###race";
  if (ImGui::Begin(title.c_str(), &open)) {
    const RaceRun::Status status = ctx.app.race().status();
    const bool running = status.state == RaceRun::State::running;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(ctx.tr("race.intro").c_str());
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    draw_inputs(ctx, inputs, running);
    ImGui::Spacing();
    draw_progress(ctx, inputs, status);
    // Below the Start button, so that choosing the backend never moves it.
    if (inputs.backend == Backend::postgres) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("%s", ctx.tr("race.server_how").c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::Separator();
    draw_results(ctx, status);
  }
  ImGui::End();
  if (!open) ctx.send(ToggleRacePanel{});
}

}  // namespace reslab
