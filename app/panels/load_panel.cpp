// [SECTION] index: inputs · progress · figures · charts · draw_load_panel
#include "app/panels/load_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/panels/widgets.hpp"
#include "app/platform/load_runner.hpp"
#include "app/text/number_text.hpp"

namespace reslab {
namespace {

constexpr double kArticleP99Ms = 250;  // the ticketing article's hold SLO after admission
constexpr double kTargetP99Ms = 25;    // this lab's own bar (SPEC section 8)

// [SECTION] inputs
void input_count(const PanelContext& ctx, const char* key, std::int64_t& value, std::int64_t low,
                 std::int64_t high, bool enabled) {
  const float field = ImGui::GetFontSize() * 8;
  ImGui::SetNextItemWidth(field);
  ImGui::InputScalar((std::string("##") + key).c_str(), ImGuiDataType_S64, &value);
  value = std::clamp(value, low, high);
  record_item(ctx.tr(key), enabled);
  ImGui::SameLine();
  ImGui::TextUnformatted(ctx.tr(key).c_str());
}

void draw_inputs(const PanelContext& ctx, LoadOptions& options, bool running) {
  ImGui::BeginDisabled(running);
  input_count(ctx, "load.seats", options.seats, 1, kLoadMaxSeats, !running);
  input_count(ctx, "load.intents", options.intents, 1, kLoadMaxIntents, !running);
  std::int64_t threads = options.threads;
  input_count(ctx, "load.threads", threads, 1, kLoadMaxThreads, !running);
  options.threads = static_cast<int>(threads);
  const float field = ImGui::GetFontSize() * 8;
  ImGui::SetNextItemWidth(field);
  ImGui::InputDouble("##load_rate", &options.rate, 0, 0, "%.0f");
  options.rate = std::clamp(options.rate, 0.0, kLoadMaxRate);
  record_item(ctx.tr("load.rate"), !running);
  ImGui::SameLine();
  ImGui::TextUnformatted(ctx.tr("load.rate").c_str());
  ImGui::EndDisabled();

  ImGui::TextUnformatted(ctx.tr("load.engine").c_str());
  for (const LoadEngine engine : {LoadEngine::queue, LoadEngine::race}) {
    ImGui::SameLine();
    if (toggle_button(ctx.tr(engine == LoadEngine::queue ? "load.queue" : "load.race"),
                      options.engine == engine) &&
        !running) {
      options.engine = engine;
      if (engine == LoadEngine::queue) options.model = Model::atomic;
    }
  }
  ImGui::TextUnformatted(ctx.tr("load.model").c_str());
  for (const Model model : {Model::naive, Model::atomic}) {
    ImGui::SameLine();
    if (toggle_button(ctx.tr(model == Model::naive ? "load.naive" : "load.atomic"), options.model == model) &&
        !running) {
      options.model = model;
      if (model == Model::naive) options.engine = LoadEngine::race;  // naive needs concurrent transactions
    }
  }
  ImGui::TextUnformatted(ctx.tr("load.backend").c_str());
  for (const Backend backend : {Backend::sqlite, Backend::postgres}) {
    ImGui::SameLine();
    if (toggle_button(ctx.tr(backend == Backend::sqlite ? "backend.sqlite" : "backend.postgres"),
                      options.backend == backend) &&
        !running)
      options.backend = backend;
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled(
      "%s", ctx.tr(options.engine == LoadEngine::queue ? "load.queue_how" : "load.race_how").c_str());
  ImGui::PopTextWrapPos();
}

// [SECTION] progress
const char* load_phase_key(LoadPhase phase) {
  switch (phase) {
    case LoadPhase::setting_up:
      return "load.phase_setting_up";
    case LoadPhase::running:
      return "load.phase_running";
    case LoadPhase::baseline:
      return "load.phase_baseline";
    case LoadPhase::counting:
      return "load.phase_counting";
    case LoadPhase::done:
      break;
  }
  return "load.phase_done";
}

void draw_progress(const PanelContext& ctx, const LoadInputs& inputs, const LoadRun::Status& status) {
  const bool running = status.state == LoadRun::State::running;
  if (button(ctx.tr("load.start"), !running)) ctx.send(StartLoad{inputs.options});
  ImGui::SameLine();
  if (button(ctx.tr("load.cancel"), running)) ctx.send(CancelLoad{});
  ImGui::SameLine();
  const LoadProgress& progress = status.progress.latest;
  const std::int64_t total = std::max<std::int64_t>(1, progress.intents);
  const float fraction = running ? static_cast<float>(progress.decided) / static_cast<float>(total)
                         : status.state == LoadRun::State::idle ? 0.0f
                                                                : 1.0f;
  const std::string overlay =
      running ? ctx.tr("load.progress", {{"phase", ctx.tr(load_phase_key(progress.phase))},
                                         {"done", std::to_string(progress.decided)},
                                         {"total", std::to_string(progress.intents)}})
              : std::string();
  ImGui::ProgressBar(fraction, ImVec2(-1, 0), overlay.empty() ? nullptr : overlay.c_str());
  record_item(ctx.tr("load.progress_bar"));
}

// [SECTION] figures
void draw_figures(const PanelContext& ctx, const LoadResult& result) {
  const bool fast = result.intents_per_s >= 10 * kArticlePeakIntentsPerSecond;
  const bool tail = result.after_admission.p99_ms < kTargetP99Ms;
  const bool safe = result.oversold == 0;
  const std::string verdict = ctx.tr(safe ? "load.verdict_safe" : "load.verdict_oversold",
                                     {{"oversold", std::to_string(result.oversold)}});
  colored_wrapped(safe ? ctx.colors.holds_text : ctx.colors.broken_text, verdict);
  record_item(verdict);
  if (!ImGui::BeginTable("load_results", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) return;
  ImGui::TableSetupColumn(ctx.tr("load.figure").c_str());
  ImGui::TableSetupColumn(ctx.tr("load.value").c_str());
  ImGui::TableSetupColumn(ctx.tr("load.target").c_str());
  ImGui::TableHeadersRow();
  const auto row = [&](const char* key, const std::string& value, const std::string& target) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(ctx.tr(key).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value.c_str());
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", target.c_str());
    record_item(ctx.tr(key) + ": " + value);
  };
  row("load.intents_per_s", fixed_point(result.intents_per_s, 0),
      ctx.tr(fast ? "load.above" : "load.below", {{"target", "33333"}}));
  row("load.p50", fixed_point(result.after_admission.p50_ms, 2) + " ms", "");
  row("load.p95", fixed_point(result.after_admission.p95_ms, 2) + " ms", "");
  row("load.p99", fixed_point(result.after_admission.p99_ms, 2) + " ms",
      ctx.tr(tail ? "load.above" : "load.below", {{"target", "< 25 ms"}}));
  row("load.max", fixed_point(result.after_admission.max_ms, 2) + " ms", "");
  row("load.end_to_end_p99", fixed_point(result.end_to_end.p99_ms, 2) + " ms", "");
  row("load.accepted", std::to_string(result.accepted), "");
  row("load.rejected", std::to_string(result.rejected), "");
  row("load.busy_retries", std::to_string(result.busy_retries), "");
  row("load.oversold", std::to_string(result.oversold), "0");
  row("load.db_bytes", fixed_point(static_cast<double>(result.db_bytes) / 1e6, 1) + " MB",
      fixed_point(static_cast<double>(kArticleLogicalBytes) / 1e6, 1) + " MB");
  if (result.baseline_ran) {
    row("load.baseline", fixed_point(result.baseline_tx_per_s, 0), "");
    row("load.ratio", fixed_point(result.ratio_to_baseline, 2) + "x", ">= 1x");
  }
  row("load.workload_hash", result.workload_hash, "");
  ImGui::EndTable();
}

// [SECTION] charts
// Throughput over time with the article's peak as a reference line.
void draw_throughput(const PanelContext& ctx, const std::vector<ThroughputSample>& samples) {
  ImGui::TextUnformatted(ctx.tr("load.throughput_chart").c_str());
  const ImVec2 size(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 7);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), ctx.colors.lane_line);
  if (samples.empty()) return;
  double top = kArticlePeakIntentsPerSecond * 1.2, end = 0;
  for (const auto& sample : samples) {
    top = std::max(top, sample.intents_per_s * 1.1);
    end = std::max(end, sample.seconds);
  }
  end = std::max(end, 1e-3);
  const auto at = [&](double seconds, double rate) {
    return ImVec2(origin.x + static_cast<float>(seconds / end) * size.x,
                  origin.y + size.y - static_cast<float>(rate / top) * size.y);
  };
  const ImVec2 peak_left = at(0, kArticlePeakIntentsPerSecond),
               peak_right = at(end, kArticlePeakIntentsPerSecond);
  draw->AddLine(peak_left, peak_right, ctx.colors.cursor_line, 1.5f);
  draw->AddText(ImVec2(peak_left.x + 4, peak_left.y - ImGui::GetFontSize()), ctx.colors.cursor_line,
                ctx.tr("load.article_peak").c_str());
  for (std::size_t i = 1; i < samples.size(); ++i)
    draw->AddLine(at(samples[i - 1].seconds, samples[i - 1].intents_per_s),
                  at(samples[i].seconds, samples[i].intents_per_s), ctx.colors.marker_done, 2.0f);
  draw->AddText(ImVec2(origin.x + 4, origin.y + 2), ctx.colors.axis_text,
                (fixed_point(top, 0) + " /s").c_str());
  draw->AddText(ImVec2(origin.x + size.x - ImGui::CalcTextSize((fixed_point(end, 2) + " s").c_str()).x - 4,
                       origin.y + size.y - ImGui::GetFontSize() - 2),
                ctx.colors.axis_text, (fixed_point(end, 2) + " s").c_str());
}

// The latency distribution after admission: bars per bucket on a log axis, with
// this lab's 25 ms bar and the article's 250 ms SLO as reference lines.
void draw_latency(const PanelContext& ctx, const std::vector<LatencyBucket>& buckets) {
  ImGui::TextUnformatted(ctx.tr("load.latency_chart").c_str());
  const ImVec2 size(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 7);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), ctx.colors.lane_line);
  if (buckets.empty()) return;
  std::int64_t most = 1;
  double high = kArticleP99Ms * 2;
  for (const auto& bucket : buckets) {
    most = std::max(most, bucket.count);
    if (bucket.count > 0 && std::isfinite(bucket.upper_ms)) high = std::max(high, bucket.upper_ms);
  }
  const double low = 0.01;  // ms
  const auto x_of = [&](double ms) {
    const double t = (std::log10(std::max(ms, low)) - std::log10(low)) / (std::log10(high) - std::log10(low));
    return origin.x + static_cast<float>(std::clamp(t, 0.0, 1.0)) * size.x;
  };
  double previous = low;
  for (const auto& bucket : buckets) {
    const double upper = std::isfinite(bucket.upper_ms) ? bucket.upper_ms : high;
    const float height =
        static_cast<float>(static_cast<double>(bucket.count) / static_cast<double>(most)) * size.y;
    if (bucket.count > 0)
      draw->AddRectFilled(ImVec2(x_of(previous) + 1, origin.y + size.y - height),
                          ImVec2(std::max(x_of(upper) - 1, x_of(previous) + 2), origin.y + size.y),
                          ctx.colors.marker_done);
    previous = upper;
  }
  for (const auto& [ms, key] :
       {std::pair{kTargetP99Ms, "load.target_line"}, std::pair{kArticleP99Ms, "load.article_line"}}) {
    const float x = x_of(ms);
    draw->AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + size.y), ctx.colors.cursor_line, 1.5f);
    draw->AddText(ImVec2(x + 3, origin.y + 2), ctx.colors.cursor_line, ctx.tr(key).c_str());
  }
  draw->AddText(ImVec2(origin.x + 4, origin.y + size.y - ImGui::GetFontSize() - 2), ctx.colors.axis_text,
                "0.01 ms");
}

}  // namespace

// [SECTION] draw_load_panel
void draw_load_panel(const PanelContext& ctx, LoadInputs& inputs) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.3f, display.y * 0.08f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(std::min(em * 38, display.x * 0.6f), std::min(em * 44, display.y * 0.88f)),
                           ImGuiCond_FirstUseEver);
  bool open = true;
  const std::string title = ctx.tr("load.title") + "###load";
  if (ImGui::Begin(title.c_str(), &open)) {
    const LoadRun::Status status = ctx.app.load().status();
    const bool running = status.state == LoadRun::State::running;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(ctx.tr("load.intro").c_str());
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    draw_inputs(ctx, inputs.options, running);
    ImGui::Spacing();
    draw_progress(ctx, inputs, status);
    // Below the Start button, so that choosing the backend never moves it.
    if (inputs.options.backend == Backend::postgres) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("%s", ctx.tr("load.server_how").c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::Separator();
    switch (status.state) {
      case LoadRun::State::idle:
        ImGui::TextDisabled("%s", ctx.tr("load.idle").c_str());
        break;
      case LoadRun::State::failed:
        colored_wrapped(ctx.colors.broken_text, ctx.tr("load.failed", {{"error", status.error}}));
        record_item(ctx.tr("load.failed", {{"error", status.error}}));
        break;
      case LoadRun::State::cancelled:
        ImGui::TextUnformatted(ctx.tr("load.cancelled").c_str());
        record_item(ctx.tr("load.cancelled"));
        break;
      default:
        break;
    }
    if (status.result && status.result->decided > 0) draw_figures(ctx, *status.result);
    ImGui::Spacing();
    draw_throughput(ctx, status.result ? status.result->throughput : status.progress.live);
    if (status.result) draw_latency(ctx, status.result->after_admission_histogram);
  }
  ImGui::End();
  if (!open) ctx.send(ToggleLoadPanel{});
}

}  // namespace reslab
