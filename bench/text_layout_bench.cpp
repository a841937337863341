// The cost of wrapping the explanation panel's text every frame: break_lines on a 600-character mixed
// paragraph with the real font's advances, and a headless frame drawing it with text_wrapped against one
// drawing it with ImGui's own TextWrapped (which wraps at spaces only), at the app's base font size.
// Built and run by tests/app/build_text_layout_tests.sh --bench.
#include <benchmark/benchmark.h>
#include <imgui.h>

#include <string>

#include "app/text/font_atlas.hpp"
#include "app/text/text_layout.hpp"
#include "app/text/wrapped_text.hpp"
#include "tests/app/headless_imgui.hpp"

namespace {

using namespace reslab;
using reslab::testing::HeadlessImGui;

constexpr std::size_t kCharacters = 600;
constexpr float kPanelWidth = 420;

// The sentence repeated and cut to exactly kCharacters characters, about 60% of them ASCII.
std::string mixed_paragraph() {
  const std::string sentence =
      "{actor} 读取到 available = 1 并记住它。这次读取单独提交，"
      "没有任何机制阻止另一个请求在这之后读取同一个值；"
      "UPDATE rooms SET available = available - 1 WHERE available > 0 才是原子的。";
  std::string text;
  std::size_t characters = 0;
  for (std::size_t i = 0;; ++i) {
    const char byte = sentence[i % sentence.size()];
    const bool starts_character = (static_cast<unsigned char>(byte) & 0xC0) != 0x80;
    if (starts_character && characters++ == kCharacters) break;  // the 601st character
    text += byte;
  }
  return text;
}

const std::string& paragraph() {
  static const std::string text = mixed_paragraph();
  return text;
}

HeadlessImGui& gui() {
  static HeadlessImGui headless(kBaseFontPixels, {paragraph()});
  return headless;
}

void begin_panel() {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(kPanelWidth, 1000));
  ImGui::Begin("explanation", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoSavedSettings);
}

void BM_break_lines(benchmark::State& state) {
  gui().frame([&] {  // the current font is set between NewFrame and Render
    const AdvanceFn advance = current_font_advance();
    for (auto _ : state) benchmark::DoNotOptimize(break_lines(paragraph(), kPanelWidth, advance));
  });
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kCharacters));
}
BENCHMARK(BM_break_lines)->Unit(benchmark::kMicrosecond);

// Whole frames (NewFrame to Render) of the panel with `draw` inside it.
template <class Draw>
void time_panel_frames(benchmark::State& state, Draw draw) {
  for (auto _ : state)
    gui().frame([&] {
      begin_panel();
      draw();
      ImGui::End();
    });
}

void BM_frame_with_text_wrapped(benchmark::State& state) {
  time_panel_frames(state, [] { text_wrapped(paragraph()); });
}
BENCHMARK(BM_frame_with_text_wrapped)->Unit(benchmark::kMicrosecond);

void BM_frame_with_imgui_text_wrapped(benchmark::State& state) {
  time_panel_frames(state, [] {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(paragraph().c_str());
    ImGui::PopTextWrapPos();
  });
}
BENCHMARK(BM_frame_with_imgui_text_wrapped)->Unit(benchmark::kMicrosecond);

void BM_empty_frame(benchmark::State& state) {
  time_panel_frames(state, [] {});
}
BENCHMARK(BM_empty_frame)->Unit(benchmark::kMicrosecond);

}  // namespace
